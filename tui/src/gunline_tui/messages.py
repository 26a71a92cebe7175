"""Messages the widgets send up to the main screen (edits go through the model)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message


@dataclass
class TargetAction(Message):
    """Add, remove, move or open (when folded) the target at ``index`` (``action``:
    add|remove|up|down|open)."""

    index: int
    action: str


@dataclass
class RulesetPicked(Message):
    """The ruleset picker chose ``name``: a new scenario of that game, once the
    screen knows no unsaved work is lost by it."""

    name: str
