"""Conditions as encounter state, with their durations, and what they do to the
next attack: a critical's crippled limb, blindness, unconsciousness or knockdown,
a critical failure's fall.

A creature's ``conditions`` map each condition to the turns it has left (``None``:
until healed, which is the GM's business). A new turn counts them down (the
``new-turn`` and ``turn-passes`` actions). What they do when the creature shoots
next, as its own state reaches that attack (``state.shooter`` and, where it was shot
at earlier, ``state.shooter_as_target``):

* ``blinded``: «Blindness (Per=1)»: the range term reads Perception 1;
* ``crippled_*_arm`` / ``crippled_arm``: −``crippled_arm_penalty`` % to hit per arm
  (the notes give no figure; 20 by default);
* ``unconscious``, ``knocked_down`` (it loses its next turn getting up): it cannot
  shoot while they last;
* a ``dead`` creature shoots no more.
"""

from __future__ import annotations

from typing import Any

from gunline import ChainState, Modifier

from .messages import _, _n, word
from .tables import CONDITION_LASTS, Duration

Conditions = dict[str, int | None]

#: Conditions during which a creature can take no action.
CANNOT_ACT = ("unconscious", "knocked_down")


def normalized(raw: Any) -> Conditions:
    """A state's ``conditions`` as a dict (a list, as saved before durations, is
    conditions that last until healed)."""
    if isinstance(raw, dict):
        return {str(k): (None if v is None else int(v)) for k, v in raw.items()}
    if isinstance(raw, (list, tuple)):
        return {str(c): None for c in raw}
    return {}


def merged(old: Conditions, new: Conditions) -> Conditions:
    """Both sets: a condition had already lasts the longer of the two (``None``,
    until healed, is longest)."""
    out = dict(old)
    for name, turns in new.items():
        if name not in out:
            out[name] = turns
        elif out[name] is not None and (turns is None or turns > (out[name] or 0)):
            out[name] = turns
    return out


def ticked(conditions: Conditions) -> tuple[Conditions, list[str]]:
    """A turn passes: every timed condition has a turn fewer; those at 0 end.
    Returns the conditions left and those that ended."""
    left: Conditions = {}
    ended = []
    for name, turns in conditions.items():
        if turns is None:
            left[name] = None
        elif turns > 1:
            left[name] = turns - 1
        else:
            ended.append(name)
    return left, ended


def lasting(name: str) -> Duration | int | None:
    """How long a condition lasts: a die of turns, a fixed count, or until healed."""
    return CONDITION_LASTS.get(name)


def of_shooter(state: ChainState) -> Conditions:
    """The shooter's conditions: his own (a critical failure's fall) and those earlier
    attacks in the encounter left on him as a target."""
    return merged(normalized(state.shooter_as_target.get("conditions")), normalized(state.shooter.get("conditions")))


def shooter_status(state: ChainState) -> str:
    """The shooter's status: the worse of his own and his state as a target."""
    from .harm import worse

    return worse(str(state.shooter.get("status", "unharmed")), str(state.shooter_as_target.get("status", "unharmed")))


def why_not_acting(name: str, state: ChainState) -> str | None:
    """Why the shooter cannot shoot now, or None."""
    status = shooter_status(state)
    if status == "dead":
        return _("shooter: {name} is dead", name=name)
    conditions = of_shooter(state)
    for condition in CANNOT_ACT:
        if condition in conditions:
            turns = conditions[condition]
            if turns is None:
                return _("shooter: {name} is {condition} and cannot shoot; a new turn counts it down "
                         "(gunline act new-turn)", name=name, condition=word(condition))
            return _n("shooter: {name} is {condition} ({n} turn left) and cannot shoot; a new turn counts it down "
                      "(gunline act new-turn)",
                      "shooter: {name} is {condition} ({n} turns left) and cannot shoot; a new turn counts it down "
                      "(gunline act new-turn)", turns, name=name, condition=word(condition), n=turns)
    if status == "unconscious":
        return _("shooter: {name} is unconscious and cannot shoot", name=name)
    return None


def blinded(state: ChainState) -> bool:
    return "blinded" in of_shooter(state)


def crippled_arms(state: ChainState) -> int:
    return sum(1 for c in of_shooter(state) if c.startswith("crippled") and c.endswith("arm"))


def arm_terms(state: ChainState, penalty: int) -> list[Modifier]:
    """A shooter's crippled arms: −``penalty`` % each."""
    arms = crippled_arms(state)
    if not arms or not penalty:
        return []
    return [Modifier(label=_n("crippled arm ({n})", "crippled arms ({n})", arms, n=arms), value=-penalty * arms)]
