"""gunline: resolve ranged attacks in tabletop games as a chain of dice and modifiers.

What a plugin author imports lives here: the ``hookimpl`` marker, the models a hook
returns, the dice interface and the state it reads.
"""

from .dice import Dice, DiceNeeded, RandomDice, ScriptedDice
from .engine import resolve
from .errors import AttackRefused, BadInput, GunlineError, PluginFailed
from .models import (
    HOOKSPEC_VERSION,
    Action,
    ActionChain,
    Attack,
    Chain,
    Modifier,
    PluginInfo,
    Roll,
    Ruleset,
    Step,
    Variant,
)
from .plugins import Registry, discover, hookimpl
from .state import ChainState

__version__ = "0.2.0"

__all__ = [
    "HOOKSPEC_VERSION",
    "Action",
    "ActionChain",
    "Attack",
    "AttackRefused",
    "BadInput",
    "Chain",
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
    "discover",
    "hookimpl",
    "resolve",
]
