"""The journal file: where it lives, its versioned schema, append-only history, and
one-line refusals of files that are not (or no longer) a gunline journal."""

from __future__ import annotations

import os
import sqlite3

import pytest

from gunline import BadInput, GunlineError
from gunline.journal import SCHEMA_VERSION, Journal, journal_path, problems, write_atomic
from gunline.journal.paths import ENV_HOME, ENV_JOURNAL
from gunline.journal.schema import APPLICATION_ID
from gunline.scenario import build_attack


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    for var in (ENV_JOURNAL, ENV_HOME, "XDG_DATA_HOME"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return monkeypatch


def test_path_precedence_explicit_then_env_then_xdg_then_home(clean_env, tmp_path):
    home = tmp_path / "home"
    assert journal_path() == (home / ".local/share/gunline/journal.sqlite3", True)
    clean_env.setenv("XDG_DATA_HOME", "relative/is/ignored")
    assert journal_path()[0] == home / ".local/share/gunline/journal.sqlite3"
    clean_env.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert journal_path() == (tmp_path / "xdg/gunline/journal.sqlite3", True)
    clean_env.setenv(ENV_HOME, str(tmp_path / "gh"))  # the data folder the TUI's draft uses too
    assert journal_path() == (tmp_path / "gh/journal.sqlite3", True)
    clean_env.setenv(ENV_JOURNAL, str(tmp_path / "env.db"))
    assert journal_path() == (tmp_path / "env.db", False)
    assert journal_path(tmp_path / "given.db") == (tmp_path / "given.db", False)


def test_default_journal_folder_is_created_private(clean_env, tmp_path):
    clean_env.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    with Journal() as j:
        assert j.path == tmp_path / "xdg/gunline/journal.sqlite3"
    assert j.path.exists() and (j.path.parent.stat().st_mode & 0o777) == 0o700


def test_new_journal_is_wal_versioned_and_marked(tmp_path):
    with Journal(tmp_path / "j.db"):
        pass
    conn = sqlite3.connect(tmp_path / "j.db")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_entries_are_append_only(tmp_path, registry, doc):
    with Journal(tmp_path / "j.db") as j:
        j.resolve("pit", registry, build_attack(registry, doc), doc, seed=1)
    conn = sqlite3.connect(tmp_path / "j.db")
    for sql in ("UPDATE entries SET summary = 'x'", "DELETE FROM entries"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute(sql)
    assert conn.execute("SELECT count(*) FROM entries").fetchone()[0] == 1


@pytest.mark.parametrize(
    "make, says",
    [
        (lambda p: p.write_bytes(b"\x00garbage" * 100), "not a gunline journal"),
        (lambda p: p.write_text("ruleset = 'toy'\n" * 50), "not a gunline journal"),
        (lambda p: sqlite3.connect(p).execute("CREATE TABLE notes (x)"), "another program's tables"),
        (lambda p: sqlite3.connect(p).execute("PRAGMA application_id = 1234"), "belongs to another program"),
        (lambda p: sqlite3.connect(p).execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}"), "newer gunline"),
        (lambda p: p.mkdir(), "is a folder"),
    ],
)
def test_files_that_are_not_our_journal_are_refused_untouched(tmp_path, make, says):
    path = tmp_path / "j.db"
    make(path)
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(BadInput, match=says) as info:
        Journal(path)
    assert str(path) in str(info.value) and "\n" not in str(info.value)
    if before is not None:
        assert path.read_bytes() == before


def test_missing_folder_of_a_given_path_and_missing_journal_for_reading(tmp_path):
    with pytest.raises(BadInput, match="does not exist"):
        Journal(tmp_path / "nope" / "j.db")
    with pytest.raises(BadInput, match="no journal there yet"):
        Journal(tmp_path / "j.db", must_exist=True)
    assert not (tmp_path / "j.db").exists()


def test_a_damaged_row_is_reported_not_raised(tmp_path, registry, doc):
    with Journal(tmp_path / "j.db") as j:
        j.resolve("pit", registry, build_attack(registry, doc), doc, seed=1)
    conn = sqlite3.connect(tmp_path / "j.db", isolation_level=None)
    conn.execute("UPDATE targets SET state = '{not json'")
    conn.close()
    with pytest.raises(BadInput, match=r"targets row Bo is damaged.*not written to"):
        Journal(tmp_path / "j.db")  # refused when opened, not half-way through a read
    with Journal(tmp_path / "j.db", verify=False) as j, pytest.raises(BadInput, match="damaged"):
        j.state("pit")


def test_tampered_state_is_found_by_the_check(tmp_path, registry, doc):
    with Journal(tmp_path / "j.db") as j:
        j.resolve("pit", registry, build_attack(registry, doc), doc, faces=[6, 6])
        assert problems(j) == []
    conn = sqlite3.connect(tmp_path / "j.db", isolation_level=None)
    conn.execute("""UPDATE targets SET state = '{"status":"unharmed","wounds_left":9}' WHERE name = 'Bo'""")
    conn.close()
    with pytest.raises(BadInput, match="state pit/targets/Bo: the tables and the log disagree"):
        Journal(tmp_path / "j.db")
    with Journal(tmp_path / "j.db", verify=False) as j:
        found = problems(j)
    assert found == ["state pit/targets/Bo: the tables and the log disagree"]


@pytest.mark.parametrize("name", ["", "   ", "a\nb", "x" * 101, "tab\there", "pit\u200b", "\u200fpit"])
def test_encounter_names_must_be_plain_text(tmp_path, registry, doc, name):
    with Journal(tmp_path / "j.db") as j, pytest.raises(BadInput, match="^encounter: "):
        j.resolve(name, registry, build_attack(registry, doc), doc, seed=1)


def test_a_write_lock_held_too_long_is_one_error(tmp_path):
    with Journal(tmp_path / "j.db"):
        pass
    other = sqlite3.connect(tmp_path / "j.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with Journal(tmp_path / "j.db", timeout=0.2) as j:
            j.conn.execute("PRAGMA busy_timeout = 200")
            with pytest.raises(GunlineError, match="busy"):
                j.create("pit")
    finally:
        other.execute("ROLLBACK")


def test_write_atomic_replaces_whole_and_leaves_no_temp_on_failure(tmp_path, monkeypatch):
    target = tmp_path / "draft.toml"
    write_atomic(target, "old\n")
    os.chmod(target, 0o600)
    write_atomic(target, b"new\n")
    assert target.read_text() == "new\n" and (target.stat().st_mode & 0o777) == 0o600

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_atomic(target, "half")
    assert target.read_text() == "new\n"
    assert [p.name for p in tmp_path.iterdir()] == ["draft.toml"]


def test_read_only_open_reads_and_cannot_write(tmp_path, registry, doc):
    """``read_only=True`` (the players' view): the connection is SQLite's ``mode=ro``,
    so a write through it fails in SQLite itself, and the file's bytes stay as they
    were; a journal not there yet is refused rather than created."""
    path = tmp_path / "j.db"
    with Journal(path) as j:
        j.resolve("pit", registry, build_attack(registry, doc), doc, seed=1)
    before = path.read_bytes()
    with Journal(path, read_only=True) as ro:
        assert ro.writable is False
        assert [e.number for e in ro.entries("pit")] == [1]
        with pytest.raises(BadInput) as refused:
            ro.resolve("pit", registry, build_attack(registry, doc), doc, seed=2)
        assert str(refused.value) == f"journal {path}: cannot write to it: it is opened read-only"
        with pytest.raises(sqlite3.OperationalError, match="attempt to write a readonly database"):
            ro.conn.execute("INSERT INTO encounters (name, created_at) VALUES ('x', 'now')")
        with pytest.raises(sqlite3.OperationalError, match="attempt to write a readonly database"):
            ro.conn.execute("PRAGMA user_version = 99")
    assert path.read_bytes() == before
    with Journal(path) as j:
        assert [e.number for e in j.entries("pit")] == [1]
        assert j.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    with pytest.raises(BadInput) as missing:
        Journal(tmp_path / "none.db", read_only=True)
    assert str(missing.value).startswith(f"journal {tmp_path / 'none.db'}: no journal there yet")
    assert not (tmp_path / "none.db").exists()


def test_a_full_disk_is_said_as_such_not_as_a_damaged_journal(tmp_path, registry, doc):
    """SQLite rolls a transaction back itself when the disk is full; the ROLLBACK
    made after it failed ("no transaction is active"), and its error, said as
    "damaged", hid the one that said why. Nothing is committed, the journal is whole,
    and it goes on once there is room."""
    with Journal(tmp_path / "j.db") as j:
        j.resolve("pit", registry, build_attack(registry, doc), doc, seed=1)
        pages = j.conn.execute("PRAGMA page_count").fetchone()[0]
        j.conn.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "database or disk is full"
        with pytest.raises(GunlineError) as caught:
            j.resolve("alley", registry, build_attack(registry, doc), doc, seed=2)
        assert str(caught.value) == (
            f"journal {tmp_path / 'j.db'}: the disk is full (database or disk is full); nothing was written to "
            "it: free some space, then try again"
        )
        assert not isinstance(caught.value, BadInput)  # not the GM's input
        j.conn.execute(f"PRAGMA max_page_count = {pages * 100}")  # room again
        j.resolve("alley", registry, build_attack(registry, doc), doc, seed=2)
    with Journal(tmp_path / "j.db") as j:
        assert problems(j) == [] and [e.encounter for e in j.entries()] == ["pit", "alley"]


def test_a_full_disk_met_while_opening_is_said_as_such(tmp_path, registry, doc, monkeypatch):
    """Opening a journal on a full disk: SQLite cannot make the index beside it
    ("disk I/O error") and ends the reading transaction; the COMMIT after it failed,
    and the journal was said to be damaged."""
    from gunline.journal import store

    with Journal(tmp_path / "j.db") as j:
        j.resolve("pit", registry, build_attack(registry, doc), doc, seed=1)

    def full(self, conn):
        conn.execute("ROLLBACK")  # as SQLite does on that error
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store.Store, "_identity", full)
    monkeypatch.setattr(store, "_no_room", lambda path: True)
    with pytest.raises(GunlineError) as caught:
        Journal(tmp_path / "j.db")
    assert "the disk is full (disk I/O error); nothing was written to it" in str(caught.value)
    monkeypatch.setattr(store, "_no_room", lambda path: False)  # room: an I/O error is one
    with pytest.raises(BadInput, match="cannot use it: disk I/O error"):
        Journal(tmp_path / "j.db")
