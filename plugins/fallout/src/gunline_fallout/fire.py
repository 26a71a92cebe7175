"""Bookkeeping of one attack: how many bullets are fired, whether the shooter called
the attack off, which area is aimed at, and how many bullets of a burst are still
flying when the line of fire reaches an object.

A burst is resolved object by object along the line of fire: every bullet is rolled
against the first target; the ones that miss go on to the next object in the burst
area, rolled with that object's own chance, and so on. Each object's hit step leaves
the bullets that missed it in ``state.attack`` (``flying``) for the next object, and
the first target's pool step leaves whether the attack was called off: facts of
this attack, not of any one target's history.
"""

from __future__ import annotations

from typing import Any

from gunline import ChainState

from .schema import FalloutAttack, Target
from .tables import AREAS


def bullets_fired(attack: FalloutAttack) -> int:
    burst = attack.weapon.burst
    return burst if attack.mode == "burst" and burst is not None else 1


#: Keys of ``state.attack``: bullets still flying down the line of fire, and whether
#: the attack was called off at the first target's pool.
FLYING = "flying"
CALLED_OFF = "called_off"
#: Key of ``state.attack``: some bullet of this attack has hit something (an attack
#: that hits nothing has failed, and wears its weapon).
HIT = "hit"


def called_off(state: ChainState) -> bool:
    """Whether the attack was called off at the first target's pool (0% or less)."""
    return bool(state.attack.get(CALLED_OFF, False))


def bullets_reaching(attack: FalloutAttack, target: Target, state: ChainState) -> int:
    """Bullets still flying when the line of fire reaches ``target``."""
    if target.name == attack.targets[0].name:
        return bullets_fired(attack)
    return int(state.attack.get(FLYING, 0))


def flight(bullets: int, hits: int, **data: Any) -> dict[str, Any]:
    """The hit step's ``data`` and ``attack_state`` for ``hits`` of ``bullets``: the
    misses fly on to the next object (keyword arguments of the Step)."""
    passed = bullets - hits
    state: dict[str, Any] = {FLYING: passed}
    if hits:
        state[HIT] = True
    return {
        "data": {"bullets": bullets, "hits": hits, "passed_on": passed, **data},
        "attack_state": state,
    }


def failed(state: ChainState) -> bool:
    """Whether the attack, fired, hit nothing at all."""
    return not called_off(state) and not state.attack.get(HIT, False)


def aim_of(attack: FalloutAttack) -> str | None:
    return attack.settings.aim if attack.settings is not None else None


def aimed_row(attack: FalloutAttack, target: Target) -> str | None:
    """The row of the aimed tables for the area aimed at on ``target`` (its own
    areas first), or None for a shot not aimed."""
    aim = aim_of(attack)
    if aim is None:
        return None
    if aim in target.areas:
        return target.areas[aim]
    return AREAS.get(aim)


def is_first(attack: FalloutAttack, target: Target) -> bool:
    return target.name == attack.targets[0].name
