"""``wod.9-again``: attack pools reroll 9s as well as 10s (the quality some weapons,
Merits and powers give), so a 9 or a 10 adds another die."""

from __future__ import annotations

from gunline import Dice, Step, Variant, hookimpl

from ..attack import roll_attack
from ..schema import Target


@hookimpl
def gunline_variant() -> Variant:
    return Variant(name="wod.9-again", ruleset="wod", description="attack pools reroll 9s and 10s", api=2)


@hookimpl
def resolve_hit(target: Target, pool: Step, dice: Dice) -> Step:
    return roll_attack(target, pool, dice, again=9)
