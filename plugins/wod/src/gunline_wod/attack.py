"""Rolling a target's pool and turning its successes into damage.

Public so that variants can roll the same way with one thing changed (9-again).
"""

from __future__ import annotations

from gunline import Attack, ChainState, Dice, Step

from .health import status_of, take_damage

#: Successes at which a roll is exceptional (no extra combat effect in the 2004 rules).
EXCEPTIONAL = 5
#: The face of a chance die that is a dramatic failure.
DRAMATIC_FAILURE_FACE = 1


def roll_attack(target, pool: Step, dice: Dice, *, again: int = 10) -> Step:
    """The ``hit`` step: roll the pool (or the chance die), value = successes.

    ``again`` lowers the reroll threshold (9-again) for real pools only: a chance
    die rerolls a 10 and nothing else.
    """
    if pool.value <= 0:
        again = 10
    roll = dice.pool(pool.value, "attack pool", again=again, target=target.name)
    successes = roll.total
    dramatic = roll.chance and roll.values[0] == DRAMATIC_FAILURE_FACE
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


def damage_kind(target) -> str:
    """Firearms deal lethal damage; bulletproof armor downgrades it to bashing."""
    return "bashing" if target.bulletproof else "lethal"


def wound(target, hit: Step, state: ChainState) -> Step:
    """The ``wound`` step: each success is one point of damage on the Health track."""
    kind = damage_kind(target)
    points = hit.value or 0
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


def outcome(attack: Attack, target, state: ChainState) -> str:
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
