"""The one screen: scenario on the left, chain and log on the right.

The scenario is a :class:`~gunline_tui.model.ScenarioModel`: the form renders it
and changes it, every change undoable, and the model tells this screen, which
saves the draft, redraws and resolves again. The screen's other parts are mixins
of their own: resolving and the odds (:mod:`.resolving`), files
(:mod:`.scenario_files`), the encounter (:mod:`.encounter_actions`).

Keys follow the terminal's habits: none of the app's keys is one a text field
uses for editing (Ctrl+A, E, K, U, W, D, X, C, V; Home, End, the arrows), so a GM's
fingers do what they do in a shell; the rest of the app is on F-keys.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import DescendantFocus, ScreenResume
from textual.widgets import ContentSwitcher, Static

from gunline import draftfallback, drafts
from gunline.draftlock import Claim, claim_draft
from gunline.errors import PluginFailed
from gunline.models import Attack, Chain
from gunline.plugins import Registry
from gunline.runner import new_seed

from ..encounter import Encounter
from ..files import Files
from ..logbook import Logbook, session_log_path
from ..messages import TargetAction
from ..model import Change, ScenarioModel, Source
from ..offload import OffLoop
from ..shown import Text, shortened
from ..speech import N_, SpokenBindings, _, _n
from ..widgets.chain_view import ChainView
from ..widgets.encounter_view import EncounterView
from ..widgets.form import ScenarioForm
from ..widgets.in_order import Scroll
from ..widgets.keybar import KeyBar, fewest_lines
from ..widgets.log_space import LogSpace
from ..widgets.map_view import MapView
from ..widgets.odds_view import OddsView
from .compare_actions import CompareActions
from .encounter_actions import EncounterActions
from .replacing import Replacing
from .resolving import Job, Resolving
from .scenario_files import ScenarioFiles

#: One draft write at a time (see ``MainScreen._write_draft``).
_DRAFT_LOCK = threading.Lock()

#: The screen's keys: one table, used for the bindings, the footer, the command
#: palette and the help page. None of them is a text field's editing key, so they
#: work while a field has the focus and take nothing from it.
ACTIONS: tuple[tuple[str, str, str, str], ...] = (
    # key, action, footer label, help text (English messages: worded where drawn)
    ("ctrl+r", "resolve", N_("Resolve"), N_("resolve with new dice (a new seed); logged")),
    ("ctrl+t", "dice", N_("Type dice"), N_("type the dice rolled at the table, a whole roll on a line")),
    ("ctrl+g", "reroll", N_("Re-roll"), N_("the last logged attack again, new seed")),
    ("ctrl+z", "undo", N_("Undo"),
     N_("undo the last change to the scenario (a field, a target, the ruleset, New, Open)")),
    ("ctrl+y", "redo", N_("Redo"), N_("redo what Ctrl+Z undid")),
    ("ctrl+n", "add_target", N_("+Target"), N_("add a target at the end (its name field takes what you type next)")),
    ("ctrl+o", "open", N_("Open"), N_("open a scenario file (TOML, as the CLI reads)")),
    ("ctrl+s", "save", N_("Save"), N_("save to the file this session opened or saved; else ask where")),
    ("f12", "save_as", N_("Save as"), N_("save under another name (asks before replacing a file)")),
    ("f1", "help", N_("Help"), N_("this page (also ? outside a text field)")),
    ("f2", "commit", N_("Commit"), N_("commit the chain shown to the encounter (rounds, wounds)")),
    ("f3", "encounter_menu", N_("Encounter"), N_("pick or start an encounter; undo its last entry; reload; actions")),
    ("f4", "seed", N_("Seed"), N_("resolve with a seed you type (as resolve --seed)")),
    ("f5", "library", N_("Library"),
     N_("a copy of a bundled example; the roster: take or keep a fighter, weapon, target")),
    ("f6", "odds_or_log", N_("Odds/Log"), N_("below the chain: the log, the odds, the map (arrows move a model), "
                                             "the encounter's state")),
    ("f7", "variants", N_("Variants"), N_("to the variant switches; Space: same dice, new rules")),
    ("f8", "ruleset", N_("Ruleset"), N_("to the ruleset picker (a new scenario of that game; Ctrl+Z undoes it)")),
    ("f9", "new", N_("New"), N_("an empty scenario of this ruleset (Ctrl+Z brings the old one back)")),
    ("ctrl+l", "plugins", N_("Plugins"), N_("rulesets, variants, broken plugins and errors")),
    ("escape", "cancel", N_("Cancel"), N_("stop resolving or computing odds (a plugin that takes too long)")),
)

#: Keys left out of the footer (no room for them at 80 columns): in the command
#: palette and help, with their key.
UNLISTED: tuple[tuple[str, str, str, str], ...] = (
    ("ctrl+backslash", "compare", N_("Compare"), N_("scenarios side by side: the columns kept (a: this scenario, "
                                                    "v: with a variant toggled), their odds in one table and one "
                                                    "chart")),
)

#: Actions with no key of their own: in the command palette (Ctrl+P) and help.
PALETTE_ONLY: tuple[tuple[str, str, str], ...] = (
    ("examples", N_("Examples"), N_("open a copy of a bundled example")),
    ("export", N_("Export log"), N_("export this session's log as Markdown")),
    ("journal_undo", N_("Undo journal entry"), N_("undo the encounter's last entry (asks first)")),
    ("reload", N_("Reload"), N_("the shooter reloads the weapon (an action in the encounter)")),
    ("act", N_("Act"), N_("an action between attacks (a recovery roll, a jam cleared), with its odds")),
    ("encounter", N_("Pick encounter"), N_("pick or start an encounter: attacks start from its saved state")),
    ("keep_column", N_("Keep as a column"), N_("keep the scenario as it stands as a column of the compare view")),
)


class MainScreen(SpokenBindings, Resolving, ScenarioFiles, Replacing, EncounterActions, CompareActions):
    #: No focus by Textual's choosing before the first frame (None would mean the
    #: app's: the first focusable widget, the form, restyled whole as it takes the
    #: focus); the form takes it right after the first frame (``_after_first_frame``).
    AUTO_FOCUS = ""
    BINDINGS = [
        *[Binding(k, a, label, id=a, priority=k != "escape", tooltip=h) for k, a, label, h in ACTIONS],
        *[Binding(k, a, label, id=a, priority=True, show=False, tooltip=h) for k, a, label, h in UNLISTED],
        Binding("question_mark", "help", N_("Help"), show=False, id="help-key"),
    ]

    def __init__(self, registry: Registry, doc: dict[str, Any], file: str | None = None,
                 notice: str | None = None, encounter: Encounter | None = None, *,
                 restored: bool = False, files: Files | None = None, origin: drafts.DraftSource | None = None,
                 clean: dict[str, Any] | None = None, draft_file: Path | None = None,
                 notes: list[str] | None = None, fallback_claims: dict[Path, Claim] | None = None) -> None:
        """``doc`` was read from ``file`` (a bundled example opens as a copy of it),
        or is the draft an earlier session left (``restored``; ``origin`` the file it
        came from, whose scenario is ``clean``), or is new. ``draft_file``: where
        the draft is written (None: ``draft.toml``); ``notes``: said at the start,
        each in a notification of its own."""
        super().__init__()
        self.registry = registry
        self.encounter = encounter or Encounter()
        self.files = files or Files.for_registry(registry)
        self.model = ScenarioModel.of(doc, self._source(file, restored, origin), listener=self._changed,
                                      clean=clean)
        self.notice = notice
        self.notes = notes or []
        self.draft_file = draft_file
        #: This app's hold on the fallback folders it writes ``draft.toml`` in.
        self.fallback_claims: dict[Path, Claim] = fallback_claims if fallback_claims is not None else {}
        #: Bumped whenever the encounter's state may have changed (a commit, an undo,
        #: a reload, another encounter picked): chains and odds of an older epoch are
        #: stale.
        self.epoch = 0
        #: The chain on show and the job it came from, while it may be committed.
        self.shown: tuple[Job, Chain] | None = None
        #: Plugins already reported as failing (each is offered for disabling once).
        self.failed_plugins: set[str] = set()
        self.logbook = Logbook(path=session_log_path())
        self.files.journal = self.encounter.path  # never a place to save a scenario
        self.chain: Chain | None = None
        self.basis: Chain | None = None
        self.attack: Attack | None = None
        self.problem: str | None = None
        #: The rules' words when the problem is their refusal of the attack.
        self.refusal: str | None = None
        self.last_attack: Attack | None = None
        self.seed = new_seed()
        self.redrawn_at = 0.0
        self.odds: Any = None
        self.odds_key: bytes | None = None
        self._odds_timer: Any = None
        self._off_loop: OffLoop | None = None
        #: A change that rebuilds the form, not yet drawn (see :meth:`after_change`).
        self._pending: Change | None = None

    def _source(self, file: str | None, restored: bool, origin: drafts.DraftSource | None) -> Source:
        """Where the scenario came from: the file read, or, for a restored draft, the
        file the draft remembers (Ctrl+S writes it again, as it would have before)."""
        if file:
            return self.source_for(file)
        if restored and origin is not None:
            if origin.path:
                self.files.opened(origin.path, origin.text)
            return Source(path=origin.path, example=origin.example, text=origin.text, restored=True)
        return Source(restored=restored)

    @property
    def draft(self):
        """The scenario's draft (the model's: it changes with undo and Open)."""
        return self.model.draft

    @property
    def off_loop(self) -> OffLoop:
        """Where plugin work runs (see :mod:`gunline_tui.offload`)."""
        if self._off_loop is None:
            self._off_loop = OffLoop(self, getattr(self.app, "hook_limit", None))
        return self._off_loop

    def compose(self) -> ComposeResult:
        # The layout's breakpoints (app.tcss) as Textual sets them when the screen is
        # resized, which comes after the first frame: set now, the first frame is
        # laid out for the terminal it is drawn in.
        self.update_classes(breakpoint_classes(self.app), animate=False)
        yield Static("", id="status")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                # Of the form's rows, no more can be in view than the terminal's rows
                # less the status line, the form's own, the field's line and the keys.
                width, height = self.app.size
                yield ScenarioForm(self.registry, self.model, id="form",
                                   first_rows=height - 3 - fewest_lines(self, width))
                yield Static("", id="field-help")
            with Vertical(id="right"):
                yield ChainView(id="chain")
                with ContentSwitcher(initial="log", id="bottom"):
                    yield LogSpace(id="log")  # the log itself right after the first frame
                    with Scroll(id="odds-pane"):
                        yield OddsView(id="odds")
                    with Vertical(id="map-pane"):
                        yield MapView(id="map")
                    with Scroll(id="encounter-pane"):
                        yield EncounterView(id="encounter")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.query_one("#bottom").border_title = _("Log")
        self._update_status()
        if self.notice:
            self.set_status(self.notice)
        for note in self.notes:  # work kept elsewhere: said where a GM sees it whole,
            self.notify(note, title=_("draft"), severity="warning", timeout=20)
            self.log_view.note(_("draft: {note}", note=note))  # and kept where it can be read again
        self._say_what_did_not_load()
        # The first frame shows what a GM looks at first, the form and the chain;
        # what is out of view (the form's lower rows) follows right after it.
        self.validate_and_preview()
        self.call_after_refresh(self._after_first_frame)
        if self.encounter.name is not None:
            self._show_pane("encounter-pane")
            self.refresh_encounter()

    _resumed = False

    def on_screen_resume(self, event: ScreenResume) -> None:
        """Shown for the first time: every widget on the screen was styled as it was
        mounted, a moment ago, and every change of class since restyled what it
        changed; Textual's restyling of the whole screen as it resumes (for CSS that
        changed while another screen covered it) would do that work again before the
        first frame."""
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False

    def _say_what_did_not_load(self) -> None:
        """An installed plugin that did not load (broken, or written for another hook
        contract) is said at once, in its own line; the app runs on with the others."""
        broken = self.registry.broken
        if not broken:
            return
        if len(broken) == 1:
            title, message = _("plugin {name} not loaded", name=broken[0].name), broken[0].error or ""
        else:
            title = _n("{n} plugins not loaded", "{n} plugins not loaded", len(broken), n=len(broken))
            message = ", ".join(b.name for b in broken)
        self.notify(_("{message} (Ctrl+L lists the plugins)", message=message), title=title, severity="warning",
                    timeout=10)

    async def _after_first_frame(self) -> None:
        """What the first frame could do without: the focus on the form (before its
        rows out of view are mounted, which then need no restyling for it), those rows
        (see ScenarioForm.first_rows), with the problem shown at its field if it is
        one of them, and the log (see LogSpace); then the garbage collector, paused
        until the screen is whole (GunlineApp.on_load)."""
        form = self.query_one(ScenarioForm)
        if self.focused is None:
            self.set_focus(form)
        await form.mount_rest()
        if self.is_attached:  # not closed meanwhile
            self._show_problem(self.problem, self.refusal)
            await self.start_log()
        resume_gc = getattr(self.app, "resume_gc", None)
        if resume_gc is not None:
            resume_gc()  # paused for the start (GunlineApp.on_load)
        self.whole = True

    #: Whether the screen is whole: what the first frame left out is there too.
    whole = False

    async def start_log(self) -> None:
        """Put the log where its stand-in is (see LogSpace), with what was logged."""
        from ..widgets.log_view import LogView

        space = self.query_one("#log")
        if not isinstance(space, LogSpace):
            return
        log = LogView(id="log")
        log.display = space.display  # the pane on show stays on show
        panes = self.query_one("#bottom", ContentSwitcher)
        with self.app.batch_update():  # no frame without a log
            await space.remove()
            if not panes.is_attached:  # the app closed meanwhile
                return
            await panes.mount(log, before=0)
        space.hand_over(log)

    # -- status ----------------------------------------------------------------------
    def _update_status(self, extra: str = "") -> None:
        self._status_extra = extra
        doc = self.model.doc
        variants = ", ".join(doc.get("variants", [])) or _("no variants")
        mark = " *" if self.model.dirty else ""  # edited: untitled as much as titled
        text = Text("gunline", style="bold", no_wrap=True, overflow="ellipsis")
        if self.draft_problem is not None:  # first: the line is cut at the terminal's edge
            text.append(" · ✗ " + _("draft not saved"), style="bold red")
        elif self.draft_elsewhere is not None:
            text.append(" · ⚠ " + _("draft kept elsewhere"), style="bold yellow")
        if self.encounter.name is not None:
            text.append(f" · ⚔ {self.encounter.name}", style="bold")
        text.append(f" · {doc.get('ruleset', '?')} · {variants} · ")
        # the file's name and whether it is saved stay on the line: what is cut is the
        # middle of a long name, then the message after it (a long name wrapped whole
        # out of this one-line bar, and the * of unsaved work with it)
        room = (self.size.width or self.app.size.width) - 2 - text.cell_len - len(mark)
        text.append(shortened(self.model.source.name, room) + mark)
        if extra:
            text.append(f" · {extra}")
        if text.plain == self._status_shown:
            return  # unchanged: a repaint of this full-width line would widen the
            # screen area redrawn after an edit to everything between it and the chain
        self._status_shown = text.plain
        self.query_one("#status", Static).update(text, layout=False)  # one fixed line

    _status_shown: str | None = None
    _status_extra = ""

    def on_resize(self) -> None:
        """The status line fitted again to the new width, its message kept."""
        self._update_status(self._status_extra)

    def set_status(self, message: str) -> None:
        self._update_status(message)

    @on(DescendantFocus)
    def _focus_moved(self, event: DescendantFocus) -> None:
        """The focused field in the game's words, under the form."""
        path = getattr(event.widget, "name", None)
        form = self.query_one(ScenarioForm)
        form.mark_focused(path if isinstance(path, str) else None)
        words = form.describe_field(path) if isinstance(path, str) else Text("")
        help_line = self.query_one("#field-help", Static)
        if str(help_line.render()) != words.plain:
            help_line.update(words)

    # -- changes to the scenario -----------------------------------------------------------
    def _changed(self, change: Change) -> None:
        """The model's listener: every change to the scenario comes here."""
        self._save_draft()
        if not change.structural and self._pending is None:  # shown as it is (typed there, or on the map)
            self.query_one(ScenarioForm).shows_head()
        if change.structural:
            # The form is rebuilt first; an action that made the change awaits it
            # (so keys typed next land in the new form), anything else has it soon.
            self._pending = change
            self.call_later(self.after_change)
            return
        self._update_status()
        self._preview_after(change)

    def _preview_after(self, change: Change) -> None:
        if change.path is not None and change.path.startswith("variant:"):
            name = change.path.split(":", 1)[1]
            on_ = name in self.model.doc.get("variants", [])
            said = _("variant on: {name} · same dice", name=name) if on_ else \
                _("variant off: {name} · same dice", name=name)
            self.validate_and_preview(log=said)
        else:
            self.validate_and_preview()

    async def after_change(self, focus: str | None = None) -> None:
        """Draw a change that rebuilds the form (if one is waiting): rebuild it,
        put the focus where the change was (or on ``focus``), resolve again."""
        change, self._pending = self._pending, None
        if change is None:
            return
        if change.replaced:
            self.basis = self.chain = None  # another scenario: its own dice, no ≠ marks
        form = self.query_one(ScenarioForm)
        target = focus or change.path
        form.open_for(target)
        if change.replaced or not await form.retarget():  # only the targets' rows changed, if it can
            await form.recompose()
        self._show_problem(self.problem, self.refusal)
        if target:
            form.focus_path(target)
        self._update_status()
        self._preview_after(change)

    async def action_undo(self) -> None:
        change = self.model.undo()
        if change is None:
            self.set_status(_("nothing to undo"))
            return
        await self.after_change()
        self.set_status(change.what)

    async def action_redo(self) -> None:
        change = self.model.redo()
        if change is None:
            self.set_status(_("nothing to redo"))
            return
        await self.after_change()
        self.set_status(change.what)

    @on(MapView.Move)
    def _model_moved(self, event: MapView.Move) -> None:
        """A model moved on the map: a change like any other (Ctrl+Z undoes it); the
        chain is resolved again with the same dice."""
        moved: list[list[float] | None] = []
        self.model.edit(_("move {name}", name=event.name), lambda d: moved.append(d.nudge(event.name, event.by)))
        if moved and moved[0] is not None:
            where = ", ".join(f"{v:g}" for v in moved[0])
            self.set_status(_("{name} moved to ({where}) · same dice", name=event.name, where=where))

    @on(TargetAction)
    async def _target_action(self, event: TargetAction) -> None:
        """A key on a target's title row; the keys typed behind it are held until this
        is done (``event.done``), then go where the focus is."""
        try:
            await self._act_on_target(event)
        finally:
            event.done()

    async def _act_on_target(self, event: TargetAction) -> None:
        draft_targets = self.model.draft.targets
        form = self.query_one(ScenarioForm)
        if event.row is not None and (form.header_of(event.index) is not event.row
                                      or getattr(event.row, "shown", None) != event.shown):
            return  # a row the form has replaced since, or changed: its index may be another target's now
        if event.action == "open":  # a folded target's fields, in place of the open one's
            form.open_target = event.index
            if not await form.retarget():
                await form.recompose()
            self._show_problem(self.problem, self.refusal)
            form.focus_target(event.index)
            return
        if event.action == "add":  # as Ctrl+N: open, and its name takes what is typed next
            index = self.model.edit(_("add a target"), lambda d: d.add_target(event.index), structural=True)
            await self.after_change(focus=f"targets[{index}].name")
            return
        if event.action == "remove":
            if len(draft_targets) <= 1:
                self.set_status(_("an attack needs at least one target"))
                return
            name = draft_targets[event.index].get("name") or _("target {number}", number=event.index + 1)
            index = self.model.edit(_("remove {name}", name=name), lambda d: d.remove_target(event.index),
                                    structural=True)
            self.notify(_("{name} removed · Ctrl+Z brings them back", name=name), timeout=4)
        else:
            by = -1 if event.action == "up" else 1
            what = _("move target {number} up", number=event.index + 1) if by < 0 else \
                _("move target {number} down", number=event.index + 1)
            index = self.model.edit(what, lambda d: d.move_target(event.index, by), structural=True)
        form.open_target = index
        await self.after_change()
        form.focus_target(index)

    async def action_add_target(self) -> None:
        index = self.model.edit(_("add a target"), lambda d: d.add_target(), structural=True)
        await self.after_change(focus=f"targets[{index}].name")

    def action_variants(self) -> None:
        form = self.query_one(ScenarioForm)
        boxes = form.query("#first-variant")
        if boxes:
            self.app.set_focus(boxes.first())
            boxes.first().scroll_visible()
        else:
            self.set_status(_("this ruleset has no variants installed"))

    def action_ruleset(self) -> None:
        self.query_one(ScenarioForm).focus_path("ruleset")

    # -- saving the draft ------------------------------------------------------------
    #: The draft is written this long after the last change (and when the app
    #: closes, or a signal ends it), off the screen's thread: a durable write
    #: flushes to disk, which takes longer than redrawing the chain and must not
    #: delay it on every keystroke.
    DRAFT_DELAY = 0.3
    _draft_timer: Any = None
    _draft_changes = 0  # changes made so far
    _draft_saved = 0  # changes already on disk

    def _save_draft(self) -> None:
        self._draft_changes += 1
        if self._draft_timer is not None:
            self._draft_timer.stop()
        self._draft_timer = self.set_timer(self.DRAFT_DELAY, self._draft_due)

    def _draft_due(self) -> None:
        self._draft_timer = None
        self.write_draft(self._draft_changes, self.model.draft.clean(), self._draft_source())

    def _draft_source(self) -> drafts.DraftSource:
        """What the draft's sidecar keeps of the scenario's source (see drafts.save_draft)."""
        return self.model.source.for_draft()

    @work(thread=True, exit_on_error=False, group="draft", description="Saving the draft")
    def write_draft(self, changes: int, doc: dict[str, Any], source: drafts.DraftSource | None = None) -> None:
        self._write_draft(changes, doc, source)
        if self.app.is_running:
            self.app.call_from_thread(self.show_draft_state)

    #: Why the last draft write failed (None: the draft on disk is the latest or
    #: on its way), and what the screen last said of it.
    draft_problem: str | None = None
    _draft_problem_said: str | None = None
    #: The fallback draft that holds the latest edits while the data folder refuses
    #: them (None: the data folder has them), why it refused, and what was said.
    draft_elsewhere: Path | None = None
    draft_refused: str | None = None
    _draft_elsewhere_said: Path | None = None

    def _write_draft(self, changes: int, doc: dict[str, Any], source: drafts.DraftSource | None = None) -> None:
        """Write ``doc`` unless a newer draft is already on disk (writes from two
        threads may finish out of order); a failure is kept in ``draft_problem``."""
        with _DRAFT_LOCK:
            if changes <= self._draft_saved:
                return
            where = self.draft_file or drafts.draft_path()
            try:
                drafts.save_draft(doc, where, source)
            except OSError as exc:
                problem = drafts.home_problem() or f"{where}: {exc.strerror or exc}"
                kept, refused = self._write_fallback(doc, where.name, source)
                if kept is None:
                    self.draft_problem = "; ".join([problem, *refused])
                    return
                self.draft_elsewhere, self.draft_refused = kept, problem
            else:
                if self.draft_elsewhere is not None:  # the data folder holds the latest: back where it was
                    draftfallback.remove(self.draft_elsewhere)
                    self.draft_elsewhere = None
            self._draft_saved = changes
            self.draft_problem = None

    def _write_fallback(self, doc: dict[str, Any], name: str,
                        source: drafts.DraftSource | None) -> tuple[Path | None, list[str]]:
        """Write the draft the data folder refused in a fallback folder of the user's
        own (:mod:`gunline.draftfallback`), under its name there (``draft.toml`` only
        while this app holds that folder: never two apps on one file, else a dated
        name); where it went, and why each place tried was refused."""
        folder, refused = draftfallback.place()
        if folder is None:
            return None, refused
        if self.draft_elsewhere is not None and self.draft_elsewhere.parent == folder:
            target = self.draft_elsewhere
        else:
            target = folder / name
            if name == drafts.DRAFT_FILE and folder not in self.fallback_claims:
                claim = claim_draft(folder)
                if claim is None:
                    target = drafts.fresh_draft_path(folder)
                else:
                    self.fallback_claims[folder] = claim
        try:
            drafts.save_draft(doc, target, source)
        except OSError as exc:
            return None, [*refused, f"{target}: {exc.strerror or exc}"]
        return target, refused

    def show_draft_state(self) -> None:
        """A draft that could not be written is said where a GM sees it at 80×24: a
        notification naming the file and the error, once per failure, and a mark at
        the start of the status line while it lasts; its end is said too."""
        problem, said = self.draft_problem, self._draft_problem_said
        elsewhere, told = self.draft_elsewhere, self._draft_elsewhere_said
        self._draft_problem_said = problem
        self._draft_elsewhere_said = elsewhere
        if problem is not None and said is None:
            self.notify(_("{problem}: the latest edits are on no disk; Ctrl+S or F12 saves the scenario to a file",
                          problem=problem), title=_("draft not saved"), severity="error", timeout=30)
        elif problem is None and elsewhere is not None and (elsewhere != told or said is not None):
            self.notify(_("{problem}: the draft is kept in {path} until the data folder can be written; the next "
                          "launch finds it there", problem=self.draft_refused, path=elsewhere),
                        title=_("draft kept elsewhere"), severity="warning", timeout=30)
        elif problem is None and elsewhere is None and told is not None:
            self.notify(_("the draft is in the data folder again ({path})",
                          path=self.draft_file or drafts.draft_path()), title=_("draft saved"))
        elif problem is None and said is not None:
            self.notify(_("the draft is on disk again"), title=_("draft saved"))
        if (problem is None) != (said is None) or (elsewhere is None) != (told is None):
            self._update_status()

    def edits_on_no_disk(self) -> bool:
        """Whether the latest edits would be lost by quitting now: the draft could not
        be written, and the scenario is not in its file either."""
        if self.draft_problem is None or self._draft_changes <= self._draft_saved:
            return False
        return not (self.model.source.path and not self.model.dirty)

    def flush_draft(self) -> None:
        """Write the draft now if it has unsaved changes (the app is closing)."""
        if self._draft_timer is not None:
            self._draft_timer.stop()
            self._draft_timer = None
        if self._draft_changes > self._draft_saved:
            self._write_draft(self._draft_changes, self.model.draft.clean(), self._draft_source())

    # -- plugins ------------------------------------------------------------------------
    @on(ChainView.Detail)
    def _detail(self, event: ChainView.Detail) -> None:
        self.show_detail(event.key)

    def show_detail(self, key: tuple[Any, ...]) -> None:
        """Enter on a line of the chain: all it stands for, wrapped, with its odds."""
        from ..detail import detail_text, detail_title
        from .dialogs import TextScreen

        chain = self.query_one(ChainView).chain
        if chain is None:
            return
        attack = self.attack
        odds = self.odds if attack is not None and self.odds_key == self.odds_key_of(attack) else None
        packages = self.registry.packages(chain.ruleset, chain.variants)
        self.app.push_screen(TextScreen(detail_title(chain, key, packages),
                                        detail_text(chain, key, odds, packages)))

    def action_plugins(self) -> None:
        from gunline.render import registry_text

        from .dialogs import TextScreen

        self.app.push_screen(TextScreen(_("Plugins"), Text(registry_text(self.registry))))

    def plugin_failed(self, error: PluginFailed) -> None:
        """A plugin raised or returned the wrong type: say which, keep running, and
        offer (once per plugin) to disable it for this session."""
        self.shown = None
        self._show_problem(str(error))
        name = error.plugin
        if name in self.failed_plugins:
            return
        self.failed_plugins.add(name)
        self.notify(str(error), title=_("plugin {name} failed", name=name), severity="error", timeout=10)
        if name not in self.registry.plugins:
            return
        if name in self.registry.rulesets:
            question = _("Disable the ruleset {name} for this session? (installed plugins are not changed)",
                         name=name)
        else:
            question = _("Disable the variant {name} for this session? (installed plugins are not changed)",
                         name=name)

        from .dialogs import ConfirmDialog

        async def done(yes: bool | None) -> None:
            if yes:
                await self.disable_plugin(name)
            else:
                self.set_status(_("{name} kept: its error stays under the chain", name=name))

        self.app.push_screen(ConfirmDialog(_("Plugin {name} failed in {hook}", name=name, hook=error.hook),
                                           str(error), question, default=False), done)

    async def disable_plugin(self, name: str) -> None:
        """Forget the plugin for this session, drop it from the scenario's variants,
        and resolve again without it."""
        self.registry.remove(name)
        self.epoch += 1  # its odds, if any, are of rules no longer in force
        if name in self.model.doc.get("variants", []):
            self.model.edit(_("variant off: {name}", name=name), lambda d: d.toggle_variant(name, False),
                            structural=True)
        else:
            self._pending = Change(_("plugin {name} disabled", name=name), structural=True)
        await self.after_change()
        self.set_status(_("{name} disabled for this session", name=name))
        self.notify(_("{name} disabled for this session", name=name), title=_("plugin disabled"))

    def on_unmount(self) -> None:
        self.flush_draft()
        self.encounter.close()

    def action_help(self) -> None:
        from .dialogs import TextScreen

        self.app.push_screen(TextScreen(_("Help"), help_text()))


