"""The players' view: an encounter's latest chains as the GM commits them, read-only.

``gunline players --encounter NAME`` runs it in a terminal; ``gunline serve`` runs one
of it per browser that opens the page (textual-serve). It has nothing to edit: no
input, no form, no command palette; it opens the journal read-only (SQLite's
``mode=ro``, :class:`gunline.journal.Journal` with ``read_only=True``) and asks it
every second whether the encounter has a new entry. What it shows, newest first:
each entry's headline, the outcome lines to read out, and the attack's steps; then
the odds the newest attack had before its dice were rolled (its own scenario, from
the state the encounter was in), computed in a worker thread.
"""

from __future__ import annotations

import threading
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from gunline.journal.models import EncounterState, Entry
from gunline.language import SOURCE, language
from gunline.render import step_lines
from gunline.state import ChainState

from .control_filter import ControlFilter
from .shown import Text
from .speech import N_, _, _n, said
from .terminal_input import terminal_driver

#: Seconds between two looks at the journal.
POLL = 1.0
#: Entries shown, newest first (older ones are counted, not shown).
SHOWN = 30

Rows = dict[str, dict[tuple[str, ...], dict[str, Any]]]
#: What a journal entry did, in words.
ACTIONS = {"attack": N_("attack"), "reload": N_("reload"), "undo": N_("undo"), "act": N_("act")}


# -- what is shown (no Textual) ----------------------------------------------------------
def _packages(registry: Any, entry: Entry) -> tuple[str, ...]:
    """Whose catalogues word the kinds and statuses of ``entry``'s chain."""
    if registry is None or not entry.ruleset:
        return ()
    return registry.packages(entry.ruleset, entry.variants)


def entry_text(entry: Entry, registry: Any = None) -> Text:
    """One entry as the players read it: its number and what happened, the lines to
    read out, and (an attack or an action) its steps with their dice; ``registry``,
    when given, words the ruleset's kinds (in a language other than English)."""
    text = Text()
    undone = "  " + _("(undone by #{number})", number=entry.undone_by_number) if entry.undone_by is not None else ""
    action = _(ACTIONS[entry.action]) if entry.action in ACTIONS else said(entry.action)
    text.append(f"#{entry.number} {action}", style="bold")
    text.append(f"  {entry.at[11:19]}{undone}", style="dim")
    chain = entry.chain if isinstance(entry.chain, dict) else None
    outcomes = chain.get("outcomes") if chain else None
    if isinstance(outcomes, dict) and outcomes:
        for line in outcomes.values():
            text.append(f"\n  » {line}", style="bold")
    else:
        text.append(f"\n  {entry.summary or action}")
    steps = _steps(chain)
    if steps:
        packages = _packages(registry, entry)
        current: object = object()
        for step in steps:
            if step.target != current:
                current = step.target
                who = step.target if step.target is not None else _("attack")
                text.append(f"\n {who}:", style="italic")
            for line in step_lines(step, packages):
                text.append("\n" + line)
    return text


def _steps(chain: dict[str, Any] | None) -> list[Any]:
    """The chain's steps as :class:`gunline.models.Step`, or none when the entry's
    chain does not read as one (a damaged entry still shows its summary)."""
    if not chain or not isinstance(chain.get("steps"), list):
        return []
    import msgspec

    from gunline.models import Step

    try:
        return msgspec.convert(chain["steps"], list[Step])
    except (msgspec.ValidationError, TypeError):
        return []


def encounter_text(name: str, entries: list[Entry], registry: Any = None, others: list[str] | None = None) -> Text:
    """The whole log as the players see it: newest first, at most :data:`SHOWN`.
    With no entry yet, ``others`` (the journal's other encounters) are named: a
    mistyped name shows at once."""
    if not entries:
        text = Text(_("Nothing committed to encounter {name} yet: the GM's attacks appear here.", name=repr(name)))
        if others:
            text.append("\n" + _("This journal has {names}: is the name right?",
                                  names=", ".join(repr(other) for other in others)))
        return text
    text = Text()
    newest = entries[::-1][:SHOWN]
    for i, entry in enumerate(newest):
        if i:
            text.append("\n\n")
        text.append(entry_text(entry, registry))
    if len(entries) > SHOWN:
        older = len(entries) - SHOWN
        text.append("\n\n" + _n("({n} older entries not shown)", "({n} older entries not shown)", older, n=older),
                    style="dim")
    return text


