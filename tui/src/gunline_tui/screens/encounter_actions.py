"""The encounter the app resolves in: picking or starting one, committing the chain
on show, undoing the journal's last entry, reloading, and the ruleset's actions
between attacks (a mixin of the main screen).

The journal is a file another gunline may hold: every read and write runs in a
worker thread, and only the screen's own methods, called back on the event loop,
touch a widget.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import work

from gunline.errors import BadInput, GunlineError, PluginFailed
from gunline.models import Attack, Chain
from gunline.runner import new_seed

from ..encounter import state_text
from ..shown import Text
from ..speech import _, _n, said
from ..widgets.encounter_view import EncounterView
from .base import ScreenParts
from .dialogs import ConfirmDialog, PickDialog, PromptDialog

if TYPE_CHECKING:
    from .resolving import Job


def _check_name(text: str) -> str | None:
    """The journal's own rule for encounter names, shown under the field."""
    from gunline.journal.store import check_name

    try:
        check_name(text)
    except BadInput as exc:
        return str(exc).replace("--encounter ", "")
    return None


class EncounterActions(ScreenParts):
    """Encounter keys: F2 commits, F3 offers the rest (a mixin of the main screen)."""

    # -- the encounter ------------------------------------------------------------------
    def _need_encounter(self) -> str | None:
        if self.encounter.name is None:
            self.notify(_("no encounter chosen: F3 picks or starts one"), severity="warning")
        return self.encounter.name

    def action_encounter(self) -> None:
        self.list_encounters()

    @work(thread=True, exit_on_error=False, group="journal", description="Reading the journal")
    def list_encounters(self) -> None:
        try:
            journal = self.encounter.journal()
            rows = journal.encounters()
        except GunlineError as exc:
            self.app.call_from_thread(self._journal_problem, exc, _("cannot open the journal"))
            return
        self.app.call_from_thread(self._pick_encounter, rows, str(journal.path))

    def _pick_encounter(self, rows: list, path: str) -> None:
        options = [(_("+ new encounter…"), "new:")]
        options += [(r.name + " · " + _n("{n} entry", "{n} entries", r.entries, n=r.entries), "enc:" + r.name)
                    for r in rows]
        options.append((_("no encounter (attacks start from the scenario alone)"), "none:"))

        def created(name: str | None) -> None:
            if name:
                self.create_encounter(name.strip())

        def picked(choice: str | None) -> None:
            if choice == "new:":
                self.app.push_screen(
                    PromptDialog(_("New encounter"), "", _("a name, e.g. pit fight · journal {path}", path=path),
                                 _check_name),
                    created,
                )
            elif choice == "none:":
                self.use_encounter(None)
            elif choice is not None:
                self.use_encounter(choice[4:])

        self.app.push_screen(PickDialog(_("Encounters in {path}", path=path), options), picked)

    @work(thread=True, exit_on_error=False, group="journal", description="Creating the encounter")
    def create_encounter(self, name: str) -> None:
        try:
            self.encounter.journal().create(name)
        except GunlineError as exc:
            self.app.call_from_thread(self._journal_problem, exc, _("encounter not created"))
            return
        self.app.call_from_thread(self.use_encounter, name)

    def use_encounter(self, name: str | None) -> None:
        """Resolve from now on from ``name``'s saved state (``None``: from the
        scenario alone); the chain on show is resolved again from it."""
        self.encounter.name = name
        self.epoch += 1
        self._update_status(_("encounter {name}", name=name) if name else _("no encounter"))
        self.log_view.note(_("encounter: {name}", name=name) if name else _("no encounter"))
        if name is None:
            self.query_one(EncounterView).show(Text(_("No encounter: F3 picks or starts one.")))
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
            self.app.call_from_thread(self._journal_problem, exc, _("cannot read the encounter"))
            return
        last = entries[-1].summary if entries else ""
        ruleset = self.model.doc.get("ruleset")
        packages = self.registry.packages(ruleset) if isinstance(ruleset, str) else ()
        from ..acting import actions_line

        text = state_text(name, state, len(entries), last, actions_line(self.registry, ruleset), packages)
        self.app.call_from_thread(self._show_encounter_state, text)

    def _show_encounter_state(self, text: Text) -> None:
        self.query_one(EncounterView).show(text)

    def action_commit(self) -> None:
        name = self._need_encounter()
        if name is None:
            return
        if self.shown is None:
            why = self.problem or _("no chain on show")
            self.notify(_("nothing to commit: {why}", why=why), title=_("not committed"), severity="warning")
            return
        job, chain = self.shown
        if job.epoch != self.epoch:
            self.notify(_("the chain is being resolved again from the encounter's new state; "
                          "commit when it shows"), severity="warning")
            return
        self.shown = None  # one commit per chain
        self.commit_chain(name, job, chain, self.model.draft.clean())

    @work(thread=True, exit_on_error=False, group="journal", description="Committing")
    def commit_chain(self, name: str, job: Job, chain: Chain, document: dict[str, Any]) -> None:
        from gunline.journal import StaleState
        from gunline.state import ChainState

        try:
            entry = self.encounter.journal().commit(name, job.attack, chain, document,
                                                    prior=job.prior or ChainState())
        except StaleState as exc:
            self.app.call_from_thread(self._stale, str(exc))
            return
        except GunlineError as exc:
            self.app.call_from_thread(self._journal_problem, exc, _("not committed"))
            return
        line = _("✓ committed to {name} as #{number}: {outcomes}", name=name, number=entry.number,
                 outcomes="; ".join(chain.outcomes.values()))
        self.app.call_from_thread(self._encounter_changed, line, _("committed as #{number}", number=entry.number))
        self.app.call_from_thread(self.notify, _("committed to {name} as #{number}", name=name, number=entry.number),
                                  timeout=3)

    def _stale(self, message: str) -> None:
        """Another gunline committed first: nothing is written, the chain is
        resolved again (same dice) from the encounter's new state."""
        self.notify(_("{why}. The chain now starts from the new state; commit again if it still stands.", why=message),
                    title=_("not committed: the encounter changed"), severity="warning", timeout=10)
        self.log_view.note(_("✗ not committed: another session committed first; state refreshed"))
        self.epoch += 1
        self.refresh_encounter()
        self.validate_and_preview()

    def action_encounter_menu(self) -> None:
        """F3: everything about the encounter but the commit (F2), in one list."""
        here = self.encounter.name
        options = [(_("pick or start an encounter…"), "pick")]
        if here is not None:
            options += [
                (_("undo the last entry of {name}…", name=here), "undo"),
                (_("reload the shooter's weapon"), "reload"),
                (_("an action between attacks (a recovery roll, a jam cleared)…"), "act"),
            ]
        options.append((_("export this session's log as Markdown…"), "export"))
        actions = {"pick": self.action_encounter, "undo": self.action_journal_undo,
                   "reload": self.action_reload, "act": self.action_act, "export": self.action_export}

        def picked(choice: str | None) -> None:
            if choice is not None:
                actions[choice]()

        title = _("Encounter {name}", name=here) if here is not None else _("Encounter (none chosen)")
        self.app.push_screen(PickDialog(title, options), picked)

    def action_journal_undo(self) -> None:
        """Undo the encounter's last entry, once the GM has said yes to it by name
        (the journal keeps both; it is not undone by Ctrl+Z)."""
        name = self._need_encounter()
        if name is not None:
            self.last_entry(name)

    @work(thread=True, exit_on_error=False, group="journal", description="Reading the journal")
    def last_entry(self, name: str) -> None:
        try:
            entries = self.encounter.journal().entries(name)
        except GunlineError as exc:
            self.app.call_from_thread(self._journal_problem, exc, _("nothing undone"))
            return
        standing = [e for e in entries if e.action != "undo" and e.undone_by is None]
        self.app.call_from_thread(self._confirm_journal_undo, name, standing[-1] if standing else None)

    def _confirm_journal_undo(self, name: str, entry: Any) -> None:
        if entry is None:
            self.notify(_("nothing to undo in {name}", name=name), severity="warning")
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.undo_last(name)

        self.app.push_screen(ConfirmDialog(
            _("Undo #{number} of {name}?", number=entry.number, name=name), f"{self._action_words(entry.action)}: "
            f"{entry.summary}", _("The state goes back to before it; the journal keeps both entries."),
            default=False), done)

    def _action_words(self, action: str) -> str:
        """A journal entry's action (``attack``, ``reload``, a ruleset's action) as
        the GM reads it."""
        ruleset = self.model.doc.get("ruleset")
        return said(action, lambda: self.registry.packages(ruleset) if isinstance(ruleset, str) else ())

    @work(thread=True, exit_on_error=False, group="journal", description="Undoing")
    def undo_last(self, name: str) -> None:
        try:
            entry = self.encounter.journal().undo(name)
        except GunlineError as exc:
            self.app.call_from_thread(self._journal_problem, exc, _("nothing undone"))
            return
        self.app.call_from_thread(self._encounter_changed, f"↶ {entry.summary}",
                                  _("undid #{number}", number=entry.undoes_number))

    def action_act(self) -> None:
        from ..acting import offer_actions

        offer_actions(self)

    def action_reload(self) -> None:
        name = self._need_encounter()
        if name is None:
            return
        attack = self.attack_or_say()
        if attack is None:
            return
        self.reload_weapon(name, attack, self.model.draft.clean())

    def reload_weapon(self, name: str, attack: Attack, document: dict[str, Any]) -> None:
        """The ruleset's ``reload_weapon`` hook and the journal write, off the event
        loop (plugin code: see :mod:`gunline_tui.offload`)."""

        def work() -> Any:
            return self.encounter.journal().reload(name, self.registry, attack=attack, document=document)

        def failed(error: BaseException) -> None:
            self.work_failed(error, _("not reloaded"))

        def done(entry: Any) -> None:
            self._encounter_changed(f"↻ {entry.summary} (#{entry.number})", _("reloaded"))

        self.off_loop.later(work, done, failed, group="reload", description="Reloading")

    def _encounter_changed(self, line: str, status: str) -> None:
        """After a commit, an undo or a reload: log it, show the new state, and
        resolve the next attack from it with fresh dice."""
        self.log_view.note(line)
        self.set_status(status)
        self.epoch += 1
        self.basis = None
        self.chain = None  # the next attack is not the same roll edited: no ≠ marks
        self.seed = new_seed()
        self.refresh_encounter()
        self.validate_and_preview()

    def work_failed(self, error: BaseException, title: str) -> None:
        """Journal work off the event loop failed: a gunline error (the journal, the
        rules, a plugin named) under ``title``, anything else as a plugin's fault."""
        if isinstance(error, GunlineError):
            self._journal_problem(error, title)
        else:
            self._job_failed(error)

    def _journal_problem(self, error: GunlineError, title: str) -> None:
        if isinstance(error, PluginFailed):
            self.plugin_failed(error)
            return
        self.notify(str(error), title=title, severity="error", timeout=8)
        self.set_status(f"✗ {title}")

