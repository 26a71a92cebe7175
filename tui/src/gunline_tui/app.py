"""The gunline terminal app: ``gunline`` with no arguments opens it.

``make_app`` builds it for tests and benchmarks (a registry of your own, no entry
points needed); ``main`` is what the CLI calls.
"""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from gunline.errors import quoted
from gunline.plugins import Registry

from .control_filter import ControlFilter
from .encounter import Encounter
from .opening import Opening, first_example, opening  # noqa: F401 - first_example: the app's, as before
from .screens.main import ACTIONS, PALETTE_ONLY, UNLISTED, MainScreen, key_shown
from .speech import N_, _, textual_words
from .terminal_input import terminal_driver
from .widgets.in_order import KeyHold, KeysInFlight

#: Signals that end the app the way Ctrl+Q does, the draft written first: the
#: terminal hung up (a dropped SSH session), the process was asked to stop, or
#: SIGINT reached it (Ctrl+C is a key while the app has the terminal).
ENDING_SIGNALS = (signal.SIGHUP, signal.SIGTERM, signal.SIGINT)
#: Seconds the app has to close after such a signal before the process just ends
#: (the draft is on disk by then; a hung-up terminal may not take the last frame).
SIGNAL_GRACE = 3.0


def initial_doc(registry: Registry, file: str | None) -> tuple[dict[str, Any], str | None, str | None]:
    """What to open (see :mod:`gunline_tui.opening`): the file asked for, else the
    saved draft, else a bundled example, else an empty scenario. Returns (document,
    file, notice); the notice is "draft restored" for the draft."""
    return _opening(registry, file)[:3]


def _opening(registry: Registry, file: str | None) -> tuple[dict[str, Any], str | None, str | None, bool]:
    """:func:`initial_doc`, and whether the document is the draft restored."""
    start = opening(registry, file)
    return start.doc, start.file, start.notice, start.restored


class GunlineApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "gunline"
    BINDINGS = [Binding("ctrl+q", "quit", N_("Quit"), id="quit", priority=True)]
    #: Room the layout uses (app.tcss): at 110 columns the chain and the pane below
    #: it (log, odds, encounter) stand side by side; at 34 rows that pane grows.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    def __init__(self, registry: Registry, doc: dict[str, Any], file: str | None = None,
                 notice: str | None = None, encounter: Encounter | None = None,
                 hook_limit: float | None = None, *, restored: bool = False, start: Opening | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.registry = registry
        self.encounter = encounter or Encounter()
        #: Seconds a plugin's hook may run before it is abandoned (None: no limit).
        self.hook_limit = hook_limit
        self._start = (doc, file, notice)
        #: The document is the draft an earlier session left.
        self._restored = restored
        #: How the app was opened (:mod:`gunline_tui.opening`): the restored draft's
        #: source, where this app's draft goes, its hold on the draft, the notes.
        self.opened = start
        self._control_filter = ControlFilter()
        #: Keys typed while a key's work is still being done (see KeyHold).
        self.key_hold = KeyHold()
        #: Keys handed to a widget, not yet taken by it (see KeysInFlight).
        self.keys_in_flight = KeysInFlight()

    async def on_event(self, event: events.Event) -> None:
        """A key the app acts on itself (a screen's key) waits until the keys typed
        before it are taken (see KeysInFlight); one typed behind an answer whose work
        is not done is dropped; one typed while a title row's work is done waits for
        it to end (see KeyHold)."""
        if isinstance(event, events.Key):
            if not event.is_forwarded and self._acts_itself(event.key):
                await self.keys_in_flight.wait()
            if self.key_hold.arrived(event):
                return
        await super().on_event(event)

    def _acts_itself(self, key: str) -> bool:
        """Whether ``key`` has a priority binding on the screen (the app runs it as the
        key reaches it, rather than handing the key on): one that must wait for the
        keys typed before it. Quitting never waits; other keys are handed on behind
        them, in the order typed."""
        if key in KeyHold.PASS:
            return False
        return any(binding.priority for _node, bindings in self.screen._binding_chain
                   for binding in bindings.key_to_bindings.get(key, ()))

    def get_driver_class(self) -> Any:
        """Textual's driver, reading bytes that are not UTF-8 from the terminal as
        U+FFFD rather than stopping (:mod:`gunline_tui.terminal_input`)."""
        return terminal_driver(super().get_driver_class())

    #: Whether the app paused the cyclic garbage collector (see :meth:`on_load`).
    _gc_paused = False

    def on_load(self) -> None:
        """The cyclic garbage collector waits from here until the screen is built:
        the screen is a hundred thousand new objects, nearly all of which outlive the
        start, and the collector would go over them again and again as they are made
        (with Textual's own, over a tenth of the time to the first frame, and as
        much again for the rows mounted after it). Then they are looked at as usual
        (``resume_gc``, called by the main screen once it is whole, or on closing)."""
        if gc.isenabled():
            gc.disable()
            self._gc_paused = True

    def resume_gc(self) -> None:
        """The collector as it was before the app paused it."""
        if self._gc_paused:
            self._gc_paused = False
            gc.enable()

    def on_unmount(self) -> None:
        from gunline.errors import interrupt_is_a_key

        interrupt_is_a_key(False)
        self.resume_gc()
        self.release_draft()

    def release_draft(self) -> None:
        """Let another app have ``draft.toml`` (this one has written its last)."""
        if self.opened is not None and self.opened.claim is not None:
            self.opened.claim.release()
        try:
            held = self.main.fallback_claims  # the launch's, and those taken since
        except LookupError:
            held = self.opened.fallback_claims if self.opened is not None else {}
        for claim in list(held.values()):
            claim.release()

    def get_default_screen(self) -> Screen:
        """The main screen is the first screen itself, not pushed over Textual's empty
        default one: a screen fewer to build and lay out before the first frame."""
        doc, file, notice = self._start
        start = self.opened
        if start is None:
            return MainScreen(self.registry, doc, file, notice, self.encounter, restored=self._restored)
        return MainScreen(self.registry, doc, file, notice, self.encounter, restored=self._restored,
                          origin=start.source, clean=start.clean, draft_file=start.draft, notes=start.notes,
                          fallback_claims=start.fallback_claims)

    def on_mount(self) -> None:
        from gunline.errors import interrupt_is_a_key

        # Ctrl+C is a key here, and a SIGINT goes to the handler below: a
        # KeyboardInterrupt out of a plugin (a Struct's own check run in this thread)
        # is its fault, said under the form, not the app's end
        interrupt_is_a_key(True)
        if not self.is_headless:  # a test's process keeps its own signal handlers
            loop = asyncio.get_running_loop()
            for sig in ENDING_SIGNALS:
                loop.add_signal_handler(sig, self.end_by_signal, sig)

    def get_line_filters(self) -> Sequence[Any]:
        return [*super().get_line_filters(), self._control_filter]

    def flush_draft(self) -> None:
        """Write the draft now, if the main screen has unsaved changes."""
        try:
            self.main.flush_draft()
        except LookupError:
            pass

    def end_by_signal(self, sig: int) -> None:
        """SIGHUP, SIGTERM or SIGINT: the draft on disk first, then close as Ctrl+Q
        does (exit code 128 + the signal's number). Should closing hang (a terminal
        gone mid-write), the process ends anyway after :data:`SIGNAL_GRACE`."""
        self.flush_draft()
        timer = threading.Timer(SIGNAL_GRACE, os._exit, (128 + sig,))
        timer.daemon = True
        timer.start()
        self.exit(return_code=128 + sig)

    def action_help_quit(self) -> None:
        """Ctrl+C: the draft is written at once (a GM who presses it may close the
        terminal next), and the app says which key quits."""
        self.flush_draft()
        try:
            main = self.main
        except LookupError:
            main = None
        if main is not None and main.draft_problem is not None:
            main.show_draft_state()  # said already, or now
            return
        self.notify(_("Ctrl+Q quits (the draft is saved)"), title=_("Do you want to quit?"))

    #: The question Ctrl+Q asks while the latest edits are on no disk.
    _quit_question: Screen | None = None

    async def action_quit(self) -> None:
        """Ctrl+Q: the draft written, then quit; but while it cannot be written and
        the scenario is in no file either, ask first (a second Ctrl+Q quits: Ctrl+Q
        always quits)."""
        self.flush_draft()
        try:
            main = self.main
        except LookupError:
            main = None
        if main is None or not main.edits_on_no_disk() or self.screen is self._quit_question:
            self.exit()
            return
        main.show_draft_state()
        from .screens.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            self._quit_question = None
            if yes:
                self.exit()

        self._quit_question = ConfirmDialog(
            _("Quit without your latest edits?"),
            _("The draft could not be written ({problem}): the latest edits are on no disk. "
              "n, then Ctrl+S or F12, saves the scenario to a file.", problem=main.draft_problem),
            _("Quit anyway? (Ctrl+Q again: quit)"), default=False)  # Enter out of habit stays
        self.push_screen(self._quit_question, answered)

    def push_screen(self, screen: Any, callback: Any = None, wait_for_dismiss: bool = False, *,
                    mode: str | None = None) -> Any:
        """A dialog opens clear of notifications: they stand on top of every screen,
        and those of the launch (kept drafts, a draft restored) covered half of the
        Open dialog at 80 columns, where the GM typed the name they gave; what they
        said is in the log pane too."""
        from textual.screen import ModalScreen

        from .screens.dialogs import OnTop

        if isinstance(screen, ModalScreen):
            self.clear_notifications()
        if isinstance(screen, OnTop):  # the keys typed behind its answer wait for the callback
            screen.answer_awaited = True
            callback = self._releasing(callback, screen)
        elif getattr(screen, "holds_keys", False):
            callback = self._releasing(callback)
        if wait_for_dismiss:
            return super().push_screen(screen, callback, wait_for_dismiss=True, mode=mode)
        return super().push_screen(screen, callback, mode=mode)

    # -- keys typed behind an answer whose work is not done ------------------------------
    def typed_ahead_done(self, seen: bool = False) -> None:
        """The work is done: the keys already on their way (queued behind it) are
        dropped too, then the dropping ends and what was dropped is said. ``seen``:
        not before the screen shows its outcome (a refusal in a prompt's line)."""
        if seen:
            self.call_after_refresh(self._typed_ahead_ends)
        else:
            self.call_later(self._typed_ahead_ends)

    def _typed_ahead_ends(self) -> None:
        dropped = self.key_hold.end_drop()
        if dropped:
            self.notify(_("typed before the last answer was acted on, and not taken: {keys}",
                          keys=quoted(dropped)), severity="warning", timeout=8)

    def _releasing(self, callback: Any, dialog: Any = None) -> Any:
        """``callback``, after which the keys held are released: those dropped behind
        an answer that holds keys, then those kept behind the ``dialog``'s answer
        (see :class:`.screens.dialogs.OnTop`)."""
        import inspect

        async def then(result: Any) -> None:
            try:
                if callback is not None:
                    done = callback(result)
                    if inspect.isawaitable(done):
                        await done
            finally:
                if dialog is None or getattr(dialog, "holds_keys", False):
                    self.typed_ahead_done()
                if dialog is not None:
                    dialog.answer_acted_on()

        return then

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Every notification says its text as it is: control characters shown
        escaped, no square bracket read as markup (a plugin's error, a file name may
        hold either; gunline's own notices use no markup, and Textual's lose only
        their bold). Widgets' ``notify`` comes here too."""
        from .shown import line

        super().notify(line(message).plain, title=line(title).plain, severity=severity, timeout=timeout,
                       markup=False)

    @property
    def main(self) -> MainScreen:
        for screen in self.screen_stack:
            if isinstance(screen, MainScreen):
                return screen
        raise LookupError("main screen not shown yet")

    def action_command_palette(self) -> None:
        """The command palette, its line's placeholder in the language in use."""
        from .screens.palette import Palette

        if self.use_command_palette and not Palette.is_open(self):  # type: ignore[arg-type]
            self.push_screen(Palette(placeholder=textual_words("Search for commands…"), id="--command-palette"))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):  # Textual's own, in the language in use
            yield command._replace(title=textual_words(command.title), help=textual_words(command.help))
        if isinstance(screen, MainScreen):
            for key, action, label, help in (*ACTIONS, *UNLISTED):
                yield SystemCommand(f"{_(label)} ({key_shown(key)})", _(help), _runner(screen, action))
            for action, label, help in PALETTE_ONLY:
                yield SystemCommand(_(label), _(help), _runner(screen, action))


