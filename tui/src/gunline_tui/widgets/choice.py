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

from gunline.errors import quoted

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
        #: A value given that is none of the values (a file's ``cover = "bunker"``):
        #: shown as it is, marked, until a step picks one. Shown as the first value,
        #: it looked chosen, and the error under it read as about that value.
        self.odd = value if value is not None and value not in self.values else None
        self.words = words

    def render(self) -> RichText:
        if self.odd is not None:
            return Text.assemble("‹ ", (quoted(self.odd), "bold"), " ✗ ›", (f"  ?/{len(self.values)}", "dim"))
        if self.value is None:
            label = BLANK_LABEL
        else:
            label = self.words(self.value) if self.words is not None else str(self.value)
        index = self.values.index(self.value) + 1
        return Text.assemble("‹ ", (label, "bold"), " ›", (f"  {index}/{len(self.values)}", "dim"))

    def action_step(self, by: int) -> None:
        if self.odd is not None:  # the first step away from it picks the first value (or the last)
            self.odd = None
            self.value = self.values[0] if by > 0 else self.values[-1]
            self.refresh()
            self.post_message(self.Changed(self, self.value))
            return
        index = (self.values.index(self.value) + by) % len(self.values)
        self.set_value(self.values[index])

    def set_value(self, value: Any) -> None:
        if value not in self.values or (value == self.value and self.odd is None):
            return
        self.odd = None
        self.value = value
        self.refresh()
        self.post_message(self.Changed(self, value))
