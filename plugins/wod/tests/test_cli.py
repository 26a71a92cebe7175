"""The WoD ruleset through the command line: scripted pools with --dice, the die
asked for when they run out, bad scenario files."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from gunline import cli


def _run(capsys, *argv):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_dice_run_out_names_the_die_needed(wod):
    # Carter's long burst: 10 dice at Farrow (no 10s), then 3 of Sykes's 7.
    path = wod.EXAMPLES / "carter-long-burst.toml"
    faces = "1,2,3,4,5,6,7,8,9,1,9,9,9"
    done = subprocess.run(
        [sys.executable, "-m", "gunline.cli", "resolve", str(path), "--dice", faces],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 3
    assert "Sykes, attack pool, die 4 of 7: d10, 8+ succeeds" in done.stderr
    assert done.stdout == ""


def test_rerolls_are_asked_for_after_the_pool(wod, capsys):
    # Farrow's 10 dice with two 10s: the next dice wanted are their rerolls.
    path = wod.EXAMPLES / "carter-long-burst.toml"
    code, _, err = _run(capsys, "resolve", path, "--dice", "10,2,3,4,5,6,7,8,9,10")
    assert code == 3
    assert "Farrow, attack pool, reroll 1 of 2: d10, 8+ succeeds" in err


def test_scripted_pools_one_face_per_die_then_rerolls(wod, capsys):
    # Farrow: 10 dice, 0 typed for a 10; its reroll 8. Sykes: 7 dice.
    path = wod.EXAMPLES / "carter-long-burst.toml"
    farrow = [0, 8, 1, 1, 1, 1, 1, 1, 1, 9]
    sykes = [8, 1, 1, 1, 1, 1, 1]
    faces = farrow + [8] + sykes
    code, out, err = _run(capsys, "resolve", path, "--json", "--dice", ",".join(map(str, faces)))
    assert code == 0, err
    chain = json.loads(out)
    hits = {s["target"]: s for s in chain["steps"] if s["kind"] == "hit"}
    assert hits["Farrow"]["value"] == 4  # 10, 8, 9 and the reroll 8
    assert hits["Farrow"]["rolls"][0]["values"] == [10, 8, 1, 1, 1, 1, 1, 1, 1, 9, 8]
    assert hits["Sykes"]["value"] == 1
    assert chain["dice"] == [10 if f == 0 else f for f in faces]
    assert chain["targets"]["Farrow"]["lethal"] == 4
    assert chain["targets"]["Sykes"]["status"] == "injured"
    assert chain["weapon"] == {"rounds_left": 0, "status": "empty"}
    assert chain["outcomes"] == {"Farrow": "Farrow takes 4 lethal", "Sykes": "Sykes takes 1 lethal"}
    # The chain's dice list replays it exactly.
    code, again, _ = _run(capsys, "resolve", path, "--json", "--dice", ",".join(map(str, chain["dice"])))
    assert code == 0 and json.loads(again)["steps"] == chain["steps"]


def test_text_output_names_each_pool_and_its_terms(wod, capsys):
    path = wod.EXAMPLES / "four-targets-long-burst.toml"
    code, out, _ = _run(capsys, "resolve", path, "--seed", "4")
    assert code == 0
    assert "-4 4 targets  (wod)" in out and "-3 armor 3  (wod)" in out
    assert "20 rounds fired, 10 left" in out


@pytest.mark.parametrize(
    "field, value, says",
    [
        ("concealment", 4, "targets[1].concealment: expected int <= 3, got 4"),
        ("range", "far", "targets[1].range: expected one of"),
        ("cover", 2, "targets[1].cover: unknown field"),
    ],
)
def test_bad_target_fields_are_one_line_exit_2(wod, tmp_path, capsys, field, value, says):
    text = (wod.EXAMPLES / "carter-medium-burst.toml").read_text()
    text += f"{field} = {json.dumps(value)}\n"  # lands in the last [[targets]] table
    path = tmp_path / "bad.toml"
    path.write_text(text)
    code, out, err = _run(capsys, "resolve", path, "--seed", "1")
    assert code == 2 and out == ""
    assert says in err and str(path) in err
    assert len(err.strip().splitlines()) == 1


def test_custom_weapon_needs_its_profile(tmp_path, capsys):
    path = tmp_path / "custom.toml"
    path.write_text(
        'ruleset = "wod"\n[shooter]\nname = "A"\ndexterity = 2\n'
        '[weapon]\nname = "zip gun"\ndamage = 1\n[[targets]]\nname = "B"\n'
    )
    code, _, err = _run(capsys, "validate", path)
    assert code == 2
    assert "weapon.clip: required field is missing" in err and "catalogue" in err


def test_unknown_mode_is_bad_input(wod, tmp_path, capsys):
    text = (wod.EXAMPLES / "carter-medium-burst.toml").read_text().replace('"medium"', '"full auto"')
    path = tmp_path / "mode.toml"
    path.write_text(text)
    code, _, err = _run(capsys, "resolve", path)
    assert code == 2 and "single, short, medium, long" in err
