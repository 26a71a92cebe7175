"""Entering the dice rolled at the table, one die at a time.

The chain is re-run with the faces typed so far (``gunline.replay.next_die``); it
says which die it needs next and what that die needs ("Sykes, attack pool, die 4 of
7: d10, needs 8+ succeeds"), rerolls and explosions included, because they are just
further dice the rules ask for. A blank rolls that die for the GM; 0 is 10 on a d10;
Backspace in the empty field takes back the previous die.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from gunline.dice import BadFace
from gunline.errors import GunlineError
from gunline.models import Attack, Chain
from gunline.plugins import Registry
from gunline.replay import next_die
from gunline.runner import new_seed

from ..offload import OffLoop
from ..shown import Text


class DieInput(Input):
    """An Input where Backspace on an empty value means "previous die"."""

    def action_delete_left(self) -> None:
        if not self.value:
            self.screen.action_back()  # type: ignore[attr-defined]
        else:
            super().action_delete_left()


class DiceEntryDialog(ModalScreen[Chain | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dice-cancel")]

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
            yield Static(Text("Dice by hand", style="bold"), classes="dialog-title")
            yield Static("", id="dice-request")
            yield DieInput(placeholder="face, or blank to roll it for me", id="die-input")
            yield Static("", id="dice-so-far")
            yield Static("", id="dice-error", classes="dialog-error")
            yield Static(
                "Enter: next die · blank: roll it for me · 0 = 10 on a d10\n"
                "Backspace (empty field): fix the previous die · Esc: cancel",
                classes="dialog-help",
            )

    def on_mount(self) -> None:
        self._advance()

    def _advance(self) -> None:
        """Re-run with the faces so far (off the event loop: it runs the plugins'
        hooks); finish or ask for the next die."""
        faces = list(self.faces)

        def work():
            try:
                return next_die(self.registry, self.attack, faces, self.seed, prior=self.prior), None
            except BadFace as exc:
                return next_die(self.registry, self.attack, faces[:-1], self.seed, prior=self.prior), exc

        limit = getattr(self.app, "hook_limit", None)
        OffLoop(self, limit).soon(work, self._advanced, self._failed, group="dice-entry", description="Resolving")

    def _failed(self, error: BaseException) -> None:
        message = str(error) if isinstance(error, GunlineError) else f"{type(error).__name__}: {error}"
        self.query_one("#dice-error", Static).update(Text(f"✗ {message}"))

    def _advanced(self, out) -> None:
        (chain, needed, self.used), bad_face = out
        error = self.query_one("#dice-error", Static)
        if bad_face is not None:
            bad = self.faces.pop()
            error.update(Text(f"✗ {bad} is not a face of that die: it takes 1 to {bad_face.request.sides}"))
        if chain is not None:
            self.dismiss(chain)
            return
        assert needed is not None
        self.request_text = needed.request.describe()
        self.query_one("#dice-request", Static).update(
            Text(f"Die {needed.position + 1}: {self.request_text}", style="bold")
        )
        so_far = " ".join(
            f"{v}" if self.faces[i] is not None else f"{v}·" for i, v in enumerate(self.used)
        )
        self.query_one("#dice-so-far", Static).update(
            Text(f"so far: {so_far}  (· rolled for you)" if so_far else "so far: none")
        )

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        error = self.query_one("#dice-error", Static)
        error.update("")
        if text == "":
            face: int | None = None
        else:
            try:
                face = int(text)
            except ValueError:
                error.update(Text(f"✗ {text!r} is not a number: type the face shown, or leave blank"))
                event.input.value = ""
                return
        event.input.value = ""
        self.faces.append(face)
        self._advance()

    def action_back(self) -> None:
        if self.faces:
            self.faces.pop()
            self.query_one("#dice-error", Static).update("")
            self._advance()

    def action_cancel(self) -> None:
        self.dismiss(None)
