"""Weapon and ammunition profiles from the Fallout PnP 2.0 item lists.

In 2.0 a firearm's damage is its ammunition's dice plus the weapon's bonus
(``"+6"`` with 10mm JHP, 1d6, is 1d6+6); energy weapons carry their own dice.
Ammunition also shifts the target's Armor Class and Damage Resistance, and
armor-piercing rounds ignore Damage Threshold.
"""

from __future__ import annotations

from typing import Any

import msgspec


class AmmoType(msgspec.Struct, frozen=True, kw_only=True):
    """One kind of ammunition, as data: the calibre it fits (a weapon of that calibre
    takes it), the damage dice it gives a firearm whose damage is ``+N`` over them,
    its shift of the target's Armor Class and Damage Resistance, its damage
    multiplier and divisor (``(roll × multiplier ÷ divisor)``, rounded down, before
    armor) and whether it ignores Damage Threshold (armor-piercing rounds, FO-16)."""

    calibre: str
    dice: str = ""
    ac_mod: int = 0
    dr_mod: int = 0
    multiplier: int = 1
    divisor: int = 1
    ignores_dt: bool = False


def _ammo(calibre: str, dice: str, ac_mod: int = 0, dr_mod: int = 0, ignores_dt: bool = False) -> AmmoType:
    return AmmoType(calibre=calibre, dice=dice, ac_mod=ac_mod, dr_mod=dr_mod, ignores_dt=ignores_dt)


#: The PnP 2.0 item lists' ammunition (dice, AC modifier, DR modifier, ignores DT);
#: none of them multiplies or divides the damage: those are there for a GM's own.
AMMO: dict[str, AmmoType] = {
    "BBs": _ammo("BB", "1d4"),
    ".22": _ammo(".22", "1d6"),
    ".223 FMJ": _ammo(".223", "1d10", 0, -10),
    ".223 AP": _ammo(".223", "1d6", -15, 0, True),
    ".308": _ammo(".308", "1d10", -15, -20),
    ".357 Magnum": _ammo(".357", "1d6", -10, -10),
    ".38": _ammo(".38", "1d6"),
    ".44 Magnum JHP": _ammo(".44", "1d8", 0, -10),
    ".44 Magnum AP": _ammo(".44", "1d6", -10, 0, True),
    ".45": _ammo(".45", "1d6", 0, -5),
    ".50 BMG": _ammo(".50", "1d6", -10, -20),
    "12 gauge buckshot": _ammo("12 gauge", "1d10"),
    "2mm EC": _ammo("2mm", "1d10", -20, -20),
    "4.7mm caseless": _ammo("4.7mm", "1d10", -10, -10),
    "5.56mm": _ammo("5.56mm", "1d8", 0, -20),
    "7.62mm": _ammo("7.62mm", "1d10"),
    "9mm JHP": _ammo("9mm", "1d6", 0, -10),
    "9mm AP": _ammo("9mm", "1d4", -10, 0, True),
    "10mm JHP": _ammo("10mm", "1d6", 0, -10),
    "10mm AP": _ammo("10mm", "1d4", -10, 0, True),
    "14mm JHP": _ammo("14mm", "1d10", 0, -20),
    "14mm AP": _ammo("14mm", "1d8", -20, 0, True),
    "small energy cell": _ammo("small energy cell", ""),
    "micro fusion cell": _ammo("micro fusion cell", ""),
}


def calibre_of(ammo: str) -> str | None:
    """The calibre of a catalogue ammunition, by name (ignoring case and spaces)."""
    entry = AMMO_BY_KEY.get(ammo.strip().casefold())
    return entry.calibre if entry else None


AMMO_BY_KEY = {name.casefold(): entry for name, entry in AMMO.items()}


def fitting(calibre: str) -> list[str]:
    """The catalogue ammunition of a calibre, by name."""
    return [name for name, entry in AMMO.items() if entry.calibre.casefold() == calibre.strip().casefold()]


