"""The one screen: scenario on the left, chain and log on the right.

State lives here: the draft being edited, the chain on show and the chain whose
dice are reused (``basis``). Editing a field or toggling a variant re-resolves the
draft with the basis's dice at once (and marks what changed); Resolve, Re-roll,
Seed and Dice make a new basis and go into the log.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Static
from textual.worker import Worker, WorkerState, get_current_worker

from gunline.engine import refusals, start_state
from gunline.errors import AttackRefused, BadInput, GunlineError
from gunline.models import Attack, Chain
from gunline.plugins import Registry
from gunline.render import plugins_text
from gunline.replay import Comparison, compare, replay
from gunline.runner import new_seed, run
from gunline.scenario import build_attack, read_document
from gunline import drafts, tomlwrite

from ..draft import Draft, blank
from ..logbook import Logbook
from ..messages import DraftEdited, TargetAction
from ..widgets.chain_view import ChainView
from ..widgets.form import ScenarioForm
from ..widgets.keybar import KeyBar
from ..widgets.log_view import LogView
from ..widgets.odds_view import OddsView

def _odds_api():
    """``gunline.odds.compute_odds``, imported when first needed (not at start-up),
    or None with a core that has no odds interpreter."""
    try:
        from gunline.odds import compute_odds
    except ImportError:  # pragma: no cover - older core
        return None
    return compute_odds
from .dialogs import PickDialog, PromptDialog, TextScreen
from .dice_entry import DiceEntryDialog

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
    ("ctrl+t", "odds_or_log", "Odds/Log", "odds of the scenario, or the log, below the chain"),
    ("ctrl+l", "plugins", "Plugins", "rulesets, variants, broken plugins and errors"),
    ("f1", "help", "Help", "this page (also ? outside a text field)"),
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


class MainScreen(Screen[None]):
    AUTO_FOCUS = None
    BINDINGS = [
        *[Binding(k, a, label, id=a, priority=True, tooltip=h) for k, a, label, h in ACTIONS],
        Binding("question_mark", "help", "Help", show=False, id="help-key"),
    ]

    def __init__(self, registry: Registry, doc: dict[str, Any], file: str | None = None,
                 notice: str | None = None) -> None:
        super().__init__()
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

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        with Horizontal(id="body"):
            yield ScenarioForm(self.registry, self.draft, id="form")
            with Vertical(id="right"):
                yield ChainView(id="chain")
                with ContentSwitcher(initial="log", id="bottom"):
                    yield LogView(id="log")
                    with VerticalScroll(id="odds-pane"):
                        yield OddsView(id="odds")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.query_one("#bottom").border_title = "Log"
        self._update_status()
        self.validate_and_preview()
        if self.notice:
            self.set_status(self.notice)
        self.call_after_refresh(self._build_form)

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
        text.append(f" · {doc.get('ruleset', '?')} · {variants} · {where}")
        if extra:
            text.append(f" · {extra}")
        self.query_one("#status", Static).update(text, layout=False)  # one fixed line

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
        self._save_draft()
        self._update_status()
        if event.path.startswith("variant:"):
            name = event.path.split(":", 1)[1]
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

    def _save_draft(self) -> None:
        try:
            drafts.save_draft(self.draft.clean())
        except OSError as exc:
            self.set_status(f"draft not saved: {exc.strerror or exc}")

    def current_attack(self) -> Attack | None:
        """The draft as an Attack, or None (the problem is shown at its field)."""
        form = self.query_one(ScenarioForm)
        try:
            attack = build_attack(self.registry, self.draft.doc)
        except BadInput as exc:
            self._show_problem(str(exc))
            self.attack = None
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
        key = attack_key(attack)
        if key == self.odds_key:
            return
        if self._odds_timer is not None:
            self._odds_timer.stop()
        self.query_one(OddsView).pending()
        self._odds_timer = self.set_timer(self.ODDS_DELAY, lambda: self._start_odds(attack, key))

    _odds_busy = False
    _odds_next: tuple[Attack, bytes] | None = None

    def _start_odds(self, attack: Attack, key: bytes) -> None:
        """One odds computation at a time: a thread cannot be stopped half-way, so
        while one runs only the latest scenario waits for its turn (a flurry of
        edits must not pile up computations on a small machine)."""
        if self._odds_busy:
            self._odds_next = (attack, key)
            return
        self._odds_busy = True
        self.run_odds(attack, key)

    def _odds_done(self) -> None:
        self._odds_busy = False
        waiting, self._odds_next = self._odds_next, None
        if waiting is not None and self.attack is not None and attack_key(self.attack) == waiting[1]:
            self._start_odds(*waiting)

    @work(thread=True, exit_on_error=False, group="odds", description="Computing odds")
    def run_odds(self, attack: Attack, key: bytes) -> None:
        try:
            compute_odds = _odds_api()
            if compute_odds is None:
                self.app.call_from_thread(self.query_one(OddsView).problem, "this gunline has no odds interpreter")
                return
            try:
                odds = compute_odds(self.registry, attack)
            except GunlineError as exc:
                self.app.call_from_thread(self.query_one(OddsView).problem, str(exc))
                return
            self.app.call_from_thread(self.show_odds, odds, key)
        finally:
            if self.app.is_running:
                self.app.call_from_thread(self._odds_done)

    def show_odds(self, odds: Any, key: bytes) -> None:
        if self.attack is None or attack_key(self.attack) != key:
            return  # the scenario changed meanwhile; newer odds are on their way
        self.odds, self.odds_key = odds, key
        self.query_one(OddsView).show(odds)
        self.query_one(ChainView).set_odds(odds)

    def action_odds_or_log(self) -> None:
        switcher = self.query_one("#bottom", ContentSwitcher)
        switcher.current = "odds-pane" if switcher.current == "log" else "log"
        switcher.border_title = "Odds" if switcher.current == "odds-pane" else "Log"

    # -- resolving -------------------------------------------------------------------
    @work(thread=True, exit_on_error=False, exclusive=True, group="resolve", description="Resolving")
    def run_job(self, job: Job) -> None:
        stack = self.registry.stack(job.attack.ruleset, job.attack.variants)
        problems = refusals(stack, job.attack, start_state(stack, job.attack))
        if get_current_worker().is_cancelled:
            return
        if problems:
            self.app.call_from_thread(self._refused, "; ".join(problems))
            return
        if job.basis is not None:
            chain = replay(self.registry, job.attack, job.basis, seed=self.seed)
        else:
            chain, _ = run(self.registry, job.attack, seed=job.seed)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.show_chain, job, chain)

    def _refused(self, message: str) -> None:
        self._show_problem(f"refused: {message}")

    def show_chain(self, job: Job, chain: Chain) -> None:
        self._show_problem(None)
        diff: Comparison | None = None
        if job.compare and self.chain is not None:
            diff = compare(self.chain, chain)
        self.chain = chain
        odds = self.odds if self.odds_key == attack_key(job.attack) else None
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
            error = event.worker.error
            message = str(error) if isinstance(error, GunlineError) else f"{type(error).__name__}: {error}"
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
        try:
            stack = self.registry.stack(attack.ruleset, attack.variants)
            problems = refusals(stack, attack, start_state(stack, attack))
        except GunlineError as exc:
            problems = [str(exc)]
        if problems:
            self._refused("; ".join(problems))
            return

        def done(chain: Chain | None) -> None:
            if chain is not None:
                job = Job(attack, "dice typed", log=True)
                self.show_chain(job, chain)

        self.app.push_screen(DiceEntryDialog(self.registry, attack), done)

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
        for name, plugin in sorted(self.registry.rulesets.items()):
            folder = plugin.declaration.examples
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
        self.app.push_screen(TextScreen("Plugins", plugins_text(self.registry.infos(), self.registry.blocked)))

    def action_help(self) -> None:
        self.app.push_screen(TextScreen("Help", help_text()))


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
