"""Messages the widgets send up to the main screen."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message


@dataclass
class DraftEdited(Message):
    """A field of the scenario changed; ``structural`` when the form must be rebuilt
    (ruleset changed, target added/removed/moved)."""

    path: str
    structural: bool = False


@dataclass
class TargetAction(Message):
    """Add, remove or move the target at ``index`` (``action``: add|remove|up|down)."""

    index: int
    action: str
