"""Damaged, truncated and unusable journals: refused on open with exit 2 and one line
naming the file and what is wrong, never written to; ``journal check`` finds the
damage (a file emptied of its 200 entries is never "consistent"); paths that cannot
hold a journal (a device, a folder, a pipe, a read-only file) are one clear line.

The fuzz at the end mutates a real journal's bytes and rows with a fixed seed: every
mutant reads as a journal (exit 0) or is refused in one line (exit 2), never a
traceback or an internal error, and a refused file is left exactly as it was."""

from __future__ import annotations

import importlib.util
import os
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from gunline import Registry, cli
from gunline.journal import Journal
from gunline.journal.integrity import file_problem
from gunline.scenario import build_attack

ROOT = Path(__file__).parents[1]
TOY_PATH = ROOT / "core" / "tests" / "toy_ruleset.py"
DOC = {"ruleset": "toy", "shooter": {"name": "Ann"}, "weapon": {"name": "rifle", "rounds": 100000},
       "targets": [{"name": "Bo", "wounds": 100000}, {"name": "Cy", "wounds": 100000}]}
#: Mutants the fuzz tries: bytes of the file, and rows of its tables.
BYTE_MUTANTS = 120
ROW_MUTANTS = 60


def toy_registry() -> Registry:
    spec = importlib.util.spec_from_file_location("toy_ruleset_hostile_journal", TOY_PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    registry = Registry()
    registry.add("toy", module)
    return registry


REGISTRY = toy_registry()
SCENARIO_TEXT = """ruleset = "toy"
[shooter]
name = "Ann"
[weapon]
name = "rifle"
rounds = 100000
[[targets]]
name = "Bo"
wounds = 100000
"""


@pytest.fixture(autouse=True)
def toy(monkeypatch):
    monkeypatch.setattr(cli, "_registry", lambda ruleset=None: REGISTRY)


def make_journal(path: Path, entries: int) -> Path:
    attack = build_attack(REGISTRY, DOC)
    with Journal(path) as journal:
        journal.conn.execute("PRAGMA synchronous = OFF")  # a test's journal need not survive a power cut
        for seed in range(entries):
            journal.resolve("siege", REGISTRY, attack, DOC, seed=seed)
    sqlite3.connect(path).execute("PRAGMA wal_checkpoint(TRUNCATE)").close()
    return path


@pytest.fixture(scope="module")
def big_journal(tmp_path_factory) -> Path:
    return make_journal(tmp_path_factory.mktemp("journals") / "big.sqlite3", 200)


@pytest.fixture(scope="module")
def small_journal(tmp_path_factory) -> Path:
    return make_journal(tmp_path_factory.mktemp("journals") / "small.sqlite3", 3)


def copy_of(source: Path, tmp_path: Path) -> Path:
    target = tmp_path / "j.sqlite3"
    shutil.copyfile(source, target)
    return target


def run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, path: Path, *argv, says: str) -> str:
    """``argv`` on the journal at ``path`` is refused: exit 2, one line naming it."""
    before = path.read_bytes() if path.is_file() else None
    code, out, err = run(capsys, *argv, "--journal", path)
    assert code == 2, (argv, err)
    assert out == "" and err.count("\n") == 1 and err.startswith(f"gunline: journal {path}: "), err
    assert says in err, err
    if before is not None:
        assert path.read_bytes() == before, "a refused journal was written to"
    return err


WRITES = [["resolve", "SCENARIO", "--encounter", "siege"], ["journal", "undo", "siege"],
          ["journal", "reload", "siege"]]
READS = [["journal", "list"], ["journal", "show", "siege"], ["journal", "export", "siege"],
         ["odds", "SCENARIO", "--encounter", "siege"]]


def commands(tmp_path: Path) -> list[list[str]]:
    scenario = tmp_path / "s.toml"
    scenario.write_text(SCENARIO_TEXT)
    return [[str(scenario) if a == "SCENARIO" else a for a in argv] for argv in WRITES + READS]


