"""``wod.aim-with-autofire``: aiming adds its +1 a turn (at most +3) to bursts too.

The rulebook's sentence on aiming and autofire is cut off in the source; the
ruleset reads it as "aiming cannot combine with autofire" and shows the aiming at
+0 on a burst. This variant, a house rule on top of it, adds the bonus back as a
modifier of its own (``modify_pool`` is asked of every plugin), so the chain shows
both: what the rules give and what the table allows.
"""

from __future__ import annotations

from gunline import Modifier, Variant, hookimpl

from ..fire_modes import FIRE_MODES
from ..messages import _, _n
from ..pool import MOST_AIMING
from ..schema import WodAttack

NAME = "wod.aim-with-autofire"


@hookimpl
def gunline_variant() -> Variant:
    return Variant(name=NAME, ruleset="wod", api=2,
                   description=_("aiming adds +1 a turn (at most +3) to autofire too"))


@hookimpl
def modify_pool(attack: WodAttack) -> list[Modifier] | None:
    turns = attack.shooter.aiming
    if not turns or not FIRE_MODES[attack.mode].autofire:
        return None
    return [Modifier(label=_n("aiming {n} turn, with autofire", "aiming {n} turns, with autofire", turns, n=turns),
                     value=min(turns, MOST_AIMING), source=NAME)]
