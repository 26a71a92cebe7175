"""The one screen: scenario on the left, chain and log on the right.

State lives here: the draft being edited, the chain on show and the chain whose
dice are reused (``basis``). Editing a field or toggling a variant re-resolves the
draft with the basis's dice at once (and marks what changed); Resolve, Re-roll,
Seed and Dice make a new basis and go into the log.
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Static
from textual.worker import Worker, WorkerState

from gunline import drafts, tomlwrite
from gunline.engine import refusals, start_state
from gunline.errors import BadInput, GunlineError, PluginFailed
from gunline.models import Attack, Chain
from gunline.plugins import Registry
from gunline.render import registry_text
from gunline.replay import Comparison, compare, replay
from gunline.runner import new_seed, run
from gunline.scenario import build_attack, read_document
from gunline.state import ChainState

from ..acting import actions_line, offer_actions
from ..draft import Draft, blank
from ..encounter import Encounter, state_text
from ..logbook import Logbook
from ..messages import DraftEdited, TargetAction
from ..offload import OffLoop
from ..shown import Text, line
from ..widgets.chain_view import ChainView
from ..widgets.encounter_view import EncounterView
from ..widgets.form import ScenarioForm
from ..widgets.keybar import KeyBar
from ..widgets.log_view import LogView
from ..widgets.odds_view import OddsView
from .dialogs import ConfirmDialog, PickDialog, PromptDialog, TextScreen
from .dice_entry import DiceEntryDialog


def _odds_api():
    """``gunline.odds.compute_odds``, imported when first needed (not at start-up),
    or None with a core that has no odds interpreter."""
    try:
        from gunline.odds import compute_odds
    except ImportError:  # pragma: no cover - older core
        return None
    return compute_odds


#: One draft write at a time (see ``MainScreen._write_draft``).
_DRAFT_LOCK = threading.Lock()

_PATH = re.compile(r"^[A-Za-z0-9_\-\[\]\.:]+$")

#: The screen's keys: one table, used for the bindings, the footer, the command
#: palette and the help page. Control keys work even while a text field has focus.
ACTIONS: tuple[tuple[str, str, str, str], ...] = (
    # key, action, footer label, help text
    ("ctrl+r", "resolve", "Resolve", "resolve with new dice (a new seed); logged"),
    ("ctrl+g", "reroll", "Re-roll", "the last logged attack again, new seed"),
    ("ctrl+k", "seed", "Seed", "resolve with a seed you type (as resolve --seed)"),
    ("ctrl+d", "dice", "Dice", "type the dice rolled at the table, one by one"),
    ("ctrl+f", "variants", "Variants", "to the variant switches; Space: same dice, new rules"),
    ("ctrl+u", "ruleset", "Ruleset", "jump to the ruleset picker"),
    ("ctrl+n", "add_target", "+Target", "add a target at the end"),
    ("ctrl+e", "new", "New", "start an empty scenario for this ruleset"),
    ("ctrl+o", "open", "Open", "open a scenario file (TOML, as the CLI reads)"),
    ("ctrl+b", "examples", "Examples", "open a bundled example"),
    ("ctrl+s", "save", "Save", "save the scenario as a TOML file"),
    ("ctrl+x", "export", "Export", "export this session's log as Markdown"),
    ("ctrl+t", "odds_or_log", "Odds/Log", "below the chain: the log, the odds, the encounter's state"),
    ("ctrl+y", "encounter", "Encounter", "pick or create an encounter: attacks start from its saved state"),
    ("ctrl+w", "commit", "Commit", "commit the chain shown to the encounter (rounds, wounds)"),
    ("ctrl+a", "reload", "Reload", "the shooter reloads the weapon (an action in the encounter)"),
    ("ctrl+z", "undo", "Undo", "undo the encounter's last commit, reload or action"),
    ("f2", "act", "Act", "an action between attacks (a recovery roll, a jam cleared), with its odds"),
    ("ctrl+l", "plugins", "Plugins", "rulesets, variants, broken plugins and errors"),
    ("f1", "help", "Help", "this page (also ? outside a text field)"),
    ("escape", "cancel", "Cancel", "stop resolving or computing odds (a plugin that takes too long)"),
)


@dataclass
class Job:
    """One resolution to run in the worker."""

    attack: Attack
    how: str
    log: bool
    seed: int | None = None
    basis: Chain | None = None
    compare: bool = False
    #: The encounter's saved state the chain started from (set by the worker).
    prior: ChainState | None = None
    #: Which encounter state it was resolved in (see ``MainScreen.epoch``).
    epoch: int = 0


class MainScreen(Screen[None]):
    AUTO_FOCUS = None
    BINDINGS = [
        *[Binding(k, a, label, id=a, priority=k != "escape", tooltip=h) for k, a, label, h in ACTIONS],
        Binding("question_mark", "help", "Help", show=False, id="help-key"),
    ]

    def __init__(self, registry: Registry, doc: dict[str, Any], file: str | None = None,
                 notice: str | None = None, encounter: Encounter | None = None) -> None:
        super().__init__()
        self.encounter = encounter or Encounter()
        #: Bumped whenever the encounter's state may have changed (a commit, an undo,
        #: a reload, another encounter picked): chains and odds of an older epoch are
        #: stale.
        self.epoch = 0
        #: The chain on show and the job it came from, while it may be committed.
        self.shown: tuple[Job, Chain] | None = None
        #: Plugins already reported as failing (each is offered for disabling once).
        self.failed_plugins: set[str] = set()
        self.registry = registry
        self.draft = Draft(doc)
        self.file = file
        self.notice = notice
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

    @property
    def off_loop(self) -> OffLoop:
        """Where plugin work runs (see :mod:`gunline_tui.offload`)."""
        if self._off_loop is None:
            self._off_loop = OffLoop(self, getattr(self.app, "hook_limit", None))
        return self._off_loop

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        with Horizontal(id="body"):
            yield ScenarioForm(self.registry, self.draft, id="form", edited=self.edited_at_once)
            with Vertical(id="right"):
                yield ChainView(id="chain")
                with ContentSwitcher(initial="log", id="bottom"):
                    yield LogView(id="log")
                    with VerticalScroll(id="odds-pane"):
                        yield OddsView(id="odds")
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
                    editor.focus()
                    break

    # -- status ----------------------------------------------------------------------
    def _update_status(self, extra: str = "") -> None:
        doc = self.draft.doc
        variants = ", ".join(doc.get("variants", [])) or "no variants"
        where = Path(self.file).name if self.file else "draft"
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

    # -- the draft -------------------------------------------------------------------
    @on(DraftEdited)
    async def _draft_edited(self, event: DraftEdited) -> None:
        form = self.query_one(ScenarioForm)
        if event.path == "ruleset":
            name = form.take_new_ruleset()
            if name:
                self.draft = Draft(blank(self.registry.ruleset(name)))
                self.basis = None
                form.draft = self.draft
        if event.structural:
            await self._rebuild(focus=event.path if event.path != "weapon.name" else "weapon:catalogue")
        self._edited(event.path)

    def edited_at_once(self, event: DraftEdited) -> bool:
        """The form calls this for an edit instead of posting ``event``: an edit that
        leaves the form as it is (a value typed, a choice or a switch changed) is
        resolved and drawn right away, so the chain is redrawn in the same frame as
        the keystroke rather than a frame later. False: post it (the form is rebuilt)."""
        if event.structural or event.path == "ruleset":
            return False
        self._edited(event.path)
        return True

    def _edited(self, path: str) -> None:
        self._save_draft()
        self._update_status()
        if path.startswith("variant:"):
            name = path.split(":", 1)[1]
            on_ = name in self.draft.doc.get("variants", [])
            self.validate_and_preview(log=f"variant {'on' if on_ else 'off'}: {name} · same dice")
        else:
            self.validate_and_preview()

    @on(TargetAction)
    async def _target_action(self, event: TargetAction) -> None:
        draft = self.draft
        if event.action == "add":
            index = draft.add_target(event.index)
        elif event.action == "remove":
            if len(draft.targets) <= 1:
                self.set_status("an attack needs at least one target")
                return
            index = draft.remove_target(event.index)
        else:
            index = draft.move_target(event.index, -1 if event.action == "up" else 1)
        await self._rebuild()
        self.query_one(ScenarioForm).focus_target(index)
        self._save_draft()
        self.validate_and_preview()

    async def _rebuild(self, focus: str | None = None) -> None:
        form = self.query_one(ScenarioForm)
        form.draft = self.draft
        await form.recompose()
        self._show_problem(self.problem)  # a result may have come in meanwhile
        if focus:
            form.focus_path(focus)

    # -- saving the draft ------------------------------------------------------------
    #: The draft is written this long after the last change (and when the app
    #: closes), off the screen's thread: a durable write flushes to disk, which takes
    #: longer than redrawing the chain and must not delay it on every keystroke.
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
        self.write_draft(self._draft_changes, self.draft.clean())

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
            self._write_draft(self._draft_changes, self.draft.clean())

    def current_attack(self) -> Attack | None:
        """The draft as an Attack, or None (the problem is shown at its field)."""
        try:
            attack = build_attack(self.registry, self.draft.doc)
        except BadInput as exc:
            self._show_problem(str(exc))
            self.attack = None
            self.shown = None
            return None
        self.attack = attack
        return attack

    def _show_problem(self, message: str | None) -> None:
        form = self.query_one(ScenarioForm)
        self.problem = message
        if message is None:
            form.show_problem(None, "")
            return
        path, _, rest = message.partition(": ")
        if rest and _PATH.match(path) and form.has_field(path):
            form.show_problem(path, rest)
        else:
            form.show_problem(None, message)
        self.query_one(ChainView).show_problem(message)

    def validate_and_preview(self, log: str | None = None) -> None:
        """Validate the draft and re-resolve it with the current dice."""
        attack = self.current_attack()
        if attack is None:
            return
        self.schedule_odds(attack)
        if self.basis is not None:
            job = Job(attack, log or "same dice, edited scenario", log=bool(log), basis=self.basis, compare=True)
        else:
            job = Job(attack, log or f"preview · seed {self.seed}", log=bool(log), seed=self.seed,
                      compare=self.chain is not None)
        self.run_job(job)

    # -- odds ------------------------------------------------------------------------
    ODDS_DELAY = 0.4

    def schedule_odds(self, attack: Attack) -> None:
        """Compute the odds a moment after the last edit (not on every keystroke)."""
        key = self.odds_key_of(attack)
        if key == self.odds_key:
            return
        if self._odds_timer is not None:
            self._odds_timer.stop()
        self.query_one(OddsView).pending()
        self._odds_timer = self.set_timer(self.ODDS_DELAY, lambda: self._start_odds(attack, key))

    def _start_odds(self, attack: Attack, key: bytes) -> None:
        """Compute the odds off the event loop; a newer scenario's odds replace an
        older computation (which is abandoned, so edits never pile them up)."""
        compute_odds = _odds_api()
        if compute_odds is None:
            self.query_one(OddsView).problem("this gunline has no odds interpreter")
            return

        def work() -> Any:
            return compute_odds(self.registry, attack, prior=self.encounter.prior(attack))

        self.off_loop.later(work, lambda odds: self.show_odds(odds, key), self._odds_failed,
                            group="odds", description="Computing odds")

    def _odds_failed(self, error: BaseException) -> None:
        self.query_one(OddsView).problem(_message(error))
        if isinstance(error, PluginFailed):
            self.plugin_failed(error)

    def show_odds(self, odds: Any, key: bytes) -> None:
        if self.attack is None or self.odds_key_of(self.attack) != key:
            return  # the scenario changed meanwhile; newer odds are on their way
        self.odds, self.odds_key = odds, key
        self.query_one(OddsView).show(odds)
        self.query_one(ChainView).set_odds(odds)

    def odds_key_of(self, attack: Attack) -> bytes:
        """Odds are of an attack from one encounter state: both make the key."""
        return attack_key(attack) + b"@%d" % self.epoch

    PANES = {"log": "Log", "odds-pane": "Odds", "encounter-pane": "Encounter"}

    def _show_pane(self, pane: str) -> None:
        switcher = self.query_one("#bottom", ContentSwitcher)
        if pane == "odds-pane":
            self.query_one(OddsView).flush()
        switcher.current = pane
        title = self.PANES[pane]
        if pane == "encounter-pane" and self.encounter.name is not None:
            title = f"Encounter {self.encounter.name}"
        switcher.border_title = line(f"{title} (Ctrl+T: next)")

    def action_odds_or_log(self) -> None:
        """Log, then odds, then the encounter (when one is chosen), then the log."""
        panes = list(self.PANES) if self.encounter.name is not None else ["log", "odds-pane"]
        current = self.query_one("#bottom", ContentSwitcher).current
        index = panes.index(current) if current in panes else -1
        self._show_pane(panes[(index + 1) % len(panes)])

    # -- resolving -------------------------------------------------------------------
    def _resolve(self, job: Job) -> tuple[Chain | None, str | None]:
        """The chain of a job, from the encounter's saved state if one is chosen, or
        the rules' reason to refuse the attack."""
        job.epoch = self.epoch
        job.prior = prior = self.encounter.prior(job.attack)
        stack = self.registry.stack(job.attack.ruleset, job.attack.variants)
        problems = refusals(stack, job.attack, start_state(stack, job.attack, prior))
        if problems:
            return None, "; ".join(problems)
        if job.basis is not None:
            return replay(self.registry, job.attack, job.basis, seed=self.seed, prior=prior), None
        return run(self.registry, job.attack, seed=job.seed, prior=prior)[0], None

    def run_job(self, job: Job) -> None:
        """Resolve a job and show it. The plugins' hooks run off the event loop
        (:mod:`gunline_tui.offload`), but a resolution takes a millisecond or two and
        is waited for that long, so the chain is drawn in the same frame as the
        keystroke that changed the scenario; one that takes longer (a journal
        another gunline holds, a slow plugin) shows when it is done, Escape cancels
        it, and a hook past the limit is named."""
        self.off_loop.soon(lambda: self._resolve(job), lambda out: self._resolved(job, *out), self._job_failed,
                           group="resolve", description="Resolving")

    def _resolved(self, job: Job, chain: Chain | None, refused: str | None) -> None:
        if refused is not None:
            self._refused(refused)
        else:
            assert chain is not None, "_resolve gives a chain when it gives no refusal"
            self.show_chain(job, chain)

    def action_cancel(self) -> None:
        """Escape: stop resolving and computing odds (a plugin that takes too long)."""
        stopped = [group for group in ("resolve", "odds", "dice", "reload", "act") if self.off_loop.cancel(group)]
        if stopped:
            self.set_status("cancelled")
            self.notify("stopped: " + ", ".join(stopped), title="cancelled", timeout=3)
            if "odds" in stopped:
                self.odds_key = None
                self.query_one(OddsView).problem("cancelled (edit the scenario to compute them again)")

    def _refused(self, message: str) -> None:
        self.shown = None
        self._show_problem(f"refused: {message}")

    def show_chain(self, job: Job, chain: Chain) -> None:
        self._show_problem(None)
        diff: Comparison | None = None
        if job.compare and self.chain is not None:
            diff = compare(self.chain, chain)
        self.chain = chain
        self.shown = (job, chain)
        odds = self.odds if self.odds_key == self.odds_key_of(job.attack) else None
        self.query_one(ChainView).show(chain, job.how, diff, odds)
        if job.log:
            self.basis = chain
            self.last_attack = job.attack
            entry = self.logbook.add(job.how, chain)
            self.query_one(LogView).add(entry)
        self.redrawn_at = time.perf_counter()

    @on(Worker.StateChanged)
    def _worker_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR:
            self._job_failed(event.worker.error)

    def _job_failed(self, error: BaseException | None) -> None:
        if isinstance(error, PluginFailed):
            self.plugin_failed(error)
            return
        message = _message(error)
        self.shown = None
        self._show_problem(message)
        self.notify(message, title="could not resolve", severity="error")

    def _new_chain(self, how: str, seed: int, attack: Attack | None = None) -> None:
        attack = attack or self.current_attack()
        if attack is None:
            self.notify(self.problem or "the scenario is not valid", severity="error")
            return
        self.seed = seed
        self.run_job(Job(attack, how, log=True, seed=seed))

    def action_resolve(self) -> None:
        seed = new_seed()
        self._new_chain(f"seed {seed}", seed)

    def action_reroll(self) -> None:
        seed = new_seed()
        self._new_chain(f"re-roll · seed {seed}", seed, self.last_attack)

    def action_seed(self) -> None:
        def check(text: str) -> str | None:
            try:
                int(text.strip())
            except ValueError:
                return "a seed is a whole number, e.g. 7"
            return None

        def done(text: str | None) -> None:
            if text is not None:
                seed = int(text.strip())
                self._new_chain(f"seed {seed}", seed)

        self.app.push_screen(
            PromptDialog("Resolve with seed", str(self.seed), "the same seed gives the same chain as "
                         "'gunline resolve FILE --seed N'", check), done)

    def action_dice(self) -> None:
        attack = self.current_attack()
        if attack is None:
            self.notify(self.problem or "the scenario is not valid", severity="error")
            return
        self.prepare_dice(attack)

    def prepare_dice(self, attack: Attack) -> None:
        """The dice-entry dialog starts from the encounter's state: read it, and ask
        the rules whether the attack may be made, off the event loop (the journal may
        be busy with another gunline; a plugin may take its time)."""
        epoch = self.epoch

        def work() -> tuple[Any, str | None]:
            prior = self.encounter.prior(attack)
            stack = self.registry.stack(attack.ruleset, attack.variants)
            problems = refusals(stack, attack, start_state(stack, attack, prior))
            return prior, "; ".join(problems) if problems else None

        def ready(out: tuple[Any, str | None]) -> None:
            prior, refused = out
            if refused is not None:
                self._refused(refused)
                return

            def done(chain: Chain | None) -> None:
                if chain is not None:
                    job = Job(attack, "dice typed", log=True, prior=prior, epoch=epoch)
                    self.show_chain(job, chain)

            self.app.push_screen(DiceEntryDialog(self.registry, attack, prior=prior), done)

        self.off_loop.soon(work, ready, self._job_failed, group="dice", description="Reading the encounter")

    def action_variants(self) -> None:
        form = self.query_one(ScenarioForm)
        boxes = form.query("#first-variant")
        if boxes:
            boxes.first().focus()
            boxes.first().scroll_visible()
        else:
            self.set_status("this ruleset has no variants installed")

    def action_ruleset(self) -> None:
        self.query_one(ScenarioForm).focus_path("ruleset")

    async def action_add_target(self) -> None:
        index = self.draft.add_target()
        await self._rebuild()
        self.query_one(ScenarioForm).focus_path(f"targets[{index}].name")
        self._save_draft()
        self.validate_and_preview()

    async def action_new(self) -> None:
        name = self.draft.doc.get("ruleset")
        if name not in self.registry.rulesets:
            names = sorted(self.registry.rulesets)
            if not names:
                self.set_status("no rulesets installed: see Plugins")
                return
            name = names[0]
        await self.load_doc(blank(self.registry.ruleset(name)), None)

    async def load_doc(self, doc: dict[str, Any], file: str | None) -> None:
        self.draft = Draft(doc)
        self.file = file
        self.basis = None
        self.chain = None
        await self._rebuild()
        self._save_draft()
        self._update_status(f"opened {Path(file).name}" if file else "new scenario")
        self.validate_and_preview()

    def _load_file(self, text: str) -> str | None:
        """Check a file can become the draft; the error to show, or None."""
        path = Path(text.strip()).expanduser()
        try:
            doc = read_document(path)
        except BadInput as exc:
            return str(exc)
        name = doc.get("ruleset")
        if not isinstance(name, str) or name not in self.registry.rulesets:
            try:
                build_attack(self.registry, doc, str(path))
            except BadInput as exc:
                return str(exc)
        self._pending = (doc, str(path))
        return None

    _pending: tuple[dict[str, Any], str] | None = None

    def action_open(self) -> None:
        async def done(text: str | None) -> None:
            if text is not None and self._pending is not None:
                doc, path = self._pending
                self._pending = None
                await self.load_doc(doc, path)

        start = self.file or str(Path.cwd()) + "/"
        self.app.push_screen(PromptDialog("Open scenario file", start, "a TOML scenario, as 'gunline resolve' reads",
                                          self._load_file), done)

    def action_examples(self) -> None:
        options = []
        for name in sorted(self.registry.rulesets):
            folder = self.registry.ruleset(name).examples
            if folder and Path(folder).is_dir():
                for f in sorted(Path(folder).glob("*.toml")):
                    options.append((f"{name}: {f.stem}", str(f)))

        async def done(path: str | None) -> None:
            if path is None:
                return
            problem = self._load_file(path)
            if problem:
                self.notify(problem, title="could not open", severity="error")
                self.set_status(f"✗ {problem}")
            elif self._pending is not None:
                doc, p = self._pending
                self._pending = None
                await self.load_doc(doc, p)

        self.app.push_screen(PickDialog("Bundled examples", options, "no ruleset ships examples"), done)

    def action_save(self) -> None:
        def check(text: str) -> str | None:
            path = Path(text.strip()).expanduser()
            try:
                path.write_text(tomlwrite.dumps(self.draft.clean()), encoding="utf-8")
            except OSError as exc:
                return f"{path}: cannot write: {exc.strerror or exc}"
            return None

        def done(text: str | None) -> None:
            if text is not None:
                self.file = str(Path(text.strip()).expanduser())
                self._update_status(f"saved {Path(self.file).name}")

        self.app.push_screen(PromptDialog("Save scenario as", self.file or "scenario.toml", "TOML, as the CLI reads",
                                          check), done)

    def action_export(self) -> None:
        def check(text: str) -> str | None:
            path = Path(text.strip()).expanduser()
            try:
                path.write_text(self.logbook.markdown(), encoding="utf-8")
            except OSError as exc:
                return f"{path}: cannot write: {exc.strerror or exc}"
            return None

        def done(text: str | None) -> None:
            if text is not None:
                self._update_status(f"log exported to {Path(text.strip()).name}")

        default = f"gunline-session-{time.strftime('%Y%m%d-%H%M')}.md"
        self.app.push_screen(PromptDialog("Export the session log (Markdown) to", default, "", check), done)

    def action_plugins(self) -> None:
        self.app.push_screen(TextScreen("Plugins", Text(registry_text(self.registry))))

    # -- a plugin that fails ----------------------------------------------------------
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
        if name in self.draft.doc.get("variants", []):
            self.draft.toggle_variant(name, False)
        self.epoch += 1  # its odds, if any, are of rules no longer in force
        await self._rebuild()
        self._save_draft()
        self._update_status(f"{name} disabled for this session")
        self.notify(f"{name} disabled for this session", title="plugin disabled")
        self.validate_and_preview(log=f"plugin {name} disabled")

    # -- the encounter ------------------------------------------------------------------
    def _need_encounter(self) -> str | None:
        if self.encounter.name is None:
            self.notify("no encounter chosen: Ctrl+Y picks or creates one", severity="warning")
        return self.encounter.name

    def action_encounter(self) -> None:
        self.list_encounters()

    @work(thread=True, exit_on_error=False, group="journal", description="Reading the journal")
    def list_encounters(self) -> None:
        try:
            journal = self.encounter.journal()
            rows = journal.encounters()
        except GunlineError as exc:
            self.app.call_from_thread(self._journal_problem, exc, "cannot open the journal")
            return
        self.app.call_from_thread(self._pick_encounter, rows, str(journal.path))

    def _pick_encounter(self, rows: list, path: str) -> None:
        options = [("+ new encounter…", "new:")]
        options += [(f"{r.name} · {r.entries} entr{'y' if r.entries == 1 else 'ies'}", "enc:" + r.name) for r in rows]
        options.append(("no encounter (attacks start from the scenario alone)", "none:"))

        def created(name: str | None) -> None:
            if name:
                self.create_encounter(name.strip())

        def picked(choice: str | None) -> None:
            if choice == "new:":
                self.app.push_screen(
                    PromptDialog("New encounter", "", f"a name, e.g. pit fight · journal {path}", _check_name),
                    created,
                )
            elif choice == "none:":
                self.use_encounter(None)
            elif choice is not None:
                self.use_encounter(choice[4:])

        self.app.push_screen(PickDialog(f"Encounters in {path}", options), picked)

    @work(thread=True, exit_on_error=False, group="journal", description="Creating the encounter")
    def create_encounter(self, name: str) -> None:
        try:
            self.encounter.journal().create(name)
        except GunlineError as exc:
            self.app.call_from_thread(self._journal_problem, exc, "encounter not created")
            return
        self.app.call_from_thread(self.use_encounter, name)

    def use_encounter(self, name: str | None) -> None:
        """Resolve from now on from ``name``'s saved state (``None``: from the
        scenario alone); the chain on show is resolved again from it."""
        self.encounter.name = name
        self.epoch += 1
        self._update_status(f"encounter {name}" if name else "no encounter")
        self.query_one(LogView).note(f"encounter: {name}" if name else "no encounter")
        if name is None:
            self.query_one(EncounterView).show(Text("No encounter: Ctrl+Y picks or creates one."))
            self._show_pane("log")
        else:
            self._show_pane("encounter-pane")
            self.refresh_encounter()
        self.validate_and_preview()

    @work(
        thread=True, exit_on_error=False, exclusive=True, group="encounter-state", description="Reading the encounter"
    )
    def refresh_encounter(self) -> None:
        name = self.encounter.name
        if name is None:
            return
        try:
            journal = self.encounter.journal()
            if name in {r.name for r in journal.encounters()}:
                entries = journal.entries(name)
                state = journal.state(name)
            else:
                entries, state = [], None
        except GunlineError as exc:
            self.app.call_from_thread(self._journal_problem, exc, "cannot read the encounter")
            return
        last = entries[-1].summary if entries else ""
        text = state_text(name, state, len(entries), last, actions_line(self.registry, self.draft.doc.get("ruleset")))
        self.app.call_from_thread(self.query_one(EncounterView).show, text)

    def action_commit(self) -> None:
        name = self._need_encounter()
        if name is None:
            return
        if self.shown is None:
            why = self.problem or "no chain on show"
            self.notify(f"nothing to commit: {why}", title="not committed", severity="warning")
            return
        job, chain = self.shown
        if job.epoch != self.epoch:
            self.notify("the chain is being resolved again from the encounter's new state; "
                        "commit when it shows", severity="warning")
            return
        self.shown = None  # one commit per chain
        self.commit_chain(name, job, chain, self.draft.clean())

    @work(thread=True, exit_on_error=False, group="journal", description="Committing")
    def commit_chain(self, name: str, job: Job, chain: Chain, document: dict[str, Any]) -> None:
        from gunline.journal import StaleState

        try:
            entry = self.encounter.journal().commit(name, job.attack, chain, document,
                                                    prior=job.prior or ChainState())
        except StaleState as exc:
            self.app.call_from_thread(self._stale, str(exc))
            return
        except GunlineError as exc:
            self.app.call_from_thread(self._journal_problem, exc, "not committed")
            return
        line = f"✓ committed to {name} as #{entry.number}: " + "; ".join(chain.outcomes.values())
        self.app.call_from_thread(self._encounter_changed, line, f"committed as #{entry.number}")
        self.app.call_from_thread(self.notify, f"committed to {name} as #{entry.number}", timeout=3)

    def _stale(self, message: str) -> None:
        """Another gunline committed first: nothing is written, the chain is
        resolved again (same dice) from the encounter's new state."""
        self.notify(f"{message}. The chain now starts from the new state; commit again if it still stands.",
                    title="not committed: the encounter changed", severity="warning", timeout=10)
        self.query_one(LogView).note("✗ not committed: another session committed first; state refreshed")
        self.epoch += 1
        self.refresh_encounter()
        self.validate_and_preview()

    def action_undo(self) -> None:
        name = self._need_encounter()
        if name is not None:
            self.undo_last(name)

    @work(thread=True, exit_on_error=False, group="journal", description="Undoing")
    def undo_last(self, name: str) -> None:
        try:
            entry = self.encounter.journal().undo(name)
        except GunlineError as exc:
            self.app.call_from_thread(self._journal_problem, exc, "nothing undone")
            return
        self.app.call_from_thread(self._encounter_changed, f"↶ {entry.summary}", f"undid #{entry.undoes_number}")

    def action_act(self) -> None:
        offer_actions(self)

    def action_reload(self) -> None:
        name = self._need_encounter()
        if name is None:
            return
        attack = self.current_attack()
        if attack is None:
            self.notify(self.problem or "the scenario is not valid", severity="error")
            return
        self.reload_weapon(name, attack, self.draft.clean())

    def reload_weapon(self, name: str, attack: Attack, document: dict[str, Any]) -> None:
        """The ruleset's ``reload_weapon`` hook and the journal write, off the event
        loop (plugin code: see :mod:`gunline_tui.offload`)."""

        def work() -> Any:
            return self.encounter.journal().reload(name, self.registry, attack=attack, document=document)

        def failed(error: BaseException) -> None:
            if isinstance(error, GunlineError):
                self._journal_problem(error, "not reloaded")
            else:
                self._job_failed(error)

        def done(entry: Any) -> None:
            self._encounter_changed(f"↻ {entry.summary} (#{entry.number})", "reloaded")

        self.off_loop.later(work, done, failed, group="reload", description="Reloading")

    def _encounter_changed(self, line: str, status: str) -> None:
        """After a commit, an undo or a reload: log it, show the new state, and
        resolve the next attack from it with fresh dice."""
        self.query_one(LogView).note(line)
        self.set_status(status)
        self.epoch += 1
        self.basis = None
        self.chain = None  # the next attack is not the same roll edited: no ≠ marks
        self.seed = new_seed()
        self.refresh_encounter()
        self.validate_and_preview()

    def _journal_problem(self, error: GunlineError, title: str) -> None:
        if isinstance(error, PluginFailed):
            self.plugin_failed(error)
            return
        self.notify(str(error), title=title, severity="error", timeout=8)
        self.set_status(f"✗ {title}")

    def on_unmount(self) -> None:
        self.flush_draft()
        self.encounter.close()

    def action_help(self) -> None:
        self.app.push_screen(TextScreen("Help", help_text()))