# -- truncation -----------------------------------------------------------------------------------
def test_a_journal_emptied_of_200_entries_is_never_consistent(big_journal, tmp_path, capsys):
    path = copy_of(big_journal, tmp_path)
    path.write_bytes(b"")
    code, out, err = run(capsys, "journal", "check", "--journal", path)
    assert code == 1 and "consistent" not in out
    assert "empty (0 bytes)" in err and "truncated" in err
    for argv in commands(tmp_path):
        refused(capsys, path, *argv, says="empty (0 bytes)")
    assert path.read_bytes() == b""


@pytest.mark.parametrize("keep", ["half", "all but the last page", "mid-page", "header only", "50 bytes"])
def test_a_truncated_journal_is_refused_and_left_alone(big_journal, tmp_path, capsys, keep):
    path = copy_of(big_journal, tmp_path)
    data = path.read_bytes()
    size = {"half": len(data) // 2 // 4096 * 4096, "all but the last page": len(data) - 4096,
            "mid-page": len(data) - 1000, "header only": 100, "50 bytes": 50}[keep]
    path.write_bytes(data[:size])
    assert run(capsys, "journal", "check", "--journal", path)[0] == 1
    for argv in commands(tmp_path):
        refused(capsys, path, *argv, says="truncated")


def test_bytes_added_after_a_journal_are_said_as_such_and_it_is_left_alone(big_journal, tmp_path, capsys):
    """Bytes past the pages the header gives (a copy or a download gone wrong), not a
    whole page of them: damaged, not "truncated", and never written to."""
    path = copy_of(big_journal, tmp_path)
    data = path.read_bytes()
    path.write_bytes(data + b"\x00garbage" * 100)
    assert file_problem(path) == (f"damaged: 800 bytes after the end of its {len(data) // 4096} pages of 4096 "
                                  "bytes (something was added to the file)")
    for argv in commands(tmp_path):
        refused(capsys, path, *argv, says="something was added to the file")
    assert path.read_bytes() == data + b"\x00garbage" * 100


def test_a_header_ahead_of_the_file_is_truncation_unless_a_log_will_finish_it(big_journal, tmp_path):
    """A process killed while it copied the write-ahead log into the file leaves the
    header ahead of the pages written; the log is still there, and SQLite finishes the
    copy on the next open. Without a log, the same file lost its end."""
    path = copy_of(big_journal, tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - 3 * 4096])
    assert file_problem(path).startswith("truncated: it holds")
    wal = tmp_path / f"{path.name}-wal"
    wal.write_bytes(b"\x37\x7f\x06\x82" + bytes(28))  # a log's header alone: no frames to finish with
    assert file_problem(path).startswith("truncated: it holds")
    wal.write_bytes(b"\x37\x7f\x06\x82" + bytes(28 + 4096 + 24))  # frames: SQLite's to judge
    assert file_problem(path) is None


def test_an_entry_journal_check_calls_damaged_is_never_written_to(small_journal, tmp_path, capsys):
    """An entry whose dice no longer read (a hand edit, a bad disk): `journal check`
    says so, and no command writes to the journal, reads included."""
    import sqlite3

    path = copy_of(small_journal, tmp_path)
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER entries_are_append_only_update")
    conn.execute("UPDATE entries SET dice = '1e999' WHERE id = 2")
    conn.commit()
    conn.close()
    code, _, err = run(capsys, "journal", "check", "--journal", path)
    assert code == 1 and "entry 2 is damaged" in err
    for argv in commands(tmp_path):
        refused(capsys, path, *argv, says="entry 2 is damaged")


