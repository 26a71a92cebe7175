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
from gunline.words import fields, key_words, plain

from .shown import Text

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


def state_text(name: str, state: EncounterState | None, entries: int, last: str = "", actions: str = "") -> Text:
    """The encounter's state to read at a glance: every weapon with its rounds left
    and status (a broken or jammed weapon says so in the ruleset's word), every
    target with its status and the counts that are not zero; ``actions`` is the line
    of the ruleset's actions between attacks, if it has any."""
    text = Text()
    text.append(f"encounter {name}", style="bold")
    text.append(f" · {entries} entr{'y' if entries == 1 else 'ies'}")
    if state is None or not (state.weapons or state.targets or state.shooters):
        text.append("\nnothing committed yet: F2 commits the chain shown")
        if actions:
            text.append(f"\n{actions}")
        return text
    for shooter, weapons in state.weapons.items():
        for weapon, saved in weapons.items():
            rounds = saved.get("rounds_left")
            parts = [f"{rounds} rounds left" if rounds is not None else ""]
            parts.append(plain(saved.get("status", "")) if saved.get("status") else "")
            parts += fields(saved, ("rounds_left", "status"))
            text.append(f"\n{shooter}'s {weapon}: ", style="bold")
            text.append(" · ".join(p for p in parts if p))
    for who, saved in state.targets.items():
        parts = [key_words(str(saved.get("status", "")))]
        parts += fields(saved, ("status",))
        text.append(f"\n{who}: ", style="bold")
        text.append(" · ".join(p for p in parts if p))
    for who, saved in state.shooters.items():
        if who in state.targets:
            continue
        status = saved.get("status")
        if status:
            text.append(f"\n{who} (shooter): ", style="bold")
            text.append(key_words(str(status)))
    if last:
        text.append(f"\nlast: {last}", style="italic")
    if actions:
        text.append(f"\n{actions}")
    return text
