"""Hostile names through every command's output: nothing a terminal would obey
reaches it raw, in text, in errors or in JSON, and JSON keeps the exact value.

Every string of ``hostile_strings.HOSTILE`` (escape sequences, C1, carriage return,
backspace, bidirectional overrides, ...) goes in as a shooter's and a target's name
in a scenario file, then through ``resolve`` (text and JSON), ``validate``, ``odds``
(text and JSON), a commit to an encounter, ``journal list|show|export`` (Markdown and
JSON, to stdout and to a file) and ``journal check``; file names and encounter names
holding them go through the errors that name them."""

from __future__ import annotations

import importlib.util
import json
import re
import sqlite3
from pathlib import Path

import pytest

from gunline import Registry, cli
from gunline.safe import one_line
from gunline.tomlwrite import dumps

HERE = Path(__file__).parent
TOY_PATH = HERE.parent / "core" / "tests" / "toy_ruleset.py"

_spec = importlib.util.spec_from_file_location("hostile_strings", HERE / "hostile_strings.py")
hostile = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hostile)

#: TOML holds any Unicode scalar value: all of the corpus but the lone surrogate.
IN_FILES = sorted(name for name, text in hostile.HOSTILE.items() if "\ud800" > max(text) or max(text) > "\udfff")


@pytest.fixture
def toy(monkeypatch):
    spec = importlib.util.spec_from_file_location("toy_ruleset_hostile_output", TOY_PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    registry = Registry()
    registry.add("toy", module)
    monkeypatch.setattr(cli, "_registry", lambda ruleset=None: registry)
    return registry


def scenario(tmp_path: Path, names: list[str], file_name: str = "hostile.toml") -> Path:
    """A toy scenario whose targets bear ``names`` (one each) and whose shooter
    bears every character of them that is not printable ASCII (all of them at once
    would be longer than a name may be)."""
    odd = dict.fromkeys(c for name in names for c in name if not (c.isascii() and c.isprintable()))
    doc = {
        "ruleset": "toy",
        "shooter": {"name": "Vex " + "".join(odd)},
        "weapon": {"name": "pistol", "rounds": 1000},
        "targets": [{"name": name, "wounds": 2} for name in names],
    }
    path = tmp_path / file_name
    path.write_text(dumps(doc), encoding="utf-8")
    return path


#: Every hostile string a file can hold, and the markup, as target names at once.
NAMES = [hostile.HOSTILE[n] for n in IN_FILES] + list(hostile.MARKUP.values())


def run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def clean(*texts: str) -> None:
    for text in texts:
        assert hostile.raw_in(text) == [], text


@pytest.mark.parametrize("argv", [["resolve", "--seed", "4"], ["resolve", "--dice", "6," * 40], ["validate"], ["odds"],
                                  ["odds", "--samples", "200"]], ids=" ".join)
def test_resolve_validate_and_odds_show_names_escaped(toy, tmp_path, capsys, argv):
    path = scenario(tmp_path, NAMES)
    code, out, err = run(capsys, argv[0], path, *argv[1:])
    assert code == 0, err
    clean(out, err)
    if argv[0] == "resolve":
        for name in NAMES:
            # each name is there, as Python would write it, on one line (a line break in
            # a name must not start a line that reads as the chain's own)
            assert one_line(name) in out


@pytest.mark.parametrize("command", [["resolve", "--seed", "4", "--json"], ["odds", "--json"]], ids=" ".join)
def test_json_escapes_every_control_character_and_keeps_the_names(toy, tmp_path, capsys, command):
    path = scenario(tmp_path, NAMES)
    code, out, _ = run(capsys, command[0], path, *command[1:])
    assert code == 0
    clean(out)
    assert out.count("\n") == 1  # one line, newline in a name or not
    assert set(json.loads(out)["targets"]) == set(NAMES)


JOURNAL_COMMANDS = [["list"], ["show", "pit"], ["show", "pit", "--json"], ["export", "pit"],
                    ["export", "pit", "--json"], ["check"], ["undo", "pit"]]


def test_the_journal_shows_lists_exports_and_checks_names_escaped(toy, tmp_path, capsys):
    path = scenario(tmp_path, NAMES)
    journal = tmp_path / "j.sqlite3"
    code, out, err = run(capsys, "resolve", path, "--encounter", "pit", "--journal", journal, "--seed", "2")
    assert code == 0, err
    clean(out, err)
    for argv in JOURNAL_COMMANDS:
        code, out, err = run(capsys, "journal", *argv, "--journal", journal)
        assert code == 0, (argv, err)
        clean(out, err)
    exported = json.loads(run(capsys, "journal", "export", "pit", "--json", "--journal", journal)[1])
    assert set(exported["entries"][0]["chain"]["targets"]) == set(NAMES)
    for fmt in ("markdown", "json"):
        target = tmp_path / f"export.{fmt}"
        assert run(capsys, "journal", "export", "pit", "--format", fmt, "-o", target, "--journal", journal)[0] == 0
        clean(target.read_text(encoding="utf-8"))


def test_a_journal_written_by_another_hand_is_shown_escaped(toy, tmp_path, capsys):
    """Names that gunline itself refuses (an encounter named with ESC) in a journal
    another program wrote: listed, shown and checked escaped all the same."""
    path = scenario(tmp_path, ["plain"])
    journal = tmp_path / "j.sqlite3"
    for name in NAMES:  # SQLite text is UTF-8: all the corpus but the lone surrogate
        assert run(capsys, "resolve", path, "--encounter", "pit", "--journal", journal, "--seed", "2")[0] == 0
        conn = sqlite3.connect(journal, isolation_level=None)
        conn.execute("UPDATE encounters SET name = ? WHERE name = 'pit'", (name,))
        conn.execute("DROP TRIGGER IF EXISTS entries_are_append_only_update")
        conn.execute("UPDATE entries SET summary = ? WHERE summary NOT LIKE 'summary%'", ("summary " + name,))
        conn.close()
    for argv in (["list"], ["check"], ["show", "nope"], *(["show", n] for n in NAMES), *(["export", n] for n in NAMES)):
        code, out, err = run(capsys, "journal", *argv, "--journal", journal)
        clean(out, err)
        assert code in (0, 2), err


@pytest.mark.parametrize("name", sorted(hostile.HOSTILE))
def test_errors_name_files_and_encounters_escaped_in_one_line(toy, tmp_path, capsys, name):
    text = hostile.HOSTILE[name]
    plain = scenario(tmp_path, ["plain"])
    missing = tmp_path / f"raid{text}.toml"
    code, out, err = run(capsys, "resolve", missing)
    assert code == 2 and out == "" and err.count("\n") == 1
    clean(err)
    code, _, err = run(capsys, "resolve", plain, "--encounter", text, "--journal", tmp_path / "j")
    assert code == 2 and err.count("\n") == 1 and err.startswith("gunline: encounter: ")
    clean(err)
    code, _, err = run(capsys, "new-plugin", text, "--dir", tmp_path / "new")
    assert code == 2 and err.count("\n") == 1
    clean(err)
    code, _, err = run(capsys, "resolve", plain, "--seed", text)
    assert code == 2 and err.count("\n") == 1
    clean(err)


@pytest.mark.parametrize("name", IN_FILES)
def test_a_file_with_a_hostile_name_and_content_errs_escaped(toy, tmp_path, capsys, name):
    text = hostile.HOSTILE[name]
    path = tmp_path / "bad.toml"
    path.write_text(dumps({"ruleset": "toy", "mode": text, "shooter": {"name": "A"}, "weapon": {"name": "pistol"},
                           "targets": [{"name": "B", text: 1}]}), encoding="utf-8")
    for argv in (["validate", path], ["resolve", path], ["odds", path]):
        code, out, err = run(capsys, *argv)
        assert code == 2 and err.count("\n") == 1, err
        clean(err)
    weird = tmp_path / f"weird{text.replace(chr(0), '')}.toml"  # a file name cannot hold NUL
    weird.write_text("not = [toml", encoding="utf-8")
    code, _, err = run(capsys, "validate", weird)
    assert code == 2 and "not valid TOML" in err and err.count("\n") == 1
    clean(err)


def test_a_file_name_that_is_not_utf8_is_named_escaped(toy, tmp_path, capsys):
    import os

    raw = os.fsencode(str(tmp_path)) + b"/raid\xff\x1b[2J.toml"
    with open(raw, "w", encoding="utf-8") as handle:
        handle.write("not = [toml")
    code, _, err = run(capsys, "validate", os.fsdecode(raw))
    assert code == 2 and err.count("\n") == 1 and "\\udcff\\x1b[2J" in err
    clean(err)


def test_a_hooks_text_of_megabytes_is_cut_in_the_text_output_and_kept_whole_in_json(monkeypatch, tmp_path, capsys):
    """A hook's six megabytes of step text went to a GM's terminal whole."""
    import msgspec

    from gunline import hookimpl

    spec = importlib.util.spec_from_file_location("toy_ruleset_long_text", TOY_PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    huge = "lorem " * 1_000_000
    wound = module.resolve_wound

    @hookimpl
    def resolve_wound(target, hit, state):
        return msgspec.structs.replace(wound(target, hit, state), text=huge)

    module.resolve_wound = resolve_wound
    registry = Registry()
    registry.add("toy", module)
    monkeypatch.setattr(cli, "_registry", lambda ruleset=None: registry)
    path = scenario(tmp_path, ["Bo"])
    assert cli.main(["resolve", str(path), "--dice", "6"]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) < 2100
    assert re.search(r" … \[5,99\d,\d{3} characters left out\] … lorem", out)
    assert cli.main(["resolve", str(path), "--dice", "6", "--json"]) == 0
    steps = json.loads(capsys.readouterr().out)["steps"]
    assert [s["text"] for s in steps if s["kind"] == "wound"] == [huge]
