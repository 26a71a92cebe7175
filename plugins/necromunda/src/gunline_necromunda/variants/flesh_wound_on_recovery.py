"""``necromunda.flesh-wound-on-recovery``: the other published reading of the down
fighter's recovery roll, in which recovering to pinned (a 1) also costs a flesh wound
(the Java implementation; the seed says pinned only).

It overrides the first-result hook ``resolve_action`` for the ``recovery`` action and
calls the ruleset's public :func:`gunline_necromunda.recovery.resolve_action` with
``flesh_wound_on_pinned=True``; every other action it leaves to the ruleset.
"""

from gunline import ChainState, Dice, Step, Variant, hookimpl
from gunline.language import N_
from gunline_necromunda.profiles import NecromundaAttack
from gunline_necromunda.recovery import RECOVERY
from gunline_necromunda.recovery import resolve_action as _resolve_action


@hookimpl
def gunline_variant() -> Variant:
    return Variant(
        name="necromunda.flesh-wound-on-recovery",
        ruleset="necromunda",
        api=2,
        description=N_("A down fighter who recovers to pinned (a 1 on the recovery roll) also takes a flesh wound."),
    )


@hookimpl
def resolve_action(action: str, who: str, attack: NecromundaAttack, state: ChainState, dice: Dice) -> list[Step] | None:
    if action != RECOVERY:
        return None
    return _resolve_action(action, who, attack, state, dice, flesh_wound_on_pinned=True)
