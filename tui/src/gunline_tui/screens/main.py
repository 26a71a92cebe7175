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
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import DescendantFocus
from textual.widgets import ContentSwitcher, Static

from gunline import drafts
from gunline.errors import PluginFailed
from gunline.models import Attack, Chain
from gunline.plugins import Registry
from gunline.render import registry_text
from gunline.runner import new_seed

from ..encounter import Encounter
from ..files import Files
from ..logbook import Logbook
from ..messages import TargetAction
from ..model import Change, ScenarioModel, Source
from ..offload import OffLoop
from ..shown import Text
from ..widgets.chain_view import ChainView
from ..widgets.encounter_view import EncounterView
from ..widgets.form import ScenarioForm
from ..widgets.keybar import KeyBar
from ..widgets.log_view import LogView
from ..widgets.map_view import MapView
from ..widgets.odds_view import OddsView
from .compare_view import CompareActions
from .dialogs import ConfirmDialog, TextScreen
from .encounter_actions import EncounterActions
from .resolving import Job, Resolving
from .scenario_files import ScenarioFiles

#: One draft write at a time (see ``MainScreen._write_draft``).
_DRAFT_LOCK = threading.Lock()

#: The screen's keys: one table, used for the bindings, the footer, the command
#: palette and the help page. None of them is a text field's editing key, so they
#: work while a field has the focus and take nothing from it.
ACTIONS: tuple[tuple[str, str, str, str], ...] = (
    # key, action, footer label, help text
    ("ctrl+r", "resolve", "Resolve", "resolve with new dice (a new seed); logged"),
    ("ctrl+t", "dice", "Type dice", "type the dice rolled at the table, a whole roll on a line"),
    ("ctrl+g", "reroll", "Re-roll", "the last logged attack again, new seed"),
    ("ctrl+z", "undo", "Undo", "undo the last change to the scenario (a field, a target, the ruleset, New, Open)"),
    ("ctrl+y", "redo", "Redo", "redo what Ctrl+Z undid"),
    ("ctrl+n", "add_target", "+Target", "add a target at the end (its name field takes what you type next)"),
    ("ctrl+o", "open", "Open", "open a scenario file (TOML, as the CLI reads)"),
    ("ctrl+s", "save", "Save", "save to the file this session opened or saved; else ask where"),
    ("f12", "save_as", "Save as", "save under another name (asks before replacing a file)"),
    ("f1", "help", "Help", "this page (also ? outside a text field)"),
    ("f2", "commit", "Commit", "commit the chain shown to the encounter (rounds, wounds)"),
    ("f3", "encounter_menu", "Encounter", "pick or start an encounter; undo its last entry; reload; actions"),
    ("f4", "seed", "Seed", "resolve with a seed you type (as resolve --seed)"),
    ("f5", "library", "Library", "a copy of a bundled example; the roster: take or keep a fighter, weapon, target"),
    ("f6", "odds_or_log", "Odds/Log", "below the chain: the log, the odds, the map (arrows move a model), "
     "the encounter's state"),
    ("f7", "variants", "Variants", "to the variant switches; Space: same dice, new rules"),
    ("f8", "ruleset", "Ruleset", "to the ruleset picker (a new scenario of that game; Ctrl+Z undoes it)"),
    ("f9", "new", "New", "an empty scenario of this ruleset (Ctrl+Z brings the old one back)"),
    ("ctrl+l", "plugins", "Plugins", "rulesets, variants, broken plugins and errors"),
    ("escape", "cancel", "Cancel", "stop resolving or computing odds (a plugin that takes too long)"),
)

#: Keys left out of the footer (no room for them at 80 columns): in the command
#: palette and help, with their key.
UNLISTED: tuple[tuple[str, str, str, str], ...] = (
    ("ctrl+backslash", "compare", "Compare", "scenarios side by side: the columns kept (a: this scenario, "
     "v: with a variant toggled), their odds in one table and one chart"),
)

#: Actions with no key of their own: in the command palette (Ctrl+P) and help.
PALETTE_ONLY: tuple[tuple[str, str, str], ...] = (
    ("examples", "Examples", "open a copy of a bundled example"),
    ("export", "Export log", "export this session's log as Markdown"),
    ("journal_undo", "Undo journal entry", "undo the encounter's last entry (asks first)"),
    ("reload", "Reload", "the shooter reloads the weapon (an action in the encounter)"),
    ("act", "Act", "an action between attacks (a recovery roll, a jam cleared), with its odds"),
    ("encounter", "Pick encounter", "pick or start an encounter: attacks start from its saved state"),
    ("keep_column", "Keep as a column", "keep the scenario as it stands as a column of the compare view"),
)


