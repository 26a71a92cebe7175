"""The ammunition a weapon is loaded with: its catalogue profile under the weapon's
own overrides, and the damage dice a shot rolls."""

from __future__ import annotations

from functools import lru_cache

import msgspec

from .catalogue import AMMO
from .damage import DamageDice, combine, parse_damage
from .schema import Weapon


class AmmoProfile(msgspec.Struct, frozen=True, kw_only=True):
    name: str | None
    damage: DamageDice | None
    ac_mod: int = 0
    dr_mod: int = 0
    ignores_dt: bool = False


_BY_KEY = {name.casefold(): entry for name, entry in AMMO.items()}


def ammo_entry(name: str | None) -> tuple[str, int, int, bool] | None:
    """A catalogue entry by name, ignoring case and surrounding space."""
    return None if name is None else _BY_KEY.get(name.strip().casefold())


def ammo_profile(weapon: Weapon) -> AmmoProfile:
    return _profile(weapon.ammo, weapon.ac_mod, weapon.dr_mod, weapon.ignores_dt)


@lru_cache(maxsize=256)
def _profile(ammo: str | None, ac_mod: int | None, dr_mod: int | None, ignores_dt: bool | None) -> AmmoProfile:
    """The profile for a weapon's ammunition and overrides (looked up for every
    target a weapon fires at, so made once)."""
    entry = ammo_entry(ammo)
    dice, entry_ac, entry_dr, ignores = entry if entry else ("", 0, 0, False)
    return AmmoProfile(
        name=ammo,
        damage=parse_damage(dice) if dice else None,
        ac_mod=entry_ac if ac_mod is None else ac_mod,
        dr_mod=entry_dr if dr_mod is None else dr_mod,
        ignores_dt=ignores if ignores_dt is None else ignores_dt,
    )


def shot_damage(weapon: Weapon) -> DamageDice:
    """What one bullet rolls: the weapon's dice, or its ammo's dice plus its bonus."""
    return combine(str(weapon.damage), ammo_profile(weapon).damage)
