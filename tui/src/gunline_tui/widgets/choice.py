"""A one-line choice among a few values, changed with the arrow keys.

Lighter than a Select (one widget instead of five, no overlay), which matters when a
form has a choice on every target, and quicker with a keyboard: Left/Right (or
Space/Enter) step through the values in the order the rules list them. The value is
always shown as text between ‹ ›, so the state never rests on colour.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text as RichText
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Static

from ..shown import Text
from ..speech import N_
from .in_order import KeysInOrder

BLANK_LABEL = "—"


class Choice(KeysInOrder, Static, can_focus=True):
    BINDINGS = [
        Binding("right,space,enter", "step(1)", N_("Next choice"), show=False),
        Binding("left", "step(-1)", N_("Previous choice"), show=False),
    ]

    @dataclass
    class Changed(Message):
        choice: Choice
        value: Any

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(self, values: Sequence[Any], value: Any = None, *, allow_blank: bool = False,
                 name: str | None = None, id: str | None = None,
                 words: Callable[[Any], str] | None = None) -> None:
        """``words``: how a value is shown (the ruleset's word for it), else as it is."""
        super().__init__(name=name, id=id, classes="choice")
        self.values: list[Any] = ([None] if allow_blank else []) + list(values)
        self.value = value if value in self.values else self.values[0]
        self.words = words

    def render(self) -> RichText:
        if self.value is None:
            label = BLANK_LABEL
        else:
            label = self.words(self.value) if self.words is not None else str(self.value)
        index = self.values.index(self.value) + 1
        return Text.assemble("‹ ", (label, "bold"), " ›", (f"  {index}/{len(self.values)}", "dim"))

    def action_step(self, by: int) -> None:
        index = (self.values.index(self.value) + by) % len(self.values)
        self.set_value(self.values[index])

    def set_value(self, value: Any) -> None:
        if value not in self.values or value == self.value:
            return
        self.value = value
        self.refresh()
        self.post_message(self.Changed(self, value))