def _runner(screen: MainScreen, action: str):
    async def run() -> None:
        await screen.run_action(action)

    return run


_DEFAULT_LIMIT: Any = object()


def make_app(registry: Registry | None = None, file: str | None = None,
             doc: dict[str, Any] | None = None, *, journal: str | None = None,
             encounter: str | None = None, hook_timeout: Any = _DEFAULT_LIMIT) -> GunlineApp:
    """Build the app. Without a registry the installed plugins are discovered;
    ``doc`` opens that scenario document instead of the file / draft / example.
    ``journal`` is the journal file (else ``GUNLINE_JOURNAL``, else the per-user
    default) and ``encounter`` the encounter to resolve in (picked later by key
    when not given; when given, the journal is opened here, and one that cannot be
    used raises :class:`~gunline.errors.BadInput` naming it). ``hook_timeout``:
    seconds a plugin's hook may run (None: no limit; by default
    ``GUNLINE_HOOK_TIMEOUT``, else 10)."""
    from gunline.watch import hook_timeout as limit_from_env

    limit = limit_from_env() if hook_timeout is _DEFAULT_LIMIT else hook_timeout
    with _collector_paused():  # loading the plugins: new objects that all stay (see GunlineApp.on_load)
        if registry is None:
            from gunline.plugins import discover
            from gunline.watch import run

            # watched like any plugin code: a plugin whose import never ends is
            # listed as broken after the limit, and the app opens with the others
            registry = run(discover, limit)
        where = Encounter(journal, encounter)
        if encounter is not None:
            # opened now: a journal that cannot be used (damaged, not a journal, a
            # folder) is bad input before the screen opens, one line as from
            # 'gunline resolve --encounter', never a crash of the app
            where.journal()
        if doc is not None:
            return GunlineApp(registry, doc, file, encounter=where, hook_limit=limit)
        start = opening(registry, file)
        return GunlineApp(registry, start.doc, start.file, start.notice, encounter=where, hook_limit=limit,
                          restored=start.restored, start=start)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused for the block, as it was after."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def main(file: str | None = None, *, journal: str | None = None, encounter: str | None = None,
         hook_timeout: Any = _DEFAULT_LIMIT) -> int:
    """Open the app (the CLI's ``gunline [FILE]`` / ``gunline tui [FILE]``, with
    ``--journal PATH`` and ``--encounter NAME`` as ``gunline resolve`` takes them).
    Returns the exit code: 0, or 128 + the signal that ended it."""
    if encounter is not None:
        from gunline.journal.store import check_name

        encounter = check_name(encounter)  # a bad name is bad input before the screen opens
    app = make_app(file=file, journal=journal, encounter=encounter, hook_timeout=hook_timeout)
    try:
        app.run()
    finally:
        app.release_draft()
    return app.return_code or 0
