"""Messages the widgets send up to the main screen (edits go through the model)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from textual.message import Message


@dataclass
class TargetAction(Message):
    """Add, remove, move or open (when folded) the target at ``index`` (``action``:
    add|remove|up|down|open). ``row``: the title row the key was typed on (a row
    replaced meanwhile, or showing another target, acts on nothing: its index may
    be another target's now);
    ``done``: called once the screen is through with it, done or refused (the keys
    typed behind it are held until then)."""

    index: int
    action: str
    row: Any = None
    done: Callable[[], None] = field(default=lambda: None)
    #: What the row showed as the key was typed (its ``shown``): a row that came
    #: to show another target since (the form changed in place) acts on nothing.
    shown: int = 0


@dataclass
class RulesetPicked(Message):
    """The ruleset picker chose ``name``: a new scenario of that game, once the
    screen knows no unsaved work is lost by it."""

    name: str
