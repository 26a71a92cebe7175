"""Rosters: fighters, weapons and targets kept by name with the journal, per
ruleset, and named in a scenario's [roster] table."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from gunline import discover
from gunline.cli import main
from gunline.journal import Journal
from gunline.runner import chain_json, run
from gunline.scenario import build_attack, load_attack, read_document

ROOT = Path(__file__).resolve().parents[1]
LASGUN = ROOT / "examples" / "necromunda" / "lasgun-long-range.toml"

BY_NAME = """ruleset = "necromunda"

[roster]
shooter = "Vex"
weapon = "lasgun"
targets = ["Goliath"]

[[targets]]
name = "Goliath"
distance = 6   # closer this time: laid over the roster's entry
"""


@pytest.fixture
def journal(tmp_path, monkeypatch):
    path = tmp_path / "j.db"
    monkeypatch.setenv("GUNLINE_JOURNAL", str(path))
    return path


def run_cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_kept_entries_fill_a_scenario_that_names_them(journal, tmp_path, capsys):
    code, out, _ = run_cli(capsys, "roster", "add", LASGUN, "--all")
    assert code == 0 and out.count("kept necromunda") == 3
    code, out, _ = run_cli(capsys, "roster", "list")
    assert out.splitlines() == [
        "necromunda  shooter  Vex", "necromunda  target   Goliath", "necromunda  weapon   lasgun"
    ]
    scenario = tmp_path / "by-name.toml"
    scenario.write_text(BY_NAME)
    registry = discover()
    by_name = load_attack(registry, scenario)
    inline = read_document(LASGUN)
    inline["targets"][0]["distance"] = 6
    assert by_name == build_attack(registry, inline)
    assert chain_json(run(registry, by_name, seed=5)[0]) == chain_json(run(registry, build_attack(registry, inline),
                                                                           seed=5)[0])


def test_the_journal_keeps_the_scenario_as_fought_not_the_names(journal, tmp_path, capsys):
    run_cli(capsys, "roster", "add", LASGUN, "--all")
    scenario = tmp_path / "by-name.toml"
    scenario.write_text(BY_NAME)
    code, _, err = run_cli(capsys, "resolve", scenario, "--seed", "3", "--encounter", "pit")
    assert code == 0, err
    # the roster's Goliath changes later: what was fought does not
    tougher = read_document(LASGUN)["targets"][0] | {"toughness": 5}
    registry = discover()
    with Journal(journal) as j:
        j.roster_put(registry, "necromunda", "target", tougher)
        kept = j.entries("pit")[0].scenario
    assert "roster" not in kept
    assert kept["targets"] == [{"name": "Goliath", "distance": 6, "toughness": 3, "wounds": 1}]
    assert kept["shooter"] == {"name": "Vex", "bs": 3}


def test_a_name_not_in_the_roster_is_one_line_naming_the_file_and_field(journal, tmp_path, capsys):
    run_cli(capsys, "roster", "add", LASGUN, "--shooter")
    scenario = tmp_path / "typo.toml"
    scenario.write_text(BY_NAME.replace('shooter = "Vex"', 'shooter = "Vax"'))
    code, _, err = run_cli(capsys, "resolve", scenario)
    assert code == 2 and err.count("\n") == 1
    assert f"{scenario}: roster.shooter: no shooter 'Vax' in the necromunda roster of journal {journal}" in err
    assert "it has 'Vex'" in err
    scenario.write_text(BY_NAME.replace('[roster]', '[roster]\nbrother = "Bo"'))
    code, _, err = run_cli(capsys, "validate", scenario)
    assert code == 2 and "roster.brother: unknown key" in err


def test_an_entry_that_could_not_stand_in_a_scenario_is_never_kept(journal, tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('ruleset = "necromunda"\n[shooter]\nname = "Vex"\nbs = 44\n')
    code, _, err = run_cli(capsys, "roster", "add", bad, "--shooter")
    assert code == 2 and "shooter.bs: expected int <= 10, got 44" in err
    code, out, _ = run_cli(capsys, "roster", "list", "--json")
    assert json.loads(out) == []


def test_show_and_remove(journal, capsys):
    run_cli(capsys, "roster", "add", LASGUN, "--target", "Goliath")
    code, out, _ = run_cli(capsys, "roster", "show", "necromunda", "target", "Goliath")
    assert code == 0 and out.startswith("[[targets]]\nname = \"Goliath\"")
    assert run_cli(capsys, "roster", "remove", "necromunda", "target", "Goliath")[0] == 0
    code, _, err = run_cli(capsys, "roster", "remove", "necromunda", "target", "Goliath")
    assert code == 2 and "no target 'Goliath'" in err


def test_a_journal_of_the_last_version_gains_a_roster_and_keeps_its_entries(journal, capsys):
    assert run_cli(capsys, "resolve", LASGUN, "--seed", "1", "--encounter", "pit")[0] == 0
    conn = sqlite3.connect(journal)  # as gunline 0.2 left it: schema 2, no roster table
    conn.execute("DROP TABLE roster")
    conn.execute("PRAGMA user_version = 2")
    conn.commit()
    conn.close()
    assert run_cli(capsys, "roster", "add", LASGUN, "--shooter")[0] == 0
    with Journal(journal) as j:
        assert [e.action for e in j.entries("pit")] == ["attack"]
        assert j.roster_names("necromunda", "shooter") == ["Vex"]
    assert run_cli(capsys, "journal", "check")[0] == 0


def test_a_roster_name_past_the_limit_is_refused_without_printing_it(journal, tmp_path, capsys):
    from gunline.errors import BadInput
    from gunline.scenario import MAX_NAME_CHARS

    run_cli(capsys, "roster", "add", LASGUN, "--all")
    huge = "V" * 1_000_000
    scenario = tmp_path / "long.toml"
    for field, text in (("roster.shooter", BY_NAME.replace('shooter = "Vex"', f'shooter = "{huge}"')),
                        ("roster.targets[0]", BY_NAME.replace('targets = ["Goliath"]', f'targets = ["{huge}"]'))):
        scenario.write_text(text)
        code, out, err = run_cli(capsys, "resolve", scenario)
        assert code == 2 and out == ""
        assert err == f"gunline: {scenario}: {field}: expected a name of at most {MAX_NAME_CHARS} characters, " \
                      "got 1,000,000\n"
    with Journal(str(journal)) as j, pytest.raises(BadInput, match=r"^target.name: expected a name of at most"):
        j.roster_put(discover(), "necromunda", "target", {"name": huge, "distance": 6})
