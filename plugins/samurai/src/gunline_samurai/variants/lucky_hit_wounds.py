"""A Lucky Chance on a plain hit test wounds at once.

The seed gives the immediate wound only for Lucky Chances won in an exchange of
fire; on a plain test the notes count a Lucky Chance as a hit. This variant gives it
the exchange's effect: a wound with no armour or wound test. (The hit rolls read
which readings are on from :mod:`..readings`, so this variant and the others can be
enabled together.)
"""

from __future__ import annotations

from gunline import ChainState, Dice, Step, Variant, hookimpl

from .. import hits
from ..messages import _
from ..schema import SamuraiAttack, Target


@hookimpl
def gunline_variant() -> Variant:
    return Variant(
        name="samurai.lucky-hit-wounds",
        ruleset="samurai",
        api=2,
        description=_("A Lucky Chance on a plain hit test is a wound at once, with no armour or wound test."),
    )


@hookimpl
def resolve_hit(attack: SamuraiAttack, target: Target, pool: Step, state: ChainState, dice: Dice) -> list[Step]:
    return hits.resolve(attack, target, pool, state, dice)
