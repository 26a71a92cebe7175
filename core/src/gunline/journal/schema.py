"""The journal's tables, and how a journal written by an older gunline is upgraded.

The schema version lives in SQLite's ``user_version``; ``application_id`` marks the
file as a gunline journal, so that pointing ``--journal`` at another program's
database is refused instead of altered. Entries are append-only: triggers refuse
any UPDATE or DELETE on them, so history can only grow (undo is a new entry).
"""

from __future__ import annotations

#: Current schema version; bump it and add a step to ``MIGRATIONS`` to change tables.
#: 2: actions between attacks (``action = 'act'``, with the action's name and whom).
#: 3: the roster (fighters, weapons and targets kept by name, per ruleset).
SCHEMA_VERSION = 3

#: "GUNL" as a 32-bit integer, stored in the file header.
APPLICATION_ID = 0x47554E4C

#: Steps from version ``n`` to ``n + 1``, keyed by ``n``; version 0 is an empty file.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    0: (
        """CREATE TABLE encounters (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL
        )""",
        # The current state, one row per shooter, weapon (shooter's, by name) and
        # target; each ``state`` is a JSON object as the ruleset's hooks wrote it.
        """CREATE TABLE shooters (
            encounter_id INTEGER NOT NULL REFERENCES encounters(id),
            name TEXT NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (encounter_id, name)
        )""",
        """CREATE TABLE weapons (
            encounter_id INTEGER NOT NULL REFERENCES encounters(id),
            shooter TEXT NOT NULL,
            name TEXT NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (encounter_id, shooter, name)
        )""",
        """CREATE TABLE targets (
            encounter_id INTEGER NOT NULL REFERENCES encounters(id),
            name TEXT NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (encounter_id, name)
        )""",
        # Every action, in order. ``changes`` lists each state row it changed with
        # its value before and after: enough to undo it and to check the state
        # tables against the history.
        """CREATE TABLE entries (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            encounter_id INTEGER NOT NULL REFERENCES encounters(id),
            at TEXT NOT NULL,
            action TEXT NOT NULL CHECK (action IN ('attack', 'reload', 'undo')),
            ruleset TEXT,
            variants TEXT NOT NULL DEFAULT '[]',
            scenario TEXT,
            seed INTEGER,
            dice TEXT NOT NULL DEFAULT '[]',
            chain TEXT,
            changes TEXT NOT NULL,
            undoes INTEGER UNIQUE REFERENCES entries(id),
            summary TEXT NOT NULL DEFAULT ''
        )""",
        "CREATE INDEX entries_by_encounter ON entries (encounter_id, id)",
        """CREATE TRIGGER entries_are_append_only_update BEFORE UPDATE ON entries
           BEGIN SELECT RAISE(ABORT, 'journal entries are append-only'); END""",
        """CREATE TRIGGER entries_are_append_only_delete BEFORE DELETE ON entries
           BEGIN SELECT RAISE(ABORT, 'journal entries are append-only'); END""",
    ),
    # Actions between attacks: a new kind of entry, with the action's name (``act``)
    # and whom it was about (``who``). SQLite cannot change a CHECK constraint in
    # place, so the table is made anew and the entries copied, ids and all (the
    # numbering issued so far is kept, so a history check still sees every entry);
    # the store runs this with foreign keys off, as SQLite's own procedure says.
    1: (
        """CREATE TABLE entries_v2 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            encounter_id INTEGER NOT NULL REFERENCES encounters(id),
            at TEXT NOT NULL,
            action TEXT NOT NULL CHECK (action IN ('attack', 'reload', 'undo', 'act')),
            ruleset TEXT,
            variants TEXT NOT NULL DEFAULT '[]',
            scenario TEXT,
            seed INTEGER,
            dice TEXT NOT NULL DEFAULT '[]',
            chain TEXT,
            changes TEXT NOT NULL,
            undoes INTEGER UNIQUE REFERENCES entries(id),
            summary TEXT NOT NULL DEFAULT '',
            act TEXT,
            who TEXT
        )""",
        """INSERT INTO entries_v2 (id, encounter_id, at, action, ruleset, variants, scenario, seed, dice,
                                   chain, changes, undoes, summary)
           SELECT id, encounter_id, at, action, ruleset, variants, scenario, seed, dice,
                  chain, changes, undoes, summary FROM entries ORDER BY id""",
        """UPDATE sqlite_sequence SET seq = max(seq, coalesce(
               (SELECT seq FROM sqlite_sequence WHERE name = 'entries'), 0))
           WHERE name = 'entries_v2'""",
        """INSERT INTO sqlite_sequence (name, seq)
           SELECT 'entries_v2', seq FROM sqlite_sequence WHERE name = 'entries'
           AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'entries_v2')""",
        "DROP TRIGGER entries_are_append_only_update",
        "DROP TRIGGER entries_are_append_only_delete",
        "DROP TABLE entries",
        "ALTER TABLE entries_v2 RENAME TO entries",
        "CREATE INDEX entries_by_encounter ON entries (encounter_id, id)",
        """CREATE TRIGGER entries_are_append_only_update BEFORE UPDATE ON entries
           BEGIN SELECT RAISE(ABORT, 'journal entries are append-only'); END""",
        """CREATE TRIGGER entries_are_append_only_delete BEFORE DELETE ON entries
           BEGIN SELECT RAISE(ABORT, 'journal entries are append-only'); END""",
    ),
    # The roster: entries a GM keeps from one scenario to the next (gunline.roster).
    # Not part of any encounter's history: an entry is replaced when saved again.
    2: (
        """CREATE TABLE roster (
            ruleset TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('shooter', 'weapon', 'target')),
            name TEXT NOT NULL,
            data TEXT NOT NULL,
            saved_at TEXT NOT NULL,
            PRIMARY KEY (ruleset, kind, name)
        )""",
    ),
}

#: State tables and the columns that key a row within an encounter.
STATE_TABLES: dict[str, tuple[str, ...]] = {
    "shooters": ("name",),
    "weapons": ("shooter", "name"),
    "targets": ("name",),
}
