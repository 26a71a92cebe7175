"""The ammunition an attack fires: its catalogue profile (:class:`.catalogue.AmmoType`)
under the weapon's own overrides, the damage dice a shot rolls, and whether it fits
the weapon."""

from __future__ import annotations

from functools import lru_cache

import msgspec

from .catalogue import AMMO_BY_KEY, AmmoType, fitting
from .damage import DamageDice, combine, parse_damage
from .messages import _
from .schema import Weapon


class AmmoProfile(msgspec.Struct, frozen=True, kw_only=True):
    name: str | None
    damage: DamageDice | None
    ac_mod: int = 0
    dr_mod: int = 0
    multiplier: int = 1
    divisor: int = 1
    ignores_dt: bool = False


def ammo_entry(name: str | None) -> AmmoType | None:
    """A catalogue entry by name, ignoring case and surrounding space."""
    return None if name is None else AMMO_BY_KEY.get(name.strip().casefold())


def ammo_profile(weapon: Weapon) -> AmmoProfile:
    return _profile(weapon.ammo, weapon.ac_mod, weapon.dr_mod, weapon.ignores_dt, weapon.damage_multiplier,
                    weapon.damage_divisor)


def _or(value: int | bool | None, default: int | bool) -> int | bool:
    return default if value is None else value


@lru_cache(maxsize=256)
def _profile(ammo: str | None, ac_mod: int | None, dr_mod: int | None, ignores_dt: bool | None,
             multiplier: int | None, divisor: int | None) -> AmmoProfile:
    """The profile for a weapon's ammunition and overrides (looked up for every
    target a weapon fires at, so made once)."""
    entry = ammo_entry(ammo) or AmmoType(calibre="")
    return AmmoProfile(
        name=ammo,
        damage=parse_damage(entry.dice) if entry.dice else None,
        ac_mod=int(_or(ac_mod, entry.ac_mod)),
        dr_mod=int(_or(dr_mod, entry.dr_mod)),
        multiplier=int(_or(multiplier, entry.multiplier)),
        divisor=int(_or(divisor, entry.divisor)),
        ignores_dt=bool(_or(ignores_dt, entry.ignores_dt)),
    )


def shot_damage(weapon: Weapon) -> DamageDice:
    """What one bullet rolls: the weapon's dice, or its ammo's dice plus its bonus."""
    return combine(str(weapon.damage), ammo_profile(weapon).damage)


def misfit(weapon: Weapon) -> str | None:
    """Why the chosen ammunition does not fit the weapon (its calibre), or None."""
    if weapon.ammo is None or weapon.calibre is None:
        return None
    entry = ammo_entry(weapon.ammo)
    if entry is None or entry.calibre.casefold() == weapon.calibre.strip().casefold():
        return None
    fits = fitting(weapon.calibre)
    if fits:
        return _("weapon.ammo: {ammo} is {calibre} ammunition, the {weapon} takes {takes}; expected one of: {fits}",
                 ammo=repr(weapon.ammo), calibre=entry.calibre, weapon=weapon.name, takes=weapon.calibre,
                 fits=", ".join(fits))
    return _("weapon.ammo: {ammo} is {calibre} ammunition, the {weapon} takes {takes}; no catalogue ammunition "
             "fits it", ammo=repr(weapon.ammo), calibre=entry.calibre, weapon=weapon.name, takes=weapon.calibre)
