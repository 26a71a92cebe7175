"""The ammunition an attack fires: its catalogue profile (:class:`.catalogue.AmmoType`)
under the weapon's own overrides, the damage dice a shot rolls, and whether it fits
the weapon."""

from __future__ import annotations

from functools import lru_cache

import msgspec

from .catalogue import AMMO, AMMO_BY_KEY, AmmoType, fitting
from .damage import DamageDice, adds_to_ammo, combine, parse_damage
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


def no_dice_to_add(weapon: Weapon) -> str | None:
    """Why a damage that adds to its ammunition's dice (``+6``) has none to add to, by
    the field at fault: no ammunition given, one the catalogue lacks, or one that rolls
    no dice (an energy cell); None when there are dice to add to."""
    damage = str(weapon.damage)
    if not adds_to_ammo(damage) or shot_damage(weapon).has_dice:
        return None
    whole = f'damage = "1d6{damage.strip()}"'
    if weapon.ammo is None:
        return "weapon.ammo: " + _("required field is missing (weapon.damage {damage} adds to its ammunition's dice: "
                                   'name the ammunition, e.g. ammo = "10mm JHP", or give the whole damage, e.g. '
                                   "{whole})", damage=repr(damage), whole=whole)
    entry = ammo_entry(weapon.ammo)
    if entry is None:
        return "weapon.ammo: " + _("{ammo} is not in the ammunition catalogue, and weapon.damage {damage} adds to "
                                   "its dice; expected one of: {known} (or give the whole damage, e.g. {whole})",
                                   ammo=repr(weapon.ammo), damage=repr(damage), known=", ".join(_with_dice(weapon)),
                                   whole=whole)
    return "weapon.damage: " + _("{damage} adds to its ammunition's dice, but {ammo} has none: give the whole "
                                 "damage, e.g. {whole}", damage=repr(damage), ammo=repr(weapon.ammo), whole=whole)


def _with_dice(weapon: Weapon) -> list[str]:
    """The catalogue ammunition a bonus can add to: the weapon's calibre's, where it
    has any, else all of it that rolls dice."""
    rolls = [name for name, entry in AMMO.items() if entry.dice]
    fits = [name for name in fitting(weapon.calibre) if name in rolls] if weapon.calibre is not None else []
    return fits or rolls
