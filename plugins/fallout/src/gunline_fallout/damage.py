"""Damage expressions (``2d12+8``, ``1d6``, ``+6``) as data, and what armor lets through.

A scenario writes damage the way the book prints it; :func:`parse_damage` turns it into
a :class:`DamageDice`. A bare bonus (``+6``) is a 2.0 firearm's part of the damage:
the dice come from its ammunition.
"""

from __future__ import annotations

import re
from functools import lru_cache

import msgspec

from .messages import _

#: The dice a damage expression may roll and the bonus it may add: the item lists
#: go up to 2d20+30 and +35; the bounds leave room for house weapons while keeping
#: a bullet's chances quick to work out (999d999 would take minutes).
DICE = (1, 20)
SIDES = (2, 100)
BONUS = (-100, 200)

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


def _limits(text: str) -> str:
    """What is expected of a damage expression out of bounds."""
    return _("expected {dice_min}-{dice_max} dice of {sides_min}-{sides_max} sides and a bonus from {bonus_min} to "
             "+{bonus_max}, got {text}", dice_min=DICE[0], dice_max=DICE[1], sides_min=SIDES[0], sides_max=SIDES[1],
             bonus_min=BONUS[0], bonus_max=BONUS[1], text=repr(text))


@lru_cache(maxsize=1024)
def parse_damage(text: str) -> DamageDice:
    """Parse a damage expression; raise ``ValueError`` saying what is accepted."""
    match = _DAMAGE.match(text or "")
    if not match or not text.strip():
        raise ValueError(_("expected a dice expression such as 2d6+3, 1d10, 5 (fixed) or +6 (over the ammunition's "
                           "dice), got {text}", text=repr(text)))
    count, sides, sign, bonus = match.groups()
    value = int(bonus or 0) * (-1 if sign == "-" else 1)
    dice = int(count) if count else 1
    if not BONUS[0] <= value <= BONUS[1]:
        raise ValueError(_limits(text))
    if sides is None:
        return DamageDice(bonus=value)
    if not DICE[0] <= dice <= DICE[1] or not SIDES[0] <= int(sides) <= SIDES[1]:
        raise ValueError(_limits(text))
    return DamageDice(count=dice, sides=int(sides), bonus=value)


def adds_to_ammo(text: str) -> bool:
    """Whether a damage expression is a bonus over the ammunition's dice (``+6``)."""
    return text.strip()[:1] in ("+", "-")


@lru_cache(maxsize=1024)
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
