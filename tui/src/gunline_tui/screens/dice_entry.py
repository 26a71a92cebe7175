"""Entering the dice rolled at the table, a whole roll on one line.

The chain is re-run with the faces typed so far (``gunline.replay.next_die``); it
says which roll it needs next and what it needs ("Sykes, attack pool, die 1 of 7:
d10, 8+ succeeds"), and the GM types the roll as it lies: ``7 9 2 7 1 3 8``, or run
together on one-digit dice (``7927138``), or, for a pool read by its successes
alone, the count (``3s``) (:mod:`gunline.dice.typed`). Rerolls and explosions are
further dice the rules ask for next, typed the same way. A blank rolls the die for
the GM; Backspace in the empty field takes back the last die typed.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from gunline.dice import BadFace
from gunline.dice.typed import LineError, example_faces, hint, left_in_roll, read_line
from gunline.errors import GunlineError, quoted
from gunline.models import Attack, Chain
from gunline.plugins import Registry
from gunline.replay import next_die
from gunline.runner import new_seed

from ..offload import OffLoop
from ..shown import Text
from ..speech import N_, SpokenBindings, _, _n
from ..widgets.in_order import LineInput
from .dialogs import OnTop


class DieInput(LineInput):
    """The line a roll is typed on. A line entered leaves it empty at once, so that
    what is typed next is the next line and not more of this one (two lines typed
    together ran into one, ``8920`` then ``3`` read as ``89203``); Backspace in the
    empty field takes back the last die. Both are messages numbered in the order
    typed, so the dialog takes them in that order and knows which were typed before
    it could say a line was refused."""

    typed = 0

    class Line(Message):
        def __init__(self, text: str, number: int) -> None:
            super().__init__()
            self.text = text
            self.number = number

    class TakeBack(Message):
        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

    async def action_submit(self) -> None:
        line, self.value = self.value, ""
        self.typed += 1
        self.post_message(self.Line(line, self.typed))

    def action_delete_left(self) -> None:
        if not self.value:
            self.typed += 1
            self.post_message(self.TakeBack(self.typed))
        else:
            super().action_delete_left()


class DiceEntryDialog(OnTop, SpokenBindings, ModalScreen[Chain | None]):
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="dice-cancel")]

    def __init__(self, registry: Registry, attack: Attack, seed: int | None = None, prior=None) -> None:
        super().__init__(classes="dialog-screen")
        self.registry = registry
        self.attack = attack
        self.prior = prior  # the encounter's saved state the attack starts from, if any
        self.seed = new_seed() if seed is None else seed
        self.faces: list[int | None] = []
        self.used: list[int] = []
        self.request_text = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(_("Dice by hand"), style="bold"), classes="dialog-title")
            yield Static("", id="dice-request")
            yield DieInput(id="die-input")
            yield Static("", id="dice-hint", classes="dialog-help")
            yield Static("", id="dice-so-far")
            yield Static("", id="dice-error", classes="dialog-error")
            yield Static(
                _("Enter: take the line · Backspace (empty field): take back the last die · Esc: cancel"),
                classes="dialog-help",
            )

    def _advance(self) -> None:
        """Re-run with the faces so far (off the event loop: it runs the plugins'
        hooks); finish or ask for the next roll. A face the rules' die cannot show
        is taken back with every face after it."""
        faces = list(self.faces)

        def work():
            try:
                return next_die(self.registry, self.attack, faces, self.seed, prior=self.prior), None
            except BadFace as exc:
                kept = faces[:exc.position]
                return next_die(self.registry, self.attack, kept, self.seed, prior=self.prior), exc

        self._busy = True
        limit = getattr(self.app, "hook_limit", None)
        OffLoop(self, limit).soon(work, self._advanced, self._failed, group="dice-entry", description="Resolving")

    def _failed(self, error: BaseException) -> None:
        self._busy = False
        message = str(error) if isinstance(error, GunlineError) else f"{type(error).__name__}: {error}"
        self.query_one("#dice-error", Static).update(Text(f"✗ {message}" + self._dropped()))

    def _advanced(self, out) -> None:
        self._busy = False
        (chain, needed, self.used), bad_face = out
        error = self.query_one("#dice-error", Static)
        if bad_face is not None:
            bad = self.faces[bad_face.position]
            del self.faces[bad_face.position:]
            error.update(Text("✗ " + _("{face} is not a face of that die: it takes 1 to {sides}; type that roll again",
                                       face=bad, sides=bad_face.request.sides) + self._dropped()))
        if chain is not None:
            unused = len(self.faces) - len(self.used)
            if unused > 0:
                self.app.notify(_n("{n} of the faces typed were not needed", "{n} of the faces typed were not needed",
                                   unused, n=unused), severity="warning", timeout=5)
            lines = sum(isinstance(entry, DieInput.Line) for entry in self._waiting)
            if lines:
                self.app.notify(_n("{n} line typed after the last die was not needed",
                                   "{n} lines typed after the last die were not needed", lines, n=lines),
                                severity="warning", timeout=5)
            left = self.query_one("#die-input", DieInput).value.strip()
            if left:  # keys meant for the screen under it, or a die more: neither is guessed
                self.app.notify(_("typed after the last die and not taken: {text}", text=quoted(left)),
                                severity="warning", timeout=5)
            self.dismiss(chain)
            return
        assert needed is not None
        self.request = needed.request
        self.request_text = needed.request.describe()
        self.query_one("#dice-request", Static).update(
            Text(_("Die {number}: {request}", number=needed.position + 1, request=self.request_text), style="bold")
        )
        self.query_one("#dice-hint", Static).update(Text(_("Type {what}", what=hint(needed.request))))
        faces = example_faces(needed.request.sides, left_in_roll(needed.request))
        self.query_one("#die-input", DieInput).placeholder = _("the roll: {faces}", faces=" ".join(map(str, faces)))
        so_far = " ".join(
            f"{v}" if self.faces[i] is not None else f"{v}·" for i, v in enumerate(self.used)
        )
        rolled = any(face is None for face in self.faces[:len(self.used)])
        legend = "  " + _("(· rolled for you)") if rolled else ""
        self.query_one("#dice-so-far", Static).update(
            Text(_("so far: {faces}", faces=so_far) + legend if so_far else _("so far: none")))
        if self._waiting:
            self._next()

    request = None
    #: Whether the chain is being re-run with the faces so far (the die it needs next
    #: is not known yet).
    _busy = False
    #: The number of the line (or take-back) being taken, and the last of those not
    #: to take: typed behind a line that was refused, before the GM could see it.
    _current = 0
    _skip_to = 0

    def on_mount(self) -> None:
        #: Lines and take-backs typed while the chain was being re-run, in order.
        self._waiting: list[DieInput.Line | DieInput.TakeBack] = []
        self._advance()

    def on_die_input_line(self, event: DieInput.Line) -> None:
        event.stop()
        self._enter(event)

    def on_die_input_take_back(self, event: DieInput.TakeBack) -> None:
        event.stop()
        self._enter(event)

    def _enter(self, entry: DieInput.Line | DieInput.TakeBack) -> None:
        """Take a line or a take-back, or keep it while the chain is being re-run:
        each line typed together with others (at once after Ctrl+T, or over a slow
        connection) is read against the die asked for when its turn comes, not the
        one asked for when it arrived."""
        if self._busy or self._waiting:
            self._waiting.append(entry)
        else:
            self._do(entry)

    def _next(self) -> None:
        """Take the first of what was typed while the chain was re-run."""
        self._do(self._waiting.pop(0))

    def _do(self, entry: DieInput.Line | DieInput.TakeBack) -> None:
        if self.request is None:  # the rules failed before asking for a die
            return
        if entry.number <= self._skip_to:  # typed behind a refused line
            if self._waiting:
                self._next()
            return
        self._current = entry.number
        if isinstance(entry, DieInput.TakeBack):
            self._back()
        else:
            self._take(entry.text)

    def _dropped(self) -> str:
        """Forget what was typed behind a line that was not taken, and say so: it
        was meant for the dice after that line, and would be read as that line's."""
        typed = self.query_one("#die-input", DieInput).typed
        self._waiting, self._skip_to = [], typed
        if typed <= self._current:
            return ""
        return " " + _("(what was typed after it was not taken)")

    def _take(self, line: str) -> None:
        error = self.query_one("#dice-error", Static)
        error.update("")
        assert self.request is not None, "a line is taken once a die is asked for"
        try:
            faces = read_line(line, self.request)
        except LineError as exc:
            error.update(Text(f"✗ {exc}" + self._dropped()))
            field = self.query_one("#die-input", Input)
            if not field.value:  # to be typed again (unless the GM has begun another)
                field.value = line
                field.cursor_position = len(line)  # at its end, as typed: Backspace mends it
            return
        self.faces += faces
        self._advance()

    def _back(self) -> None:
        if self.faces:
            self.faces.pop()
            self.query_one("#dice-error", Static).update("")
            self._advance()
        elif self._waiting:
            self._next()  # nothing to take back

    def action_cancel(self) -> None:
        self.dismiss(None)
