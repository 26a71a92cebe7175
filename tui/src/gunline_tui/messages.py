"""Messages the widgets send up to the main screen (edits go through the model)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message


@dataclass
class TargetAction(Message):
    """Add, remove or move the target at ``index`` (``action``: add|remove|up|down)."""

    index: int
    action: str
