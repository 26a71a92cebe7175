"""``fallout.cap-95``: the chance to hit is at most 95%.

The Fallout games the pen-and-paper rules follow say so: "Even with super high
skills, and all the modifiers, you have a maximum chance of 95% to hit." By default
the chance is capped only by the d100 (100%: every face hits). The pool step shows
the capped chance, the one the d100 is rolled against.
"""

from __future__ import annotations

from gunline import ChainState, Modifier, Step, Variant, hookimpl

from ..messages import _
from ..ruleset import pool_step
from ..schema import FalloutAttack, Target

NAME = "fallout.cap-95"


@hookimpl
def gunline_variant() -> Variant:
    return Variant(name=NAME, ruleset="fallout", api=2,
                   description=_("The chance to hit is at most 95%: a roll over 95 always misses."))


@hookimpl
def build_pool(attack: FalloutAttack, target: Target, modifiers: list[Modifier], state: ChainState) -> Step:
    """The base pool step, which reads this variant's cap from :data:`..chance.CAPS`
    (so that it composes with the other variants that shape the chance)."""
    return pool_step(attack, target, modifiers, state)
