"""The battlefield drawn in cells (gunline map, the app's map): where each model is
drawn, worked by hand; the line of fire, a burst's band and a template; a drawing
that fits any size it is given and reads without colour; and core's side of the map
hooks (a [map] the ruleset does not read, the wrong kind, a plugin's junk)."""

from __future__ import annotations

import re
import types

import msgspec
import pytest

from gunline import Area, Battlefield, Measure, Registry, hookimpl
from gunline.battlefield import band_cells
from gunline.errors import BadInput, PluginFailed
from gunline.mapcli import picture
from gunline.mapdraw import draw, letters
from gunline.scenario import build_attack


def kinds(drawing, kind):
    return {(r, c) for r, row in enumerate(drawing.rows) for c, (_, k) in enumerate(row) if k == kind}


def glyph(drawing, spot):
    r, c = spot
    return drawing.rows[r][c][0]


# -- letters ----------------------------------------------------------------------------------
def test_each_model_gets_one_ascii_letter_the_shooter_an_at_sign():
    marks = letters(["Vex", "Van Saar", "Ёж", "vex two", "\x1b[31mRed"], "Vex")
    assert marks["Vex"] == "@"
    assert marks["Van Saar"] == "V"
    assert marks["Ёж"] == "A"  # no ASCII letter of its own: the first free one
    assert marks["vex two"] == "E"  # V taken: its next letter
    assert marks["\x1b[31mRed"] == "3"  # the escape itself gives no letter; its "31m" does
    assert all(len(m) == 1 and m.isascii() for m in marks.values())
    assert len(set(marks.values())) == len(marks)


# -- hexes ------------------------------------------------------------------------------------
def test_hexes_are_drawn_two_columns_apart_each_row_shifted_half_a_hex():
    """Axial (q, r) is drawn at row r, column 2q + r (less the margin): the shooter
    at (0, 0), the target at (3, 0) six columns east, a model at (1, 2) two rows down
    and four columns east of the shooter."""
    field = Battlefield(kind="hex", at={"Ann": (0, 0), "Bo": (3, 0), "Cy": (1, 2)})
    d = draw(field, "Ann", ["Bo"])
    (ra, ca), (rb, cb), (rc, cc) = d.spots["Ann"], d.spots["Bo"], d.spots["Cy"]
    assert (rb - ra, cb - ca) == (0, 6) and (rc - ra, cc - ca) == (2, 4)
    assert [glyph(d, d.spots[n]) for n in ("Ann", "Bo", "Cy")] == ["@", "B", "C"]
    # the line of fire: the two hexes between them, (1, 0) and (2, 0)
    assert kinds(d, "fire") == {(ra, ca + 2), (ra, ca + 4)}


def test_a_burst_band_shades_every_hex_of_the_band():
    field = Battlefield(kind="hex", at={"Ann": (0, 0), "Bo": (3, 0)})
    band = Area(shape="band", label="burst", start="Ann", through="Bo")
    d = draw(field, "Ann", ["Bo"], [band])
    cells = band_cells((0, 0), (3, 0))
    ra, ca = d.spots["Ann"]
    drawn = {(ra + r, ca + 2 * q + r) for q, r in cells} - {d.spots["Bo"]}
    assert kinds(d, "area") == drawn
    assert "░ burst" in d.text()


def test_a_circle_on_a_hex_grid_shades_every_hex_within_its_radius():
    """A template on a hex grid (a grenade's 1-hex blast) is drawn, as the legend
    says it is: every hex within ``radius`` hexes of the centre's hex; a marked
    landing is the centre's ×. It was listed in the legend and drawn nowhere."""
    field = Battlefield(kind="hex", at={"Ann": (0, 0), "Bo": (4, 0)})
    blast = Area(shape="circle", label="blast", centre=(4, 0), radius=1.0)
    d = draw(field, "Ann", ["Bo"], [blast])
    ra, ca = d.spots["Ann"]
    ring = [(5, 0), (3, 0), (4, 1), (4, -1), (5, -1), (3, 1)]  # Bo's six neighbours
    assert kinds(d, "area") == {(ra + r, ca + 2 * q + r) for q, r in ring}
    assert "░ blast" in d.text()
    landed = Area(shape="circle", label="came down", centre=(2, 2), radius=0.0, mark=True)
    d = draw(field, "Ann", ["Bo"], [landed])
    ra, ca = d.spots["Ann"]
    assert [glyph(d, s) for s in kinds(d, "landed")] == ["×"]
    assert kinds(d, "landed") == {(ra + 2, ca + 2 * 2 + 2)}
    assert "░ × came down" in d.text()