def test_a_journal_read_and_left_leaves_its_folder_as_it_was(small_journal, tmp_path, capsys):
    """A damaged journal refused by every command, and a whole one opened read-only
    (the players' view), leave no ``-wal`` or ``-shm`` beside them: SQLite makes
    both for a read-only connection and only a writer's close removes them."""
    from gunline.journal.store import Store

    damaged = copy_of(small_journal, tmp_path)
    conn = sqlite3.connect(damaged)
    conn.execute("DROP TRIGGER entries_are_append_only_update")
    conn.execute("UPDATE entries SET dice = '1e999' WHERE id = 2")
    conn.commit()
    conn.close()
    argvs = commands(tmp_path)
    folder = sorted(os.listdir(tmp_path))
    for argv in argvs:
        refused(capsys, damaged, *argv, says="entry 2 is damaged")
        assert sorted(os.listdir(tmp_path)) == folder, argv
    whole = shutil.copyfile(small_journal, tmp_path / "whole.sqlite3")
    folder, before = sorted(os.listdir(tmp_path)), whole.read_bytes()
    with Store(whole, read_only=True) as store:
        assert store.conn.execute("SELECT count(*) FROM entries").fetchone() == (3,)
    assert sorted(os.listdir(tmp_path)) == folder and whole.read_bytes() == before


def test_a_read_only_open_never_takes_a_writers_log_away(small_journal, tmp_path):
    """The log a writer opened meanwhile stays, and the writer goes on committing."""
    from gunline.journal.store import Store

    path = copy_of(small_journal, tmp_path)
    reader = Store(path, read_only=True)
    with Journal(path) as writer:
        writer.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # an empty log, as the reader's was
        reader.close()
        assert os.path.exists(f"{path}-wal") and os.path.exists(f"{path}-shm")
        writer.resolve("siege", REGISTRY, build_attack(REGISTRY, DOC), DOC, seed=9)
    with Journal(path) as journal:
        assert [e.number for e in journal.entries("siege")][-1] == 4


def test_a_damaged_roster_entry_is_found_by_check_and_mended_by_removing_it(small_journal, tmp_path, capsys):
    """A roster entry whose table no longer reads, or bears another name than the
    entry's: ``journal check`` lists each (it said "consistent"). The roster is no
    part of any encounter's history: the journal is still opened, the entry is
    refused where it is read, and removing it mends the journal."""
    path = copy_of(small_journal, tmp_path)
    with Journal(path) as journal:
        journal.roster_put(REGISTRY, "toy", "shooter", {"name": "Ann"})
        journal.roster_put(REGISTRY, "toy", "target", {"name": "Bo", "wounds": 3})
        journal.roster_put(REGISTRY, "toy", "target", {"name": "Cy", "wounds": 3})
    assert run(capsys, "journal", "check", "--journal", path)[0] == 0
    conn = sqlite3.connect(path)
    conn.execute("""UPDATE roster SET data = '{"name": "Bo", "wou' WHERE name = 'Bo'""")
    conn.execute("""UPDATE roster SET data = '{"name": "Eve"}' WHERE name = 'Ann'""")
    conn.execute("UPDATE roster SET data = 7 WHERE name = 'Cy'")
    conn.commit()
    conn.close()
    code, out, err = run(capsys, "journal", "check", "--journal", path)
    mend = "; 'gunline roster remove' forgets it, 'gunline roster add' saves it anew"
    assert code == 1 and out == ""
    ann, bo, cy = err.splitlines()
    assert ann == "roster toy/shooter/Ann: its table bears the name 'Eve', not the entry's own" + mend
    assert bo.startswith("roster toy/target/Bo is damaged: ") and bo.endswith("truncated" + mend)
    assert cy.startswith(f"gunline: journal {path}: 3 problem(s); last: roster toy/target/Cy is damaged: ")
    assert cy.endswith(mend) and "int" in cy  # a number where its table goes
    assert run(capsys, "journal", "list", "--journal", path)[0] == 0
    code, _, err = run(capsys, "roster", "list", "--journal", path)
    assert code == 2 and err.startswith(f"gunline: journal {path}: roster toy/target/Bo is damaged: ")
    for kind, name in (("shooter", "Ann"), ("target", "Bo"), ("target", "Cy")):
        assert run(capsys, "roster", "remove", "toy", kind, name, "--journal", path)[0] == 0
    assert run(capsys, "journal", "check", "--journal", path)[:2] == (0, f"journal {path}: consistent\n")


