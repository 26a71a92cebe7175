"""gunline: resolve ranged attacks in tabletop games as a chain of dice and modifiers.

What a plugin author imports lives here: the ``hookimpl`` marker, the models a hook
returns, the dice interface and the state it reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import exports

if TYPE_CHECKING:
    from .battlefield import Area, Battlefield
    from .dice import Dice, DiceNeeded, RandomDice, ScriptedDice
    from .engine import resolve
    from .errors import AttackRefused, BadInput, GunlineError, PluginFailed
    from .models import (
        HOOKSPEC_VERSION,
        Action,
        ActionChain,
        Attack,
        Chain,
        Measure,
        Modifier,
        PluginInfo,
        Roll,
        Ruleset,
        Step,
        Variant,
    )
    from .plugins import Registry, as_hook, discover, hookimpl
    from .state import ChainState

__getattr__, __dir__ = exports(__name__, {
    "Area": ".battlefield",
    "Battlefield": ".battlefield",
    "Dice": ".dice",
    "DiceNeeded": ".dice",
    "RandomDice": ".dice",
    "ScriptedDice": ".dice",
    "resolve": ".engine",
    "AttackRefused": ".errors",
    "BadInput": ".errors",
    "GunlineError": ".errors",
    "PluginFailed": ".errors",
    "HOOKSPEC_VERSION": ".models",
    "Action": ".models",
    "ActionChain": ".models",
    "Attack": ".models",
    "Chain": ".models",
    "Measure": ".models",
    "Modifier": ".models",
    "PluginInfo": ".models",
    "Roll": ".models",
    "Ruleset": ".models",
    "Step": ".models",
    "Variant": ".models",
    "Registry": ".plugins",
    "discover": ".plugins",
    "hookimpl": ".plugins",
    "as_hook": ".plugins",
    "ChainState": ".state",
})


__version__ = "0.2.0"

__all__ = [
    "HOOKSPEC_VERSION",
    "Action",
    "ActionChain",
    "Area",
    "Attack",
    "AttackRefused",
    "Battlefield",
    "BadInput",
    "Chain",
    "Measure",
    "ChainState",
    "Dice",
    "DiceNeeded",
    "GunlineError",
    "Modifier",
    "PluginFailed",
    "PluginInfo",
    "RandomDice",
    "Registry",
    "Roll",
    "Ruleset",
    "ScriptedDice",
    "Step",
    "Variant",
    "as_hook",
    "discover",
    "hookimpl",
    "resolve",
]
