"""The journal file: opening it safely, transactions, and reading it back.

Durability is SQLite's: WAL mode with ``synchronous=FULL`` makes each commit atomic
and on disk before it returns, so a killed process or a dropped SSH session loses at
most the action it was in the middle of, never an earlier one and never half of one.
Every write runs in ``BEGIN IMMEDIATE`` (take the write lock first, then read), and
``busy_timeout`` makes a second process wait for the lock rather than fail, so two
gunlines on one journal take turns and each sees the other's commits.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import threading
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self

import msgspec

from ..errors import BadInput, GunlineError
from ..safe import is_plain
from . import sidecars
from .integrity import create, file_problem, kind_of
from .models import Change, EncounterState, EncounterSummary, Entry
from .paths import journal_path
from .schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION, STATE_TABLES

#: How long a writer waits for another process's transaction, in seconds.
BUSY_TIMEOUT = 15.0

#: Longest encounter name accepted (it is typed by people and shown in lists).
MAX_NAME = 100

_encode = msgspec.json.Encoder().encode


def now() -> str:
    """UTC time of an entry, to the millisecond, ISO 8601."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def check_name(name: Any) -> str:
    """An encounter name people can type and read back: refuse anything else."""
    if not isinstance(name, str) or not name.strip():
        raise BadInput("encounter: expected a name, e.g. --encounter 'pit fight'")
    if len(name) > MAX_NAME:
        raise BadInput(f"encounter: name is {len(name)} characters long; at most {MAX_NAME}")
    if not is_plain(name):  # control characters, C1, bidirectional overrides
        raise BadInput(f"encounter: name {name!r} holds control characters; use plain text")
    return name.strip()


#: An entry's number within its encounter (1, 2, 3 ... in the order committed) is
#: counted, not stored: ``id`` runs over the whole journal, the number is the one a
#: GM reads in ``journal show`` and uses at the table.
_NUMBER = "(SELECT count(*) FROM entries n WHERE n.encounter_id = x.encounter_id AND n.id <= {})"