def test_pages_overwritten_in_the_middle_are_refused_and_found_by_check(big_journal, tmp_path, capsys):
    path = copy_of(big_journal, tmp_path)
    data = bytearray(path.read_bytes())
    rng = random.Random(16)
    middle = len(data) // 4096 // 2
    for page in (middle, middle + 1):
        data[page * 4096:(page + 1) * 4096] = bytes(rng.randrange(256) for _ in range(4096))
    path.write_bytes(bytes(data))
    code, _, err = run(capsys, "journal", "check", "--journal", path)
    assert code == 1 and "problem" in err
    for argv in commands(tmp_path):
        refused(capsys, path, *argv, says="damaged")


def test_entries_gone_from_the_end_are_missed(big_journal, tmp_path, capsys):
    path = copy_of(big_journal, tmp_path)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("DROP TRIGGER entries_are_append_only_delete")
    conn.execute("DELETE FROM entries WHERE id > 150")
    conn.close()
    for argv in commands(tmp_path):
        refused(capsys, path, *argv, says="entries 151 to 200 are missing")
    code, _, err = run(capsys, "journal", "check", "--journal", path)
    assert code == 1 and "entries 151 to 200 are missing" in err


def test_an_entry_gone_from_the_middle_is_missed(small_journal, tmp_path, capsys):
    path = copy_of(small_journal, tmp_path)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("DROP TRIGGER entries_are_append_only_delete")
    conn.execute("DELETE FROM entries WHERE id = 2")
    conn.close()
    refused(capsys, path, "journal", "list", says="1 of entries 1 to 3 are missing")


def test_a_whole_journal_passes_its_checks_and_is_consistent(big_journal, tmp_path, capsys):
    path = copy_of(big_journal, tmp_path)
    assert file_problem(path) is None
    code, out, _ = run(capsys, "journal", "check", "--journal", path)
    assert code == 0 and out == f"journal {path}: consistent\n"
    assert run(capsys, "journal", "undo", "siege", "--journal", path)[0] == 0


def test_a_new_journal_is_never_left_empty(tmp_path, capsys):
    """Made whole beside its path and linked into place: there is never a moment
    when a journal file exists without its tables."""
    path = tmp_path / "new.sqlite3"
    scenario = tmp_path / "s.toml"
    scenario.write_text(SCENARIO_TEXT)
    assert run(capsys, "resolve", scenario, "--encounter", "siege", "--journal", path)[0] == 0
    assert file_problem(path) is None and path.stat().st_size >= 4096
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no temporary left


# -- paths that cannot hold a journal ---------------------------------------------------------------
def test_a_device_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("GUNLINE_JOURNAL", "/dev/null")
    scenario = tmp_path / "s.toml"
    scenario.write_text(SCENARIO_TEXT)
    for argv in (["journal", "list"], ["resolve", scenario, "--encounter", "siege"], ["journal", "check"]):
        code, out, err = run(capsys, *argv)
        assert code == 2 and err == "gunline: journal /dev/null: is a character device, not a file; give a file path\n"


def test_a_folder_and_a_pipe_are_refused(tmp_path, capsys):
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "folder").mkdir()
    for name, says in (("pipe", "is a named pipe, not a file"), ("folder", "is a folder")):
        refused(capsys, tmp_path / name, "journal", "list", says=says)


def test_a_folder_that_does_not_exist_is_named(tmp_path, capsys):
    refused(capsys, tmp_path / "nowhere" / "j.sqlite3", "journal", "list",
            says="no journal there yet")


def _read_only(path: Path, monkeypatch) -> None:
    path.chmod(0o444)
    if os.geteuid() == 0:  # root writes through any mode: refuse as a user would be refused
        real = os.access
        def access(p, mode, *a, **k):
            return False if (mode & os.W_OK and Path(p) == path) else real(p, mode, *a, **k)

        monkeypatch.setattr("gunline.journal.store.os.access", access)


def test_a_read_only_journal_is_read_and_never_written(small_journal, tmp_path, capsys, monkeypatch):
    path = copy_of(small_journal, tmp_path)
    _read_only(path, monkeypatch)
    before = path.read_bytes()
    for argv in (["journal", "list"], ["journal", "show", "siege"], ["journal", "check"]):
        code, out, err = run(capsys, *argv, "--journal", path)
        assert code == 0, err
    for argv in commands(tmp_path)[:3]:
        refused(capsys, path, *argv, says="cannot write to it: the file is read-only")
    assert path.read_bytes() == before


