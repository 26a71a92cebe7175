"""``gunline resolve --encounter`` and ``gunline journal ...`` end to end, in
process, with the toy ruleset standing in for installed plugins."""

from __future__ import annotations

import json

import pytest

from gunline.cli import main
from gunline.journal import SCHEMA_VERSION, Journal

SCENARIO = """ruleset = "toy"
mode = "double"
variants = ["toy.reload"]

[shooter]
name = "Ann"
skill = 4

[weapon]
name = "pistol"
rounds = 3

[[targets]]
name = "Bo"
wounds = 3
"""


@pytest.fixture
def setup(tmp_path, monkeypatch, registry):
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("jl", Path(__file__).with_name("test_journal_ledger.py"))
    ledger_tests = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ledger_tests)
    registry.add("toy_reload", ledger_tests.reload_variant())
    monkeypatch.setattr("gunline.plugins.discover", lambda *a, **k: registry)
    monkeypatch.setenv("GUNLINE_JOURNAL", str(tmp_path / "j.db"))
    scenario = tmp_path / "ann.toml"
    scenario.write_text(SCENARIO)
    return scenario


def gunline(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_reload_with_a_variant_and_no_file_reloads_under_that_variant(setup, capsys, tmp_path):
    """``journal reload ENC --variant NAME`` with no FILE reloads the last attack's
    weapon under that variant too (its ``reload_weapon``); it was dropped without a
    word, and the ruleset's reload (or its refusal) ran instead."""
    plain = tmp_path / "plain.toml"
    plain.write_text(SCENARIO.replace('variants = ["toy.reload"]\n', ""))
    code, _, _ = gunline(capsys, "resolve", plain, "--dice", "6,6", "--encounter", "pit")
    assert code == 0
    code, out, err = gunline(capsys, "journal", "reload", "pit", "--variant", "toy.reload")
    assert (code, err) == (0, "") and "#2 Ann reloads pistol: 3 rounds" in out


def test_resolve_commits_and_the_next_resolve_starts_from_it(setup, capsys, tmp_path):
    code, out, err = gunline(capsys, "resolve", setup, "--dice", "6,6", "--encounter", "pit", "--json")
    assert code == 0 and json.loads(out)["weapon"]["rounds_left"] == 1
    assert "committed to encounter 'pit' as entry #1" in err
    code, out, err = gunline(capsys, "resolve", setup, "--seed", "2", "--encounter", "pit")
    assert code == 2 and out == "" and err.count("\n") == 1 and "1 rounds left" in err
    code, out, _ = gunline(capsys, "journal", "reload", "pit")
    assert code == 0 and "#2 Ann reloads pistol: 3 rounds" in out
    code, out, _ = gunline(capsys, "resolve", setup, "--dice", "1,1", "--encounter", "pit", "--json")
    assert code == 0 and json.loads(out)["weapon"]["rounds_left"] == 1
    code, out, _ = gunline(capsys, "journal", "undo", "pit")
    assert code == 0 and "#4 undo #3" in out
    with Journal(tmp_path / "j.db") as j:
        assert j.state("pit").weapons["Ann"]["pistol"]["rounds_left"] == 3
        assert j.state("pit").targets["Bo"] == {"status": "wounded", "wounds_left": 1}


def test_list_show_export_and_check(setup, capsys, tmp_path):
    gunline(capsys, "resolve", setup, "--dice", "6,1", "--encounter", "pit")
    gunline(capsys, "resolve", setup, "--dice", "6,6", "--encounter", "alley")
    code, out, _ = gunline(capsys, "journal", "list")
    assert code == 0 and out.splitlines()[0].startswith("pit  (1 entry, last ")
    code, out, _ = gunline(capsys, "journal", "list", "--json")
    assert [e["name"] for e in json.loads(out)] == ["pit", "alley"]
    code, out, _ = gunline(capsys, "journal", "show", "pit")
    assert "| target | Bo | status wounded, wounds left 2 |" in out
    assert "#1 " in out and "Ann fires pistol (double) at Bo: Bo: 1 hit, 1 through, wounded" in out
    assert out.count("Bo: 1 hit, 1 through, wounded") == 1  # each outcome said once
    code, out, _ = gunline(capsys, "journal", "export", "alley", "--format", "json")
    data = json.loads(out)
    assert data["schema"] == SCHEMA_VERSION and data["encounter"]["targets"]["Bo"]["wounds_left"] == 1
    assert data["entries"][0]["dice"] == [6, 6] and data["entries"][0]["scenario"]["weapon"]["rounds"] == 3
    code, out, _ = gunline(capsys, "journal", "export", "alley")
    assert out.startswith("# Encounter: alley\n") and "- dice: 6 6" in out
    code, _, _ = gunline(capsys, "journal", "export", "alley", "-o", tmp_path / "alley.md")
    assert code == 0 and (tmp_path / "alley.md").read_text() == out
    code, out, _ = gunline(capsys, "journal", "check")
    assert code == 0 and "consistent" in out


def test_journal_option_overrides_the_environment(setup, capsys, tmp_path):
    other = tmp_path / "other.db"
    code, _, _ = gunline(capsys, "resolve", setup, "--seed", "1", "--encounter", "pit", "--journal", other)
    assert code == 0 and other.exists() and not (tmp_path / "j.db").exists()
    code, out, _ = gunline(capsys, "journal", "list", "--journal", other)
    assert out.startswith("pit ")


@pytest.mark.parametrize(
    "argv, says",
    [
        (["journal"], "required"),
        (["journal", "show"], "required"),
        (["journal", "frobnicate"], "invalid choice"),
        (["journal", "show", "nowhere"], "encounter 'nowhere': not in journal"),
        (["journal", "undo", "nowhere"], "encounter 'nowhere': not in journal"),
        (["journal", "export", "pit", "--format", "pdf"], "invalid choice"),
        (["journal", "reload", "pit", "--shooter", "Zed"], "no attack in encounter 'pit' with shooter 'Zed'"),
        (["resolve", "{file}", "--journal", "x.db"], "--journal: given without --encounter"),
        (["resolve", "{file}", "--seed", "1", "--encounter", ""], "encounter: expected a name"),
    ],
)
def test_bad_journal_commands_are_one_line_exit_2(setup, capsys, argv, says):
    gunline(capsys, "resolve", setup, "--seed", "1", "--encounter", "pit")
    code, out, err = gunline(capsys, *[a.replace("{file}", str(setup)) for a in argv])
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and says in err and "Traceback" not in err


def test_reading_commands_do_not_create_a_journal(setup, capsys, tmp_path):
    code, _, err = gunline(capsys, "journal", "list")
    assert code == 2 and "no journal there yet" in err
    assert not (tmp_path / "j.db").exists()


def test_a_data_folder_that_is_a_file_is_named_by_the_journal(setup, capsys, tmp_path, monkeypatch):
    (tmp_path / "home").write_text("x")
    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("GUNLINE_JOURNAL", raising=False)
    code, out, err = gunline(capsys, "journal", "list")
    assert code == 2 and out == ""
    assert err == (f"gunline: journal {tmp_path / 'home' / 'journal.sqlite3'}: cannot use it: "
                   f"{tmp_path / 'home'} is a file, not a folder\n")


def test_export_never_writes_over_the_journal_or_another_database(setup, capsys, tmp_path, monkeypatch):
    """``-o`` naming the journal (a slip of the shell's completion), a file SQLite
    keeps beside it, or another journal: refused in one line, the file as it was,
    where the export put Markdown in its place and every encounter in it was gone."""
    gunline(capsys, "resolve", setup, "--dice", "6,1", "--encounter", "pit")
    journal = tmp_path / "j.db"
    other = tmp_path / "campaign.sqlite3"
    gunline(capsys, "resolve", setup, "--dice", "6,1", "--encounter", "pit", "--journal", other)
    before = journal.read_bytes(), other.read_bytes()
    monkeypatch.chdir(tmp_path)
    for output, says in (
        ("j.db", "--output j.db: that is the journal being exported; nothing written: give another file"),
        (str(journal) + "-wal", "that is the journal being exported"),
        (other, "that is an SQLite database (an encounter journal?); nothing written: give another file"),
    ):
        code, out, err = gunline(capsys, "journal", "export", "pit", "-o", output)
        assert code == 2 and out == "" and err.count("\n") == 1 and says in err, err
    assert (journal.read_bytes(), other.read_bytes()) == before
    assert not (tmp_path / "j.db-wal").exists()
    code, out, _ = gunline(capsys, "journal", "list")
    assert code == 0 and out.startswith("pit ")