class MainScreen(Resolving, ScenarioFiles, EncounterActions, CompareActions):
    AUTO_FOCUS = None
    BINDINGS = [
        *[Binding(k, a, label, id=a, priority=k != "escape", tooltip=h) for k, a, label, h in ACTIONS],
        *[Binding(k, a, label, id=a, priority=True, show=False, tooltip=h) for k, a, label, h in UNLISTED],
        Binding("question_mark", "help", "Help", show=False, id="help-key"),
    ]

    def __init__(self, registry: Registry, doc: dict[str, Any], file: str | None = None,
                 notice: str | None = None, encounter: Encounter | None = None, *,
                 restored: bool = False, files: Files | None = None) -> None:
        """``doc`` was read from ``file`` (a bundled example opens as a copy of it),
        or is the draft an earlier session left (``restored``), or is new."""
        super().__init__()
        self.registry = registry
        self.encounter = encounter or Encounter()
        self.files = files or Files.for_registry(registry)
        source = self.source_for(file) if file else Source(restored=restored)
        self.model = ScenarioModel.of(doc, source, listener=self._changed)
        self.notice = notice
        #: Bumped whenever the encounter's state may have changed (a commit, an undo,
        #: a reload, another encounter picked): chains and odds of an older epoch are
        #: stale.
        self.epoch = 0
        #: The chain on show and the job it came from, while it may be committed.
        self.shown: tuple[Job, Chain] | None = None
        #: Plugins already reported as failing (each is offered for disabling once).
        self.failed_plugins: set[str] = set()
        self.logbook = Logbook()
        self.chain: Chain | None = None
        self.basis: Chain | None = None
        self.attack: Attack | None = None
        self.problem: str | None = None
        self.last_attack: Attack | None = None
        self.seed = new_seed()
        self.redrawn_at = 0.0
        self.odds: Any = None
        self.odds_key: bytes | None = None
        self._odds_timer: Any = None
        self._off_loop: OffLoop | None = None
        #: A change that rebuilds the form, not yet drawn (see :meth:`after_change`).
        self._pending: Change | None = None

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
        yield Static("", id="status")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield ScenarioForm(self.registry, self.model, id="form")
                yield Static("", id="field-help")
            with Vertical(id="right"):
                yield ChainView(id="chain")
                with ContentSwitcher(initial="log", id="bottom"):
                    yield LogView(id="log")
                    with VerticalScroll(id="odds-pane"):
                        yield OddsView(id="odds")
                    with Vertical(id="map-pane"):
                        yield MapView(id="map")
                    with VerticalScroll(id="encounter-pane"):
                        yield EncounterView(id="encounter")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.query_one("#bottom").border_title = "Log"
        self._update_status()
        if self.notice:
            self.set_status(self.notice)
        self._say_what_did_not_load()
        # The first chain right after the first frame, not before it: cold start is
        # what a GM waits for, and the first resolution pays for first use.
        self.call_after_refresh(self.validate_and_preview)
        self.call_after_refresh(self._build_form)
        if self.encounter.name is not None:
            self._show_pane("encounter-pane")
            self.refresh_encounter()

    def _say_what_did_not_load(self) -> None:
        """An installed plugin that did not load (broken, or written for another hook
        contract) is said at once, in its own line; the app runs on with the others."""
        broken = self.registry.broken
        if not broken:
            return
        if len(broken) == 1:
            title, message = f"plugin {broken[0].name} not loaded", broken[0].error or ""
        else:
            title, message = f"{len(broken)} plugins not loaded", ", ".join(b.name for b in broken)
        self.notify(f"{message} (Ctrl+L lists the plugins)", title=title, severity="warning", timeout=10)

    async def _build_form(self) -> None:
        """Build the scenario form after the first frame (see ScenarioForm.built)."""
        form = self.query_one(ScenarioForm)
        form.built = True
        await form.recompose()
        self._show_problem(self.problem)
        if self.focused is None:
            for editor in form.editors.values():
                if editor.focusable:
                    self.app.set_focus(editor)
                    break

    # -- status ----------------------------------------------------------------------
    def _update_status(self, extra: str = "") -> None:
        doc = self.model.doc
        variants = ", ".join(doc.get("variants", [])) or "no variants"
        source = self.model.source
        where = source.name + (" *" if self.model.dirty and source.path else "")
        text = Text("gunline", style="bold")
        if self.encounter.name is not None:
            text.append(f" · ⚔ {self.encounter.name}", style="bold")
        text.append(f" · {doc.get('ruleset', '?')} · {variants} · {where}")
        if extra:
            text.append(f" · {extra}")
        if text.plain == self._status_shown:
            return  # unchanged: a repaint of this full-width line would widen the
            # screen area redrawn after an edit to everything between it and the chain
        self._status_shown = text.plain
        self.query_one("#status", Static).update(text, layout=False)  # one fixed line

    _status_shown: str | None = None

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
            self.validate_and_preview(log=f"variant {'on' if on_ else 'off'}: {name} · same dice")
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
        await form.recompose()
        self._show_problem(self.problem)
        target = focus or change.path
        if target:
            form.focus_path(target)
        self._update_status()
        self._preview_after(change)

    async def action_undo(self) -> None:
        change = self.model.undo()
        if change is None:
            self.set_status("nothing to undo")
            return
        await self.after_change()
        self.set_status(change.what)

    async def action_redo(self) -> None:
        change = self.model.redo()
        if change is None:
            self.set_status("nothing to redo")
            return
        await self.after_change()
        self.set_status(change.what)

    @on(MapView.Move)
    def _model_moved(self, event: MapView.Move) -> None:
        """A model moved on the map: a change like any other (Ctrl+Z undoes it); the
        chain is resolved again with the same dice."""
        moved: list[list[float] | None] = []
        self.model.edit(f"move {event.name}", lambda d: moved.append(d.nudge(event.name, event.by)))
        if moved and moved[0] is not None:
            where = ", ".join(f"{v:g}" for v in moved[0])
            self.set_status(f"{event.name} moved to ({where}) · same dice")

    @on(TargetAction)
    async def _target_action(self, event: TargetAction) -> None:
        draft_targets = self.model.draft.targets
        form = self.query_one(ScenarioForm)
        if event.action == "add":
            index = self.model.edit("add a target", lambda d: d.add_target(event.index), structural=True)
        elif event.action == "remove":
            if len(draft_targets) <= 1:
                self.set_status("an attack needs at least one target")
                return
            name = draft_targets[event.index].get("name") or f"target {event.index + 1}"
            index = self.model.edit(f"remove {name}", lambda d: d.remove_target(event.index), structural=True)
            self.notify(f"{name} removed · Ctrl+Z brings them back", timeout=4)
        else:
            by = -1 if event.action == "up" else 1
            index = self.model.edit(f"move target {event.index + 1} {event.action}",
                                    lambda d: d.move_target(event.index, by), structural=True)
        await self.after_change()
        form.focus_target(index)

    async def action_add_target(self) -> None:
        index = self.model.edit("add a target", lambda d: d.add_target(), structural=True)
        await self.after_change(focus=f"targets[{index}].name")

    def action_variants(self) -> None:
        form = self.query_one(ScenarioForm)
        boxes = form.query("#first-variant")
        if boxes:
            self.app.set_focus(boxes.first())
            boxes.first().scroll_visible()
        else:
            self.set_status("this ruleset has no variants installed")

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
        self.write_draft(self._draft_changes, self.model.draft.clean())

    @work(thread=True, exit_on_error=False, group="draft", description="Saving the draft")
    def write_draft(self, changes: int, doc: dict[str, Any]) -> None:
        problem = self._write_draft(changes, doc)
        if problem is not None and self.app.is_running:
            self.app.call_from_thread(self.set_status, problem)

    def _write_draft(self, changes: int, doc: dict[str, Any]) -> str | None:
        """Write ``doc`` unless a newer draft is already on disk (writes from two
        threads may finish out of order)."""
        with _DRAFT_LOCK:
            if changes <= self._draft_saved:
                return None
            try:
                drafts.save_draft(doc)
            except OSError as exc:
                return f"draft not saved: {exc.strerror or exc}"
            self._draft_saved = changes
        return None

    def flush_draft(self) -> None:
        """Write the draft now if it has unsaved changes (the app is closing)."""
        if self._draft_timer is not None:
            self._draft_timer.stop()
            self._draft_timer = None
        if self._draft_changes > self._draft_saved:
            self._write_draft(self._draft_changes, self.model.draft.clean())

    # -- plugins ------------------------------------------------------------------------
    @on(ChainView.Detail)
    def _detail(self, event: ChainView.Detail) -> None:
        """Enter on a line of the chain: all it stands for, wrapped, with its odds."""
        from ..detail import detail_text, detail_title

        chain = self.query_one(ChainView).chain
        if chain is None:
            return
        attack = self.attack
        odds = self.odds if attack is not None and self.odds_key == self.odds_key_of(attack) else None
        self.app.push_screen(TextScreen(detail_title(chain, event.key), detail_text(chain, event.key, odds)))

    def action_plugins(self) -> None:
        self.app.push_screen(TextScreen("Plugins", Text(registry_text(self.registry))))

    def plugin_failed(self, error: PluginFailed) -> None:
        """A plugin raised or returned the wrong type: say which, keep running, and
        offer (once per plugin) to disable it for this session."""
        self.shown = None
        self._show_problem(str(error))
        name = error.plugin
        if name in self.failed_plugins:
            return
        self.failed_plugins.add(name)
        self.notify(str(error), title=f"plugin {name} failed", severity="error", timeout=10)
        if name not in self.registry.plugins:
            return
        kind = "the ruleset" if name in self.registry.rulesets else "the variant"
        question = f"Disable {kind} {name} for this session? (installed plugins are not changed)"

        async def done(yes: bool | None) -> None:
            if yes:
                await self.disable_plugin(name)
            else:
                self.set_status(f"{name} kept: its error stays under the chain")

        self.app.push_screen(ConfirmDialog(f"Plugin {name} failed in {error.hook}", str(error), question), done)

    async def disable_plugin(self, name: str) -> None:
        """Forget the plugin for this session, drop it from the scenario's variants,
        and resolve again without it."""
        self.registry.remove(name)
        self.epoch += 1  # its odds, if any, are of rules no longer in force
        if name in self.model.doc.get("variants", []):
            self.model.edit(f"variant off: {name}", lambda d: d.toggle_variant(name, False), structural=True)
        else:
            self._pending = Change(f"plugin {name} disabled", structural=True)
        await self.after_change()
        self.set_status(f"{name} disabled for this session")
        self.notify(f"{name} disabled for this session", title="plugin disabled")

    def on_unmount(self) -> None:
        self.flush_draft()
        self.encounter.close()

    def action_help(self) -> None:
        self.app.push_screen(TextScreen("Help", help_text()))


