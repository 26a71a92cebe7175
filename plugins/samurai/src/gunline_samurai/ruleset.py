"""The samurai skirmish ruleset: the hooks, each handing over to the module that
holds its rule.

One attack follows the seed's nine-step shooting sequence: steps 1-6 open the
attack (:mod:`.sequence`), 7 is each target's hit roll (:mod:`.hits`), 8 its wound
rolls (:mod:`.wounds`), 9 the casualties (:mod:`.outcome`). The game counts no
ammunition.
"""

from __future__ import annotations

import os
from typing import Any

from gunline import ChainState, Dice, Modifier, Ruleset, Step, as_hook, hookimpl

from . import checks, hits, losses, measuring, outcome, pool, return_fire, sequence, units, volleys, wounds
from .catalogue import CATALOGUE
from .messages import _
from .schema import SamuraiAttack, Settings, Shooter, Target, Weapon

EXAMPLES = os.path.join(os.path.dirname(__file__), "examples")


@hookimpl
def gunline_ruleset() -> Ruleset:
    return Ruleset(
        name="samurai",
        title=_("Samurai skirmish (d10 tests, reactions, Lucky Chance)"),
        shooter=Shooter,
        weapon=Weapon,
        target=Target,
        settings=Settings,
        modes=("single",),
        catalogue=CATALOGUE,
        statuses=losses.STATUSES,
        weapon_statuses=("ok",),
        examples=str(EXAMPLES),
        description=_("Shooting by the nine-step sequence: reactions, return fire as a comparative test, "
                      "armour and wound tests, units."),
        api=2,
        map="inches",
    )


#: With a [map]: distances and who sees the shooter measured on the table.
measure = measuring.measure
map_areas = measuring.map_areas


@hookimpl
def start_state(attack: SamuraiAttack) -> ChainState:
    targets: dict[str, dict[str, Any]] = {}
    for t in attack.targets:
        if t.models:  # a unit
            targets[t.name] = losses.unit_state(
                {m.name: losses.model_state(units.value_of(m, t, "wounds")) for m in units.nearest_first(t)}
            )
        else:
            targets[t.name] = losses.model_state(t.wounds)
    shooter = attack.shooter
    if shooter.models:  # a shooting unit
        mine = {"name": shooter.name, **losses.unit_state(
            {m.name: losses.model_state(volleys.value_of(m, shooter, "wounds")) for m in shooter.models}
        )}
    else:
        mine = {"name": shooter.name, **losses.model_state(shooter.wounds)}
    return ChainState(shooter=mine, weapon={"rounds_left": None, "status": "ok"}, targets=targets)


#: Refused attacks (an empty list: nothing to refuse), the opening steps 1-6, each
#: target's pool, hit and wound steps, and the line read out per target.
check_attack = as_hook(checks.problems)
begin_attack = as_hook(sequence.opening_steps)
build_pool = as_hook(pool.pool_step)
resolve_hit = as_hook(hits.resolve)
resolve_wound = as_hook(wounds.resolve)
describe_outcome = as_hook(outcome.describe)


@hookimpl
def modify_pool(target: Target) -> list[Modifier] | None:
    if target.partly_hidden:
        return [PARTLY_HIDDEN()]
    return None


#: The plugin that gives this ruleset's modifiers (named, as the engine would name it).
SOURCE = "samurai"

#: Cover: the target is partly hidden (one Modifier per language; it is frozen).
PARTLY_HIDDEN = _.per_language(lambda: Modifier(label=_("partly hidden"), value=hits.COVER, source=SOURCE))


@hookimpl
def spend_ammo(attack: SamuraiAttack, state: ChainState, dice: Dice) -> list[Step]:
    """The end of the attack: the shooter's wounds from exchanges it lost (step 8),
    the casualties (step 9), and an ammo step (the game counts none)."""
    returned, shooter = return_fire.return_fire_steps(attack, state, dice)
    return [
        *returned,
        outcome.casualties(attack, state, shooter),
        Step(kind="ammo", value=None, text=NO_AMMUNITION(), weapon_state={"rounds_left": None, "status": "ok"}),
    ]


#: The ammo step's words, the same at the end of every attack.
NO_AMMUNITION = _.per_language(lambda: _("the game counts no ammunition"))


@hookimpl
def reload_weapon() -> None:
    """Bows and shuriken are never reloaded in this game: nothing to do."""
    return
