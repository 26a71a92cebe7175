"""Small modal dialogs: ask for a line of text, pick from a list."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..shown import Text


class PromptDialog(ModalScreen[str | None]):
    """One line of input. ``check`` returns an error message to keep the dialog open
    (the error is shown under the input), or ``None`` to accept."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog-cancel")]

    def __init__(self, title: str, value: str = "", help: str = "",
                 check: Callable[[str], str | None] | None = None) -> None:
        super().__init__(classes="dialog-screen")
        self._title, self._value, self._help, self._check = title, value, help, check

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self._title, style="bold"), classes="dialog-title")
            yield Input(self._value, id="prompt-input")
            yield Static(Text(self._help), classes="dialog-help")
            yield Static("", id="prompt-error", classes="dialog-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        problem = self._check(event.value) if self._check else None
        if problem:
            self.query_one("#prompt-error", Static).update(Text("✗ " + problem))
            return
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class PickDialog(ModalScreen[str | None]):
    """Pick one of a list; returns the option's id."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="pick-cancel")]

    def __init__(self, title: str, options: list[tuple[str, str]], empty: str = "nothing to pick",
                 highlight: str | None = None) -> None:
        super().__init__(classes="dialog-screen")
        self._title, self._options, self._empty = title, options, empty
        #: The option (id) the list starts on: the value now, for a field's picker.
        self._highlight = highlight

    def on_mount(self) -> None:
        ids = [key for _label, key in self._options]
        if self._options:
            lst = self.query_one("#pick-list", OptionList)
            lst.highlighted = ids.index(self._highlight) if self._highlight in ids else 0
            lst.focus()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self._title, style="bold"), classes="dialog-title")
            if self._options:
                yield OptionList(*[Option(Text(label), id=key) for label, key in self._options], id="pick-list")
            else:
                yield Static(Text(self._empty))
            yield Static("Enter picks · Esc cancels", classes="dialog-help")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TextScreen(ModalScreen[None]):
    """A page of text (help, plugins), closed with Esc or q."""

    BINDINGS = [Binding("escape,q", "close", "Close", id="text-close")]

    def __init__(self, title: str, body: Text | str) -> None:
        super().__init__(classes="dialog-screen")
        self._title, self._body = title, body

    def compose(self) -> ComposeResult:
        from textual.containers import VerticalScroll

        with Vertical(classes="dialog wide"):
            yield Static(Text(self._title, style="bold"), classes="dialog-title")
            with VerticalScroll(id="text-body"):
                yield Static(self._body if isinstance(self._body, Text) else Text(self._body))
            yield Static("Esc closes · arrows scroll", classes="dialog-help")

    def on_mount(self) -> None:
        self.query_one("#text-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmDialog(ModalScreen[bool]):
    """A yes/no question: y or Enter says yes, n or Esc says no."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes", id="confirm-yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm-no"),
    ]

    def __init__(self, title: str, body: str, question: str) -> None:
        super().__init__(classes="dialog-screen")
        self._title, self._body, self._question = title, body, question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self._title, style="bold"), classes="dialog-title")
            yield Static(Text(self._body), classes="dialog-error")
            yield Static(Text(self._question, style="bold"))
            yield Static("y / Enter: yes · n / Esc: no", classes="dialog-help")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