def key_shown(key: str) -> str:
    """A key as help and the palette write it: ``ctrl+\\``, not ``ctrl+backslash``."""
    return key.replace("backslash", "\\")


def help_text() -> Text:
    text = Text()
    text.append("Keys (also in the command palette, Ctrl+P)\n\n", style="bold")
    for key, _action, label, helptext in (*ACTIONS, *UNLISTED):
        text.append(f"{key_shown(key):<8}", style="bold")
        text.append(f" {label:<10} {helptext}\n")
    text.append(f"{'ctrl+q':<8}", style="bold")
    text.append(f" {'Quit':<10} leave (the draft is already saved)\n\n")
    text.append("In the command palette only (Ctrl+P)\n\n", style="bold")
    for _action, label, helptext in PALETTE_ONLY:
        text.append(f"  {label:<19} {helptext}\n")
    text.append("\nIn the scenario\n\n", style="bold")
    text.append(
        "Tab / Shift+Tab or Up / Down move between fields; the line under the form says\n"
        "what the field is, in the game's words. In a text field the shell's keys edit\n"
        "(Ctrl+A / Ctrl+E start and end, Ctrl+U / Ctrl+K delete to either end, Ctrl+W a\n"
        "word). Enter opens a pick list (ruleset, catalogue): nothing changes until\n"
        "Enter there. Left / Right step a choice; Space toggles a switch or a variant.\n"
        "On a target's title row: a adds a target, x removes it, k / j move it up /\n"
        "down (the footer shows them). Every change is undone with Ctrl+Z and saved as a\n"
        "draft at once, restored next time. An invalid field shows its error under it,\n"
        "in the words 'gunline validate' uses.\n\n"
    )
    text.append("The chain\n\n", style="bold")
    text.append(
        "► outcome lines to read out; then attack → target → step, each step with its dice\n"
        "(what they needed; ✎ = typed by hand) and modifiers (with the plugin that added\n"
        "each). Enter on a step shows it whole, with its odds. After an edit or a variant\n"
        "switch the same dice are re-used: ≠ marks a step or outcome that changed (with\n"
        "'was:'), + a new step, − a removed one.\n"
    )
    return text
