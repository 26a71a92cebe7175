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
    assert "targets[1].under_template = partly  (partly under the template if it comes down on Van Saar)" in out
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
        "text": "partly under the template if it comes down on Van Saar"}


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


#: An example of each ruleset on a map, a wall (or blocked hex) across the line from the
#: shooter to the one he shoots at, and one beside it that blocks nothing.
SIGHT = [
    ("necromunda", "missile-on-the-map.toml", "Van Saar", "Goliath Heavy", {"walls": [[[6, -2], [6, 2]]]},
     {"walls": [[[6, 1], [6, 3]]]}),
    ("fallout", "harry_on_the_hex_map.toml", "Dr. Horat", "Harry", {"blocked": [[2, 0]]}, {"blocked": [[2, 1]]}),
    ("wod", "short-burst-into-melee-on-the-map.toml", "Farrow", "Carter", {"walls": [[[6, -1], [6, 1]]]},
     {"walls": [[[6, 1], [6, 3]]]}),
    ("samurai", "ninja_on_the_map.toml", "General", "Ninja", {"walls": [[[6, -1], [6, 1]]]},
     {"walls": [[[6, 1], [6, 3]]]}),
]


@pytest.mark.parametrize(("ruleset", "example", "target", "shooter", "across", "beside"), SIGHT,
                         ids=[s[0] for s in SIGHT])
def test_no_shot_passes_a_wall(capsys, tmp_path, ruleset, example, target, shooter, across, beside):
    doc = tomllib.loads((resources.files(f"gunline_{ruleset}") / "examples" / example).read_text(encoding="utf-8"))
    path = tmp_path / example
    path.write_text(dumps({**doc, "map": {**doc["map"], **beside}}), encoding="utf-8")
    code, _, err = gunline(capsys, "resolve", path, "--seed", "1")
    assert code == 0, err
    path.write_text(dumps({**doc, "map": {**doc["map"], **across}}), encoding="utf-8")
    code, out, err = gunline(capsys, "resolve", path, "--seed", "1")
    what = "a blocked hex" if ruleset == "fallout" else "a wall"
    assert code == 2 and out == ""
    assert f"{target} is out of {shooter}'s sight on the map: {what} stands between them" in err


def test_the_example_does_what_its_comment_says(capsys):
    said = EXAMPLE.read_text(encoding="utf-8")
    assert "gunline resolve missile-on-the-map.toml --dice 2,1,3,4,4" in said
    code, out, _ = gunline(capsys, "resolve", EXAMPLE, "--dice", "2,1,3,4,4")
    assert code == 0
    assert 'scatters 6" towards arrow 1' in out and "Escher: hit, pinned; wounded, down" in out


@pytest.mark.parametrize(("change", "says"), [
    (lambda doc: doc["map"]["at"].update({"Escher": [5000, 0]}),
     "targets[2].distance: expected float <= 1000.0, got 5000.0 (read off the map: move the model, or type "
     "distance)"),
    (lambda doc: doc["map"]["at"].pop("Escher"),
     "targets[2].distance: required field is missing (Escher is not placed on the map: add him to map.at, or "
     "type it)"),
    (lambda doc: doc["map"].update({"facing": {"Escher": "north"}}),
     "map.facing.Escher: expected degrees: a number from -360 to 360 (0 east, 90 north)"),
    (lambda doc: doc.update({"map": "yes"}), "map: expected"),
    (lambda doc: doc["map"].update({"facing": {"Nobody": 90}}),
     "map.facing.Nobody: no model of that name is placed in map.at"),
    (lambda doc: doc["map"].update({"blocked": [[1, 1]]}),
     "map.blocked: a map in inches blocks sight with walls (map.walls), not blocked hexes"),
])
def test_what_comes_off_the_map_says_so_when_it_is_wrong(capsys, table, change, says):
    doc, write = table
    doc = json.loads(json.dumps(doc))
    change(doc)
    code, _, err = gunline(capsys, "resolve", write(**doc), "--seed", "1")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert says in err
