"""The command line's small promises: ``--version``, one "gunline:" before every
error, entries numbered within their encounter, and an encounter fought under one
ruleset."""

from __future__ import annotations

from pathlib import Path

import pytest

from gunline import __version__
from gunline.cli import main
from gunline.models import HOOKSPEC_VERSION

ROOT = Path(__file__).resolve().parents[1]
LASGUN = str(ROOT / "examples" / "necromunda" / "lasgun-long-range.toml")
BOLTGUN = str(ROOT / "examples" / "necromunda" / "boltgun-vs-carapace.toml")
WOD = str(ROOT / "examples" / "wod" / "three-successes.toml")


def test_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"gunline {__version__} (plugin contract {HOOKSPEC_VERSION})\n"


@pytest.mark.parametrize("argv", [
    ["odds", LASGUN, "--samples", "1000000000"],
    ["resolve"],
    ["resolve", LASGUN, "--seed", "many"],
    ["journal", "show"],
    ["no-such-command"],
    ["resolve", "/no/such/file.toml"],
])
def test_errors_say_gunline_once(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("gunline: ") and err.count("gunline:") == 1, err
    assert not err.startswith("gunline: gunline"), err


def test_entries_are_numbered_within_their_encounter(tmp_path, capsys):
    journal = str(tmp_path / "j.db")
    for encounter in ("pit", "hive", "pit", "hive", "pit"):
        assert main(["resolve", LASGUN, "--seed", "1", "--encounter", encounter, "--journal", journal]) == 0
    said = capsys.readouterr().err.splitlines()
    assert [line.rsplit("#", 1)[1] for line in said] == ["1", "1", "2", "2", "3"]
    assert main(["journal", "undo", "hive", "--journal", journal]) == 0
    assert capsys.readouterr().out.startswith("hive: #3 undo #2: ")
    assert main(["journal", "show", "hive", "--journal", journal]) == 0
    log = [line for line in capsys.readouterr().out.splitlines() if line.startswith("#")]
    assert [line.split()[0] for line in log] == ["#1", "#2", "#3"]
    assert "[undone by #3]" in log[1]
    assert main(["journal", "export", "pit", "--journal", journal]) == 0
    headings = [line for line in capsys.readouterr().out.splitlines() if line.startswith("### ")]
    assert [h.split()[1] for h in headings] == ["#1", "#2", "#3"]


def test_an_encounter_refuses_an_attack_of_another_ruleset(tmp_path, capsys):
    journal = str(tmp_path / "j.db")
    assert main(["resolve", LASGUN, "--seed", "1", "--encounter", "pit", "--journal", journal]) == 0
    capsys.readouterr()
    assert main(["resolve", WOD, "--seed", "1", "--encounter", "pit", "--journal", journal]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "encounter 'pit' is fought under necromunda, not wod" in err
    assert main(["journal", "show", "pit", "--journal", journal]) == 0
    assert sum(line.startswith("#") for line in capsys.readouterr().out.splitlines()) == 1  # nothing written
    # the same ruleset with another scenario is welcome
    assert main(["resolve", BOLTGUN, "--seed", "1", "--encounter", "pit", "--journal", journal]) == 0
    # once every necromunda entry is undone, the encounter may change games
    capsys.readouterr()
    for _ in range(2):
        assert main(["journal", "undo", "pit", "--journal", journal]) == 0
    assert main(["resolve", WOD, "--seed", "1", "--encounter", "pit", "--journal", journal]) == 0
