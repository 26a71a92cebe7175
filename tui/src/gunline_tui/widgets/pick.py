"""A field whose value is picked from a list in a dialog: the ruleset, the weapon
from the catalogue.

A dropdown changes its value as the arrow keys move over it, and its list covers
the footer; this one shows its value as text (‹ lasgun ›), opens the list in a
dialog on Enter or Space, and changes nothing until a value is picked there with
Enter (Esc leaves it as it was). The arrow keys move between fields, as everywhere
in the form.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text as RichText
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Static

from ..shown import Text
from ..speech import N_
from .in_order import KeysInOrder


class PickField(KeysInOrder, Static, can_focus=True):
    BINDINGS = [Binding("enter,space", "open", N_("Pick…"), show=True, id="pick-open")]

    @dataclass
    class Picked(Message):
        field: PickField
        value: str

        @property
        def control(self) -> PickField:
            return self.field

    def __init__(self, title: str, options: Sequence[tuple[str, str]], value: str | None, *,
                 name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id, classes="pick")
        #: The dialog's title ("Ruleset", "Weapon from the catalogue").
        self.title = title
        #: (label, value) pairs, in the order shown.
        self.options = list(options)
        self.value = value

    def render(self) -> RichText:
        label = next((lab for lab, v in self.options if v == self.value), self.value or "—")
        text = Text.assemble("‹ ", (label, "bold"), " ›")
        text.no_wrap, text.overflow = True, "ellipsis"
        return text

    def action_open(self) -> None:
        from ..screens.dialogs import PickDialog

        def picked(value: str | None) -> None:
            if value is not None and value != self.value:
                self.value = value
                self.refresh()
                self.post_message(self.Picked(self, value))

        self.app.push_screen(PickDialog(self.title, self.options, highlight=self.value), picked)
