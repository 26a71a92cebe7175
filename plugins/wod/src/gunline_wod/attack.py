"""Rolling a target's pool and turning its successes into damage.

Public so that variants can roll the same way with one thing changed (9-again).
"""

from __future__ import annotations

from gunline import ChainState, Dice, Roll, Step
from gunline.dice import at_least, faces

from .health import status_of, take_damage
from .schema import Target, WodAttack

#: Successes at which a roll is exceptional (no extra combat effect in the 2004 rules).
EXCEPTIONAL = 5
#: "Each die showing 8, 9 or 10 is a success."
SUCCESS = at_least(8)
#: The chance die: "only a 10 succeeds"; "a 1 is a dramatic failure".
CHANCE_SUCCESS = at_least(10)
DRAMATIC_FAILURE = "dramatic failure"
CHANCE_DIE = faces({1: DRAMATIC_FAILURE})


def roll_chance_die(dice: Dice, name: str) -> tuple[int, bool, Roll]:
    """"If the pool falls to 0 or fewer dice, roll a single chance die. Only a 10
    succeeds, and that 10 is still re-rolled (10-again). A 1 is a dramatic failure":
    (successes, dramatic failure, the roll)."""
    chance = dice.pool(1, "attack pool", sides=10, success=CHANCE_SUCCESS, read=CHANCE_DIE, again=10,
                       read_added=False, ask="chance die", shown="chance die", chance=True, target=name)
    # the 1 is read on the chance die itself: a die its 10 added is no dramatic failure
    return chance.value.successes, chance.value[DRAMATIC_FAILURE] == 1, chance.roll


def roll_attack(target: Target, pool: Step, dice: Dice, *, again: int = 10) -> Step:
    """The ``hit`` step: roll the pool (or the chance die), value = successes.

    ``again`` lowers the reroll threshold (9-again) for real pools only: a chance
    die rerolls a 10 and nothing else.
    """
    size = int(pool.value or 0)
    if size > 0:
        rolled = dice.pool(size, "attack pool", sides=10, success=SUCCESS, again=again, target=target.name)
        successes, dramatic, roll = rolled.value.successes, False, rolled.roll
    else:
        successes, dramatic, roll = roll_chance_die(dice, target.name)
    if dramatic:
        text = "dramatic failure (a jam or a stray hit: the Storyteller's call)"
    elif successes == 0:
        text = "no successes: missed"
    else:
        text = f"{successes} success{'es' if successes != 1 else ''}"
        if successes >= EXCEPTIONAL:
            text += ": exceptional success"
    return Step(
        kind="hit",
        value=successes,
        text=text,
        rolls=[roll],
        data={"successes": successes, "dramatic_failure": dramatic,
              "exceptional": successes >= EXCEPTIONAL},
    )


def damage_kind(target: Target) -> str:
    """Firearms deal lethal damage; bulletproof armor downgrades it to bashing."""
    return "bashing" if target.bulletproof else "lethal"


def wound(target: Target, hit: Step, state: ChainState) -> Step:
    """The ``wound`` step: each success is one point of damage on the Health track."""
    kind = damage_kind(target)
    points = int(hit.value or 0)
    before = state.targets.get(target.name, {})
    track = take_damage(before, kind, points, target.health)
    status = status_of(track, target.health)
    why = " (bulletproof armor)" if target.bulletproof else ""
    text = f"{points} {kind}{why}, {status.replace('_', ' ')}"
    return Step(
        kind="wound",
        value=points,
        text=text,
        data={"damage": kind},
        target_state={**track, "status": status},
    )


def outcome(attack: WodAttack, target: Target, state: ChainState) -> str:
    """The line read out to the players: "Farrow takes 3 lethal"."""
    name = target.name
    wounds = [s for s in state.steps if s.kind == "wound" and s.target == name]
    hits = [s for s in state.steps if s.kind == "hit" and s.target == name]
    if any((h.data or {}).get("dramatic_failure") for h in hits):
        return (
            f"{name}: dramatic failure on the chance die "
            "(the Storyteller decides: a jam or a stray hit)"
        )
    points = sum(s.value or 0 for s in wounds)
    if not points:
        return f"{name} is missed"
    kind = (wounds[-1].data or {}).get("damage", "lethal")
    line = f"{name} takes {points} {kind}"
    status = state.targets.get(name, {}).get("status", "injured")
    if status != "injured":
        line += f" and is {status.replace('_', ' ')}"
    return line
