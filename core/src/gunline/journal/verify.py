"""Checking a journal: SQLite's own integrity check, then a replay of every entry's
changes from nothing, which must arrive exactly at the state tables. Used by
``gunline journal check`` and by the crash tests."""

from __future__ import annotations

from typing import Any

from .schema import STATE_TABLES
from .store import Store


def problems(store: Store) -> list[str]:
    """Everything wrong with the journal, one line each; empty when consistent."""
    out: list[str] = []
    with store.read() as conn:
        for (line,) in conn.execute("PRAGMA integrity_check"):
            if line != "ok":
                out.append(f"integrity: {line}")
        for row in conn.execute("PRAGMA foreign_key_check"):
            out.append(f"foreign key: {row}")
        if out:
            return out
        names = dict(conn.execute("SELECT id, name FROM encounters"))
        replayed: dict[tuple[Any, ...], dict[str, Any]] = {}
        seen_ids: dict[int, str] = {}
        for entry in store._entries(conn, None):
            seen_ids[entry.id] = entry.encounter
            if entry.undoes is not None and seen_ids.get(entry.undoes) != entry.encounter:
                out.append(f"entry {entry.id}: undoes entry {entry.undoes}, not an earlier entry of its encounter")
            for change in entry.changes:
                key = (entry.encounter, change.table, *change.key)
                if replayed.get(key) != change.before:
                    out.append(f"entry {entry.id}: {change.table} {'/'.join(change.key)} was not as recorded before it")
                if change.after is None:
                    replayed.pop(key, None)
                else:
                    replayed[key] = change.after
        stored: dict[tuple[Any, ...], dict[str, Any]] = {}
        for table, cols in STATE_TABLES.items():
            for row in conn.execute(f"SELECT encounter_id, {', '.join(cols)}, state FROM {table}"):
                stored[(names[row[0]], table, *row[1:-1])] = store._decode(row[-1], f"{table} row", dict)
    for key in sorted(set(stored) | set(replayed), key=str):
        if stored.get(key) != replayed.get(key):
            out.append(f"state {'/'.join(map(str, key))}: the tables and the log disagree")
    return out
