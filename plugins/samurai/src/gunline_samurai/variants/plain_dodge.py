"""A dodge leaves the shots plain tests.

The seed's dodge section is missing. By default a dodge is a test, as the seed
calls it: each shot a comparative test of the shooter's Shooting against the
target's Agility, whose wins only save it. This variant takes the notes' other
reading: the dodge is declared, and the shots at the dodging target are plain tests
on Shooting, as if it had not reacted. A scenario's own ``dodge`` setting wins over
either.
"""

from __future__ import annotations

from gunline import ChainState, Dice, Step, Variant, hookimpl

from .. import hits
from ..messages import _
from ..schema import SamuraiAttack, Target


@hookimpl
def gunline_variant() -> Variant:
    return Variant(
        name="samurai.plain-dodge",
        ruleset="samurai",
        api=2,
        description=_("A dodge leaves the shots at the dodging target plain tests on Shooting."),
    )


@hookimpl
def resolve_hit(attack: SamuraiAttack, target: Target, pool: Step, state: ChainState, dice: Dice) -> list[Step]:
    return hits.resolve(attack, target, pool, state, dice)