class Store:
    """An open journal file. Use as a context manager, or call :meth:`close`.

    One connection per Store; calls from several threads (the TUI's workers) are
    serialised by a lock.
    """

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        timeout: float = BUSY_TIMEOUT,
        must_exist: bool = False,
        verify: bool = True,
        read_only: bool = False,
    ) -> None:
        """Open the journal at ``path`` (see :func:`journal_path`), creating it unless
        ``must_exist``. It is checked first, without writing to it: its file
        (:func:`file_problem`), SQLite's ``quick_check`` and the history check; a
        journal that fails is refused (:class:`BadInput` naming the file and what is
        wrong) and left as it is. ``verify=False`` skips the checks, for ``journal
        check``, which reports them all. A journal file that cannot be written is
        opened for reading: listing and showing work, a commit is refused.

        ``read_only=True`` opens an existing journal for reading only, whatever its
        permissions (SQLite's ``mode=ro``: the connection itself cannot write, so no
        code path through it can): the players' view (``gunline serve``) reads the
        GM's journal this way."""
        self.path, default = journal_path(path)
        self._lock = threading.RLock()
        self.read_only = read_only
        self._usable_path(default, must_exist or read_only)
        if verify:
            problem = file_problem(self.path)
            if problem is not None:
                raise self._refused(problem)
        self.writable = not read_only and os.access(self.path, os.W_OK)
        # a journal read and left (refused, or opened read-only) leaves its folder as it was
        self._bare = not sidecars.present(self.path)
        try:
            if verify:
                self._verify(timeout)
            self.conn = self._connect(timeout, readonly=not self.writable)
            try:
                self._prepare()
            except BaseException:
                self.conn.close()
                raise
        except BaseException:
            self._tidy()
            raise

    # -- opening ------------------------------------------------------------------
    def _usable_path(self, default: bool, must_exist: bool) -> None:
        """Refuse a path that cannot hold a journal, in one line; create the journal
        (whole, atomically) when there is none and one may be made."""
        path = self.path
        try:
            mode = path.stat().st_mode
        except FileNotFoundError:
            mode = None
        except NotADirectoryError as exc:
            folder = next((p for p in path.parents if p.is_file()), None)
            why = f"{folder} is a file, not a folder" if folder is not None else (exc.strerror or str(exc))
            raise BadInput(f"journal {path}: cannot use it: {why}") from None
        except OSError as exc:
            raise BadInput(f"journal {path}: cannot use it: {exc.strerror or exc}") from None
        except ValueError:
            raise BadInput(f"journal {path}: not a usable file name (it holds a NUL character)") from None
        if mode is not None:
            if stat.S_ISDIR(mode):
                raise BadInput(f"journal {path}: is a folder; give a file path")
            kind = kind_of(mode)
            if kind is not None:
                raise BadInput(f"journal {path}: is {kind}, not a file; give a file path")
            if not os.access(path, os.R_OK):
                raise BadInput(f"journal {path}: cannot read it (permission denied)")
            return
        if must_exist:
            raise BadInput(
                f"journal {path}: no journal there yet; commit an attack with "
                "'gunline resolve FILE --encounter NAME'"
            )
        if not path.parent.is_dir():
            if not default:
                raise BadInput(f"journal {path}: folder {path.parent} does not exist")
            try:
                path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            except OSError as exc:
                raise BadInput(f"journal {path}: cannot create its folder: {exc.strerror or exc}") from None
        try:
            create(path)
        except (OSError, sqlite3.Error) as exc:
            raise BadInput(f"journal {path}: cannot create it: {getattr(exc, 'strerror', None) or exc}") from None

    def _why_not_written(self) -> str:
        return "it is opened read-only" if self.read_only else "the file is read-only"

    def _refused(self, problem: str) -> BadInput:
        return BadInput(
            f"journal {self.path}: {problem}; it was not written to ('gunline journal check' lists every problem)"
        )

    def _connect(self, timeout: float, *, readonly: bool) -> sqlite3.Connection:
        target, uri = str(self.path), False
        if readonly:
            target, uri = "file:" + urllib.parse.quote(str(self.path.absolute())) + "?mode=ro", True
        try:
            return sqlite3.connect(target, timeout=timeout, isolation_level=None, check_same_thread=False, uri=uri)
        except sqlite3.Error as exc:
            raise BadInput(f"journal {self.path}: cannot open: {exc}") from None

    def _verify(self, timeout: float) -> None:
        """The checks made on every open, on a read-only connection of their own, so
        that nothing is written to a journal before it has passed them (not even the
        checkpoint SQLite makes when a writer closes)."""
        from .verify import history_problems

        conn = self._connect(timeout, readonly=True)
        conn.text_factory = lambda raw: raw.decode("utf-8", "backslashreplace")  # a damaged page quoted
        try:
            with self._errors():
                conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
                conn.execute("BEGIN")
                try:
                    app_id, version, foreign = self._identity(conn)
                    if app_id != APPLICATION_ID or version != SCHEMA_VERSION or foreign:
                        return  # not ours, newer or empty: :meth:`_prepare` says which
                    lines = [line for (line,) in conn.execute("PRAGMA quick_check") if line != "ok"]
                    if lines:
                        more = f" (and {len(lines) - 1} more)" if len(lines) > 1 else ""
                        raise self._refused(f"damaged: {lines[0]}{more}")
                    found = history_problems(self, conn, full=True)
                finally:
                    if conn.in_transaction:  # an error (a full disk) may have ended it
                        conn.execute("COMMIT")
        finally:
            conn.close()
        if found:
            more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
            raise self._refused(f"its history does not hold together: {found[0]}{more}")

    def _identity(self, conn: sqlite3.Connection) -> tuple[int, int, bool]:
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        foreign = version == 0 and app_id == 0 and bool(
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        )
        return app_id, version, foreign

    def _prepare(self) -> None:
        with self._errors():
            self.conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
            # One snapshot: another process may be creating the tables right now.
            self.conn.execute("BEGIN")
            try:
                app_id, version, foreign = self._identity(self.conn)
            finally:
                if self.conn.in_transaction:
                    self.conn.execute("COMMIT")
            if app_id not in (0, APPLICATION_ID):
                raise self._not_ours("it belongs to another program")
            if version > SCHEMA_VERSION:
                raise BadInput(
                    f"journal {self.path}: written by a newer gunline (schema {version}; "
                    f"this one reads up to {SCHEMA_VERSION}); upgrade gunline"
                )
            if foreign:
                raise self._not_ours("it holds another program's tables")
            self.conn.execute("PRAGMA foreign_keys = ON")
            if not self.writable:
                if version < SCHEMA_VERSION:
                    raise BadInput(f"journal {self.path}: cannot upgrade it: {self._why_not_written()}")
                return
            mode = self.conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise GunlineError(f"journal {self.path}: cannot use write-ahead logging (mode {mode})")
            self.conn.execute("PRAGMA synchronous = FULL")
            if version < SCHEMA_VERSION:
                self._migrate()

    def _migrate(self) -> None:
        """Create or upgrade the tables, one version step at a time, in one
        transaction (a second process opening the same new file waits, then sees
        the tables made)."""
        # A step may make a table anew (SQLite's way to change a constraint): foreign
        # keys are off while it does, and checked whole before the commit.
        self.conn.execute("PRAGMA foreign_keys = OFF")
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            version = self.conn.execute("PRAGMA user_version").fetchone()[0]
            app_id = self.conn.execute("PRAGMA application_id").fetchone()[0]
            if version == 0 and app_id == 0 and self._has_tables():
                raise self._not_ours("it holds another program's tables")
            while version < SCHEMA_VERSION:
                for statement in MIGRATIONS[version]:
                    self.conn.execute(statement)
                version += 1
            broken = self.conn.execute("PRAGMA foreign_key_check").fetchone()
            if broken is not None:
                raise self._refused(f"damaged: upgrading it found a row that refers to nothing ({tuple(broken)})")
            self.conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            self.conn.execute("PRAGMA foreign_keys = ON")
            raise
        self.conn.execute("COMMIT")
        self.conn.execute("PRAGMA foreign_keys = ON")

    def _has_tables(self) -> bool:
        return bool(self.conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0])

    def _not_ours(self, why: str) -> BadInput:
        return BadInput(f"journal {self.path}: not a gunline journal ({why}); give another --journal path")

    def close(self) -> None:
        with self._lock:
            self.conn.close()
            if not self.writable:
                self._tidy()

    def _tidy(self) -> None:
        """Remove the empty ``-wal`` and ``-shm`` that read-only connections made
        beside a journal that had none (see :mod:`gunline.journal.sidecars`); a
        connection that may write removes them itself when it closes."""
        if self._bare:
            sidecars.tidy(self.path)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- transactions ---------------------------------------------------------------
    @contextmanager
    def _errors(self) -> Iterator[None]:
        """Turn SQLite's errors into one line naming the journal."""
        try:
            yield
        except UnicodeDecodeError:
            raise self._refused("damaged: a text in it is not UTF-8") from None
        except sqlite3.Error as exc:
            text = str(exc)
            if "not a database" in text:
                raise self._not_ours(f"the file is not an SQLite database: {text}") from None
            if "Could not decode" in text:
                raise self._refused("damaged: a text in it is not UTF-8") from None
            if "malformed" in text or "corrupt" in text:
                raise self._refused(f"damaged: {text}") from None
            if "disk is full" in text or ("disk I/O" in text and _no_room(self.path)):
                raise GunlineError(
                    f"journal {self.path}: the disk is full ({text}); nothing was written to it: "
                    "free some space, then try again"
                ) from None
            if "disk I/O" in text:
                raise BadInput(
                    f"journal {self.path}: cannot use it: {text} (a device, or a file system that refuses SQLite?)"
                ) from None
            if "locked" in text or "busy" in text:
                raise GunlineError(
                    f"journal {self.path}: busy (another gunline held it for {BUSY_TIMEOUT:.0f} s); try again"
                ) from None
            if "readonly" in text or "read-only" in text or "unable to open" in text:
                raise BadInput(f"journal {self.path}: cannot write: {text}") from None
            if "append-only" in text:
                raise GunlineError(f"journal {self.path}: {text}") from None
            if isinstance(exc, sqlite3.DatabaseError):  # unsupported format, a table gone, ...
                raise self._refused(f"damaged: {text}") from None
            raise GunlineError(f"journal {self.path}: {type(exc).__name__}: {text}") from None

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """A write transaction: the lock is taken before anything is read, so what
        is read is still true when the transaction commits. Any exception rolls
        everything back."""
        if not self.writable:
            raise BadInput(f"journal {self.path}: cannot write to it: {self._why_not_written()}")
        with self._lock, self._errors():
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                # SQLite rolls back itself on some errors (a full disk): a ROLLBACK
                # then fails, and its error would hide the one that says why
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise
            self.conn.execute("COMMIT")

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """A read transaction: one consistent snapshot for several queries."""
        with self._lock, self._errors():
            self.conn.execute("BEGIN")
            try:
                yield self.conn
            finally:
                if self.conn.in_transaction:
                    self.conn.execute("COMMIT")

    # -- rows -------------------------------------------------------------------------
    def _encounter_id(self, conn: sqlite3.Connection, name: str, *, create: bool = False) -> int:
        name = check_name(name)
        if create:
            conn.execute(
                "INSERT OR IGNORE INTO encounters (name, created_at) VALUES (?, ?)", (name, now())
            )
        row = conn.execute("SELECT id FROM encounters WHERE name = ?", (name,)).fetchone()
        if row is None:
            names = [r[0] for r in conn.execute("SELECT name FROM encounters ORDER BY name")]
            known = ", ".join(repr(n) for n in names) if names else "none yet"
            raise BadInput(f"encounter {name!r}: not in journal {self.path}; encounters: {known}")
        return int(row[0])

    def _decode(self, text: str | None, what: str, type_: Any = Any) -> Any:
        if text is None:
            return None
        try:
            return msgspec.json.decode(text, type=type_)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise BadInput(f"journal {self.path}: {what} is damaged: {exc}") from None

    def _row_state(self, conn: sqlite3.Connection, eid: int, table: str, key: list[str]) -> dict[str, Any] | None:
        cols = STATE_TABLES[table]
        where = " AND ".join(f"{c} = ?" for c in cols)
        row = conn.execute(
            f"SELECT state FROM {table} WHERE encounter_id = ? AND {where}", (eid, *key)
        ).fetchone()
        return None if row is None else self._decode(row[0], f"{table} row {key}", dict)

    def _apply(self, conn: sqlite3.Connection, eid: int, changes: list[Change]) -> None:
        """Write each change's ``after`` into the state tables (``None`` deletes)."""
        for change in changes:
            cols = STATE_TABLES[change.table]
            if change.after is None:
                where = " AND ".join(f"{c} = ?" for c in cols)
                conn.execute(f"DELETE FROM {change.table} WHERE encounter_id = ? AND {where}", (eid, *change.key))
            else:
                marks = ", ".join("?" for _ in cols)
                conn.execute(
                    f"INSERT OR REPLACE INTO {change.table} (encounter_id, {', '.join(cols)}, state) "
                    f"VALUES (?, {marks}, ?)",
                    (eid, *change.key, _encode(change.after).decode()),
                )

    def _append(self, conn: sqlite3.Connection, eid: int, action: str, changes: list[Change], **fields: Any) -> int:
        """Append one entry; returns its id. JSON fields are given as Python values."""
        for key in ("variants", "scenario", "dice", "chain"):
            if key in fields and fields[key] is not None and not isinstance(fields[key], str):
                fields[key] = _encode(fields[key]).decode()
        fields = {"at": now(), "action": action, "changes": _encode(changes).decode(), **fields}
        cols = ", ".join(fields)
        marks = ", ".join("?" for _ in fields)
        cur = conn.execute(
            f"INSERT INTO entries (encounter_id, {cols}) VALUES (?, {marks})", (eid, *fields.values())
        )
        assert cur.lastrowid is not None, "an INSERT sets lastrowid"
        return cur.lastrowid

    # -- reading ---------------------------------------------------------------------
    def encounters(self) -> list[EncounterSummary]:
        """Every encounter, oldest first, with its entry count and last activity."""
        with self.read() as conn:
            rows = conn.execute(
                """SELECT e.name, e.created_at, count(x.id), max(x.at)
                   FROM encounters e LEFT JOIN entries x ON x.encounter_id = e.id
                   GROUP BY e.id ORDER BY e.id"""
            ).fetchall()
        return [EncounterSummary(name=r[0], created_at=r[1], entries=r[2], last_at=r[3]) for r in rows]

    def state(self, encounter: str) -> EncounterState:
        """Where the encounter stands: every shooter, weapon and target saved."""
        with self.read() as conn:
            return self._state(conn, self._encounter_id(conn, encounter))

    def _state(self, conn: sqlite3.Connection, eid: int) -> EncounterState:
        name, created = conn.execute("SELECT name, created_at FROM encounters WHERE id = ?", (eid,)).fetchone()
        out = EncounterState(name=name, created_at=created, shooters={}, weapons={}, targets={})
        for who, state in conn.execute("SELECT name, state FROM shooters WHERE encounter_id = ? ORDER BY name", (eid,)):
            out.shooters[who] = self._decode(state, f"shooter {who!r}", dict)
        for who, what, state in conn.execute(
            "SELECT shooter, name, state FROM weapons WHERE encounter_id = ? ORDER BY shooter, name", (eid,)
        ):
            out.weapons.setdefault(who, {})[what] = self._decode(state, f"weapon {who!r}/{what!r}", dict)
        for who, state in conn.execute("SELECT name, state FROM targets WHERE encounter_id = ? ORDER BY name", (eid,)):
            out.targets[who] = self._decode(state, f"target {who!r}", dict)
        return out

    _ENTRY_COLUMNS = (
        "x.id, e.name, x.at, x.action, x.summary, x.ruleset, x.variants, x.scenario, x.seed, "
        "x.dice, x.chain, x.changes, x.undoes, u.id, x.act, x.who, "
        + ", ".join(_NUMBER.format(column) for column in ("x.id", "x.undoes", "u.id"))
    )

    def entries(self, encounter: str | None = None) -> list[Entry]:
        """The log, oldest first: of one encounter, or of the whole journal."""
        with self.read() as conn:
            return self._entries(conn, None if encounter is None else self._encounter_id(conn, encounter))

    def _entries(
        self, conn: sqlite3.Connection, eid: int | None, where: str = "", args: tuple[Any, ...] = ()
    ) -> list[Entry]:
        clauses = ([] if eid is None else ["x.encounter_id = ?"]) + ([where] if where else [])
        sql = (
            f"SELECT {self._ENTRY_COLUMNS} FROM entries x JOIN encounters e ON e.id = x.encounter_id "
            "LEFT JOIN entries u ON u.undoes = x.id"
            + (" WHERE " + " AND ".join(clauses) if clauses else "")
            + " ORDER BY x.id"
        )
        rows = conn.execute(sql, ((eid,) if eid is not None else ()) + args).fetchall()
        return [self._entry(r) for r in rows]

    def _entry(self, r: tuple[Any, ...]) -> Entry:
        what = f"entry {r[0]}"
        try:
            return Entry(
                id=r[0], encounter=r[1], at=r[2], action=r[3], summary=r[4] or "", ruleset=r[5],
                variants=self._decode(r[6], what, list[str]) or [],
                scenario=self._decode(r[7], what, dict | None),
                seed=r[8],
                dice=self._decode(r[9], what, list[int]) or [],
                chain=self._decode(r[10], what, dict | None),
                changes=self._decode(r[11], what, list[Change]),
                undoes=r[12], undone_by=r[13], act=r[14], who=r[15],
                number=r[16], undoes_number=r[17] if r[12] is not None else None,
                undone_by_number=r[18] if r[13] is not None else None,
            )
        except TypeError as exc:  # a hand-edited row with a value of the wrong kind
            raise BadInput(f"journal {self.path}: {what} is damaged: {exc}") from None


def _no_room(path: Path) -> bool:
    """Whether the file system holding ``path`` has (next to) no room left: SQLite
    says "disk I/O error" when it cannot grow the index beside a journal (``-shm``)
    on a full disk."""
    try:
        fs = os.statvfs(path.parent)
    except (OSError, AttributeError):  # no statvfs (Windows)
        return False
    return fs.f_bavail * fs.f_frsize < 64 * 1024
