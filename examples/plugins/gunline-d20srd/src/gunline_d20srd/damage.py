"""Damage: the weapon's dice, rolled once for a hit and ``multiplier`` times for a
critical hit (SRD: "roll the damage with all modifiers multiple times and total the
results"), never less than 1 point a roll.

A hit's damage is a run of :meth:`gunline.Dice.repeat`: the rule decides by the
points alone (the rolls are shown), so the odds branch over points, not faces.
"""

from __future__ import annotations

import re

import msgspec

from gunline import Dice, Roll

DICE = re.compile(r"(?P<count>[1-9]\d?)d(?P<sides>[1-9]\d{0,2})(?P<bonus>[+-]\d{1,2})?")


def parse_damage(text: str) -> tuple[int, int, int]:
    """``"1d8"`` is (1, 8, 0), ``"2d4+1"`` (2, 4, 1); anything else is refused with
    the field's name first, as gunline reports it."""
    found = DICE.fullmatch(text.strip()) if isinstance(text, str) else None
    if found is None:
        raise ValueError(f"damage: expected dice such as 1d8 or 1d6+1, got {text!r}")
    return int(found["count"]), int(found["sides"]), int(found["bonus"] or 0)


class DamageRoll(msgspec.Struct, frozen=True):
    """The damage of one hit: the weapon's dice ``times`` times (1 for a hit, the
    multiplier for a critical). Called with the dice, it scores the points dealt and
    shows the rolls."""

    damage: str
    times: int
    target: str

    def __call__(self, dice: Dice) -> tuple[int, list[Roll]]:
        count, sides, bonus = parse_damage(self.damage)
        label = "damage" if self.times == 1 else "critical damage"
        points, rolls = 0, []
        for _ in range(self.times):
            rolled = dice.roll(sides, label, count=count, target=self.target)
            points += max(1, rolled.value + bonus)
            rolls.append(rolled.roll)
        return points, rolls


def add(total: int, points: int) -> int:
    """How the hits of one attack combine: their points add up."""
    return total + points


def damage_of(
    dice: Dice, damage: str, multiplier: int, hits: int, criticals: int, target: str
) -> tuple[int, list[Roll]]:
    """Every hit's damage, the critical ones' ``multiplier`` times: total points and
    the rolls, plain hits first."""
    plain, plain_rolls = dice.repeat(hits - criticals, "damage", DamageRoll(damage, 1, target), fold=add, start=0)
    total, critical_rolls = dice.repeat(
        criticals, "critical damage", DamageRoll(damage, multiplier, target), fold=add, start=plain
    )
    return total, [roll for rolls in [*plain_rolls, *critical_rolls] for roll in rolls]