def test_a_blocked_hex_is_drawn_as_a_wall():
    field = Battlefield(kind="hex", at={"Ann": (0, 0), "Bo": (4, 0)}, blocked=[(2, 0)])
    d = draw(field, "Ann", ["Bo"])
    ra, ca = d.spots["Ann"]
    assert kinds(d, "wall") == {(ra, ca + 4)}
    assert "# blocks sight" in d.text()


# -- a plane ----------------------------------------------------------------------------------
def test_a_plane_keeps_north_up_and_a_cell_twice_as_tall_as_wide():
    field = Battlefield(kind="inches", at={"Ann": (0, 0), "Bo": (10, 0), "Cy": (0, 5)})
    d = draw(field, "Ann", ["Bo"], width=60, height=30)
    (ra, ca), (rb, cb), (rc, cc) = d.spots["Ann"], d.spots["Bo"], d.spots["Cy"]
    assert rb == ra and cb > ca  # east is right
    assert rc < ra and cc == ca  # north is up
    # 10" east takes two columns an inch, 5" north a row an inch: 4 times the cells
    assert (cb - ca) / (ra - rc) == pytest.approx(4, rel=0.1)
    assert all(glyph(d, (ra, c)) == "·" for c in range(ca + 1, cb))


def test_a_template_is_a_round_patch_of_half_blocks_round_its_centre():
    field = Battlefield(kind="inches", at={"Ann": (0, 0), "Bo": (10, 0)})
    template = Area(shape="circle", label="blast", centre=(10, 0), radius=1.5)
    d = draw(field, "Ann", ["Bo"], [template], width=78, height=20)
    area = kinds(d, "area")
    rb, cb = d.spots["Bo"]
    rows = {r for r, _ in area}
    cols = {c for _, c in area}
    assert rows and min(rows) < rb < max(rows) and min(cols) < cb < max(cols)
    # as wide (in inches) as tall: columns are half as wide as rows are tall
    assert (max(cols) - min(cols)) == pytest.approx(2 * (max(rows) - min(rows)), abs=2)
    assert {glyph(d, s) for s in area} <= {"█", "▀", "▄"}
    assert "█ blast" in d.text()


def test_a_landing_is_marked_with_a_cross_at_its_centre():
    field = Battlefield(kind="inches", at={"Ann": (0, 0), "Bo": (10, 0)})
    landed = Area(shape="circle", label="came down", centre=(10, 4), radius=1.0, mark=True)
    d = draw(field, "Ann", ["Bo"], [landed])
    assert [glyph(d, s) for s in kinds(d, "landed") if glyph(d, s) == "×"] == ["×"]
    assert "█ × came down" in d.text()


def test_walls_are_drawn_and_the_selected_model_is_marked():
    field = Battlefield(kind="yards", at={"Ann": (0, 0), "Bo": (8, 0)}, walls=[((4, -2), (4, 2))])
    d = draw(field, "Ann", ["Bo"], selected="Bo")
    assert kinds(d, "wall") and all(glyph(d, s) == "#" for s in kinds(d, "wall"))
    assert kinds(d, "selected") == {d.spots["Bo"]} and glyph(d, d.spots["Bo"]) == "B"


@pytest.mark.parametrize(("width", "height"), [(20, 5), (78, 20), (118, 36)])
@pytest.mark.parametrize("kind", ["hex", "inches"])
def test_any_map_fits_the_cells_it_is_given(kind, width, height):
    """Far-flung models (a hostile file may put them a million units apart) still
    fit: a plane scales down, a hex grid clips what lies beyond the edge."""
    at = {f"m{i}": (i * 37 % 1000 * 1000.0, i * 91 % 700 * -1000.0) for i in range(40)}
    if kind == "hex":
        at = {n: (round(x / 1000), round(y / 1000)) for n, (x, y) in at.items()}
    d = draw(Battlefield(kind=kind, at=at), "m0", ["m1"], width=width, height=height)
    assert len(d.rows) <= height and all(len(row) <= width for row in d.rows)
    if kind == "inches":
        assert set(d.spots) == set(at)  # every model drawn somewhere on a plane
    else:  # the window is on the shooter; whoever lies beyond it is said to
        assert "m0" in d.spots
        marks = letters(list(at), "m0")
        gone = set(at) - set(d.spots)
        assert gone and all(f"{marks[n]} {n} (off the drawing)" in d.text() for n in gone)


