"""Resolving the hit step for one target, by its plan (see :mod:`.targeting`).

Every hit pins: the fighter is knocked flat, whether or not he is wounded. A fighter
already down stays down. The hit step records how many to-hit rolls showed a natural
6 (``data["sixes"]``): each forces an ammo roll at the end of the attack, so the
step also adds them to the ammo rolls due in ``state.attack`` (:func:`.ammo.sixes_due`).
"""

from __future__ import annotations

from typing import Any

from gunline import Step

from .shots import scatter
from .tables import SEVERITY
from .ammo import sixes_due
from .targeting import AUTO, BLASTS, NO_SHOT, ON_TARGET, PARTLY, SHOOT, COVERAGE_PLAN, template_fact
from .dice_counts import d6_each
from .to_hit import roll_to_hit

_PINNED = SEVERITY["pinned"]


def pinned(state: Any, name: str) -> dict[str, Any] | None:
    """The state change of being hit: pinned, unless already worse off."""
    status = state.targets[name]["status"]
    return {"status": "pinned"} if SEVERITY[status] <= _PINNED else None


def _template_hit(kind: str, name: str, state: Any, dice: Any) -> Step:
    if kind == AUTO:
        return Step(kind="hit", value=1, text="hit: wholly under the template",
                    target_state=pinned(state, name), data={"sixes": 0})
    roll = dice.roll(6, "partly under the template", at_least=4, target=name)
    if roll.total >= 4:
        return Step(kind="hit", value=1, text="hit: partly under the template, rolled 4+",
                    rolls=[roll], target_state=pinned(state, name), data={"sixes": 0})
    return Step(kind="hit", value=0, text="missed: partly under the template, rolled under 4",
                rolls=[roll], data={"sixes": 0})


def resolve_hit(attack: Any, target: Any, pool: Step, state: Any, dice: Any) -> list[Step]:
    steps = _resolve_hit(attack, target, pool, state, dice)
    for step in steps:
        if step.kind == "hit" and step.data and step.data.get("sixes"):
            step.attack_state = {**(step.attack_state or {}), **sixes_due(state, step.data["sixes"])}
    return steps


def _resolve_hit(attack: Any, target: Any, pool: Step, state: Any, dice: Any) -> list[Step]:
    name = target.name
    kind = pool.data["plan"] if pool.data else SHOOT
    if kind in (AUTO, PARTLY):
        return [_template_hit(kind, name, state, dice)]
    if kind != SHOOT:
        text = "no hit: " + pool.text
        data = {"sixes": 0}
        fact = None
        if attack.weapon.template in BLASTS and name == attack.targets[0].name:
            data["template"] = NO_SHOT
            fact = template_fact(NO_SHOT)
        return [Step(kind="hit", value=0, text=text, data=data, attack_state=fact)]

    need = pool.value
    shots = pool.data["shots"] if pool.data else 1
    if shots == 1:
        hit, six, rolls = roll_to_hit(dice, need, name)
        hits, sixes = int(hit), int(six)
    elif need <= 6:
        # One die per shot, read only as hits and natural 6s (each forces an ammo
        # roll). The threshold is never under 2, so a natural 1 misses by it.
        rolls = d6_each(dice, shots, "to hit", at_least=max(need, 2), special=(6,), target=name)
        hits = sum(roll.total >= need for roll in rolls)
        sixes = sum(roll.total == 6 for roll in rolls)
    else:
        rolls = []
        hits = sixes = 0
        for _ in range(shots):
            hit, six, shot_rolls = roll_to_hit(dice, need, name)
            hits += hit
            sixes += six
            rolls.extend(shot_rolls)
    if attack.weapon.template in BLASTS:
        return _blast(attack, target, hits, sixes, rolls, state, dice)
    if shots == 1:
        text = "hit" if hits else "missed"
    else:
        text = f"{hits} hit{'s' if hits != 1 else ''} of {shots} shots"
    change = pinned(state, name) if hits else None
    if change:
        text += ", pinned"
    return [Step(kind="hit", value=hits, text=text, rolls=rolls, target_state=change,
                 data={"sixes": sixes})]


def _blast(attack, target, hits, sixes, rolls, state, dice) -> list[Step]:
    """The first target of a blast: on a hit the template is centred on him; on a
    miss it scatters, and he is caught only if the GM marks him under it."""
    name = target.name
    if hits:
        return [Step(kind="hit", value=1, text="hit: template centred on the target",
                     rolls=rolls, target_state=pinned(state, name),
                     data={"sixes": sixes, "template": ON_TARGET}, attack_state=template_fact(ON_TARGET))]
    aim = Step(kind="hit", value=0, text="missed: the shot scatters", rolls=rolls,
               data={"sixes": sixes})
    drift = scatter(attack, target, dice)
    steps = [aim, drift]
    if drift.data["template"] != "dud":
        kind = COVERAGE_PLAN[target.under_scatter]
        if kind in (AUTO, PARTLY):
            steps.append(_template_hit(kind, name, state, dice))
    return steps
