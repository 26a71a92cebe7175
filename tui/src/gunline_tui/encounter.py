"""The encounter the app resolves in: which journal file, which encounter, and how
its saved state reads on screen. No Textual here; the screen calls these from
worker threads (the journal is a file: it may wait on another gunline's lock).

The journal is opened on first use, so a session that never picks an encounter
never creates a journal file.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from gunline.models import Attack
from gunline.state import ChainState

from .shown import Text
from .speech import _, _n, said, term

if TYPE_CHECKING:  # the journal (SQLite) is imported when first used, not at start-up
    from gunline.journal import EncounterState, Journal


class Encounter:
    """The journal path (``--journal``, else ``GUNLINE_JOURNAL``, else the per-user
    default, as the CLI) and the chosen encounter's name (``None``: resolve from the
    scenario alone)."""

    def __init__(self, path: str | None = None, name: str | None = None) -> None:
        self.path = path
        self.name = name
        self._journal: Journal | None = None
        self._lock = threading.Lock()

    def journal(self) -> Journal:
        with self._lock:
            if self._journal is None:
                from gunline.journal import Journal

                self._journal = Journal(self.path)
            return self._journal

    def prior(self, attack: Attack) -> ChainState | None:
        """The saved state ``attack`` starts from, or ``None`` outside an encounter."""
        if self.name is None:
            return None
        return self.journal().prior(self.name, attack)

    def close(self) -> None:
        with self._lock:
            if self._journal is not None:
                self._journal.close()
                self._journal = None


def state_text(name: str, state: EncounterState | None, entries: int, last: str = "", actions: str = "",
               packages: tuple[str, ...] = ()) -> Text:
    """The encounter's state to read at a glance: every weapon with its rounds left
    and status (a broken or jammed weapon says so in the ruleset's word), every
    target with its status and the counts that are not zero; ``actions`` is the line
    of the ruleset's actions between attacks, if it has any; ``packages`` (the
    ruleset's) word its statuses."""
    from gunline.words import fields, plain

    text = Text()
    text.append(_("encounter {name}", name=name), style="bold")
    text.append(" · " + _n("{n} entry", "{n} entries", entries, n=entries))
    if state is None or not (state.weapons or state.targets or state.shooters):
        text.append("\n" + _("nothing committed yet: F2 commits the chain shown"))
        if actions:
            text.append(f"\n{actions}")
        return text
    for shooter, weapons in state.weapons.items():
        for weapon, saved in weapons.items():
            rounds = saved.get("rounds_left")
            count = int(rounds) if isinstance(rounds, (int, float)) else 0
            parts = [_n("{rounds} rounds left", "{rounds} rounds left", count, rounds=rounds)
                     if rounds is not None else ""]
            status = saved.get("status")
            parts.append(said(status, packages) if isinstance(status, str) and status else
                         plain(status, packages) if status else "")
            parts += fields(saved, ("rounds_left", "status"), packages=packages)
            text.append("\n" + _("{shooter}'s {weapon}:", shooter=shooter, weapon=weapon) + " ", style="bold")
            text.append(" · ".join(p for p in parts if p))
    for who, saved in state.targets.items():
        parts = [term(str(saved.get("status", "")), packages)]
        parts += fields(saved, ("status",), packages=packages)
        text.append(f"\n{who}: ", style="bold")
        text.append(" · ".join(p for p in parts if p))
    for who, saved in state.shooters.items():
        if who in state.targets:
            continue
        status = saved.get("status")
        if status:
            text.append("\n" + _("{name} (shooter):", name=who) + " ", style="bold")
            text.append(term(str(status), packages))
    if last:
        text.append("\n" + _("last: {entry}", entry=last), style="italic")
    if actions:
        text.append(f"\n{actions}")
    return text
