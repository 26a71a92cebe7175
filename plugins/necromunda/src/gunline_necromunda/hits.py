"""Resolving the hit step for one target, by its plan (see :mod:`.targeting`).

Every hit pins: the fighter is knocked flat, whether or not he is wounded. A fighter
already down stays down. The hit step records how many to-hit rolls showed a natural
6 (``data["sixes"]``): each forces an ammo roll at the end of the attack, so the
step also adds them to the ammo rolls due in ``state.attack`` (:func:`.ammo.sixes_due`).
"""

from __future__ import annotations

from typing import Any

from gunline import ChainState, Dice, Roll, Step
from gunline.dice import at_least

from .ammo import sixes_due
from .measuring import under_scatter
from .messages import _, _n
from .profiles import NecromundaAttack, Target
from .shots import scatter
from .tables import SEVERITY
from .targeting import AUTO, BLASTS, COVERAGE_PLAN, NO_SHOT, ON_TARGET, PARTLY, SHOOT, template_fact
from .to_hit_roll import roll_shots, roll_to_hit

_PINNED = SEVERITY["pinned"]
#: "Models partly under the template are hit on 4+."
PARTLY_UNDER = at_least(4)


def pinned(state: ChainState, name: str) -> dict[str, Any] | None:
    """The state change of being hit: pinned, unless already worse off."""
    status = state.targets[name]["status"]
    return {"status": "pinned"} if SEVERITY[status] <= _PINNED else None


def _template_hit(kind: str, name: str, state: ChainState, dice: Dice) -> Step:
    if kind == AUTO:
        return Step(kind="hit", value=1, text=_("hit: wholly under the template"),
                    target_state=pinned(state, name), data={"sixes": 0})
    roll = dice.roll(6, _("partly under the template"), read=PARTLY_UNDER, target=name)
    if roll.value:
        return Step(kind="hit", value=1, text=_("hit: partly under the template, rolled 4+"),
                    rolls=[roll.roll], target_state=pinned(state, name), data={"sixes": 0})
    return Step(kind="hit", value=0, text=_("missed: partly under the template, rolled under 4"),
                rolls=[roll.roll], data={"sixes": 0})


def resolve_hit(attack: NecromundaAttack, target: Target, pool: Step, state: ChainState, dice: Dice) -> list[Step]:
    steps = _resolve_hit(attack, target, pool, state, dice)
    for step in steps:
        if step.kind == "hit" and step.data and step.data.get("sixes"):
            step.attack_state = {**(step.attack_state or {}), **sixes_due(state, step.data["sixes"])}
    return steps


def _resolve_hit(attack: NecromundaAttack, target: Target, pool: Step, state: ChainState, dice: Dice) -> list[Step]:
    name = target.name
    planned = pool.data  # the plan and the shots, as the pool step says them
    kind = planned["plan"] if planned else SHOOT
    if kind in (AUTO, PARTLY):
        return [_template_hit(kind, name, state, dice)]
    if kind != SHOOT:
        text = _("no hit: {reason}", reason=pool.text)
        data: dict[str, Any] = {"sixes": 0}
        fact = None
        if attack.weapon.template in BLASTS and name == attack.targets[0].name:
            data["template"] = NO_SHOT
            fact = template_fact(NO_SHOT)
        return [Step(kind="hit", value=0, text=text, data=data, attack_state=fact)]

    assert pool.value is not None  # a shot always has a score to hit (see .to_hit.build_pool)
    need = int(pool.value)
    shots = planned["shots"] if planned else 1
    rolls: list[Roll]
    if shots == 1:
        hit, six, rolls = roll_to_hit(dice, need, name)
        hits, sixes = int(hit), int(six)
    elif need <= 6:
        hits, sixes, rolls = roll_shots(dice, shots, need, name)
    else:
        # 7+: each shot's second D6 comes only after a 6, so each is rolled in turn
        rolls = []
        hits = sixes = 0
        for _shot in range(shots):
            hit, six, shot_rolls = roll_to_hit(dice, need, name)
            hits += hit
            sixes += six
            rolls.extend(shot_rolls)
    if attack.weapon.template in BLASTS:
        return _blast(attack, target, hits, sixes, rolls, state, dice)
    change = pinned(state, name) if hits else None
    if shots == 1:
        if change:
            text = _("hit, pinned")
        else:
            text = _("hit") if hits else _("missed")
    elif change:
        text = _n("{hits} hit of {shots} shots, pinned", "{hits} hits of {shots} shots, pinned", hits,
                  hits=hits, shots=shots)
    else:
        text = _n("{hits} hit of {shots} shots", "{hits} hits of {shots} shots", hits, hits=hits, shots=shots)
    return [Step(kind="hit", value=hits, text=text, rolls=rolls, target_state=change,
                 data={"sixes": sixes})]


def _blast(
    attack: NecromundaAttack, target: Target, hits: int, sixes: int, rolls: list[Roll], state: ChainState, dice: Dice
) -> list[Step]:
    """The first target of a blast: on a hit the template is centred on him; on a
    miss it scatters, and he is caught only if the GM marks him under it."""
    name = target.name
    if hits:
        return [Step(kind="hit", value=1, text=_("hit: template centred on the target"),
                     rolls=rolls, target_state=pinned(state, name),
                     data={"sixes": sixes, "template": ON_TARGET}, attack_state=template_fact(ON_TARGET))]
    aim = Step(kind="hit", value=0, text=_("missed: the shot scatters"), rolls=rolls,
               data={"sixes": sixes})
    drift = scatter(attack, target, dice)
    steps = [aim, drift]
    if drift.data and drift.data["template"] != "dud":
        kind = COVERAGE_PLAN[under_scatter(attack, target, drift.data.get("landed"))]
        if kind in (AUTO, PARTLY):
            steps.append(_template_hit(kind, name, state, dice))
    return steps
