"""``gunline map FILE`` and ``resolve --json`` on a scenario with a [map]: the map as
text, before and after the dice; the geometry in the chain's JSON; one-line errors;
nothing from the file reaches the terminal unescaped."""

from __future__ import annotations

import json
import tomllib
from importlib import resources

import pytest

from gunline.cli import main
from gunline.tomlwrite import dumps

EXAMPLE = resources.files("gunline_necromunda") / "examples" / "missile-on-the-map.toml"


def gunline(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def table(tmp_path):
    """A copy of the Necromunda example, to change."""
    doc = tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))

    def write(**changes):
        path = tmp_path / "table.toml"
        path.write_text(dumps({**doc, **changes}), encoding="utf-8")
        return path

    return doc, write


def test_the_map_before_any_die_shows_everyone_and_the_template_as_aimed(capsys):
    code, out, err = gunline(capsys, "map", EXAMPLE)
    assert code == 0 and err == ""
    assert "@ Goliath Heavy (shooting)   V Van Saar   A Van Saar Juve   E Escher" in out
    assert '· line of fire, 12" to Van Saar   █ small blast template on Van Saar' in out
    assert "targets[1].under_template = partly  (partly under the template centred on Van Saar)" in out
    rows = out.split("\n\n")[0].splitlines()
    shooter = next(r for r in rows if "@" in r)
    assert shooter.index("@") < shooter.index("V") < shooter.index("E")  # west to east, as placed


def test_the_map_after_a_scatter_marks_where_the_blast_came_down(capsys):
    """Missed (2), arrow 2 (60°), artillery 1: 2" from the Van Saar at (12, 0), so
    (13, 1.732); the juve at (13, 0.5) is 1.23" from there, partly under the 1"
    template (his ½" base reaches in), and hit on the 4 that follows."""
    code, out, _ = gunline(capsys, "map", EXAMPLE, "--dice", "2,2,1,4,4,4")
    assert code == 0
    assert "× small blast template where it came down" in out
    assert "landing at (13, 1.732) on the map" in out
    assert "Van Saar Juve:\n  pool      4  partly under the template: hit on 4+" in out
    assert sum(line.count("×") for line in out.split("\n\n")[0].splitlines()) == 1


def test_resolve_json_carries_the_geometry_used_and_typed(capsys, table):
    doc, write = table
    targets = [dict(t) for t in doc["targets"]]
    targets[1]["under_template"] = "wholly"  # the GM overrides the map for the juve
    code, out, _ = gunline(capsys, "resolve", write(targets=targets), "--dice", "5,2,4,6", "--json")
    assert code == 0
    geometry = {m["path"]: m for m in json.loads(out)["geometry"]}
    assert geometry["targets[0].distance"]["value"] == 12
    assert geometry["targets[1].under_template"] == {
        "path": "targets[1].under_template", "value": "partly", "used": False, "typed": "wholly",
        "text": "partly under the template centred on Van Saar"}


def test_a_scenario_without_a_map_is_told_how_to_add_one(capsys):
    plain = resources.files("gunline_necromunda") / "examples" / "missile-blast-scatter.toml"
    code, out, err = gunline(capsys, "map", plain)
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        f"gunline: {plain}: map: the scenario places no one on a map; add a [map] table "
        "(see 'gunline schema scenario --ruleset necromunda')"]


@pytest.mark.parametrize(("argv", "says"), [
    (["--width", "5"], "map: --width is 20 to 400 columns and --height 5 to 200 rows"),
    (["--dice", "2,x"], "--dice: item 2 is 'x'"),
])
def test_bad_arguments_are_one_line(capsys, argv, says):
    code, _, err = gunline(capsys, "map", EXAMPLE, *argv)
    assert code == 2 and says in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("at", "field"), [
    ({"Van Saar": "north"}, "map.at.Van Saar"),
    ({"Van Saar": [1e300, 0]}, "map.at.Van Saar"),
    ({"Van Saar": [1, 2, 3]}, "map.at.Van Saar"),
])
def test_a_bad_position_names_the_model(capsys, table, at, field):
    doc, write = table
    code, _, err = gunline(capsys, "map", write(map={**doc["map"], "at": {**doc["map"]["at"], **at}}))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert f"{field}: expected a position [x, y]: two numbers, each within ±1,000,000" in err


def test_a_hostile_name_on_the_map_reaches_the_terminal_escaped(capsys, table):
    doc, write = table
    evil = "Esc\x1b]0;owned\x07her"
    targets = [dict(t) for t in doc["targets"]]
    targets[2]["name"] = evil
    at = {(evil if k == "Escher" else k): v for k, v in doc["map"]["at"].items()}
    code, out, _ = gunline(capsys, "map", write(targets=targets, map={**doc["map"], "at": at}))
    assert code == 0
    assert "\x1b" not in out and "\x07" not in out
    assert "E Esc" in out
