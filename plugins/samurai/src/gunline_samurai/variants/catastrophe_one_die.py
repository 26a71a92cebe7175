"""A Catastrophic Failure is one failed die, no more.

By default a side that rolls «Катастрофический Провал» (Catastrophic Failure) in a
hit test (its shots, its return fire, its dodge) scores nothing in that test,
whatever its other dice show: it «forbids strikes» (notes, SRC 1). This variant
takes the narrower reading: the die that shows it fails like any other failure, and
the side's other dice count as usual.
"""

from __future__ import annotations

from gunline import ChainState, Dice, Step, Variant, hookimpl

from .. import hits
from ..messages import _
from ..schema import SamuraiAttack, Target


@hookimpl
def gunline_variant() -> Variant:
    return Variant(
        name="samurai.catastrophe-one-die",
        ruleset="samurai",
        api=2,
        description=_("A Catastrophic Failure fails its own die only; the side's other dice still count."),
    )


@hookimpl
def resolve_hit(attack: SamuraiAttack, target: Target, pool: Step, state: ChainState, dice: Dice) -> list[Step]:
    return hits.resolve(attack, target, pool, state, dice)
