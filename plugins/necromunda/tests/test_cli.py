"""The command line with the Necromunda ruleset: reproducible seeds, replayed dice,
dice needed (exit 3), bad files (exit 2, one line naming file and field)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from gunline.cli import main

LASGUN = "lasgun-long-range.toml"


def _run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_same_seed_gives_byte_identical_json(nec, capsys):
    path = str(nec.EXAMPLES / "heavy-bolter-sustained-fire.toml")
    first = _run(capsys, "resolve", path, "--seed", "7", "--json")
    second = _run(capsys, "resolve", path, "--seed", "7", "--json")
    assert first[0] == 0 and first == second
    assert json.loads(first[1])["seed"] == 7


def test_same_seed_in_another_process_is_byte_identical(nec, capsys):
    path = str(nec.EXAMPLES / "missile-blast-scatter.toml")
    here = _run(capsys, "resolve", path, "--seed", "11", "--json")[1]
    there = subprocess.run(
        [sys.executable, "-m", "gunline.cli", "resolve", path, "--seed", "11", "--json"],
        capture_output=True, text=True, timeout=60,
    )
    assert there.returncode == 0, there.stderr
    assert there.stdout == here


@pytest.mark.parametrize("example", ["heavy-bolter-sustained-fire.toml", "missile-blast-scatter.toml", LASGUN])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dice_replay_the_chain_exactly(nec, capsys, example, seed):
    path = str(nec.EXAMPLES / example)
    code, out, _ = _run(capsys, "resolve", path, "--seed", str(seed), "--json")
    rolled = json.loads(out)
    faces = ",".join(str(d) for d in rolled["dice"]) or ""
    code, out, err = _run(capsys, "resolve", path, "--dice", faces, "--json")
    assert code == 0, err
    replayed = json.loads(out)
    assert replayed["seed"] is None
    assert replayed["dice"] == rolled["dice"]
    for key in ("steps", "targets", "weapon", "shooter", "outcomes"):
        assert _without_manual(replayed[key]) == _without_manual(rolled[key])


def _without_manual(value):
    """Typed faces are marked ``manual`` in the replay; everything else must match."""
    if isinstance(value, dict):
        return {k: _without_manual(v) for k, v in value.items() if k != "manual"}
    if isinstance(value, list):
        return [_without_manual(v) for v in value]
    return value


def test_running_out_of_dice_exits_3_naming_the_die(nec, capsys):
    code, out, err = _run(capsys, "resolve", str(nec.EXAMPLES / LASGUN), "--dice", "")
    assert code == 3
    assert "to hit: 1d6, needs 4+" in err
    assert "Goliath" in err
    code, out, err = _run(capsys, "resolve", str(nec.EXAMPLES / LASGUN), "--dice", "4")
    assert code == 3 and "to wound: 1d6, needs 4+" in err


@pytest.mark.parametrize(
    "name, where",
    [
        ("missing-field.toml", "shooter.bs"),
        ("wrong-type.toml", "targets[0].distance"),
        ("unknown-field.toml", "weapon.colour"),
        ("stat-out-of-range.toml", "targets[0].toughness"),
        ("unknown-weapon.toml", "weapon.strength"),
        ("unknown-armour.toml", "targets[0].armour"),
        ("unknown-ruleset.toml", "ruleset"),
        ("unknown-variant.toml", "variants"),
        ("not-toml.toml", "not valid TOML"),
        ("broken-weapon.toml", "broken"),
    ],
)
def test_bad_files_exit_2_with_one_line(nec, capsys, name, where):
    path = str(nec.BAD / name)
    for command in ("resolve", "validate"):
        dice = ("--dice", "4,4,4") if command == "resolve" else ()
        code, out, err = _run(capsys, command, path, *dice)
        lines = err.strip().splitlines()
        assert code == 2, (command, err)
        assert len(lines) == 1, err
        assert name in lines[0] or command == "resolve" and name == "broken-weapon.toml"
        assert where in lines[0]
        assert "Traceback" not in err


def test_validate_accepts_every_example(nec, capsys):
    for path in sorted(nec.EXAMPLES.glob("*.toml")):
        code, out, err = _run(capsys, "validate", str(path))
        assert code == 0, err
        assert "valid necromunda scenario" in out
