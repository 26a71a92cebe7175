"""``fallout.critical-on-hit-roll``: the other reading of the critical chance.

By default a hit rolls a separate d100 for its critical. Here the to-hit roll itself
decides: a hit whose d100 shows at or under Luck % plus the aimed area's bonus is
critical, and no further die is rolled for it. Bursts roll their d100 per bullet as
a pool, object by object, each die read as critical, hit or miss; the damage of the
critical ones is rolled first (see :func:`..wound.resolve_damage`). With
``fallout.cluster-burst`` also enabled the bursts are rolled on d10s, which cannot
tell a critical, and keep the separate d100.
"""

from __future__ import annotations

from gunline import ChainState, Dice, Step, Variant, hookimpl
from gunline.dice import FaceTable, at_most, faces

from ..bullet import critical_chance
from ..fire import bullets_reaching, flight
from ..messages import _
from ..ruleset import bullets_hit, chance_to_hit, not_rolled
from ..schema import FalloutAttack, Target

NAME = "fallout.critical-on-hit-roll"


@hookimpl
def gunline_variant() -> Variant:
    return Variant(name=NAME, ruleset="fallout", api=2,
                   description=_("A hit is critical when its own to-hit d100 is at or under the critical chance."))


def to_hit(chance: int, critical: int) -> FaceTable:
    """A d100 at or under the chance hits; at or under the critical chance too (Luck
    % plus the aimed area's bonus, no more than the chance), it is a critical."""
    return faces({range(1, critical + 1): "critical", range(critical + 1, chance + 1): "hit"},
                 otherwise="miss", need=at_most(chance).need)


@hookimpl
def resolve_hit(attack: FalloutAttack, target: Target, pool: Step, state: ChainState, dice: Dice) -> Step | None:
    if attack.mode == "burst" and "fallout.cluster-burst" in attack.variants:
        return None
    skipped = not_rolled(attack, target, pool, state)
    if skipped is not None:
        return skipped
    chance = chance_to_hit(pool)
    crit = min(chance, critical_chance(attack, target))
    read = to_hit(chance, crit)
    bullets = bullets_reaching(attack, target, state)
    if attack.mode == "burst":
        per_bullet = dice.pool(bullets, _("to hit, per bullet"), sides=100, success=at_most(chance), read=read,
                               target=target.name)
        roll, hits, critical = per_bullet.roll, per_bullet.value.successes, per_bullet.value["critical"]
        text = bullets_hit(bullets, hits)
    else:
        shot = dice.roll(100, _("to hit"), read=read, target=target.name)
        roll, hits, critical = shot.roll, int(shot.value != "miss"), int(shot.value == "critical")
        text = _("hit") if hits else _("miss")
    if critical:
        text += " " + _("({n} critical: {chance} or less)", n=critical, chance=crit)
    # which of the hits were critical, in the order rolled, for the chain to show
    criticals = [read(face) == "critical" for face in roll.values if read(face) != "miss"]
    return Step(kind="hit", value=hits, text=text, rolls=[roll], **flight(bullets, hits, criticals=criticals))
