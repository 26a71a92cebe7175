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

from gunline import ChainState, Dice, Modifier, Ruleset, Step, hookimpl

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
        if units.is_unit(t):
            targets[t.name] = losses.unit_state(
                {m.name: losses.model_state(units.value_of(m, t, "wounds")) for m in units.nearest_first(t)}
            )
        else:
            targets[t.name] = losses.model_state(t.wounds)
    shooter = attack.shooter
    if volleys.is_unit(shooter):
        mine = losses.unit_state(
            {m.name: losses.model_state(volleys.value_of(m, shooter, "wounds")) for m in shooter.models}
        )
    else:
        mine = losses.model_state(shooter.wounds)
    return ChainState(
        shooter={"name": shooter.name, **mine},
        weapon={"rounds_left": None, "status": "ok"},
        targets=targets,
    )


@hookimpl
def check_attack(attack: SamuraiAttack, state: ChainState) -> list[str] | None:
    return checks.problems(attack, state) or None


@hookimpl
def begin_attack(attack: SamuraiAttack, state: ChainState) -> list[Step]:
    return sequence.opening_steps(attack, state)


@hookimpl
def modify_pool(target: Target) -> list[Modifier] | None:
    if target.partly_hidden:
        return [Modifier(label=_("partly hidden"), value=hits.COVER)]
    return None


@hookimpl
def build_pool(attack: SamuraiAttack, target: Target, modifiers: list[Modifier], state: ChainState) -> Step:
    """The modified Shooting the shots at ``target`` are tested against; for a unit,
    each model's, the pool's value being the one most of its shots use."""
    return pool.pool_step(attack, target, modifiers, state)


@hookimpl
def resolve_hit(attack: SamuraiAttack, target: Target, pool: Step, state: ChainState, dice: Dice) -> list[Step]:
    return hits.resolve(attack, target, pool, state, dice)


@hookimpl
def resolve_wound(attack: SamuraiAttack, target: Target, hit: Step, state: ChainState, dice: Dice) -> Step:
    return wounds.resolve(attack, target, hit, state, dice)


@hookimpl
def spend_ammo(attack: SamuraiAttack, state: ChainState, dice: Dice) -> list[Step]:
    """The end of the attack: the shooter's wounds from exchanges it lost (step 8),
    the casualties (step 9), and an ammo step (the game counts none)."""
    returned, shooter = return_fire.return_fire_steps(attack, state, dice)
    return [
        *returned,
        outcome.casualties(attack, state, shooter),
        Step(kind="ammo", value=None, text=_("the game counts no ammunition"),
             weapon_state={"rounds_left": None, "status": "ok"}),
    ]


@hookimpl
def describe_outcome(attack: SamuraiAttack, target: Target, state: ChainState) -> str:
    return outcome.describe(attack, target, state)


@hookimpl
def reload_weapon() -> None:
    """Bows and shuriken are never reloaded in this game: nothing to do."""
    return
