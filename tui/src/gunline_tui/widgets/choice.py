"""A one-line choice among a few values, changed with the arrow keys.

Lighter than a Select (one widget instead of five, no overlay), which matters when a
form has a choice on every target, and quicker with a keyboard: Left/Right (or
Space/Enter) step through the values in the order the rules list them. The value is
always shown as text between ‹ ›, so the state never rests on colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text as RichText
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Static

from ..shown import Text

BLANK_LABEL = "—"


class Choice(Static, can_focus=True):
    BINDINGS = [
        Binding("right,space,enter", "step(1)", "Next choice", show=False),
        Binding("left", "step(-1)", "Previous choice", show=False),
    ]

    @dataclass
    class Changed(Message):
        choice: Choice
        value: Any

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(self, values: Sequence[Any], value: Any = None, *, allow_blank: bool = False,
                 name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id, classes="choice")
        self.values: list[Any] = ([None] if allow_blank else []) + list(values)
        self.value = value if value in self.values else self.values[0]

    def render(self) -> RichText:
        label = BLANK_LABEL if self.value is None else str(self.value)
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