def test_the_drawing_reads_without_colour():
    field = Battlefield(kind="inches", at={"Ann": (0, 0), "Bo": (6, 1), "Cy": (9, -1)})
    text = draw(field, "Ann", ["Bo", "Cy"]).text()
    assert "@ Ann (shooting)" in text and "B Bo" in text and "C Cy" in text
    assert '· line of fire, 6.1" to Bo' in text


# -- core's side of the map hooks ---------------------------------------------------------------
def map_toy(toy, measure=None, areas=None, kind="yards"):
    """The toy ruleset played on a map of ``kind``, with these hooks."""
    module = types.ModuleType("toy_on_a_map")
    for name in ("check_attack", "start_state", "modify_pool", "build_pool", "resolve_hit",
                 "resolve_wound", "spend_ammo"):
        setattr(module, name, getattr(toy, name))
    ruleset = msgspec.structs.replace(toy.gunline_ruleset(), map=kind)
    module.gunline_ruleset = hookimpl(lambda: ruleset)
    if measure is not None:
        module.measure = hookimpl(measure)
    if areas is not None:
        module.map_areas = hookimpl(areas)
    reg = Registry()
    reg.add("toy", module)
    return reg


def placed(doc):
    return {**doc, "map": {"kind": "yards", "at": {"Ann": [0, 0], "Bo": [3, 4], "Cy": [6, 8]}}}


def test_a_map_the_ruleset_does_not_read_is_refused_naming_the_field(registry, doc):
    with pytest.raises(BadInput, match=r"f\.toml: map: the toy rules read no map"):
        build_attack(registry, placed(doc), "f.toml")


def test_a_map_of_the_wrong_kind_is_refused(toy, doc):
    reg = map_toy(toy, kind="hex")
    with pytest.raises(BadInput, match=r"map\.kind: toy is played on a map of kind 'hex', not 'yards'"):
        build_attack(reg, placed(doc), "f.toml")


def test_a_malformed_map_is_refused_naming_the_field(toy, doc):
    reg = map_toy(toy)
    bad = placed(doc)
    bad["map"]["at"]["Bo"] = "north"
    with pytest.raises(BadInput, match=r"f\.toml: map\.at\.Bo"):
        build_attack(reg, bad, "f.toml")


def test_used_measures_fill_the_document_and_typed_ones_are_only_listed(toy, doc):
    def measure(document, battlefield):
        wounds = round(battlefield.distance("Ann", "Bo"))  # 5: a 3-4-5 triangle
        return [Measure(path="targets[0].wounds", value=wounds, text="5 yd"),
                Measure(path="targets[1].wounds", value=9, used=False, typed=2),
                Measure(path="targets", value=["Cy", "Bo"], text="nearest last")]

    attack = build_attack(map_toy(toy, measure), placed(doc), "f.toml")
    assert [(t.name, t.wounds) for t in attack.targets] == [("Cy", 2), ("Bo", 5)]
    assert attack.map.distance("Ann", "Cy") == 10.0
    assert [m.used for m in attack.measures] == [True, False, True]
    # the hook indexes the targets as the file lists them; the chain, as it lists them
    assert [m.path for m in attack.measures] == ["targets[1].wounds", "targets[0].wounds", "targets"]


def test_a_field_the_map_cannot_give_is_refused_as_missing_unless_typed(toy, doc):
    """A ruleset that reads a field off the map says so of one it cannot read
    (``unmeasured``): the file is refused as missing it, with why, not left to its
    default; a typed value stands. A fault met first (in the shooter) is named first."""
    import copy

    from gunline.unvalidated import tables, unmeasured

    def measure(document, battlefield):
        targets = tables(document.get("targets"))
        lacking = [unmeasured(t, f"targets[{i}]", "wounds", f"{t['name']} is not placed on the map")
                   for i, t in enumerate(targets) if battlefield.where(t["name"]) is None]
        return [m for m in lacking if m is not None]

    reg = map_toy(toy, measure)
    bad = copy.deepcopy(placed(doc))
    del bad["map"]["at"]["Cy"]
    bad["targets"][1].pop("wounds")
    with pytest.raises(BadInput) as info:
        build_attack(reg, bad, "f.toml")
    assert str(info.value) == "f.toml: targets[1].wounds: required field is missing (Cy is not placed on the map)"
    bad["shooter"] = {"name": "Ann", "skill": "four"}
    with pytest.raises(BadInput, match=r"^f\.toml: shooter\.skill: expected int"):
        build_attack(reg, bad, "f.toml")
    typed = placed(doc)
    del typed["map"]["at"]["Cy"]
    attack = build_attack(reg, typed, "f.toml")
    assert attack.targets[1].wounds == 2 and attack.measures == ()


