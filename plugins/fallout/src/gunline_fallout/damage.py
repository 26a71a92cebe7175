"""Damage expressions (``2d12+8``, ``1d6``, ``+6``) as data, and what armor lets through.

A scenario writes damage the way the book prints it; :func:`parse_damage` turns it into
a :class:`DamageDice`. A bare bonus (``+6``) is a 2.0 firearm's part of the damage:
the dice come from its ammunition.
"""

from __future__ import annotations

import re

import msgspec

#: What a damage field accepts: ``NdS``, ``NdS+B``, ``NdS-B``, ``dS``, ``+B`` or ``B``.
DAMAGE_PATTERN = r"^(?=.*\d)\s*(?:(\d*)\s*[dD]\s*(\d+))?\s*(?:([+-]?)\s*(\d+))?\s*$"
_DAMAGE = re.compile(DAMAGE_PATTERN)


class DamageDice(msgspec.Struct, frozen=True, kw_only=True):
    """``count`` dice of ``sides`` sides plus ``bonus`` (no dice when ``count`` is 0)."""

    count: int = 0
    sides: int = 0
    bonus: int = 0

    @property
    def has_dice(self) -> bool:
        return self.count > 0 and self.sides > 0

    def __str__(self) -> str:
        dice = f"{self.count}d{self.sides}" if self.has_dice else ""
        if not self.bonus:
            return dice or "0"
        return f"{dice}{self.bonus:+d}" if dice else f"{self.bonus:+d}"


def parse_damage(text: str) -> DamageDice:
    """Parse a damage expression; raise ``ValueError`` saying what is accepted."""
    match = _DAMAGE.match(text or "")
    if not match or not text.strip():
        raise ValueError(f"{text!r} is not a damage expression (expected e.g. '2d12+8', '1d6' or '+6')")
    count, sides, sign, bonus = match.groups()
    value = int(bonus or 0) * (-1 if sign == "-" else 1)
    if sides is None:
        return DamageDice(bonus=value)
    if int(sides) < 1:
        raise ValueError(f"{text!r}: a die needs at least 1 side")
    return DamageDice(count=int(count) if count else 1, sides=int(sides), bonus=value)


def adds_to_ammo(text: str) -> bool:
    """Whether a damage expression is a bonus over the ammunition's dice (``+6``)."""
    return text.strip()[:1] in ("+", "-")


def combine(text: str, ammo: DamageDice | None) -> DamageDice:
    """A bonus (``+6``) over the ammunition's dice, or the weapon's own damage: its
    dice, or a plain number as fixed damage."""
    weapon = parse_damage(text)
    if not adds_to_ammo(text) or ammo is None:
        return weapon
    return DamageDice(count=ammo.count, sides=ammo.sides, bonus=ammo.bonus + weapon.bonus)


def through_armor(rolled: int, dt: int, dr: int, *, ignores_dt: bool = False) -> int:
    """Damage = (roll − DT) − (roll − DT) × DR%, never below 0, rounded down.

    ``dr`` is clamped to 0–100 (ammunition can push it either way).
    """
    after_dt = max(0, rolled - (0 if ignores_dt else dt))
    dr = min(100, max(0, dr))
    return after_dt * (100 - dr) // 100


def multiply(damage: int, factor: tuple[int, int]) -> int:
    """A critical multiplier (×2, ×1.5 as (3, 2)), rounded down."""
    return damage * factor[0] // factor[1]
