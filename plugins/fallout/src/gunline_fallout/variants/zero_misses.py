"""``fallout.zero-misses``: «Любой выброс нуля означает провал» read onto the d100.

The seed says of the clustered burst's d10s that any 0 is a miss, even at 100%. This
variant reads the same into the single shot and the normal burst: the d100's 00 (a
roll of 100) always misses, so the chance to hit is at most 99%. (A clustered burst
already misses on every 0: at most 90%.)
"""

from __future__ import annotations

from gunline import ChainState, Modifier, Step, Variant, hookimpl

from ..messages import _
from ..ruleset import pool_step
from ..schema import FalloutAttack, Target

NAME = "fallout.zero-misses"


@hookimpl
def gunline_variant() -> Variant:
    return Variant(name=NAME, ruleset="fallout", api=2,
                   description=_("Any 0 misses: the d100's 00 (100) always misses, so the chance is at most 99%."))


@hookimpl
def build_pool(attack: FalloutAttack, target: Target, modifiers: list[Modifier], state: ChainState) -> Step:
    """The base pool step, which reads this variant's cap from :data:`..chance.CAPS`
    (so that it composes with the other variants that shape the chance)."""
    return pool_step(attack, target, modifiers, state)