# -- fuzz -------------------------------------------------------------------------------------------
def _mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    data = bytearray(data)
    how = rng.choice(["flip", "overwrite", "zero", "truncate", "swap pages", "duplicate page", "header"])
    if how == "flip":
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    elif how == "overwrite":
        start = rng.randrange(len(data))
        data[start:start + rng.randint(1, 600)] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 600)))
    elif how == "zero":
        start = rng.randrange(len(data))
        data[start:start + rng.randint(1, 4096)] = bytes(min(4096, len(data) - start))
    elif how == "truncate":
        del data[rng.randrange(len(data)):]
    elif how == "swap pages":
        pages = len(data) // 4096
        a, b = rng.randrange(pages), rng.randrange(pages)
        pa, pb = data[a * 4096:(a + 1) * 4096], data[b * 4096:(b + 1) * 4096]
        data[a * 4096:(a + 1) * 4096], data[b * 4096:(b + 1) * 4096] = pb, pa
    elif how == "duplicate page":
        page = rng.randrange(len(data) // 4096)
        data += data[page * 4096:(page + 1) * 4096]
    else:
        data[rng.randrange(100)] = rng.randrange(256)
    return bytes(data)


def _no_crash(capsys, path: Path, argv: list[str]) -> None:
    before = path.read_bytes() if path.is_file() else b""
    code, out, err = run(capsys, *argv, "--journal", path)
    assert code in (0, 2), (argv, err)
    assert "Traceback" not in err and "internal error" not in err, err
    if code == 2:
        assert err.count("\n") == 1, err
        if not (path.is_file() and path.read_bytes() == before):
            raise AssertionError(f"refused, yet written to: {err}")


def test_fuzzed_journal_bytes_read_or_are_refused_in_one_line(small_journal, tmp_path, capsys):
    rng = random.Random(20261216)
    clean = small_journal.read_bytes()
    for case in range(BYTE_MUTANTS):
        path = tmp_path / f"mutant{case}.sqlite3"
        path.write_bytes(_mutate_bytes(clean, rng))
        _no_crash(capsys, path, ["journal", "show", "siege"])
        code, _, err = run(capsys, "journal", "check", "--journal", path)
        assert code in (0, 1, 2) and "Traceback" not in err and "internal error" not in err, err


_GARBAGE = ["", "{", "[]", "null", '"text"', "1e999", '{"status": 3}', '[{"table": "targets"}]', "\x1b[2J",
            '{"rounds_left": -1}', '[{"table":"targets","key":["Bo"],"before":null,"after":{"x":1}}]', "💥"]
_COLUMNS = [("entries", "changes"), ("entries", "dice"), ("entries", "variants"), ("entries", "scenario"),
            ("entries", "chain"), ("entries", "undoes"), ("entries", "action"), ("targets", "state"),
            ("weapons", "state"), ("shooters", "state"), ("encounters", "name"), ("entries", "encounter_id")]


def test_fuzzed_journal_rows_read_or_are_refused_in_one_line(small_journal, tmp_path, capsys):
    rng = random.Random(1612)
    for _ in range(ROW_MUTANTS):
        path = copy_of(small_journal, tmp_path)
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute("PRAGMA synchronous = OFF")
        conn.execute("BEGIN")
        conn.execute("DROP TRIGGER entries_are_append_only_update")
        for _ in range(rng.randint(1, 3)):
            table, column = rng.choice(_COLUMNS)
            value = rng.choice(_GARBAGE + [rng.randint(-5, 9)])
            try:
                conn.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = ?", (value, rng.randint(1, 3)))
            except sqlite3.IntegrityError:
                pass  # a constraint refused that one: the journal's own schema at work
        conn.execute("COMMIT")
        conn.close()
        for argv in (["journal", "export", "siege", "--json"], ["journal", "undo", "siege"]):
            _no_crash(capsys, path, argv)
