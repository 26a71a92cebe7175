"""The seed's two WoD examples as one encounter (WOD-1 then WOD-2): Carter's clip
goes 30 -> 20 -> 0 across the two attacks, whatever the second file says, a third
burst is refused until he reloads, and undoing the reload refuses it again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gunline import discover
from gunline.cli import main

EXAMPLES = Path(__file__).parents[1] / "examples" / "wod"
MEDIUM = EXAMPLES / "carter-medium-burst.toml"
LONG = EXAMPLES / "carter-long-burst.toml"

pytestmark = pytest.mark.skipif(
    "wod" not in discover().rulesets or not MEDIUM.exists() or not LONG.exists(),
    reason="the wod ruleset and its examples are not installed",
)


def gunline(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_carter_clip_across_an_encounter(capsys, tmp_path):
    journal = ["--encounter", "warehouse", "--journal", tmp_path / "j.db"]
    code, out, _ = gunline(capsys, "resolve", MEDIUM, "--seed", "1", "--json", *journal)
    assert code == 0 and json.loads(out)["weapon"]["rounds_left"] == 20
    # The long-burst file starts Carter at 20 rounds; start it at a full 30 to show
    # that the encounter's 20, not the file, is what the attack starts from.
    fresh = tmp_path / "long.toml"
    fresh.write_text(LONG.read_text().replace("rounds = 20", "rounds = 30"))
    code, out, _ = gunline(capsys, "resolve", fresh, "--seed", "2", "--json", *journal)
    assert code == 0 and json.loads(out)["weapon"]["rounds_left"] == 0
    code, out, err = gunline(capsys, "resolve", fresh, "--seed", "3", *journal)
    assert code == 2 and out == "" and err.count("\n") == 1
    code, out, _ = gunline(capsys, "journal", "reload", "warehouse", "--journal", tmp_path / "j.db")
    assert code == 0 and "Carter reloads assault rifle: 30 rounds" in out
    code, out, _ = gunline(capsys, "resolve", MEDIUM, "--seed", "4", "--json", *journal)
    assert code == 0 and json.loads(out)["weapon"]["rounds_left"] == 20
    gunline(capsys, "journal", "undo", "warehouse", "--journal", tmp_path / "j.db")  # the 4th attack
    gunline(capsys, "journal", "undo", "warehouse", "--journal", tmp_path / "j.db")  # the reload
    code, _, err = gunline(capsys, "resolve", MEDIUM, "--seed", "5", *journal)
    assert code == 2 and err.count("\n") == 1
    code, out, _ = gunline(capsys, "journal", "export", "warehouse", "--json", "--journal", tmp_path / "j.db")
    data = json.loads(out)
    assert [e["action"] for e in data["entries"]] == ["attack", "attack", "reload", "attack", "undo", "undo"]
    assert data["encounter"]["weapons"]["Carter"]["assault rifle"]["rounds_left"] == 0
    # Wounds carried over too: Farrow's damage after WOD-2 is WOD-1's plus what
    # WOD-2's wound step put through (seeds 1 and 2 stay within his health track).
    chains = [e["chain"] for e in data["entries"][:2]]
    damage = [sum(c["targets"]["Farrow"][k] for k in ("bashing", "lethal", "aggravated")) for c in chains]
    through = sum(s["value"] for s in chains[1]["steps"] if s["kind"] == "wound" and s["target"] == "Farrow")
    assert damage[0] > 0 and through > 0 and damage[1] == damage[0] + through