@pytest.mark.parametrize("junk", [7, [1, 2], "targets[0].wounds"])
def test_a_measure_hook_returning_junk_fails_naming_the_plugin(toy, doc, junk):
    with pytest.raises(PluginFailed, match=r"measure.*expected list\[Measure\]"):
        build_attack(map_toy(toy, lambda: junk), placed(doc), "f.toml")


@pytest.mark.parametrize(("path", "why"), [
    ("targets[5].wounds", "the file has no targets[5]"),
    ("targets[0].name.first", "targets[0].name is not a table"),
    ("targets[0].wonds", "the target has no field 'wonds'"),
    ("shooter.skil", "the shooter has no field 'skil'"),
    ("colour", "the ruleset has no setting 'colour'"),
    ("targets[0]wounds", "not a field's path"),
    ("targets.wounds", "targets is not a table"),
    ("targets[1].models[0].distance", "the file has no targets[1].models[0]"),
])
def test_a_measure_of_a_field_the_scenario_cannot_have_fails_naming_the_plugin(toy, doc, path, why):
    """A measure's path is the plugin's to get right: one that indexes past the
    targets, runs through a value that is not a table or names no field of the
    ruleset's is the plugin's fault, named so, not a fault of the GM's file (it was
    ``targets[0].name: expected str, got object``, or an internal IndexError)."""
    reg = map_toy(toy, lambda: [Measure(path=path, value=3, text="3 yd")])
    with pytest.raises(PluginFailed) as info:
        build_attack(reg, placed(doc), "f.toml")
    assert f"failed in measure: returned a measure of {path!r}: {why}" in str(info.value)


def test_a_measure_of_a_unit_model_or_a_field_the_file_lacks_is_set(toy, doc):
    """Paths deeper than a table's own fields (a unit's models) are the ruleset's
    own; a field the file leaves out is filled in."""
    reg = map_toy(toy, lambda: [Measure(path="targets[1].wounds", value=4, text="4 yd")])
    attack = build_attack(reg, placed(doc), "f.toml")
    assert attack.targets[1].wounds == 4


def test_map_areas_are_drawn_and_junk_fails_naming_the_plugin(toy, doc):
    reg = map_toy(toy, areas=lambda attack: [Area(shape="circle", label="a yard round Bo",
                                                   centre=attack.map.where("Bo"), radius=1.0)])
    attack = build_attack(reg, placed(doc), "f.toml")
    assert "█ a yard round Bo" in picture(reg, attack).text()
    reg = map_toy(toy, areas=lambda: {"circle": 1})
    attack = build_attack(reg, placed(doc), "f.toml")
    with pytest.raises(PluginFailed, match=r"map_areas.*expected list\[Area\]"):
        picture(reg, attack)


def test_the_line_of_fire_runs_along_a_burst_band_not_to_the_first_target():
    field = Battlefield(kind="hex", at={"Ann": (0, 0), "Cy": (2, 0), "Bo": (5, 0)})
    band = Area(shape="band", label="burst", start="Ann", through="Bo")
    assert "· line of fire, 5 hexes to Bo" in draw(field, "Ann", ["Cy", "Bo"], [band]).text()
    assert "· line of fire, 2 hexes to Cy" in draw(field, "Ann", ["Cy", "Bo"]).text()


@pytest.mark.parametrize("kind", ["hex", "inches"])
def test_models_in_one_cell_say_who_is_on_top(kind):
    """The shooter is drawn last, then the first target: the legend says who lies
    under whom, so no model is lost from the drawing unsaid."""
    field = Battlefield(kind=kind, at={"Ann": (0, 0), "Bo": (6, 0), "Cy": (6, 0), "Di": (0, 0)})
    text = draw(field, "Ann", ["Bo", "Cy"], width=78, height=5).text()
    assert "@ Ann (shooting)   B Bo   C Cy (under B)   D Di (under @)" in text


@pytest.mark.parametrize(("change", "says"), [
    ({"at": {"Ann": [0.5, 0], "Bo": [3, 4], "Cy": [6, 8]}}, "map.at.Ann: expected a hex [q, r]: two whole numbers"),
    ({"walls": [[[0, 0], [1, 1]]]}, "map.walls: a hex map blocks sight with blocked hexes (map.blocked), not walls"),
])
def test_a_hex_map_is_of_whole_hexes_and_blocked_hexes(toy, doc, change, says):
    bad = placed(doc)
    bad["map"] = {**bad["map"], "kind": "hex", **change}
    with pytest.raises(BadInput, match=re.escape(f"f.toml: {says}")):
        build_attack(map_toy(toy, kind="hex"), bad, "f.toml")