def newest_attack(entries: list[Entry]) -> Entry | None:
    """The last attack committed and not undone: the one whose odds are shown."""
    for entry in reversed(entries):
        if entry.action == "attack" and entry.undone_by is None and entry.scenario is not None:
            return entry
    return None


def rows_before(state: EncounterState, entries: list[Entry], entry: Entry) -> Rows:
    """The encounter's state rows as they stood just before ``entry``: today's rows
    with every change from ``entry`` on taken back, newest first (each entry keeps
    every row it changed, before and after, which is what undo uses too)."""
    rows: Rows = {"shooters": {}, "weapons": {}, "targets": {}}
    for name, saved in state.shooters.items():
        rows["shooters"][(name,)] = saved
    for who, weapons in state.weapons.items():
        for what, saved in weapons.items():
            rows["weapons"][(who, what)] = saved
    for name, saved in state.targets.items():
        rows["targets"][(name,)] = saved
    for later in reversed(entries):
        if later.id < entry.id:
            break
        for change in reversed(later.changes):
            key = tuple(change.key)
            if change.before is None:
                rows[change.table].pop(key, None)
            else:
                rows[change.table][key] = change.before
    return rows


def prior_of(rows: Rows, attack: Any) -> ChainState:
    """What ``attack`` started from, as :meth:`gunline.journal.Journal.prior` reads it."""
    from gunline.journal.ledger import shooter_name, weapon_name

    who = shooter_name(attack)
    return ChainState(
        shooter=rows["shooters"].get((who,)) or {},
        weapon=rows["weapons"].get((who, weapon_name(attack))) or {},
        targets={t.name: rows["targets"][(t.name,)] for t in attack.targets if (t.name,) in rows["targets"]},
        shooter_as_target=rows["targets"].get((who,)) or {},
    )


def attack_odds(registry: Any, state: EncounterState, entries: list[Entry], entry: Entry) -> Any:
    """The odds ``entry``'s attack had before its dice: its scenario and variants,
    from the state the encounter was in (one process; exact, or Monte Carlo)."""
    from gunline.odds import compute_odds
    from gunline.scenario import build_attack

    assert entry.scenario is not None
    attack = build_attack(registry, entry.scenario, _("journal entry #{number}", number=entry.number), entry.variants)
    return compute_odds(registry, attack, prior=prior_of(rows_before(state, entries, entry), attack), jobs=1)