def _check_name(text: str) -> str | None:
    """The journal's own rule for encounter names, shown under the field."""
    from gunline.journal.store import check_name

    try:
        check_name(text)
    except BadInput as exc:
        return str(exc).replace("--encounter ", "")
    return None


def attack_key(attack: Attack) -> bytes:
    """Identity of an attack's content, to match odds with the scenario they are of."""
    return msgspec.json.encode(attack)


def help_text() -> Text:
    text = Text()
    text.append("Keys (also in the command palette, Ctrl+P)\n\n", style="bold")
    for key, _action, label, helptext in ACTIONS:
        text.append(f"{key:<8}", style="bold")
        text.append(f" {label:<9} {helptext}\n")
    text.append(f"{'ctrl+q':<8}", style="bold")
    text.append(f" {'Quit':<9} leave (the draft is already saved)\n\n")
    text.append("In the scenario\n\n", style="bold")
    text.append(
        "Tab / Shift+Tab or Up / Down move between fields. Enter opens a choice list; Space\n"
        "toggles a checkbox or a variant. On a target's title row: a adds a target, x removes\n"
        "it, k / j move it up / down. An invalid field shows its error under it, in the words\n"
        "'gunline validate' uses. Every change is saved as a draft and restored next time.\n\n"
    )
    text.append("The chain\n\n", style="bold")
    text.append(
        "► outcome lines to read out; then attack → target → step, each step with its dice\n"
        "(what they needed; ✎ = typed by hand) and modifiers (with the plugin that added\n"
        "each). After an edit or a variant switch the same dice are re-used: ≠ marks a step\n"
        "or outcome that changed (with 'was:'), + a new step, − a removed one.\n"
    )
    return text


def _message(error: BaseException | None) -> str:
    """An error as one line for the screen: a gunline error's own words, anything
    else with its type (a plugin's fault that was not caught as one)."""
    return str(error) if isinstance(error, GunlineError) else f"{type(error).__name__}: {error}"
