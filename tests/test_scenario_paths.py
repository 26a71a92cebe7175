"""A bundled ruleset's scenario at fault is refused in one line naming the field as
the file has it: a nested table's unknown key, a body area's row by its area, a target
counted as the file lists it (a roster's entries and the map's order aside), a key of
too many dotted parts, a key given twice."""

from __future__ import annotations

from pathlib import Path

import pytest

from gunline.cli import main

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
LASGUN = EXAMPLES / "necromunda" / "lasgun-long-range.toml"

SAMURAI = """ruleset = "samurai"
[shooter]
name = "Kunoichi"
shooting = 7
[weapon]
name = "shuriken"
[[targets]]
name = "Ashigaru"
[[targets.models]]
name = "Goro"
distance = 6
bogus = "x"
"""


def _refused(tmp_path: Path, capsys, text: str, *before: str) -> str:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    for argv in before:
        assert main(argv.split()) == 0
    capsys.readouterr()
    assert main(["validate", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith(f"gunline: {path}: ")
    return err[len(f"gunline: {path}: "):].rstrip("\n")


def _replaced(example: str, old: str, new: str) -> str:
    text = (EXAMPLES / example).read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new)


def test_an_unknown_key_of_a_units_model_is_said_as_at_the_top(tmp_path, capsys):
    assert _refused(tmp_path, capsys, SAMURAI) == (
        "targets[0].models[0].bogus: unknown field; expected one of: name, distance, body, wounds, protection, "
        "durability, shooting, attacks, sees_shooter"
    )


@pytest.mark.parametrize(
    "example, old, new, message",
    [
        ("samurai/ninja_and_bushido_master.toml", 'weapon = { name = "yumi" }', 'weapon = { name = "yumi", rnge = 3 }',
         "targets[0].reactor.weapon.rnge: unknown field (did you mean 'range'?); "
         "expected one of: name, damage, shots, range"),
        ("samurai/ninja_and_bushido_master.toml", "distance = 14", "distnce = 14",
         "targets[0].reactor.distnce: unknown field (did you mean 'distance'?); expected one of: name, shooting, "
         "attacks, body, weapon, distance, sees_shooter, can_reach"),
        ("samurai/archers_volley.toml", 'name = "Taro"', 'name = "Taro"\nbogus = 1',
         "shooter.models[0].bogus: unknown field; expected one of: name, shooting, attacks, body, wounds, "
         "protection, durability, targets"),
        ("fallout/robot_tracks.toml", 'areas = { tracks = "legs" }', 'areas = { tracks = "legz" }',
         "targets[0].areas.tracks: expected one of: head, eyes, torso, groin, arms, legs, got 'legz'"),
        ("fallout/robot_tracks.toml", 'areas = { tracks = "legs" }', "areas = { tracks = 3 }",
         "targets[0].areas.tracks: expected str, got int 3"),
        # the map puts the bandit first (nearest in the burst): Dr. Horat is still the file's first
        ("fallout/harry_on_the_hex_map.toml", '"Dr. Horat" = [3, 0], "bandit" = [6, 0]',
         '"Dr. Horat" = [6, 0], "bandit" = [3, 0]', None),
    ],
)
def test_a_fault_in_a_bundled_example_is_said_where_the_file_has_it(tmp_path, capsys, example, old, new, message):
    text = _replaced(example, old, new)
    if message is None:
        text = text.replace("hp = 30", "hp = -5")
        message = "targets[0].hp: expected int >= 1, got -5"
    assert _refused(tmp_path, capsys, text) == message


ROSTER = """ruleset = "necromunda"
[roster]
targets = ["Goliath"]
[shooter]
name = "Vex"
bs = 3
[weapon]
name = "heavy stubber"
[[targets]]
name = "Escher"
distance = {distance}
"""


@pytest.mark.parametrize(
    "text, message",
    [
        (ROSTER.format(distance=-1), "targets[0].distance: expected float >= 0.0, got -1"),
        (ROSTER.format(distance=5) + '[[targets]]\nname = "Goliath"\ntoughness = 99\n',
         "targets[1].toughness: expected int <= 10, got 99"),
    ],
)
def test_targets_are_counted_as_the_file_lists_them_beside_a_roster(tmp_path, capsys, monkeypatch, text, message):
    monkeypatch.setenv("GUNLINE_JOURNAL", str(tmp_path / "j.db"))
    assert _refused(tmp_path, capsys, text, f"roster add {LASGUN} --all") == message


def test_a_key_of_eighty_thousand_parts_is_refused_before_it_is_read(tmp_path, capsys):
    text = LASGUN.read_text(encoding="utf-8") + "\n" + ".".join(["a"] * 80_000) + " = 1\n"
    line = text.count("\n")
    assert _refused(tmp_path, capsys, text) == (
        f"line {line}: a key of more than 100 dotted parts; expected a few, as in map.at.Carter"
    )


def test_a_model_placed_twice_is_said_so(tmp_path, capsys):
    text = _replaced("wod/four-targets-on-the-map.toml", "Jones = [40, -10] }", "Jones = [40, -10], Carter = [1, 1] }")
    assert _refused(tmp_path, capsys, text) == "not valid TOML: 'Carter' is given twice (at line 41, column 118)"


def test_no_bundled_example_is_refused_by_the_key_check():
    from gunline.tomltext import overlong_key_line

    for path in sorted(EXAMPLES.glob("*/*.toml")):
        assert overlong_key_line(path.read_text(encoding="utf-8")) is None, path
