"""Checking a journal: SQLite's own integrity check, then the journal's history check.

The history check is what SQLite cannot know: entries are append-only and numbered
from 1 with none skipped (``AUTOINCREMENT`` never reuses a number, and a rolled-back
entry takes none), so a missing number means lost entries; and replaying every
entry's changes from nothing must arrive exactly at the state tables. Every journal
is checked this way when it is opened (:meth:`Store._verify`, with ``quick_check``),
and in full, chains included, by ``gunline journal check`` and the crash tests.

``journal check`` also reads every roster entry (:func:`roster_problems`). The
roster is no part of any encounter's history, so a damaged entry does not keep a
journal from being opened: it is refused when it is read, and ``roster remove`` or
``roster add`` (which replaces it) mends it.
"""

from __future__ import annotations

import sqlite3
from typing import Any

import msgspec

from ..errors import BadInput
from .integrity import file_problem
from .models import Change
from .schema import STATE_TABLES
from .store import Store

_CHANGES = msgspec.json.Decoder(list[Change])


def problems(store: Store) -> list[str]:
    """Everything wrong with the journal, one line each; empty when consistent."""
    found = file_problem(store.path)
    if found is not None:
        return [f"file: {found}"]
    out: list[str] = []
    with store.read() as conn:
        for (line,) in conn.execute("PRAGMA integrity_check"):
            if line != "ok":
                out.append(f"integrity: {line}")
        for row in conn.execute("PRAGMA foreign_key_check"):
            out.append(f"foreign key: {row}")
        if out:
            return out
        out += history_problems(store, conn, full=True)
        out += roster_problems(store, conn)
    return out


def roster_problems(store: Store, conn: sqlite3.Connection) -> list[str]:
    """Each roster entry that does not read as the table it was saved as (a JSON
    object bearing the entry's own name), one line each, in a read transaction on
    ``conn``. A journal made before the roster has none to read."""
    if conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'roster'").fetchone() is None:
        return []
    out: list[str] = []
    mend = "; 'gunline roster remove' forgets it, 'gunline roster add' saves it anew"
    for ruleset, kind, name, data in conn.execute("SELECT ruleset, kind, name, data FROM roster ORDER BY rowid"):
        what = f"roster {ruleset}/{kind}/{name}"
        try:
            table = store._decode(data, what, dict)
        except BadInput as exc:
            out.append(str(exc).removeprefix(f"journal {store.path}: ") + mend)
            continue
        if table.get("name") != name:
            named = f"the name {table['name']!r}" if "name" in table else "no name"
            out.append(f"{what}: its table bears {named}, not the entry's own{mend}")
    return out


def history_problems(store: Store, conn: sqlite3.Connection, *, full: bool) -> list[str]:
    """The history check, in a read transaction on ``conn``. ``full`` also decodes
    every entry's other fields (scenario, dice, chain), as every open does, so that
    a journal ``journal check`` calls damaged is never written to; without it only
    what the replay needs is read."""
    out: list[str] = []
    count, highest = conn.execute("SELECT count(*), coalesce(max(id), 0) FROM entries").fetchone()
    row = conn.execute("SELECT seq FROM sqlite_sequence WHERE name = 'entries'").fetchone()
    issued = row[0] if row else 0
    if highest > issued:
        out.append(f"entries: entry {highest} is numbered past the last one issued ({issued})")
    elif issued > highest:
        out.append(
            f"entries: entries {highest + 1} to {issued} are missing (the journal lost its last "
            f"{issued - highest} entr{'y' if issued - highest == 1 else 'ies'})"
        )
    if count != highest:
        out.append(f"entries: {highest - count} of entries 1 to {highest} are missing")
    names = dict(conn.execute("SELECT id, name FROM encounters"))
    replayed: dict[tuple[Any, ...], dict[str, Any]] = {}
    seen_ids: dict[int, str] = {}
    rows = conn.execute("SELECT id, encounter_id, undoes, changes FROM entries ORDER BY id")
    for entry_id, encounter_id, undoes, text in rows:
        encounter = names.get(encounter_id)
        if encounter is None:
            out.append(f"entry {entry_id}: belongs to no encounter")
            continue
        seen_ids[entry_id] = encounter
        if undoes is not None and seen_ids.get(undoes) != encounter:
            out.append(f"entry {entry_id}: undoes entry {undoes}, not an earlier entry of its encounter")
        try:
            changes = _CHANGES.decode(text)
        except (msgspec.DecodeError, msgspec.ValidationError, TypeError) as exc:
            out.append(f"entry {entry_id} is damaged: its changes do not read ({exc})")
            continue
        for change in changes:
            key = (encounter, change.table, *change.key)
            if replayed.get(key) != change.before:
                out.append(f"entry {entry_id}: {change.table} {'/'.join(change.key)} was not as recorded before it")
            if change.after is None:
                replayed.pop(key, None)
            else:
                replayed[key] = change.after
    if full:
        try:
            store._entries(conn, None)  # every entry read at once: the usual, whole journal
        except BadInput:  # one does not read: find each that does not
            for (entry_id,) in conn.execute("SELECT id FROM entries ORDER BY id").fetchall():
                try:
                    store._entries(conn, None, "x.id = ?", (entry_id,))
                except BadInput as exc:
                    out.append(str(exc).split(": ", 1)[-1])
    stored: dict[tuple[Any, ...], dict[str, Any]] = {}
    unread: set[tuple[Any, ...]] = set()
    for table, cols in STATE_TABLES.items():
        for row in conn.execute(f"SELECT encounter_id, {', '.join(cols)}, state FROM {table}"):
            key = (names.get(row[0]), table, *row[1:-1])
            try:
                stored[key] = store._decode(row[-1], f"{table} row {'/'.join(map(str, row[1:-1]))}", dict)
            except BadInput as exc:
                out.append(str(exc).split(": ", 1)[-1])
                unread.add(key)
    for key in sorted((set(stored) | set(replayed)) - unread, key=str):
        if stored.get(key) != replayed.get(key):
            out.append(f"state {'/'.join(map(str, key))}: the tables and the log disagree")
    return out
