"""``wod.storytellers-call``: a dramatic failure does not jam the gun by itself.

"For Firearms, anything from a jam to hitting a bystander, at the Storyteller's
discretion": the ruleset takes the jam (and, into close combat, the avoided
combatant hit). Under this variant the ammo step says the dramatic failure happened
and leaves the weapon as it is, for the Storyteller to decide. It overrides the
first-result hook ``spend_ammo`` and calls the ruleset's public
:func:`gunline_wod.jams.spend_ammo` with ``jam=False``.
"""

from __future__ import annotations

from gunline import ChainState, Step, Variant, hookimpl

from ..jams import spend_ammo as _spend_ammo
from ..messages import _
from ..schema import WodAttack


@hookimpl
def gunline_variant() -> Variant:
    return Variant(name="wod.storytellers-call", ruleset="wod", api=2,
                   description=_("a dramatic failure is the Storyteller's call: no jam by itself"))


@hookimpl
def spend_ammo(attack: WodAttack, state: ChainState) -> Step:
    return _spend_ammo(attack, state, jam=False)
