"""Bad input never crashes: each malformed scenario (tests/corpus/scenarios, the
expected message on its first line) and each malformed journal gives exit 2 and one
line naming what is wrong, with no traceback."""

from __future__ import annotations

import importlib.util
import sqlite3
from pathlib import Path

import pytest

from gunline import Registry
from gunline.cli import main
from gunline.journal import SCHEMA_VERSION, Journal
from gunline.scenario import build_attack

HERE = Path(__file__).parent
CORPUS = sorted((HERE / "corpus" / "scenarios").glob("*.toml"))
TOY_PATH = HERE.parent / "core" / "tests" / "toy_ruleset.py"


def toy_registry() -> Registry:
    spec = importlib.util.spec_from_file_location("toy_ruleset_corpus", TOY_PATH)
    toy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(toy)
    registry = Registry()
    registry.add("toy", toy)
    return registry


@pytest.fixture
def toy(monkeypatch):
    registry = toy_registry()
    monkeypatch.setattr("gunline.plugins.discover", lambda *a, **k: registry)
    return registry


def expectation(path: Path) -> str:
    first = path.read_text(encoding="utf-8", errors="replace").split("\n", 1)[0]
    assert first.startswith("# expect: "), path
    return first.removeprefix("# expect: ")


def one_line_exit_2(capsys, argv: list[str], says: str) -> str:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 2, (argv, err)
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("gunline: "), err
    assert "Traceback" not in err and says in err, err
    return err


def test_the_corpus_is_large_enough():
    assert len(CORPUS) >= 30


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
@pytest.mark.parametrize("command", ["validate", "resolve", "commit"])
def test_malformed_scenario(toy, capsys, tmp_path, path, command):
    argv = {
        "validate": ["validate", path],
        "resolve": ["resolve", path, "--seed", "1"],
        "commit": ["resolve", path, "--seed", "1", "--encounter", "pit", "--journal", tmp_path / "j.db"],
    }[command]
    err = one_line_exit_2(capsys, argv, expectation(path))
    refused = "double-without-rounds" in path.name  # refused by the rules, not by the file
    assert str(path) in err or (refused and command != "validate")
    if command == "commit" and (tmp_path / "j.db").exists():
        with Journal(tmp_path / "j.db") as journal:
            assert journal.entries() == []


def test_unreadable_scenario_files(toy, capsys, tmp_path):
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00ruleset")
    one_line_exit_2(capsys, ["validate", binary], "not a text file")
    one_line_exit_2(capsys, ["resolve", tmp_path / "missing.toml"], "no such file")
    one_line_exit_2(capsys, ["resolve", tmp_path], "cannot read")


VALID = CORPUS[0].parent / "35-double-without-rounds.toml"


@pytest.mark.parametrize(
    "argv, says",
    [
        (["resolve", VALID, "--dice", "x,y"], "--dice: item 1 is 'x'"),
        (["resolve", VALID, "--seed", "abc"], "invalid int value"),
        (["resolve", VALID, "--bogus"], "unrecognized arguments"),
    ],
)
def test_malformed_options(toy, capsys, argv, says):
    one_line_exit_2(capsys, argv, says)


def test_a_face_the_die_cannot_show(toy, capsys, tmp_path):
    path = tmp_path / "ok.toml"
    path.write_text(VALID.read_text().replace('"double"', '"single"'))
    one_line_exit_2(capsys, ["resolve", path, "--dice", "7"], "takes a face from 1 to 6")


def _sqlite(statements):
    def make(path):
        conn = sqlite3.connect(path, isolation_level=None)
        for sql in statements:
            conn.execute(sql)
        conn.close()

    return make


def _journal_then(statements):
    """A real journal with one committed attack, then ``statements`` run on it."""

    def make(path):
        registry = toy_registry()
        doc = {"ruleset": "toy", "shooter": {"name": "Ann"}, "weapon": {"name": "pistol"}, "targets": [{"name": "Bo"}]}
        with Journal(path) as journal:
            journal.resolve("pit", registry, build_attack(registry, doc), doc, faces=[6])
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("DROP TRIGGER entries_are_append_only_update")  # a hand edit
        for sql in statements:
            conn.execute(sql)
        conn.close()

    return make


def _truncated(path):
    _journal_then([])(path)
    sqlite3.connect(path).execute("PRAGMA wal_checkpoint(TRUNCATE)").close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])


