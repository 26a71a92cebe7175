"""Weapon and ammunition profiles from the Fallout PnP 2.0 item lists.

In 2.0 a firearm's damage is its ammunition's dice plus the weapon's bonus
(``"+6"`` with 10mm JHP, 1d6, is 1d6+6); energy weapons carry their own dice.
Ammunition also shifts the target's Armor Class and Damage Resistance, and
armor-piercing rounds ignore Damage Threshold.
"""

from __future__ import annotations

from typing import Any

#: name -> (damage dice, AC modifier, DR modifier, ignores DT)
AMMO: dict[str, tuple[str, int, int, bool]] = {
    "BBs": ("1d4", 0, 0, False),
    ".22": ("1d6", 0, 0, False),
    ".223 FMJ": ("1d10", 0, -10, False),
    ".223 AP": ("1d6", -15, 0, True),
    ".308": ("1d10", -15, -20, False),
    ".357 Magnum": ("1d6", -10, -10, False),
    ".38": ("1d6", 0, 0, False),
    ".44 Magnum JHP": ("1d8", 0, -10, False),
    ".44 Magnum AP": ("1d6", -10, 0, True),
    ".45": ("1d6", 0, -5, False),
    ".50 BMG": ("1d6", -10, -20, False),
    "12 gauge buckshot": ("1d10", 0, 0, False),
    "2mm EC": ("1d10", -20, -20, False),
    "4.7mm caseless": ("1d10", -10, -10, False),
    "5.56mm": ("1d8", 0, -20, False),
    "7.62mm": ("1d10", 0, 0, False),
    "9mm JHP": ("1d6", 0, -10, False),
    "9mm AP": ("1d4", -10, 0, True),
    "10mm JHP": ("1d6", 0, -10, False),
    "10mm AP": ("1d4", -10, 0, True),
    "14mm JHP": ("1d10", 0, -20, False),
    "14mm AP": ("1d8", -20, 0, True),
    "small energy cell": ("", 0, 0, False),
    "micro fusion cell": ("", 0, 0, False),
}

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
    "Molotov Cocktail": {"damage": "1d12+8", "range": 12, "thrown": True, "min_strength": 3},
    "Throwing Stars": {"damage": "1d6", "range": 15, "thrown": True, "min_strength": 1},
    "Combat Knife": {"damage": "1d12+3", "range": 1, "melee": True, "min_strength": 2},
    "Spear": {"damage": "1d12+3", "range": 2, "melee": True, "min_strength": 4},
    "Sledgehammer": {"damage": "3d4", "range": 2, "melee": True, "min_strength": 6},
}