#: Weapon profiles: partial dicts of the Weapon Struct's fields. ``rounds_up`` marks
#: the multi-barrel and mounted machine guns that round a cluster burst up.
WEAPONS: dict[str, dict[str, Any]] = {
    "H&K MP-9 10mm SMG": {"damage": "+6", "range": 25, "burst": 10, "magazine": 30, "min_strength": 4,
                          "ammo": "10mm JHP"},
    "Thompson M1928 SMG": {"damage": "+2", "range": 32, "burst": 10, "magazine": 50, "min_strength": 6, "ammo": ".45"},
    "Sten Gun": {"damage": "+9", "range": 24, "burst": 3, "magazine": 30, "min_strength": 6, "ammo": "9mm JHP"},
    "H&K P90c": {"damage": "+12", "range": 30, "burst": 12, "magazine": 24, "min_strength": 4, "ammo": "10mm JHP"},
    "Winchester Combat Shotgun": {"damage": "+15", "range": 22, "burst": 3, "magazine": 12, "min_strength": 5,
                                  "ammo": "12 gauge buckshot"},
    "Colt Hunting Rifle": {"damage": "+9", "range": 40, "magazine": 10, "min_strength": 5, "ammo": "7.62mm"},
    "DKS-501 Sniper Rifle": {"damage": "+14", "range": 50, "magazine": 6, "min_strength": 5, "ammo": ".223 FMJ"},
    "FN FAL": {"damage": "+8", "range": 35, "burst": 10, "magazine": 20, "min_strength": 5, "ammo": "7.62mm"},
    "Browning Automatic Rifle": {"damage": "+6", "range": 40, "burst": 10, "magazine": 20, "min_strength": 6,
                                 "ammo": ".308"},
    "M60": {"damage": "+18", "range": 35, "burst": 10, "bursts_only": True, "rounds_up": True, "magazine": 50,
            "min_strength": 7, "ammo": "7.62mm"},
    "Light Support Weapon": {"damage": "+20", "range": 40, "burst": 10, "bursts_only": True, "rounds_up": True,
                             "magazine": 30, "min_strength": 6, "ammo": ".223 FMJ"},
    "Vindicator Minigun": {"damage": "+14", "range": 30, "burst": 25, "bursts_only": True, "rounds_up": True,
                           "magazine": 100, "min_strength": 7, "ammo": "4.7mm caseless"},
    "MEC Gauss Minigun": {"damage": "+35", "range": 7, "burst": 20, "bursts_only": True, "rounds_up": True,
                          "magazine": 120, "min_strength": 10, "ammo": "2mm EC"},
    "Gatling Laser": {"damage": "1d20+20", "range": 40, "burst": 10, "bursts_only": True, "rounds_up": True,
                      "magazine": 30, "min_strength": 6, "ammo": "micro fusion cell"},
    "Wattz 1600 Laser Pistol": {"damage": "1d12+10", "range": 35, "magazine": 12, "min_strength": 3,
                                "ammo": "small energy cell"},
    "Glock 86 Plasma Pistol": {"damage": "1d20+10", "range": 20, "magazine": 16, "min_strength": 4,
                               "ammo": "small energy cell"},
    "Wattz 3120b Laser Rifle": {"damage": "2d12+23", "range": 35, "magazine": 20, "min_strength": 4,
                                "ammo": "micro fusion cell"},
    "Turbo Plasma Rifle": {"damage": "2d20+30", "range": 35, "magazine": 10, "min_strength": 6,
                           "ammo": "micro fusion cell"},
    "Molotov Cocktail": {"damage": "1d12+8", "range": 12, "thrown": True, "min_strength": 3, "ap_single": 4},
    "Throwing Stars": {"damage": "1d6", "range": 15, "thrown": True, "min_strength": 1, "ap_single": 4},
    "Combat Knife": {"damage": "1d12+3", "range": 1, "melee": True, "min_strength": 2, "ap_single": 3},
    "Spear": {"damage": "1d12+3", "range": 2, "melee": True, "min_strength": 4, "ap_single": 4},
    "Sledgehammer": {"damage": "3d4", "range": 2, "melee": True, "min_strength": 6, "ap_single": 4},
}

# A catalogue firearm takes the ammunition of its standard round's calibre.
for _profile in WEAPONS.values():
    if "ammo" in _profile:
        _profile.setdefault("calibre", calibre_of(_profile["ammo"]))
