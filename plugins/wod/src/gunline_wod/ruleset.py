"""World of Darkness (2004) firearms and autofire: the ruleset's hooks.

Attack pool = Dexterity + Firearms + weapon Damage rating + burst bonus − number of
targets (when two or more), then each target's range, concealment, prone and armor.
8+ succeeds, 10-again, a pool of 0 or less rolls one chance die. Each success is one
point of lethal damage (bashing through bulletproof armor). Ammo is spent once per
attack: 1, 3, 10 or 20 rounds; a dramatic failure jams the weapon (or, shot into close
combat, hits an avoided combatant), and clearing the jam is an action between attacks.
On a map (yards) the range bands and who stands within a yard of whom are read off it
(:mod:`.measuring`).
"""

from __future__ import annotations

import os
from typing import Any

from gunline import ChainState, Dice, Modifier, Ruleset, Step, hookimpl

from . import attack as rolls
from . import jams, measuring
from .catalogue import FIREARMS
from .checks import refusals
from .fire_modes import FIRE_MODES
from .health import STATUSES
from .messages import _
from .pool import attack_modifiers, pool_for
from .schema import Settings, Shooter, Target, Weapon, WodAttack

EXAMPLES = os.path.join(os.path.dirname(__file__), "examples")


@hookimpl
def gunline_ruleset() -> Ruleset:
    return Ruleset(
        name="wod",
        title=_("World of Darkness (2004): firearms and autofire"),
        shooter=Shooter,
        weapon=Weapon,
        target=Target,
        settings=Settings,
        modes=tuple(FIRE_MODES),
        catalogue=FIREARMS,
        statuses=STATUSES,
        weapon_statuses=jams.WEAPON_STATUSES,
        examples=str(EXAMPLES),
        featured="four-targets-long-burst.toml",  # four targets, one long burst: the chain at its fullest
        description=_(
            "d10 pools, 8+ succeeds, 10-again; short, medium and long bursts at several targets; "
            "a dramatic failure jams the gun, cleared by an action"
        ),
        actions=jams.ACTIONS(),
        api=2,
        map="yards",
    )


# on a map (yards): the range bands, who stands within a yard of whom (see measuring)
measure = measuring.measure
map_areas = measuring.map_areas


@hookimpl
def start_state(attack: WodAttack) -> ChainState:
    weapon = attack.weapon
    left = weapon.clip if weapon.rounds is None else weapon.rounds
    return ChainState(
        shooter={"name": attack.shooter.name, "status": "unharmed"},
        weapon={"rounds_left": left, "status": "jammed" if weapon.jammed else "ok" if left else "empty"},
        targets={
            t.name: {"status": "unharmed", "lethal": 0, "bashing": 0, "aggravated": 0}
            for t in attack.targets
        },
    )


@hookimpl
def check_attack(attack: WodAttack, state: ChainState) -> list[str] | None:
    return refusals(attack, state) or None


@hookimpl
def modify_pool(attack: WodAttack, target: Target) -> list[Modifier]:
    return attack_modifiers(attack, target)


@hookimpl
def build_pool(attack: WodAttack, target: Target, modifiers: list[Modifier], state: ChainState) -> Step:
    return pool_for(attack, target, modifiers, state)


@hookimpl
def resolve_hit(attack: WodAttack, target: Target, pool: Step, state: ChainState, dice: Dice) -> list[Step]:
    return rolls.resolve_hit(attack, target, pool, state, dice)


@hookimpl
def resolve_wound(target: Target, hit: Step, state: ChainState) -> Step:
    return rolls.wound(target, hit, state)


@hookimpl
def spend_ammo(attack: WodAttack, state: ChainState) -> Step:
    return jams.spend_ammo(attack, state)


@hookimpl
def describe_outcome(attack: WodAttack, target: Target, state: ChainState) -> str:
    return rolls.outcome(attack, target, state)


@hookimpl
def reload_weapon(attack: WodAttack, state: ChainState) -> dict[str, Any]:
    """A full clip; a jammed gun stays jammed (clearing it is an action of its own)."""
    return {"rounds_left": attack.weapon.clip, "status": "jammed" if jams.is_jammed(state) else "ok"}


@hookimpl
def check_action(action: str, state: ChainState) -> str | None:
    return jams.check_action(action, state)


@hookimpl
def resolve_action(action: str, attack: WodAttack, state: ChainState) -> Step | None:
    return jams.resolve_action(action, attack, state)
