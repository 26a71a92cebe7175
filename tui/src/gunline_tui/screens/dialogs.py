"""Small modal dialogs: ask for a line of text, pick from a list."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..shown import Text
from ..speech import N_, SpokenBindings, _
from ..widgets.in_order import KeysInOrder, LineInput, Scroll, hold_keys


class OnTop:
    """A dialog that closes once, and only itself. Textual's ``dismiss`` pops whatever
    screen is on top: Enter typed twice on a pick list (keys arrive together over a
    slow connection) chose the option, and the second choice, still coming to the
    closed dialog, popped the screen under it (the main screen: the app stopped).

    The keys typed behind the key that closes it are held (see
    :class:`..widgets.in_order.KeyHold`) until its answer is acted on (the app ends
    the hold once the dialog's callback is done: ``GunlineApp.push_screen``), then go
    on in the order typed to where the focus is, as keys newly typed. Textual runs
    the callback a few turns after the dialog closes: ``F4 8 Enter Ctrl+N X`` added
    the target first, and the seed, set on a scenario with an unnamed target, was
    refused; the Ctrl+N, matched against the closing dialog's keys, reached the form
    after the X had been typed into the field under the dialog."""

    #: Whether the app ends the hold after the callback (it does for a dialog it
    #: pushed); else there is nothing to wait for, and no hold.
    answer_awaited = False
    #: Ends the hold of the keys typed behind the answer (None: not answered yet).
    answer_hold: Callable[[], None] | None = None

    def dismiss(self, result: Any = None) -> Any:
        screen: Any = self
        if screen.app.screen is not screen:  # closed already, or another dialog over it
            return None
        if self.answer_awaited and self.answer_hold is None and _callback_runs(screen):
            self.answer_hold = hold_keys(screen.app)
        return super().dismiss(result)  # type: ignore[misc]

    def answer_acted_on(self) -> None:
        """The answer's work is done: the keys typed behind it go on."""
        if self.answer_hold is not None:
            self.answer_hold()


def _callback_runs(screen: Any) -> bool:
    """Whether Textual will run the callback the dialog was pushed with: it runs it
    through the object that pushed the dialog, which must still be running (were it
    not, the keys held behind the answer would wait for ever)."""
    callbacks = getattr(screen, "_result_callbacks", None)
    requester = callbacks[-1].requester if callbacks else None
    return requester is not None and bool(requester.is_running)


class HoldsKeys:
    """A dialog whose answer starts work that changes what is under it (a file read
    and opened, written, or a question about it): the keys typed behind the answer,
    before that work is done, are dropped and said (see
    :class:`..widgets.in_order.KeyHold`). They went into the form: ``Enter y``
    typed for an "Overwrite?" that was not up yet wrote the y into a field and saved
    it; ``Enter 7`` put the 7 into the file just opened. (A mixin, before the
    screen's class, after :class:`OnTop`: a dialog closed already holds nothing.)"""

    #: Whether this dialog's answer holds the keys behind it.
    holds_keys = True

    #: Whether it was answered (and is closing): the keys it is still handed are
    #: typed behind the answer.
    _answered = False

    def dismiss(self, result: Any = None) -> Any:
        screen: Any = self
        if result is not None and result is not False and self.holds_keys:
            self._answered = True
            screen.app.key_hold.drop()
        return super().dismiss(result)  # type: ignore[misc]

    async def on_event(self, event: Any) -> None:
        """A key handed to it once answered goes nowhere (the app was handed it
        before the answer was taken): said with the others."""
        screen: Any = self
        if self._answered and isinstance(event, Key) and screen.app.key_hold.keep(event):
            return
        await super().on_event(event)  # type: ignore[misc]


class PromptLine(LineInput):
    """A prompt's line: Enter answers as the key is taken. Through the line's message
    it answered a few turns later, and the keys typed with the Enter (over a slow
    connection: ``F4 8 Enter Ctrl+T``) went into the closing dialog and were lost;
    answered here, the dialog is closed before them, and they go where the focus
    went (:mod:`..widgets.in_order`)."""

    async def action_submit(self) -> None:
        dialog = self.screen
        if isinstance(dialog, PromptDialog):
            dialog.answer(self.value)
            return
        await super().action_submit()


class PromptDialog(OnTop, HoldsKeys, SpokenBindings, ModalScreen[str | None]):
    """One line of input. ``check`` returns an error message to keep the dialog open
    (the error is shown under the input), or ``None`` to accept. ``holds``: the
    keys typed behind the answer are held until its work is done (:class:`HoldsKeys`);
    a prompt whose answer only sets a value (a seed) lets them go on to the screen."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="dialog-cancel")]

    def __init__(self, title: str, value: str = "", help: str = "",
                 check: Callable[[str], str | None] | None = None, holds: bool = True) -> None:
        super().__init__(classes="dialog-screen")
        self._title, self._value, self._help, self._check = title, value, help, check
        self.holds_keys = holds

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self._title, style="bold"), classes="dialog-title")
            yield PromptLine(self._value, id="prompt-input")
            yield Static(Text(self._help), classes="dialog-help")
            yield Static("", id="prompt-error", classes="dialog-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.answer(event.value)

    def answer(self, value: str) -> None:
        """Close with ``value``, or keep the dialog open with the check's error."""
        problem = self._check(value) if self._check else None
        if problem:
            self.query_one("#prompt-error", Static).update(Text("✗ " + problem))
            if self.holds_keys:  # what was typed behind the Enter is not added to the line
                app: Any = self.app
                app.key_hold.drop()
                app.typed_ahead_done(seen=True)
            return
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class PickList(KeysInOrder, OptionList):
    """A dialog's list, its keys in the order typed (see :mod:`..widgets.in_order`):
    Enter picks as the key is taken (through the list's message it picked a few turns
    later, and an Esc typed with it had cancelled the dialog first)."""

    def action_select(self) -> None:
        option, dialog = self.highlighted_option, self.screen
        if option is not None and isinstance(dialog, PickDialog):
            dialog.dismiss(option.id)
            return
        super().action_select()


class PickFilter(LineInput):
    """A long list's line to type into: the list is narrowed as the line changes.
    Narrowed through the line's message, a few turns later, a key typed with the
    letters picked from the list as it was: ``j Shift+Tab Enter`` opened the first
    example of the whole list, not the first with a j."""

    def watch_value(self, value: str) -> None:
        dialog = self.screen if self.is_attached else None
        if isinstance(dialog, PickDialog):
            dialog.narrow(value)

    async def action_submit(self) -> None:
        """Enter picks as the key is taken (as :class:`PromptLine` answers): through the
        line's message it picked a few turns later, from the list as the keys typed
        after it had left it (a space narrowed it again, to its first option)."""
        dialog = self.screen
        if isinstance(dialog, PickDialog):
            dialog.pick_highlighted()
            return
        await super().action_submit()


class PickDialog(OnTop, SpokenBindings, ModalScreen[str | None]):
    """Pick one of a list; returns the option's id. A long list has a line to type
    into above it: what is typed narrows the list (any part of a label), the arrows
    move in it, Enter picks."""

    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel"), id="pick-cancel"),
        Binding("down", "move(1)", N_("Next"), show=False, id="pick-down"),
        Binding("up", "move(-1)", N_("Previous"), show=False, id="pick-up"),
    ]
    #: From this many options on, the list can be narrowed by typing.
    FILTER_FROM = 8

    def __init__(self, title: str, options: list[tuple[str, str]], empty: str | None = None,
                 highlight: str | None = None) -> None:
        super().__init__(classes="dialog-screen")
        self._title, self._options, self._empty = title, options, _("nothing to pick") if empty is None else empty
        #: The option (id) the list starts on: the value now, for a field's picker.
        self._highlight = highlight
        self._shown = list(options)

    @property
    def filtering(self) -> bool:
        return len(self._options) >= self.FILTER_FROM

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self._title, style="bold"), classes="dialog-title")
            if self._options:
                if self.filtering:
                    yield PickFilter(placeholder=_("type to narrow the list"), id="pick-filter")
                yield PickList(*[Option(Text(label), id=key) for label, key in self._options], id="pick-list")
            else:
                yield Static(Text(self._empty))
            help = _("type to narrow · ↑↓ move · Enter picks · Esc cancels") if self.filtering else \
                _("Enter picks · Esc cancels")
            yield Static(help, classes="dialog-help")

    def _list(self) -> OptionList | None:
        """The list, or None: there is none with nothing to pick, nor in a dialog
        closed before it was drawn (a key typed together with the one that opened it)."""
        found = self.query("#pick-list").results(OptionList)
        return next(found, None)

    def on_mount(self) -> None:
        ids = [key for _label, key in self._options]
        lst = self._list()
        if lst is not None:
            lst.highlighted = ids.index(self._highlight) if self._highlight in ids else 0
            if self.filtering:
                self.query_one("#pick-filter", Input).focus()
            else:
                lst.focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()  # narrowed already (PickFilter)

    #: What the list was last narrowed to.
    _narrowed = ""

    def narrow(self, value: str) -> None:
        """Show the options whose label has every word of ``value`` (any part of it)."""
        if value == self._narrowed:
            return
        self._narrowed = value
        words = value.casefold().split()
        self._shown = [(label, key) for label, key in self._options
                       if all(w in label.casefold() for w in words)]
        lst = self._list()
        if lst is None:
            return
        lst.clear_options()
        lst.add_options([Option(Text(label), id=key) for label, key in self._shown])
        if self._shown:
            lst.highlighted = 0

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.pick_highlighted()

    def pick_highlighted(self) -> None:
        """Close with the option highlighted in the list (none shown: stay open)."""
        lst = self._list()
        if lst is not None and lst.highlighted is not None and self._shown:
            self.dismiss(self._shown[lst.highlighted][1])

    def action_move(self, by: int) -> None:
        lst = self._list()
        if lst is None:
            return
        if self.focused is lst:
            (lst.action_cursor_down if by > 0 else lst.action_cursor_up)()
        elif self._shown:
            lst.highlighted = max(0, min(len(self._shown) - 1, (lst.highlighted or 0) + by))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TextScreen(OnTop, SpokenBindings, ModalScreen[None]):
    """A page of text (help, plugins), closed with Esc or q."""

    BINDINGS = [Binding("escape,q", "close", N_("Close"), id="text-close")]

    def __init__(self, title: str, body: Text | str) -> None:
        super().__init__(classes="dialog-screen")
        self._title, self._body = title, body

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static(Text(self._title, style="bold"), classes="dialog-title")
            with Scroll(id="text-body"):
                yield Static(self._body if isinstance(self._body, Text) else Text(self._body))
            yield Static(_("Esc closes · arrows scroll"), classes="dialog-help")

    def on_mount(self) -> None:
        for body in self.query("#text-body"):  # none in a page closed before it was drawn
            body.focus()

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmDialog(OnTop, HoldsKeys, SpokenBindings, KeysInOrder, ModalScreen[bool]):
    """A yes/no question: y says yes, n or Esc says no, Enter says ``default``. A
    question whose yes destroys something (a file overwritten) is asked with
    ``default=False``: Enter pressed out of habit keeps it.

    It has nothing to focus: the keys go to the question itself, which takes them in
    the order typed (:class:`..widgets.in_order.KeysInOrder`). Through Textual, each
    came back up to the app to run its binding there, a few turns later: the
    answer's (``Enter``) closed the question, and a key typed after it (``X``, meant
    for the field under it) was matched against that screen's bindings as it came,
    and lost."""

    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes"), id="confirm-yes"),
        Binding("n,escape", "answer(False)", N_("No"), id="confirm-no"),
        Binding("enter", "default", N_("Default"), show=False, id="confirm-default"),
    ]

    def __init__(self, title: str, body: str, question: str, *, default: bool = True) -> None:
        super().__init__(classes="dialog-screen")
        self._title, self._body, self._question, self._default = title, body, question, default

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self._title, style="bold"), classes="dialog-title")
            yield Static(Text(self._body), classes="dialog-error")
            yield Static(Text(self._question, style="bold"))
            help = _("y / Enter: yes · n / Esc: no") if self._default else _("y: yes · n / Esc / Enter: no")
            yield Static(help, classes="dialog-help")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_default(self) -> None:
        self.dismiss(self._default)


class ChoiceDialog(OnTop, HoldsKeys, SpokenBindings, KeysInOrder, ModalScreen[str | None]):
    """A question with a few answers, each on a letter (``choices``: key, words,
    answer); Enter and Esc both give None, the safe answer (keep things as they
    are), so no key pressed out of habit loses anything. Its keys are taken in the
    order typed, as :class:`ConfirmDialog`'s are."""

    BINDINGS = [Binding("escape,enter", "safe", N_("Cancel"), id="choice-safe")]

    def __init__(self, title: str, body: str, choices: list[tuple[str, str, str]], safe: str) -> None:
        super().__init__(classes="dialog-screen")
        self._title, self._body, self._choices, self._safe = title, body, choices, safe

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self._title, style="bold"), classes="dialog-title")
            yield Static(Text(self._body), classes="dialog-error")
            for key, words, _answer in self._choices:
                yield Static(Text(f"{key}: {words}"))
            yield Static(Text(_("Enter / Esc: {safe}", safe=self._safe)), classes="dialog-help")

    def on_key(self, event: Key) -> None:
        for key, _words, answer in self._choices:
            if event.key == key:
                event.stop()
                self.dismiss(answer)
                return

    def action_safe(self) -> None:
        self.dismiss(None)