JOURNALS = {
    "binary": (lambda p: p.write_bytes(bytes(range(256)) * 64), ["journal", "list"], "not a gunline journal"),
    "text": (lambda p: p.write_text("encounter = 'pit'\n" * 200), ["journal", "show", "pit"], "not a gunline journal"),
    "other program": (_sqlite(["CREATE TABLE t (x)"]), ["journal", "list"], "another program's tables"),
    "foreign id": (_sqlite(["PRAGMA application_id = 7"]), ["journal", "list"], "belongs to another program"),
    "newer schema": (_sqlite([f"PRAGMA user_version = {SCHEMA_VERSION + 5}"]), ["journal", "list"], "newer gunline"),
    "folder": (lambda p: p.mkdir(), ["journal", "list"], "is a folder"),
    "truncated": (_truncated, ["journal", "show", "pit"], "truncated"),
    "damaged state": (_journal_then(["UPDATE targets SET state = '[1'"]), ["journal", "show", "pit"], "damaged"),
    "state not an object": (
        _journal_then(["UPDATE weapons SET state = '[1, 2]'"]), ["journal", "show", "pit"], "damaged"
    ),
    "damaged changes": (
        _journal_then(["UPDATE entries SET changes = '{'"]), ["journal", "undo", "pit"], "entry 1 is damaged"
    ),
    "dice not a list": (
        _journal_then(["UPDATE entries SET dice = '\"six\"'"]), ["journal", "export", "pit"], "entry 1 is damaged"
    ),
    "change of unknown table": (
        _journal_then(
            ["""UPDATE entries SET changes = '[{"table":"dragons","key":["x"],"before":null,"after":null}]'"""]
        ),
        ["journal", "show", "pit"],
        "entry 1 is damaged",
    ),
    "scenario not a table": (
        _journal_then(["UPDATE entries SET scenario = '[]'"]),
        ["journal", "reload", "pit"],
        "entry 1 is damaged",
    ),
    "scenario no longer valid": (
        _journal_then(["""UPDATE entries SET scenario = '{"ruleset": "toy"}'"""]),
        ["journal", "reload", "pit"],
        "journal entry #1: shooter: required table is missing",
    ),
}


@pytest.mark.parametrize("case", sorted(JOURNALS))
def test_malformed_journal(toy, capsys, tmp_path, case):
    make, argv, says = JOURNALS[case]
    path = tmp_path / "j.db"
    make(path)
    err = one_line_exit_2(capsys, [*argv, "--journal", path], says)
    assert str(path) in err or "journal entry" in err


def test_malformed_journal_refuses_a_commit_too(toy, capsys, tmp_path):
    path = tmp_path / "j.db"
    path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    one_line_exit_2(capsys, ["resolve", VALID, "--encounter", "pit", "--journal", path], "damaged")
    assert path.read_bytes() == b"SQLite format 3\x00" + b"\xff" * 200


# -- the same faults in every installed ruleset's own vocabulary ---------------------------
def _installed_examples() -> list[Path]:
    from gunline import discover

    root = HERE.parent / "examples"
    return [
        sorted((root / name).glob("*.toml"))[0]
        for name in sorted(discover().rulesets)
        if (root / name).is_dir() and any((root / name).glob("*.toml"))
    ]


def _drop_targets(text: str) -> str:
    return text[: text.index("[[targets]]")] if "[[targets]]" in text else text + "\ntargets = []\n"


#: (name, how to break an example's text, what the message must say)
FAULTS = [
    ("unknown target field", lambda t: t.rstrip() + "\nflavour = 'grim'\n", "flavour: unknown field"),
    (
        "mode unknown",
        lambda t: "mode = 'nonsense'\n" + "\n".join(line for line in t.splitlines() if not line.startswith("mode")),
        "'nonsense' is not a fire mode",
    ),
    ("no targets", _drop_targets, "targets"),
    (
        "variant unknown",
        lambda t: "\n".join(line for line in t.splitlines() if not line.startswith("variants")).replace(
            "ruleset =", "variants = ['x.nope']\nruleset =", 1
        ),
        "unknown variant 'x.nope'",
    ),
    ("target name a number", lambda t: t.rstrip() + "\n\n[[targets]]\nname = 12\n", ".name: expected str"),
    ("shooter a string", lambda t: "shooter = 'Bob'\n" + t.replace("[shooter]", "[ignored]"), None),
]


@pytest.mark.parametrize("example", _installed_examples(), ids=lambda p: p.parent.name)
@pytest.mark.parametrize("fault", FAULTS, ids=[f[0] for f in FAULTS])
def test_malformed_scenarios_of_installed_rulesets(capsys, tmp_path, example, fault):
    _, breaks, says = fault
    path = tmp_path / example.name
    path.write_text(breaks(example.read_text()))
    for argv in (
        ["validate", path], ["resolve", path, "--seed", "1", "--encounter", "e", "--journal", tmp_path / "j.db"]
    ):
        err = one_line_exit_2(capsys, argv, says or str(path))
        assert str(path) in err
