"""Alert must exceed Stealth for a target to react.

The seed's general (Alert 1) cannot react to the ninja (Stealth 2); the example
cannot tell "Alert at least Stealth" (the default) from "Alert above Stealth".
This variant takes the second reading: an equal Alert is neutralised too.
"""

from __future__ import annotations

from gunline import ChainState, Step, Variant, hookimpl

from ..messages import _
from ..reactions import ALERT_ABOVE_STEALTH
from ..schema import SamuraiAttack
from ..sequence import opening_steps


@hookimpl
def gunline_variant() -> Variant:
    return Variant(
        name="samurai.alert-exceeds-stealth",
        ruleset="samurai",
        api=2,
        description=_("A target reacts only if its Alert is greater than the shooter's Stealth."),
    )


@hookimpl
def begin_attack(attack: SamuraiAttack, state: ChainState) -> list[Step]:
    return opening_steps(attack, state, alert_rule=ALERT_ABOVE_STEALTH)
