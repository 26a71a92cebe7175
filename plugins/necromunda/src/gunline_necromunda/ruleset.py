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
from typing import Any

from gunline import ChainState, Ruleset, as_hook, hookimpl
from gunline.language import N_

from . import ammo, checks, hits, measuring, outcome, recovery, shots, to_hit, wounds
from .catalogue import CATALOGUE
from .profiles import NecromundaAttack, Shooter, Target, Weapon
from .tables import STANDING, STATUSES, WEAPON_STATUSES

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


check_attack = as_hook(checks.problems)
begin_attack = as_hook(shots.sustained_fire)
modify_pool = as_hook(to_hit.modify_pool)
build_pool = as_hook(to_hit.build_pool)
resolve_hit = as_hook(hits.resolve_hit)
resolve_wound = as_hook(wounds.resolve_wound)
spend_ammo = as_hook(ammo.spend_ammo)
describe_outcome = as_hook(outcome.describe_outcome)
check_action = as_hook(recovery.check_action)
resolve_action = as_hook(recovery.resolve_action)


@hookimpl
def reload_weapon(attack: NecromundaAttack, state: ChainState) -> None:
    """Necromunda has no reloading: weapons never run dry by count, they break on a
    failed ammo roll and stay broken until repaired after the battle. Returning None
    leaves the weapon's state as it is."""
    return None
