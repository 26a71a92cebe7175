"""Resolving the scenario on show, and its odds: the screen's part that runs the
rules (each hook off the event loop, see :mod:`gunline_tui.offload`).

Editing a field or toggling a variant re-resolves the draft with the dice of the
chain on show (``basis``) at once and marks what changed; Resolve, Re-roll, Seed
and typed dice make a new basis and go into the log. The odds follow a moment
after the last edit.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec
from textual import on
from textual.widgets import ContentSwitcher
from textual.worker import Worker, WorkerState

from gunline.engine import refusals, start_state
from gunline.errors import BadInput, GunlineError, PluginFailed
from gunline.models import Attack, Chain
from gunline.replay import Comparison, compare, replay
from gunline.runner import new_seed, run
from gunline.scenario import build_attack

from ..shown import line
from ..speech import N_, _
from ..widgets.chain_view import ChainView
from ..widgets.form import ScenarioForm
from ..widgets.map_view import MapView
from ..widgets.odds_view import OddsView
from .base import ScreenParts

if TYPE_CHECKING:
    from gunline.state import ChainState

_PATH = re.compile(r"^[A-Za-z0-9_\-\[\]\.:]+$")


def _odds_api():
    """``gunline.odds.compute_odds``, imported when first needed (not at start-up),
    or None with a core that has no odds interpreter."""
    try:
        from gunline.odds import compute_odds
    except ImportError:  # pragma: no cover - older core
        return None
    return compute_odds


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
    #: What the ruleset shades on the map (set by the worker, for an attack on one).
    areas: list[Any] | None = None


def attack_key(attack: Attack) -> bytes:
    """Identity of an attack's content, to match odds with the scenario they are of."""
    return msgspec.json.encode(attack)


def as_filed(attack: Attack, doc: dict[str, Any]) -> list[Any]:
    """``attack``'s measures with their paths indexing the targets as the scenario
    lists them (the form's order), not as the rules ordered them."""
    filed = {t.get("name"): i for i, t in enumerate(doc.get("targets") or []) if isinstance(t, dict)}
    out = []
    for m in attack.measures:
        found = re.match(r"targets\[(\d+)\]", m.path)
        if found is not None:
            index = int(found.group(1))
            name = attack.targets[index].name if index < len(attack.targets) else None
            if name not in filed:
                continue
            m = msgspec.structs.replace(m, path=f"targets[{filed[name]}]{m.path[found.end():]}")
        out.append(m)
    return out


def filed_path(path: str, attack: Attack | None, doc: dict[str, Any]) -> str:
    """A path the rules name (``targets[2].shots``, the targets indexed as the attack
    lists them, which a map may have reordered) with the target's index in the
    scenario as the form lists them; unchanged when there is no such target there."""
    found = re.match(r"targets\[(\d+)\]", path)
    if found is None or attack is None or int(found.group(1)) >= len(attack.targets):
        return path
    name = attack.targets[int(found.group(1))].name
    filed = [t.get("name") if isinstance(t, dict) else None for t in doc.get("targets") or []]
    if name not in filed:
        return path
    return f"targets[{filed.index(name)}]{path[found.end():]}"


def problem_field(form: ScenarioForm, path: str) -> str | None:
    """The field of the form a problem about ``path`` goes under: the field itself,
    or for a whole table or target (``weapon``, ``targets[2]``) its name; None when
    the form has neither (the problem goes over the form)."""
    for field in (path, f"{path}.name"):
        if form.has_field(field):
            return field
    return None


def _message(error: BaseException | None) -> str:
    """An error as one line for the screen: a gunline error's own words, anything
    else with its type (a plugin's fault that was not caught as one)."""
    return str(error) if isinstance(error, GunlineError) else f"{type(error).__name__}: {error}"


#: The work Escape stops, as the notice names it (English messages).
WORK = {"resolve": N_("resolve"), "odds": N_("odds"), "dice": N_("dice"), "reload": N_("reload"), "act": N_("act")}


