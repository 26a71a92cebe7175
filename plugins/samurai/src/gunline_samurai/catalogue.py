"""Missile weapons of the period, as partial weapon profiles.

The seed names two bows and fixes one number: the yumi (long bow) "can make only
one shot". Everything else here is a working profile for play until the book's own
table is entered: a GM overrides any field inline (``[weapon] name = "teppo"
damage = 4``). Without ``shots`` a weapon fires the shooter's Attacks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .schema import WeaponRef

CATALOGUE: dict[str, dict[str, Any]] = {
    # short bow, quick to draw: as many shots as the archer has Attacks
    "hankyu": {"damage": 1},
    # long bow: only one shot [SEED]
    "yumi": {"damage": 2, "shots": 1},
    # matchlock: one slow shot that hits hard
    "teppo": {"damage": 3, "shots": 1},
    # throwing stars: a shot per Attack, light
    "shuriken": {"damage": 0},
}


def profile(weapon: WeaponRef) -> dict[str, Any] | None:
    """The catalogue entry merged with the fields given inline, or ``None`` when the
    weapon is neither in the catalogue nor given a ``damage``."""
    entry = next((v for k, v in CATALOGUE.items() if k.casefold() == weapon.name.strip().casefold()), {})
    inline = {k: getattr(weapon, k) for k in ("damage", "shots", "range") if getattr(weapon, k) is not None}
    merged = {"damage": None, "shots": None, "range": None, **entry, **inline}
    if merged["damage"] is None:
        return None
    return {"name": weapon.name, **merged}
