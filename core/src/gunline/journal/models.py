"""What the journal hands out: encounters, their state, and the entries of their log.

msgspec Structs, so that ``journal export --json`` and the TUI read the same shapes.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

Action = Literal["attack", "reload", "undo", "act"]
Table = Literal["shooters", "weapons", "targets"]


class Change(msgspec.Struct, kw_only=True):
    """One state row an entry changed: ``key`` is ``[name]`` for a shooter or a
    target and ``[shooter, weapon]`` for a weapon; ``None`` means no row."""

    table: Table
    key: list[str]
    before: dict[str, Any] | None
    after: dict[str, Any] | None


class Entry(msgspec.Struct, kw_only=True):
    """One journaled action. ``scenario`` is the document the attack was built from
    (so it can be replayed with ``dice``), ``chain`` the chain JSON as resolved.

    ``id`` runs over the whole journal file; ``number`` counts the entries of its
    encounter (1, 2, 3 ...), the number shown to a GM (``#3``). ``undoes`` and
    ``undone_by`` are ids, with their numbers beside them."""

    id: int
    number: int = 0
    encounter: str
    at: str
    action: Action
    summary: str = ""
    ruleset: str | None = None
    variants: list[str] = []
    scenario: dict[str, Any] | None = None
    seed: int | None = None
    dice: list[int] = []
    chain: dict[str, Any] | None = None
    changes: list[Change] = []
    #: For an undo entry, the entry it reverted.
    undoes: int | None = None
    #: For a reverted entry, the undo entry that reverted it.
    undone_by: int | None = None
    #: The numbers within the encounter of ``undoes`` and ``undone_by``.
    undoes_number: int | None = None
    undone_by_number: int | None = None
    #: For an ``act`` entry (an action between attacks): the action's name, and whom
    #: it was about (a target, or the shooter for his weapon or himself).
    act: str | None = None
    who: str | None = None


class EncounterState(msgspec.Struct, kw_only=True):
    """Where an encounter stands now. ``weapons`` is keyed by shooter, then weapon."""

    name: str
    created_at: str
    shooters: dict[str, dict[str, Any]] = {}
    weapons: dict[str, dict[str, dict[str, Any]]] = {}
    targets: dict[str, dict[str, Any]] = {}


class EncounterSummary(msgspec.Struct, kw_only=True):
    """A line of ``journal list``."""

    name: str
    created_at: str
    entries: int
    last_at: str | None


class RosterEntry(msgspec.Struct, kw_only=True):
    """A roster entry: the table a scenario would hold for a shooter, a weapon or a
    target (``data``), kept by ruleset, kind and name."""

    ruleset: str
    kind: Literal["shooter", "weapon", "target"]
    name: str
    data: dict[str, Any]
    saved_at: str
