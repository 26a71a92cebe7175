"""The ammunition a weapon is loaded with: its catalogue profile under the weapon's
own overrides, and the damage dice a shot rolls."""

from __future__ import annotations

import msgspec

from .catalogue import AMMO
from .damage import DamageDice, combine, parse_damage


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


def ammo_profile(weapon) -> AmmoProfile:
    entry = ammo_entry(weapon.ammo)
    dice, ac_mod, dr_mod, ignores = entry if entry else ("", 0, 0, False)
    return AmmoProfile(
        name=weapon.ammo,
        damage=parse_damage(dice) if dice else None,
        ac_mod=ac_mod if weapon.ac_mod is None else weapon.ac_mod,
        dr_mod=dr_mod if weapon.dr_mod is None else weapon.dr_mod,
        ignores_dt=ignores if weapon.ignores_dt is None else weapon.ignores_dt,
    )


def shot_damage(weapon) -> DamageDice:
    """What one bullet rolls: the weapon's dice, or its ammo's dice plus its bonus."""
    return combine(weapon.damage, ammo_profile(weapon).damage)
