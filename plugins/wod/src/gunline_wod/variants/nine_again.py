"""``wod.9-again``: attack pools reroll 9s as well as 10s (the quality some weapons,
Merits and powers give), so a 9 or a 10 adds another die."""

from __future__ import annotations

from gunline import ChainState, Dice, Step, Variant, hookimpl

from ..attack import resolve_hit as _resolve_hit
from ..messages import _
from ..schema import Target, WodAttack


@hookimpl
def gunline_variant() -> Variant:
    return Variant(name="wod.9-again", ruleset="wod", description=_("attack pools reroll 9s and 10s"), api=2)


@hookimpl
def resolve_hit(attack: WodAttack, target: Target, pool: Step, state: ChainState, dice: Dice) -> list[Step]:
    return _resolve_hit(attack, target, pool, state, dice, again=9)
