"""Bookkeeping of one attack: how many bullets are fired, whether the shooter called
the attack off, which area is aimed at, and how many bullets of a burst are still
flying when the line of fire reaches an object.

A burst is resolved object by object along the line of fire: every bullet is rolled
against the first target; the ones that miss go on to the next object in the burst
area, rolled with that object's own chance, and so on. Each object's hit step records
``passed_on``, the bullets that missed it, for the next object to read from ``state``.
"""

from __future__ import annotations

from .tables import AREAS


def bullets_fired(attack) -> int:
    return attack.weapon.burst if attack.mode == "burst" else 1


def called_off(state) -> bool:
    """Whether the attack was called off at the first target's pool (0% or less)."""
    pools = state.steps_of("pool")
    return bool(pools and (pools[0].data or {}).get("called_off"))


def bullets_reaching(attack, target, state) -> int:
    """Bullets still flying when the line of fire reaches ``target``."""
    if target.name == attack.targets[0].name:
        return bullets_fired(attack)
    hits = state.steps_of("hit")
    return int((hits[-1].data or {}).get("passed_on", 0)) if hits else 0


def aim_of(attack) -> str | None:
    settings = attack.settings
    return getattr(settings, "aim", None) if settings is not None else None


def aimed_row(attack, target) -> str | None:
    """The row of the aimed tables for the area aimed at on ``target`` (its own
    areas first), or None for a shot not aimed."""
    aim = aim_of(attack)
    if aim is None:
        return None
    if aim in target.areas:
        return target.areas[aim]
    return AREAS.get(aim)


def is_first(attack, target) -> bool:
    return target.name == attack.targets[0].name
