"""The ``necromunda`` ruleset plugin: Necromunda (1995), shooting phase.

Each hook hands over to the module that holds its rule; the modules' functions are
public so that a variant can call them with a different parameter (see
``variants/``). The chain, target by target: ``pool`` (the D6 score needed),
``hit`` (with ``scatter`` for a blast that missed), ``wound``, ``save``, ``damage``,
``injury``; sustained fire adds an attack-level ``shots`` step first, and every attack
ends with an ``ammo`` step.
"""

from __future__ import annotations

import os
import types
from collections.abc import Callable
from typing import Any, TypeVar, cast

from gunline import ChainState, Ruleset, hookimpl
from gunline.language import N_

from . import ammo, checks, hits, measuring, outcome, recovery, shots, to_hit, wounds
from .catalogue import CATALOGUE
from .profiles import NecromundaAttack, Shooter, Target, Weapon
from .tables import STANDING, STATUSES, WEAPON_STATUSES

Rule = TypeVar("Rule", bound=Callable[..., Any])

EXAMPLES = os.path.join(os.path.dirname(__file__), "examples")

RULESET = Ruleset(
    name="necromunda",
    title=N_("Necromunda (1995): shooting"),
    shooter=Shooter,
    weapon=Weapon,
    target=Target,
    modes=("single",),
    catalogue=CATALOGUE,
    statuses=STATUSES,
    weapon_statuses=WEAPON_STATUSES,
    examples=EXAMPLES,
    description=N_("D6 to hit (7 − BS), wound chart, saves, injury dice, 2D6 ammo rolls, "
                   "sustained fire, blast and flame templates, grenades; recovery rolls between attacks."),
    actions=recovery.ACTIONS,
    map="inches",
    api=2,
)

#: The table: distances, who stands near the first target, who lies under a template.
measure = measuring.measure
map_areas = measuring.map_areas


@hookimpl
def gunline_ruleset() -> Ruleset:
    return RULESET


@hookimpl
def start_state(attack: NecromundaAttack) -> ChainState:
    shooter: dict[str, Any] = {"name": attack.shooter.name, "status": "unharmed"}
    if attack.shooter.overwatch:
        shooter["overwatch"] = True
    targets = {}
    for t in attack.targets:  # a loop, not a comprehension: one target, usually, every chain
        targets[t.name] = {
            "status": STANDING[t.status],
            "wounds_left": 0 if t.status == "down" else t.wounds,
            "flesh_wounds": t.flesh_wounds,
        }
    return ChainState(
        shooter=shooter,
        weapon={"rounds_left": None, "status": "broken" if attack.weapon.broken else "ok"},
        targets=targets,
    )


def _rule_as_hook(rule: Rule) -> Rule:
    """``rule`` itself as a hook implementation, with no forwarding call per chain.

    The mark goes on a copy of the function (same code, same module, same defaults)
    so that the rule modules' own functions stay unmarked: a variant that imports
    one to call it with another parameter does not register it as a hook.
    """
    assert isinstance(rule, types.FunctionType)
    copy = types.FunctionType(rule.__code__, rule.__globals__, rule.__name__, rule.__defaults__, rule.__closure__)
    copy.__kwdefaults__ = rule.__kwdefaults__
    copy.__doc__ = rule.__doc__
    return cast(Rule, hookimpl(copy))


check_attack = _rule_as_hook(checks.problems)
begin_attack = _rule_as_hook(shots.sustained_fire)
modify_pool = _rule_as_hook(to_hit.modify_pool)
build_pool = _rule_as_hook(to_hit.build_pool)
resolve_hit = _rule_as_hook(hits.resolve_hit)
resolve_wound = _rule_as_hook(wounds.resolve_wound)
spend_ammo = _rule_as_hook(ammo.spend_ammo)
describe_outcome = _rule_as_hook(outcome.describe_outcome)
check_action = _rule_as_hook(recovery.check_action)
resolve_action = _rule_as_hook(recovery.resolve_action)


@hookimpl
def reload_weapon(attack: NecromundaAttack, state: ChainState) -> None:
    """Necromunda has no reloading: weapons never run dry by count, they break on a
    failed ammo roll and stay broken until repaired after the battle. Returning None
    leaves the weapon's state as it is."""
    return None
