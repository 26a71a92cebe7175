"""No confirmation (house rule): every threat is a critical hit, without a
confirmation roll. Criticals come more often, and a table rolls one die fewer."""

from __future__ import annotations

from gunline import Dice, Step, Variant, hookimpl

from .ruleset import D20Attack, hit_step
from .schema import Target


@hookimpl
def gunline_variant() -> Variant:
    return Variant(name="d20srd.no-confirmation", ruleset="d20srd",
                   description="every threat is a critical hit: no confirmation roll", api=2)


@hookimpl
def resolve_hit(attack: D20Attack, target: Target, pool: Step, dice: Dice) -> Step:
    return hit_step(attack, target, pool, dice, confirm=False)
