"""``fallout.burst-damage-once``: the GM reference sheet's wording of burst damage,
"(basic damage) × (# shots hit)".

By default every bullet that hits rolls its own damage and critical and goes through
armor on its own. Here a burst rolls one bullet's damage, through DT and DR, and one
critical check for each object it hits; every hit on that object deals the same.
With ``fallout.critical-on-hit-roll`` the hit roll decides instead: the one roll is
critical when any of the hits was. Single shots are unchanged.
"""

from __future__ import annotations

from gunline import ChainState, Dice, Step, Variant, hookimpl

from ..messages import _
from ..schema import FalloutAttack, Target
from ..wound import resolve_damage

NAME = "fallout.burst-damage-once"


@hookimpl
def gunline_variant() -> Variant:
    return Variant(name=NAME, ruleset="fallout", api=2,
                   description=_("Burst damage rolled once per object and multiplied by the hits."))


@hookimpl
def resolve_wound(attack: FalloutAttack, target: Target, hit: Step, state: ChainState, dice: Dice) -> Step | None:
    if attack.mode != "burst":
        return None
    return resolve_damage(attack, target, hit, state, dice, once=True)