# -- the app ---------------------------------------------------------------------------------
class PlayersApp(App[None]):
    """The players' view of ``encounter`` in the journal at ``journal`` (as the CLI
    finds it: ``--journal``, else ``GUNLINE_JOURNAL``, else the per-user default)."""

    TITLE = "gunline: players' view"  # the terminal's title, worded when the view opens
    #: Nothing to type into: no command palette (it holds an input, and commands).
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "quit", N_("Quit"), priority=True)]
    CSS = """
    #status { height: auto; background: $panel; padding: 0 1; }
    #log { height: 1fr; padding: 0 1; }
    #odds-box { height: auto; max-height: 45%; border-top: solid $primary; padding: 0 1; }
    """

    def __init__(self, encounter: str, journal: str | None = None, *, poll: float = POLL,
                 odds: bool = True, registry: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.encounter = encounter
        self.journal_path = journal
        self.poll_every = poll
        self.with_odds = odds
        self.registry = registry
        self._journal: Any = None
        self._seen: object = object()
        self._odds_of: int | None = None
        self._polling = threading.Lock()
        self._control_filter = ControlFilter()

    def get_line_filters(self) -> Any:
        return [*super().get_line_filters(), self._control_filter]

    def get_driver_class(self) -> Any:
        """Textual's driver, reading bytes that are not UTF-8 as U+FFFD
        (:mod:`gunline_tui.terminal_input`)."""
        return terminal_driver(super().get_driver_class())

    def compose(self) -> ComposeResult:
        yield Static(Text(_("Encounter {name} · read-only · updates by itself", name=repr(self.encounter))),
                     id="status")
        with VerticalScroll(id="log"):
            yield Static(Text(_("Reading the journal…")), id="chains")
        with VerticalScroll(id="odds-box"):
            yield Static(Text(""), id="odds")

    def on_mount(self) -> None:
        self.title = _("gunline: players' view")
        self.query_one("#odds-box").display = False
        self.poll()
        self.set_interval(self.poll_every, self.poll)

    def on_unmount(self) -> None:
        with self._polling:
            if self._journal is not None:
                self._journal.close()
                self._journal = None

    # -- reading the journal (worker threads: it is a file, and may be slow) --------
    def poll(self) -> None:
        self.run_worker(self._poll, thread=True, group="poll", exit_on_error=False)

    def _poll(self) -> None:
        if not self._polling.acquire(blocking=False):
            return  # the last look is still under way
        try:
            self._look()
        finally:
            self._polling.release()

    def _look(self) -> None:
        from gunline.errors import GunlineError

        try:
            if self._journal is None:
                from gunline.journal import Journal

                self._journal = Journal(self.journal_path, read_only=True)
            latest = self._latest()
            if latest == self._seen:
                return
            others = None
            if latest is None:
                state, entries = None, []
                others = [e.name for e in self._journal.encounters() if e.name != self.encounter]
            else:
                state, entries = self._journal.state(self.encounter), self._journal.entries(self.encounter)
        except GunlineError as exc:
            self.call_from_thread(self._show_status, _("Encounter {name} · waiting: {why}", name=repr(self.encounter),
                                                         why=exc))
            if self._journal is not None:
                self._journal.close()
                self._journal = None
            self._seen = object()
            return
        self._seen = latest
        if self.registry is None and entries and language() != SOURCE:
            from gunline.plugins import discover

            self.registry = discover()  # the ruleset's words for its kinds
        text = encounter_text(self.encounter, entries, self.registry, others)
        self.call_from_thread(self._show, text, len(entries))
        target = newest_attack(entries)
        if self.with_odds and state is not None and target is not None:
            self.call_from_thread(self._start_odds, state, entries, target)

    def _latest(self) -> int | None:
        """The newest entry's id (every commit, reload, action and undo appends
        one), or None when the encounter has none yet: cheap enough for every second."""
        with self._journal.read() as conn:
            row = conn.execute(
                "SELECT max(x.id) FROM entries x JOIN encounters e ON e.id = x.encounter_id WHERE e.name = ?",
                (self.encounter,),
            ).fetchone()
        return None if row is None else row[0]

    def _start_odds(self, state: EncounterState, entries: list[Entry], entry: Entry) -> None:
        if entry.id == self._odds_of:
            return  # shown already, or on their way
        self._odds_of = entry.id
        self._show_odds(entry, Text(_("working them out…"), style="dim"))
        self.run_worker(lambda: self._odds(state, entries, entry), thread=True, group="odds",
                        exit_on_error=False)

    def _odds(self, state: EncounterState, entries: list[Entry], entry: Entry) -> None:
        from gunline.errors import GunlineError

        try:
            if self.registry is None:
                from gunline.plugins import discover

                self.registry = discover()
            odds = attack_odds(self.registry, state, entries, entry)
        except GunlineError as exc:
            self.call_from_thread(self._show_odds, entry, Text(_("no odds for #{number}: {why}", number=entry.number,
                                                                   why=exc)))
            return
        from .widgets.odds_view import odds_text

        width = max(40, self.size.width - 4)
        packages = self.registry.packages(odds.ruleset, odds.variants)
        self.call_from_thread(self._show_odds, entry, odds_text(odds, width, packages))

    # -- on screen ------------------------------------------------------------------
    def _show(self, text: Text, count: int) -> None:
        self.query_one("#chains", Static).update(text)
        self.query_one("#log", VerticalScroll).scroll_home(animate=False)
        entries = _n("{n} entry", "{n} entries", count, n=count)
        self._show_status(_("Encounter {name} · {entries} · read-only · updates by itself", name=repr(self.encounter),
                            entries=entries))

    def _show_status(self, line: str) -> None:
        self.query_one("#status", Static).update(Text(line))

    def _show_odds(self, entry: Entry, body: Text) -> None:
        if entry.id != self._odds_of:
            return  # a newer attack came in meanwhile: its odds are the ones shown
        text = Text(_("The odds #{number} had before its dice were rolled", number=entry.number) + "\n", style="bold")
        text.append(body)
        self.query_one("#odds", Static).update(text)
        self.query_one("#odds-box").display = True


def main(encounter: str, journal: str | None = None) -> int:
    """``gunline players --encounter NAME [--journal PATH]``: the view in this terminal."""
    from gunline.journal.store import check_name

    app = PlayersApp(check_name(encounter), journal)
    app.run()
    return app.return_code or 0
