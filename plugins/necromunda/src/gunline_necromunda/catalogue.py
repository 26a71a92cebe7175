"""Weapon profiles: the seed's weapons and the 1995 core weapons, as data.

Each entry is a partial weapon table (the fields of :class:`~.profiles.Weapon`); a
scenario names one (``name = "lasgun"``) and may override any field inline. Ranges
are in inches (short range is 0 to ``short_range``, long range up to ``long_range``),
``hit_short``/``hit_long`` the to-hit modifiers at each range, ``ammo_roll`` the X of
the weapon's X+ ammo roll ("auto": never rolls, as for grenades, which a fighter
carries enough of for the whole battle).

The seed's Turkish names carry the seed's own range modifiers; the notes identify
them as autopistol (Temir tabancası), boltgun (Temren tüfeği), lasgun (Lazer tüfeği),
autogun (Atgaç) and shotgun with scatter shot (Patlangaç), whose other figures they
take. Heavy weapons hit the same at every range.
"""

from __future__ import annotations

from typing import Any


def _gun(short, long, hit_short, hit_long, strength, damage, save_mod, ammo, **extra) -> dict[str, Any]:
    return {
        "short_range": short,
        "long_range": long,
        "hit_short": hit_short,
        "hit_long": hit_long,
        "strength": strength,
        "damage": damage,
        "save_mod": save_mod,
        "ammo_roll": ammo,
        **extra,
    }


def _template(kind, strength, damage, save_mod, ammo, **extra) -> dict[str, Any]:
    return {"template": kind, "strength": strength, "damage": damage, "save_mod": save_mod,
            "ammo_roll": ammo, **extra}


SEED_WEAPONS: dict[str, dict[str, Any]] = {
    # name               short long  +short +long  S  D  save ammo
    "temir tabancası": _gun(8, 16, 2, 0, 3, 1, 0, 4),
    "temren tüfeği": _gun(12, 24, 1, 0, 4, 1, -1, 6),
    "lazer tüfeği": _gun(12, 24, 1, 0, 3, 1, -1, 2),
    "atgaç": _gun(12, 24, 1, 0, 3, 1, 0, 4),
    "patlangaç": _gun(4, 18, 1, -1, 3, 1, 0, 4),
}

CORE_WEAPONS: dict[str, dict[str, Any]] = {
    # pistols
    "autopistol": _gun(8, 16, 2, 0, 3, 1, 0, 4),
    "bolt pistol": _gun(8, 16, 2, 0, 4, 1, -1, 6),
    "laspistol": _gun(8, 16, 2, -1, 3, 1, 0, 2),
    "needle pistol": _gun(8, 16, 2, 0, 3, 1, -1, 6),
    "plasma pistol (low power)": _gun(6, 18, 2, -1, 4, 1, -1, 4),
    "plasma pistol (high power)": _gun(6, 18, 2, -1, 6, 1, -3, 4),
    "stub gun": _gun(8, 16, 0, -1, 3, 1, 0, 4),
    # basic weapons
    "autogun": _gun(12, 24, 1, 0, 3, 1, 0, 4),
    "lasgun": _gun(12, 24, 1, 0, 3, 1, -1, 2),
    "boltgun": _gun(12, 24, 1, 0, 4, 1, -1, 6),
    "shotgun (solid slug)": _gun(4, 18, 0, -1, 4, 1, 0, 4),
    "shotgun (scatter shot)": _gun(4, 18, 1, -1, 3, 1, 0, 4),
    "shotgun (man-stopper)": _gun(4, 18, 0, 0, 4, 1, -2, 4),
    "shotgun (hot shot)": _gun(4, 18, 0, -1, 4, 1, 0, 6),
    "shotgun (bolt)": _gun(4, 24, 1, 0, 4, 1, -1, 6),
    # special weapons
    "flamer": _template("flame", 4, 1, -2, 4),
    "grenade launcher (frag)": _gun(20, 60, 0, -1, 3, 1, -1, "auto", template="small_blast"),
    "grenade launcher (krak)": _gun(20, 60, 0, -1, 6, "D6", -3, "auto"),
    "meltagun": _gun(6, 12, 1, 0, 8, "D6", -4, 4),
    "needle rifle": _gun(16, 32, 1, 0, 3, 1, -1, 6),
    "plasma gun (low power)": _gun(6, 16, 1, 0, 5, 1, -1, 4),
    "plasma gun (high power)": _gun(6, 24, 1, 0, 7, 1, -2, 4),
    # heavy weapons
    "autocannon": _gun(20, 72, 0, 0, 8, "D6", -3, 4),
    "heavy bolter": _gun(20, 40, 0, 0, 5, "D3", -2, 6, sustained_fire=2),
    "heavy stubber": _gun(20, 40, 0, 0, 4, 1, -1, 4, sustained_fire=1),
    "lascannon": _gun(20, 60, 0, 0, 9, "D6", -6, 4),
    "missile launcher (frag)": _gun(20, 72, 0, 0, 4, 1, -1, "auto", template="small_blast"),
    "missile launcher (krak)": _gun(20, 72, 0, 0, 8, "D6", -6, "auto"),
    # grenades: thrown (range from the thrower's Strength), the seed's large blast
    "frag grenade": _template("large_blast", 3, 1, -1, "auto", grenade=True),
    "krak grenade": _template("none", 6, "D6", -3, "auto", grenade=True),
}

#: The whole catalogue, as :attr:`gunline.Ruleset.catalogue` takes it.
CATALOGUE: dict[str, dict[str, Any]] = {**SEED_WEAPONS, **CORE_WEAPONS}
