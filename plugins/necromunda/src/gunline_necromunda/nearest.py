"""The nearest-target rule: "a fighter must shoot at the nearest enemy; but he may
shoot at a farther one if it is easier to hit. He may ignore an enemy in
hand-to-hand combat or one lying down."

The first target is the one the attack is aimed at; the other targets the scenario
lists (fighters caught by sustained fire or a template, and enemies marked
``in_sight_only``) are the enemies the shooter can see, with their distances. The
attack is refused when one of them is nearer than the first target, may not be
ignored (not down or out of action, not in hand-to-hand combat) and the first target
is not easier to hit than the nearest such enemy: his to-hit score (the seed's
modifiers: cover, size, charging, ran, range) must be lower. The GM waives the rule
for a shot with ``shooter.ignore_nearest`` (a skill, a scenario's rule, his call).
"""

from __future__ import annotations

from gunline import ChainState

from .messages import _
from .profiles import NecromundaAttack, Target
from .to_hit import hit_modifiers, need_text, score_needed

#: Statuses the rule lets the shooter ignore: "lying down" (and out of the fight).
IGNORED = frozenset({"down", "out_of_action"})


def _may_be_ignored(target: Target, state: ChainState) -> bool:
    return target.in_combat or state.targets[target.name]["status"] in IGNORED


def _score(attack: NecromundaAttack, target: Target) -> int:
    return score_needed(attack.shooter.bs, hit_modifiers(attack, target))


def nearest_problem(attack: NecromundaAttack, state: ChainState) -> str | None:
    """Why the rule refuses this attack's first target, or None."""
    if attack.shooter.ignore_nearest:
        return None
    first, others = attack.targets[0], attack.targets[1:]
    nearer = [t for t in others if t.distance < first.distance and not _may_be_ignored(t, state)]
    if not nearer:
        return None
    nearest = min(nearer, key=lambda t: t.distance)  # the first listed of equals
    said = {
        "shooter": attack.shooter.name, "nearest": nearest.name, "nearest_distance": f"{nearest.distance:g}",
        "target": first.name, "target_distance": f"{first.distance:g}",
    }
    if attack.weapon.template == "flame":  # no roll to hit: none is easier
        return _(
            "nearest target: {shooter} must shoot at {nearest}, the nearest enemy ({nearest_distance}\"), not "
            "{target} ({target_distance}\"), unless {target} is easier to hit; list {nearest} first, or set "
            "shooter.ignore_nearest = true if the GM allows it", **said,
        )
    aimed, closer = _score(attack, first), _score(attack, nearest)
    if aimed < closer:
        return None
    return _(
        "nearest target: {shooter} must shoot at {nearest}, the nearest enemy ({nearest_distance}\"), not "
        "{target} ({target_distance}\"), unless {target} is easier to hit ({target} {target_needs}, {nearest} "
        "{nearest_needs}); list {nearest} first, or set shooter.ignore_nearest = true if the GM allows it",
        target_needs=need_text(aimed), nearest_needs=need_text(closer), **said,
    )