class Resolving(ScreenParts):
    """Resolving, re-rolling, typed dice, and the odds (a mixin of the main screen)."""

    def current_attack(self) -> Attack | None:
        """The draft as an Attack, or None (the problem is shown at its field)."""
        try:
            attack = build_attack(self.registry, self.model.doc)
        except (BadInput, PluginFailed) as exc:  # a file's fault, or a ruleset's own check's (a __post_init__)
            self._show_problem(str(exc))
            self.attack = None
            self.shown = None
            return None
        self.attack = attack
        return attack

    def attack_or_say(self) -> Attack | None:
        """The scenario as an Attack for a key that needs one, or None, saying why."""
        attack = self.current_attack()
        if attack is None:
            self.notify(self.problem or _("the scenario is not valid"), severity="error")
        return attack

    def _show_problem(self, message: str | None, refusal: str | None = None) -> None:
        """Show ``message`` under the field it names (``targets[1].wounds: ...``), or
        over the form. ``refusal``: the rules' own words when ``message`` says they
        refuse the attack, which go under the field they name, said as refused."""
        form = self.query_one(ScenarioForm)
        self.problem = message
        self.refusal = refusal
        if message is None:
            form.show_problem(None, "")
            return
        path, _sep, rest = (refusal or message).partition(": ")
        field = None
        if rest and _PATH.match(path):
            field = problem_field(form, path if refusal is None else filed_path(path, self.attack, self.model.doc))
        if field is None:
            form.show_problem(None, message)
        else:
            form.show_problem(field, rest if refusal is None else _("refused: {why}", why=rest))
        self.query_one(ChainView).show_problem(message)

    def validate_and_preview(self, log: str | None = None) -> None:
        """Validate the draft and re-resolve it with the current dice."""
        attack = self.current_attack()
        if attack is None:
            return
        self.schedule_odds(attack)
        if self.basis is not None:
            job = Job(attack, log or _("same dice, edited scenario"), log=bool(log), basis=self.basis, compare=True)
        else:
            job = Job(attack, log or _("preview · seed {seed}", seed=self.seed), log=bool(log), seed=self.seed,
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
        older computation (which is ended, so edits never pile them up).

        In a child process (:mod:`gunline.odds.background`) where the platform can
        fork: the screen then shares nothing with the work and answers every key at
        once however long the odds take, and a stale computation is simply ended.
        Elsewhere in a thread of the app, as the command line's work runs."""
        compute_odds = _odds_api()
        if compute_odds is None:
            self.query_one(OddsView).problem(_("this gunline has no odds interpreter"))
            return
        from gunline.odds import background

        try:
            prior = self.encounter.prior(attack)
        except GunlineError as exc:  # a journal that cannot be read: said in the odds pane, the app runs on
            self._odds_failed(exc)
            return
        # every core but one: that one is the screen's
        jobs = max(1, (os.cpu_count() or 1) - 1)
        job = background.start(self.registry, attack, limit=self.off_loop.limit, prior=prior, jobs=jobs)
        if job is not None:
            self.run_worker(self._await_odds(job, key), group="odds", exclusive=True, exit_on_error=False,
                            description="Computing odds")
            return

        def work() -> Any:
            return compute_odds(self.registry, attack, prior=prior)

        self.off_loop.later(work, lambda odds: self.show_odds(odds, key), self._odds_failed,
                            group="odds", description="Computing odds")

    async def _await_odds(self, job: Any, key: bytes) -> None:
        """Read the odds process's messages as they come (progress, then the odds or
        the fault); cancelled (a newer edit, Escape, the screen closing), it ends
        the process."""
        import asyncio

        loop = asyncio.get_running_loop()
        ready = asyncio.Event()
        fd = job.fileno()
        loop.add_reader(fd, ready.set)
        try:
            while not job.finished:
                await ready.wait()
                ready.clear()
                for message in job.messages():
                    if message[0] == "progress":
                        self.query_one(OddsView).progress(message[1], message[2])
                    elif message[0] == "targets":
                        self.query_one(OddsView).enumerating(message[1], message[2])
                    elif message[0] == "odds":
                        self.show_odds(message[1], key)
                    else:
                        self._odds_failed(message[1])
        finally:
            loop.remove_reader(fd)
            job.close()

    def _odds_failed(self, error: BaseException) -> None:
        self.query_one(OddsView).problem(_message(error))
        if isinstance(error, PluginFailed):
            self.plugin_failed(error)

    def show_odds(self, odds: Any, key: bytes) -> None:
        if self.attack is None or self.odds_key_of(self.attack) != key:
            return  # the scenario changed meanwhile; newer odds are on their way
        self.odds, self.odds_key = odds, key
        self.query_one(OddsView).show(odds, self.registry.packages(odds.ruleset, odds.variants))
        self.query_one(ChainView).set_odds(odds)

    def odds_key_of(self, attack: Attack) -> bytes:
        """Odds are of an attack from one encounter state: both make the key."""
        return attack_key(attack) + b"@%d" % self.epoch

    #: Each pane's title (an English message, worded where it is drawn).
    PANES = {"log": N_("Log"), "odds-pane": N_("Odds"), "map-pane": N_("Map"), "encounter-pane": N_("Encounter")}
    #: Whether the map has been put on show for the scenario that has one.
    _map_offered = False

    def show_map(self, job: Job) -> None:
        """The map of the attack on show; the first time a scenario has one, the map
        pane comes up by itself."""
        has_map = job.attack.map is not None
        self.query_one(MapView).show(job.attack if has_map else None, job.areas or [])
        form = self.query_one(ScenarioForm)
        if form.measured or job.attack.measures:
            form.show_measured(as_filed(job.attack, self.model.doc))
        if has_map and not self._map_offered:
            self._map_offered = True
            self._show_pane("map-pane")

    def _show_pane(self, pane: str) -> None:
        switcher = self.query_one("#bottom", ContentSwitcher)
        if pane == "odds-pane":
            self.query_one(OddsView).flush()
        switcher.current = pane
        switcher.set_class(pane == "map-pane", "-map")
        title = _(self.PANES[pane])
        if pane == "encounter-pane" and self.encounter.name is not None:
            title = _("Encounter {name}", name=self.encounter.name)
        switcher.border_title = line(_("{pane} (F6: next)", pane=title))

    def action_odds_or_log(self) -> None:
        """Log, then odds, then the map (when the scenario has one; the arrow keys
        then move its models), then the encounter (when one is chosen), then the log."""
        panes = ["log", "odds-pane"]
        if self.attack is not None and self.attack.map is not None:
            panes.append("map-pane")
        if self.encounter.name is not None:
            panes.append("encounter-pane")
        current = self.query_one("#bottom", ContentSwitcher).current
        view = self.query_one(MapView)
        if current == "map-pane" and self.focused is not view:
            self.app.set_focus(view)  # the map came up by itself: F6 first takes it in hand
            return
        index = panes.index(current) if current in panes else -1
        pane = panes[(index + 1) % len(panes)]
        self._show_pane(pane)
        if pane == "map-pane":
            self.app.set_focus(self.query_one(MapView))
        elif current == "map-pane" and self.focused is self.query_one(MapView):
            self.app.set_focus(self.query_one("#chain-tree"))

    # -- resolving -------------------------------------------------------------------
    def _resolve(self, job: Job) -> tuple[Chain | None, list[str] | None]:
        """The chain of a job, from the encounter's saved state if one is chosen, or
        the rules' reason to refuse the attack."""
        job.epoch = self.epoch
        job.prior = prior = self.encounter.prior(job.attack)
        stack = self.registry.stack(job.attack.ruleset, job.attack.variants)
        problems = refusals(stack, job.attack, start_state(stack, job.attack, prior))
        if problems:
            return None, problems
        if job.basis is not None:
            chain = replay(self.registry, job.attack, job.basis, seed=self.seed, prior=prior)
        else:
            chain = run(self.registry, job.attack, seed=job.seed, prior=prior)[0]
        if job.attack.map is not None:
            from gunline.mapcli import areas

            job.areas = areas(self.registry, job.attack, chain)
        return chain, None

    def run_job(self, job: Job) -> None:
        """Resolve a job and show it. The plugins' hooks run off the event loop
        (:mod:`gunline_tui.offload`), but a resolution takes a millisecond or two and
        is waited for that long, so the chain is drawn in the same frame as the
        keystroke that changed the scenario; one that takes longer (a journal
        another gunline holds, a slow plugin) shows when it is done, Escape cancels
        it, and a hook past the limit is named."""
        self.off_loop.soon(lambda: self._resolve(job), lambda out: self._resolved(job, *out), self._job_failed,
                           group="resolve", description="Resolving")

    def _resolved(self, job: Job, chain: Chain | None, refused: list[str] | None) -> None:
        if refused is not None:
            self._refused(refused)
            self.show_map(job)  # the map still shows who stands where: moving one may mend it
        else:
            assert chain is not None, "_resolve gives a chain when it gives no refusal"
            self.show_chain(job, chain)

    def action_cancel(self) -> None:
        """Escape: stop resolving and computing odds (a plugin that takes too long)."""
        stopped = [group for group in ("resolve", "odds", "dice", "reload", "act") if self.off_loop.cancel(group)]
        if stopped:
            self.set_status(_("cancelled"))
            what = ", ".join(_(WORK[group]) for group in stopped)
            self.notify(_("stopped: {what}", what=what), title=_("cancelled"), timeout=3)
            if "odds" in stopped:
                self.odds_key = None
                self.query_one(OddsView).problem(_("cancelled (edit the scenario to compute them again)"))

    def _refused(self, problems: list[str]) -> None:
        """The rules refuse the attack: all their reasons on one line over the chain,
        the first under the field it names."""
        self.shown = None
        self._show_problem(_("refused: {why}", why="; ".join(problems)), refusal=problems[0])

    def show_chain(self, job: Job, chain: Chain) -> None:
        self._show_problem(None)
        diff: Comparison | None = None
        if job.compare and self.chain is not None:
            diff = compare(self.chain, chain)
        self.chain = chain
        self.shown = (job, chain)
        odds = self.odds if self.odds_key == self.odds_key_of(job.attack) else None
        self.query_one(ChainView).show(chain, job.how, diff, odds)
        self.show_map(job)
        if job.log:
            self.basis = chain
            self.last_attack = job.attack
            first = self.logbook.kept is None
            entry = self.logbook.add(job.how, chain)
            self.log_view.add(entry)
            self._said_where_the_log_is(first)
        self.redrawn_at = time.perf_counter()

    def _said_where_the_log_is(self, first: bool) -> None:
        """Once a session: where its log is kept on disk (under the first
        resolution), or that it cannot be written, and why."""
        book = self.logbook
        if first and book.kept is not None:
            self.log_view.note(_("this session's log is kept in {path}", path=book.kept))
        elif book.failed is not None and not book.failure_said:
            book.failure_said = True
            self.notify(_("the session's log cannot be written: {why}; Ctrl+P, Export log, writes it elsewhere",
                          why=book.failed),
                        title=_("log not kept"), severity="warning")

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
        self.notify(message, title=_("could not resolve"), severity="error")

    def _new_chain(self, how: str, seed: int, attack: Attack | None = None) -> None:
        attack = attack or self.attack_or_say()
        if attack is None:
            return
        self.seed = seed
        self.run_job(Job(attack, how, log=True, seed=seed))

    def action_resolve(self) -> None:
        seed = new_seed()
        self._new_chain(_("seed {seed}", seed=seed), seed)

    def action_reroll(self) -> None:
        seed = new_seed()
        self._new_chain(_("re-roll · seed {seed}", seed=seed), seed, self.last_attack)

    def action_seed(self) -> None:
        from .dialogs import PromptDialog

        def check(text: str) -> str | None:
            try:
                int(text.strip())
            except ValueError:
                return _("a seed is a whole number, e.g. 7")
            return None

        def done(text: str | None) -> None:
            if text is not None:
                seed = int(text.strip())
                self._new_chain(_("seed {seed}", seed=seed), seed)

        self.app.push_screen(
            PromptDialog(_("Resolve with seed"), str(self.seed), _("the same seed gives the same chain as "
                                                                   "'gunline resolve FILE --seed N'"), check,
                         holds=False), done)  # a value set: the keys behind it go on (F4 8 Enter Ctrl+T)

    def action_dice(self) -> None:
        attack = self.attack_or_say()
        if attack is None:
            return
        self.prepare_dice(attack)

    def prepare_dice(self, attack: Attack) -> None:
        """The dice-entry dialog starts from the encounter's state: read it, and ask
        the rules whether the attack may be made, off the event loop (the journal may
        be busy with another gunline; a plugin may take its time)."""
        from .dice_entry import DiceEntryDialog

        epoch = self.epoch

        def work() -> tuple[Any, list[str] | None]:
            prior = self.encounter.prior(attack)
            stack = self.registry.stack(attack.ruleset, attack.variants)
            problems = refusals(stack, attack, start_state(stack, attack, prior))
            return prior, problems or None

        def ready(out: tuple[Any, list[str] | None]) -> None:
            prior, refused = out
            if refused is not None:
                self._refused(refused)
                return

            def done(chain: Chain | None) -> None:
                if chain is not None:
                    job = Job(attack, _("dice typed"), log=True, prior=prior, epoch=epoch)
                    self.show_chain(job, chain)

            self.app.push_screen(DiceEntryDialog(self.registry, attack, prior=prior), done)

        self.off_loop.soon(work, ready, self._job_failed, group="dice", description="Reading the encounter")