def breakpoint_classes(app: Any) -> dict[str, bool]:
    """The app's breakpoint classes for its size now: on for the largest breakpoint
    the size reaches, off for the others (as Textual's ``Screen`` sets them)."""
    width, height = app.size
    classes: dict[str, bool] = {}
    for size, points in ((width, app.HORIZONTAL_BREAKPOINTS or []), (height, app.VERTICAL_BREAKPOINTS or [])):
        on = next((name for at, name in sorted(points, reverse=True) if size >= at), None)
        classes.update({name: name == on for _at, name in points})
    return classes


def key_shown(key: str) -> str:
    """A key as help and the palette write it: ``ctrl+\\``, not ``ctrl+backslash``."""
    return key.replace("backslash", "\\")


def help_text() -> Text:
    text = Text()
    text.append(_("Keys (also in the command palette, Ctrl+P)") + "\n\n", style="bold")
    keys = [(key, _(label), _(helptext)) for key, _action, label, helptext in (*ACTIONS, *UNLISTED)]
    keys.append(("ctrl+q", _("Quit"), _("leave (the draft is already saved)")))
    width = max(10, *(len(label) for _key, label, _help in keys))  # the labels in a column
    for i, (key, label, helptext) in enumerate(keys):
        text.append(f"{key_shown(key):<8}", style="bold")
        text.append(f" {label:<{width}} {helptext}\n" + ("\n" if i == len(keys) - 1 else ""))
    text.append(_("In the command palette only (Ctrl+P)") + "\n\n", style="bold")
    palette = [(_(label), _(helptext)) for _action, label, helptext in PALETTE_ONLY]
    width = max(19, *(len(label) for label, _help in palette))
    for label, helptext in palette:
        text.append(f"  {label:<{width}} {helptext}\n")
    text.append("\n" + _("In the scenario") + "\n\n", style="bold")
    text.append(flowing(_(
        "Tab / Shift+Tab or Up / Down move between fields; the line under the form says\n"
        "what the field is, in the game's words. In a text field the shell's keys edit\n"
        "(Ctrl+A / Ctrl+E start and end, Ctrl+U / Ctrl+K delete to either end, Ctrl+W a\n"
        "word). Enter opens a pick list (ruleset, catalogue): nothing changes until\n"
        "Enter there. Left / Right step a choice; Space toggles a switch or a variant.\n"
        "On a target's title row: a adds a target, x removes it, k / j move it up /\n"
        "down (the footer shows them). Every change is undone with Ctrl+Z and saved as a\n"
        "draft at once, restored next time. An invalid field shows its error under it,\n"
        "in the words 'gunline validate' uses."
    )) + "\n\n")
    text.append(_("The chain") + "\n\n", style="bold")
    text.append(flowing(_(
        "► outcome lines to read out; then attack → target → step, each step with its dice\n"
        "(what they needed; ✎ = typed by hand) and modifiers (with the plugin that added\n"
        "each). Enter on a step shows it whole, with its odds. After an edit or a variant\n"
        "switch the same dice are re-used: ≠ marks a step or outcome that changed (with\n"
        "'was:'), + a new step, − a removed one."
    )) + "\n")
    return text


def flowing(paragraph: str) -> str:
    """A paragraph of the help as one line, which the help's box wraps at its own
    width (the catalogues break their lines where the English did, and a box
    narrower than 80 columns, or longer Russian words, left a word alone on a line)."""
    return " ".join(paragraph.split("\n"))
