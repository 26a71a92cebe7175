"""The ``necromunda`` ruleset plugin: Necromunda (1995), shooting phase.

Each hook hands over to the module that holds its rule; the modules' functions are
public so that a variant can call them with a different parameter (see
``variants/``). The chain, target by target: ``pool`` (the D6 score needed),
``hit`` (with ``scatter`` for a blast that missed), ``wound``, ``save``, ``damage``,
``injury``; sustained fire adds an attack-level ``shots`` step first, and every attack
ends with an ``ammo`` step.
"""

from __future__ import annotations

from pathlib import Path

from gunline import ChainState, Ruleset, hookimpl

from . import ammo, checks, hits, outcome, shots, to_hit, wounds
from .catalogue import CATALOGUE
from .profiles import Shooter, Target, Weapon
from .tables import STANDING, STATUSES, WEAPON_STATUSES

EXAMPLES = str(Path(__file__).parent / "examples")

RULESET = Ruleset(
    name="necromunda",
    title="Necromunda (1995): shooting",
    shooter=Shooter,
    weapon=Weapon,
    target=Target,
    modes=("single",),
    catalogue=CATALOGUE,
    statuses=STATUSES,
    weapon_statuses=WEAPON_STATUSES,
    examples=EXAMPLES,
    description="D6 to hit (7 − BS), wound chart, saves, injury dice, 2D6 ammo rolls, "
    "sustained fire, blast and flame templates, grenades.",
)


@hookimpl
def gunline_ruleset():
    return RULESET


@hookimpl
def start_state(attack):
    shooter = {"name": attack.shooter.name, "status": "unharmed"}
    if attack.shooter.overwatch:
        shooter["overwatch"] = True
    return ChainState(
        shooter=shooter,
        weapon={"rounds_left": None, "status": "broken" if attack.weapon.broken else "ok"},
        targets={
            t.name: {
                "status": STANDING[t.status],
                "wounds_left": 0 if t.status == "down" else t.wounds,
                "flesh_wounds": t.flesh_wounds,
            }
            for t in attack.targets
        },
    )


@hookimpl
def check_attack(attack, state):
    return checks.problems(attack, state) or None


@hookimpl
def begin_attack(attack, state, dice):
    return shots.sustained_fire(attack, state, dice)


@hookimpl
def modify_pool(attack, target, state):
    return to_hit.modify_pool(attack, target, state)


@hookimpl
def build_pool(attack, target, modifiers, state):
    return to_hit.build_pool(attack, target, modifiers, state)


@hookimpl
def resolve_hit(attack, target, pool, state, dice):
    return hits.resolve_hit(attack, target, pool, state, dice)


@hookimpl
def resolve_wound(attack, target, hit, state, dice):
    return wounds.resolve_wound(attack, target, hit, state, dice)


@hookimpl
def spend_ammo(attack, state, dice):
    return ammo.spend_ammo(attack, state, dice)


@hookimpl
def describe_outcome(attack, target, state):
    return outcome.describe_outcome(attack, target, state)


@hookimpl
def reload_weapon(attack, state):
    """Necromunda has no reloading: weapons never run dry by count, they break on a
    failed ammo roll and stay broken until repaired after the battle. Returning None
    leaves the weapon's state as it is."""
    return None
