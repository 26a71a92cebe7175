"""World of Darkness on a map (yards): the range bands, who stands within a yard of a
target (a burst's spray, close combat) and point blank are read off the positions,
worked here by hand; a value the GM typed still wins, and the chain says which was
used. The seed's worked examples laid out on a map give the typed examples' chains."""

from __future__ import annotations

import math

import msgspec
import pytest

from gunline import AttackRefused
from gunline.errors import BadInput
from gunline.odds import compute_odds
from gunline.runner import check
from gunline.scenario import build_attack
from gunline_wod.measuring import band_of, ranges_of

ASSAULT_RIFLE = (150.0, 300.0, 600.0)  # the chart's short/medium/long, yards


def geometry(chain_or_attack) -> dict:
    measures = getattr(chain_or_attack, "geometry", None)
    if measures is None:
        measures = chain_or_attack.measures
    return {m.path: m for m in measures}


def same_chain(a, b) -> None:
    """Two chains alike in every step, roll, state and outcome (what the map read aside)."""
    left, right = msgspec.to_builtins(a), msgspec.to_builtins(b)
    left.pop("geometry", None)
    right.pop("geometry", None)
    assert left == right


def refusal(registry, doc) -> str:
    attack = build_attack(registry, doc, "test.toml")
    with pytest.raises(AttackRefused) as info:
        check(registry, attack, None)
    return str(info.value)


def placed(wod, name: str, at: dict) -> dict:
    """A typed example with its range fields dropped and the models placed."""
    doc = wod.example(name)
    for t in doc["targets"]:
        t.pop("range", None)
    doc["map"] = {"kind": "yards", "at": at}
    return doc


# -- the chart's ranges ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("yards", "band"),
    [(0, "short"), (150, "short"), (150.1, "medium"), (300, "medium"), (300.1, "long"), (600, "long"),
     (600.1, None)],
)
def test_range_bands_of_the_assault_rifle(yards, band):
    assert band_of(yards, ASSAULT_RIFLE) == band


@pytest.mark.parametrize("junk", [None, 7, "far", "20/40", "20/40/80/160", "40/20/80", "0/40/80", "a/b/c",
                                  "nan/40/80", ["20", "40", "80"]])
def test_ranges_that_cannot_be_read_give_no_band(junk):
    assert ranges_of(junk) is None


def test_the_chart_string_is_read_as_yards():
    assert ranges_of("20/40/80") == (20, 40, 80)
    assert ranges_of(" 150 / 300 / 600 ") == ASSAULT_RIFLE


# -- the bundled example: WOD-3 on the map ---------------------------------------------
def test_four_targets_on_the_map_measured_by_hand(registry, wod):
    attack = build_attack(registry, wod.example("four-targets-on-the-map.toml"), "test.toml")
    # Farrow at (310, 80): √(310² + 80²) = √102500 = 320.16 yd > 300: long.
    # Sykes and Jones at (40, ±10): √1700 = 41.23 yd; the bystander at (40, 0): 40 yd.
    assert [t.range for t in attack.targets] == ["long", "short", "short", "short"]
    m = geometry(attack)
    assert "320.2 yd" in m["targets[0].range"].text and "41.2 yd" in m["targets[1].range"].text
    assert all(x.used for x in m.values())
    assert set(m) == {f"targets[{i}].range" for i in range(4)}


def test_wod3_laid_out_on_the_map_gives_the_typed_example_s_chain(registry, wod, resolve):
    typed = wod.example("four-targets-long-burst.toml")
    on_map = wod.example("four-targets-on-the-map.toml")
    for seed in range(1, 8):
        same_chain(resolve(typed, seed=seed), resolve(on_map, seed=seed))
    faces = [8, 10, 3, 9, 1, 2, 3, 4, 8, 1, 5, 7, 9, 9, 2, 2, 2, 2, 2, 2, 8, 9, 3]  # one 10 rerolled: 23
    a, b = resolve(typed, faces), resolve(on_map, faces)
    same_chain(a, b)
    # the seed's figures: Farrow 4, Sykes 5, Jones 5, the bystander 8
    assert wod.pools(b) == {"Farrow": 4, "Sykes": 5, "Jones": 5, "Bystander": 8}
    assert geometry(b)["targets[0].range"].value == "long"


def test_wod2b_laid_out_reads_sykes_at_medium_range(registry, wod, resolve):
    """WOD-2b: Farrow at short range, Sykes (concealed −3) at medium (−2): 10 and 5."""
    typed = wod.example("carter-long-burst-sykes-medium-range.toml")
    doc = placed(wod, "carter-long-burst-sykes-medium-range.toml",
                 {"Carter": [0, 0], "Farrow": [90, 120], "Sykes": [180, 240]})  # 150 yd and 300 yd: 3-4-5
    attack = build_attack(registry, doc, "test.toml")
    assert [t.range for t in attack.targets] == ["short", "medium"]
    for seed in (1, 2, 3):
        same_chain(resolve(typed, seed=seed), resolve(doc, seed=seed))
    assert wod.pools(resolve(doc, seed=1)) == {"Farrow": 10, "Sykes": 5}
    # one step farther and each falls a band: Farrow at 150.1 is medium, Sykes at 300.5 long
    doc["map"]["at"].update(Farrow=[90.06, 120.08], Sykes=[180.3, 240.4])
    assert wod.pools(resolve(doc, seed=1)) == {"Farrow": 8, "Sykes": 3}


def test_wod4_short_burst_into_melee_on_the_map(registry, wod, resolve):
    typed = wod.example("short-burst-into-melee.toml")
    on_map = wod.example("short-burst-into-melee-on-the-map.toml")
    attack = build_attack(registry, on_map, "test.toml")
    # Sykes at (12.5, 0.5), Farrow at (12, 0): √0.5 = 0.71 yd apart, within a yard
    assert attack.targets[1].bystander is True
    assert "0.7 yd from Farrow" in geometry(attack)["targets[1].bystander"].text
    for seed in range(1, 6):
        same_chain(resolve(typed, seed=seed), resolve(on_map, seed=seed))
    assert wod.pools(resolve(on_map, seed=1)) == {"Farrow": 6, "Sykes": 8}


def test_a_short_burst_target_beyond_a_yard_is_a_second_intended_target(registry, wod):
    doc = wod.example("short-burst-into-melee-on-the-map.toml")
    doc["map"]["at"]["Sykes"] = [12.8, 0.7]  # √(0.64 + 0.49) = 1.063: 1.1 yd to a tenth, beyond
    m = geometry(build_attack(registry, doc, "test.toml"))["targets[1].bystander"]
    assert m.value is False and "1.1 yd from Farrow: not within a yard" in m.text
    assert "2 intended targets (Farrow, Sykes): a short burst takes one" in refusal(registry, doc)
    doc["map"]["at"]["Sykes"] = [12.8, 0.61]  # √(0.64 + 0.3721) = 1.006: 1 yd to a tenth, within
    assert build_attack(registry, doc, "test.toml").targets[1].bystander is True


# -- someone the spray catches but the file does not list -------------------------------
def test_an_unlisted_man_within_a_yard_of_the_target_refuses_the_burst(registry, wod):
    doc = wod.example("short-burst-into-melee-on-the-map.toml")
    doc["map"]["at"]["Jenkins"] = [11.4, -0.8]  # √(0.36 + 0.64) = 1 yd from Farrow
    says = refusal(registry, doc)
    assert "Jenkins stands within a yard of Farrow (1 yd): the short burst catches him too" in says
    assert "bystander = true" in says
    doc["targets"].append({"name": "Jenkins"})  # listed: three targets now, his own roll
    attack = build_attack(registry, doc, "test.toml")
    assert attack.targets[2].bystander is True
    # a wall between him and Farrow shields him
    doc = wod.example("short-burst-into-melee-on-the-map.toml")
    doc["map"]["at"]["Jenkins"] = [11.4, -0.8]
    doc["map"]["walls"] = [[[11, -0.4], [12.5, -0.4]]]
    check(registry, build_attack(registry, doc, "test.toml"), None)


def test_an_unlisted_bystander_between_two_targets_refuses_a_long_burst(registry, wod):
    doc = wod.example("four-targets-on-the-map.toml")
    doc["targets"] = doc["targets"][:3]
    # the bystander at (40, 0) stands on the line from Sykes (40, 10) to Jones (40, −10)
    says = refusal(registry, doc)
    assert "Bystander stands between Sykes and Jones (0 yd off the line between them): the long burst" in says
    # 1.5 yd aside of that line he is not between them, nor within a yard of anyone
    doc["map"]["at"]["Bystander"] = [41.5, 0]
    check(registry, build_attack(registry, doc, "test.toml"), None)
    # past the end of the line (beyond Jones) is not between them either
    doc["map"]["at"]["Bystander"] = [40, -11.5]
    check(registry, build_attack(registry, doc, "test.toml"), None)


def test_a_single_shot_need_not_avoid_an_unlisted_man(registry, wod):
    doc = wod.example("prone-at-point-blank.toml")
    doc["map"] = {"kind": "yards", "at": {"Carter": [0, 0], "Sykes": [0.6, 0.8], "Jenkins": [1.2, 0.8]}}
    check(registry, build_attack(registry, doc, "test.toml"), None)


# -- close combat, point blank ---------------------------------------------------------
def test_single_shot_into_close_combat_reads_who_fights_the_target(registry, wod, resolve):
    typed = wod.example("single-shot-into-close-combat.toml")
    doc = wod.example("single-shot-into-close-combat.toml")
    doc["targets"][1].pop("avoided")  # Sykes: read off the map; Jones keeps his typed avoided and grapple
    # Farrow at (15, 0); Sykes 0.8 yd behind him; Jones 0.6 yd aside; the light pistol: 20/40/80
    doc["map"] = {"kind": "yards", "at": {"Mickey": [0, 0], "Farrow": [15, 0], "Sykes": [15.8, 0],
                                          "Jones": [15, 0.6]}}
    attack = build_attack(registry, doc, "test.toml")
    assert [t.avoided for t in attack.targets] == [False, True, True]
    m = geometry(attack)
    assert m["targets[1].avoided"].used
    assert not m["targets[2].avoided"].used and m["targets[2].avoided"].typed is True
    for faces in ([1, 1, 8, 8, 3, 3, 3], [1, 2, 9, 2, 2, 2, 2], [10, 9]):
        same_chain(resolve(typed, faces), resolve(doc, faces))
    # Sykes 1.2 yd from Farrow: not in the fight, so a second target for a single shot
    doc["map"]["at"]["Sykes"] = [16.2, 0]
    assert "2 targets: a single shot takes one target" in refusal(registry, doc)


@pytest.mark.parametrize(("at", "close", "pool"), [([0.6, 0.8], True, 9), ([1.2, 0], False, 7)])
def test_a_prone_target_at_point_blank_is_read_off_the_map(registry, wod, resolve, at, close, pool):
    # Carter 3 + 3 + heavy pistol 3 = 9; prone at point blank +2 and Defense 2: 9;
    # a yard and a fifth away, merely prone: −2, 7 (Defense does not count)
    doc = wod.example("prone-at-point-blank.toml")
    doc["targets"][0].pop("point_blank")
    doc["map"] = {"kind": "yards", "at": {"Carter": [0, 0], "Sykes": at}}
    attack = build_attack(registry, doc, "test.toml")
    assert attack.targets[0].point_blank is close
    assert wod.pools(resolve(doc, seed=1)) == {"Sykes": pool}
    if close:
        same_chain(resolve(wod.example("prone-at-point-blank.toml"), seed=4), resolve(doc, seed=4))


def test_point_blank_is_read_only_for_a_prone_target(registry, wod):
    doc = wod.example("carter-medium-burst.toml")
    doc["map"] = {"kind": "yards", "at": {"Carter": [0, 0], "Farrow": [0.5, 0], "Sykes": [3, 0]}}
    assert not any(p.endswith("point_blank") for p in geometry(build_attack(registry, doc, "test.toml")))


# -- typed values win --------------------------------------------------------------------
def test_a_typed_range_wins_over_the_map_and_the_chain_says_both(registry, wod, resolve):
    doc = wod.example("four-targets-on-the-map.toml")
    doc["targets"][0]["range"] = "medium"
    doc["targets"][3]["range"] = "short"
    chain = resolve(doc, seed=1)
    assert wod.pools(chain)["Farrow"] == 6  # 8 − 2 (medium, as typed), not 4
    m = geometry(chain)
    assert not m["targets[0].range"].used and m["targets[0].range"].typed == "medium"
    assert m["targets[0].range"].value == "long"
    assert not m["targets[3].range"].used and m["targets[3].range"].typed == "short"
    assert m["targets[1].range"].used


def test_a_typed_bystander_wins_over_the_map(registry, wod):
    doc = wod.example("short-burst-into-melee-on-the-map.toml")
    doc["targets"][1]["bystander"] = False  # the GM says Carter aims at both: refused as typed
    assert "2 intended targets" in refusal(registry, doc)
    m = geometry(build_attack(registry, doc, "test.toml"))
    assert m["targets[1].bystander"].value is True and m["targets[1].bystander"].typed is False


def test_beyond_long_range_is_refused_unless_the_gm_types_the_band(registry, wod):
    doc = wod.example("four-targets-on-the-map.toml")
    doc["map"]["at"]["Farrow"] = [600, 8]  # √(360000 + 64) = 600.05: 600.1 yd to a tenth
    says = refusal(registry, doc)
    assert "targets[0]: Farrow stands 600.1 yd from Carter, beyond the assault rifle's long range (600 yd)" in says
    assert build_attack(registry, doc, "test.toml").targets[0].range == "long"
    doc["targets"][0]["range"] = "long"  # the Storyteller allows it
    check(registry, build_attack(registry, doc, "test.toml"), None)
    doc["map"]["at"]["Farrow"] = [600, 7]  # √360049 = 600.04: 600 yd, in reach
    doc["targets"][0].pop("range")
    check(registry, build_attack(registry, doc, "test.toml"), None)


def test_a_custom_weapon_s_ranges_are_read(registry, wod):
    doc = wod.example("four-targets-on-the-map.toml")
    doc["weapon"]["ranges"] = "20/40/80"
    attack = build_attack(registry, doc, "test.toml")
    assert [t.range for t in attack.targets] == ["long", "long", "long", "medium"]  # 41.2 > 40; 40 is medium
    assert "beyond long range (80 yd)" in geometry(attack)["targets[0].range"].text


def test_without_positions_or_a_map_nothing_is_measured(registry, wod):
    assert build_attack(registry, wod.example("four-targets-long-burst.toml"), "test.toml").measures == ()
    doc = wod.example("four-targets-long-burst.toml")
    doc["weapon"] = {"name": "zip gun", "damage": 3, "clip": 30, "autofire": True}  # no ranges, no map: as typed
    assert [t.range for t in build_attack(registry, doc, "test.toml").targets] == ["long", "short", "short", "short"]


# -- a range band the map cannot read is refused, never read as short -------------------
#: The fuzzer's file: Farrow 320 yd off, ranges that cannot be read (was: pool 9, short).
FAR = """ruleset = "wod"
mode = "single"
[shooter]
name = "Carter"
dexterity = 3
firearms = 3
[weapon]
name = "assault rifle"
damage = 3
clip = 30
ranges = "{ranges}"
[[targets]]
name = "Farrow"
[map]
kind = "yards"
at = {{ {at} }}
"""
PLACED = "Carter = [0, 0], Farrow = [310, 80]"
EXPECTED_RANGES = ('weapon.ranges: expected short/medium/long in yards, three numbers above 0, each farther than '
                   'the last (e.g. "20/40/80"), or none; got ')


def _validate(tmp_path, capsys, text: str) -> tuple[int, str]:
    from gunline import cli

    path = tmp_path / "fd.toml"
    path.write_text(text)
    code = cli.main(["validate", str(path)])
    return code, capsys.readouterr().err.replace(f"gunline: {path}: ", "", 1)


@pytest.mark.parametrize("ranges", ["0/0/0", "abc", "600/300/150", "-1/2/3", "0/40/80", "20/40", "20/40/80/160",
                                    "nan/40/80"])
def test_ranges_not_as_the_chart_prints_them_are_refused(tmp_path, capsys, ranges):
    assert _validate(tmp_path, capsys, FAR.format(ranges=ranges, at=PLACED)) == (
        2, f"{EXPECTED_RANGES}'{ranges}'\n")


def test_ranges_not_as_the_chart_prints_them_are_refused_off_the_map_too(registry, wod):
    doc = wod.example("carter-medium-burst.toml")
    doc["weapon"]["ranges"] = "600/300/150"
    with pytest.raises(BadInput) as info:
        build_attack(registry, doc, "test.toml")
    assert str(info.value) == f"test.toml: {EXPECTED_RANGES}'600/300/150'"


def test_the_fuzzer_s_file_with_the_chart_s_ranges_reads_long_range(registry, tmp_path, capsys, resolve):
    import tomllib

    doc = tomllib.loads(FAR.format(ranges="150/300/600", at=PLACED))
    assert build_attack(registry, doc, "test.toml").targets[0].range == "long"
    assert resolve(doc, seed=1).steps[0].value == 5  # 3 + 3 + 3, long range −4


@pytest.mark.parametrize(
    ("ranges", "at", "why"),
    [
        ("", PLACED, 'the assault rifle gives no ranges to read the band against: give weapon.ranges, '
                     'short/medium/long in yards (e.g. "150/300/600"), or type it'),
        ("150/300/600", "Farrow = [310, 80]", "Carter is not placed on the map: add him to map.at, or type it"),
        ("150/300/600", "Carter = [0, 0]", "Farrow is not placed on the map: add him to map.at, or type it"),
        ("", "", "Carter is not placed on the map: add him to map.at, or type it"),
    ],
)
def test_a_range_band_the_map_cannot_read_is_required(tmp_path, capsys, ranges, at, why):
    assert _validate(tmp_path, capsys, FAR.format(ranges=ranges, at=at)) == (
        2, f"targets[0].range: required field is missing ({why})\n")


@pytest.mark.parametrize(("ranges", "at"), [("", PLACED), ("150/300/600", "Carter = [0, 0]"), ("", "")])
def test_a_typed_range_band_stands_where_the_map_cannot_read_one(registry, ranges, at):
    import tomllib

    doc = tomllib.loads(FAR.format(ranges=ranges, at=at))
    doc["targets"][0]["range"] = "medium"
    assert build_attack(registry, doc, "test.toml").targets[0].range == "medium"


def test_a_range_band_is_required_of_each_target_the_map_cannot_read(registry, wod):
    doc = wod.example("four-targets-on-the-map.toml")
    del doc["map"]["at"]["Jones"]
    with pytest.raises(BadInput) as info:
        build_attack(registry, doc, "test.toml")
    index = [t["name"] for t in doc["targets"]].index("Jones")
    assert str(info.value) == (f"test.toml: targets[{index}].range: required field is missing (Jones is not placed "
                               "on the map: add him to map.at, or type it)")


# -- hostile and mistyped maps -----------------------------------------------------------
@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["map"].update(kind="hex"), r"map.kind: wod is played on a map of kind 'yards'"),
        (lambda d: d["map"].update(kind="inches"), r"map.kind"),
        (lambda d: d["map"]["at"].update(Farrow="north"), r"map.at"),
        (lambda d: d["map"]["at"].update(Farrow=[1, "x"]), r"map.at"),
        (lambda d: d["map"].update(at=[1, 2]), r"map.at"),
        (lambda d: d["map"].update(facing="east"), r"map.facing"),
        (lambda d: d["map"].update(colour="red"), r"map"),
        (lambda d: d.update(map="here"), r"map"),
        (lambda d: d.update(weapon="frag"), r"weapon"),
        (lambda d: d["weapon"].update(ranges=7), r"weapon.ranges"),
        (lambda d: d["weapon"].update(name=["assault rifle"]), r"weapon.name"),
        (lambda d: d.update(targets="Farrow"), r"targets"),
        (lambda d: d.update(targets=["Farrow"]), r"targets\[0\]"),
        (lambda d: d["targets"][0].update(name=5), r"targets\[0\].name"),
        (lambda d: d["targets"][1].update(prone="yes"), r"targets\[1\].prone"),
        (lambda d: d["targets"][1].update(range="near"), r"targets\[1\].range"),
        (lambda d: d.update(mode=7), r"mode"),
        (lambda d: d.update(shooter="Carter"), r"shooter"),
    ],
)
def test_a_hostile_or_mistyped_map_document_is_one_clean_line(registry, wod, change, field):
    doc = wod.example("four-targets-on-the-map.toml")
    change(doc)
    with pytest.raises(BadInput, match=rf"^test.toml: {field}") as info:
        build_attack(registry, doc, "test.toml")
    assert "\n" not in str(info.value) and "Traceback" not in str(info.value)


def test_junk_positions_the_hook_cannot_place_measure_nothing(registry, wod):
    doc = wod.example("short-burst-into-melee-on-the-map.toml")
    doc["mode"] = "single"
    doc["shooter"]["name"] = "Nobody placed"
    for target in doc["targets"]:
        target["range"] = "short"  # typed: with the shooter off the map, none can be read
    attack = build_attack(registry, doc, "test.toml")
    assert [m.path for m in attack.measures] == ["targets[1].avoided"]


# -- odds, and the map drawn ------------------------------------------------------------
def test_exact_odds_on_the_map_are_the_typed_example_s(registry, wod):
    on_map = compute_odds(registry, build_attack(registry, wod.example("four-targets-on-the-map.toml")))
    typed = compute_odds(registry, build_attack(registry, wod.example("four-targets-long-burst.toml")))
    assert on_map.exact
    for name, dice in {"Farrow": 4, "Sykes": 5, "Jones": 5, "Bystander": 8}.items():
        assert on_map.targets[name].hit == pytest.approx(1 - 0.7**dice, abs=1e-9)
        assert on_map.targets[name] == typed.targets[name]


def test_the_areas_shaded_are_a_yard_round_each_aimed_at_target(registry, wod):
    from gunline.mapcli import areas

    attack = build_attack(registry, wod.example("four-targets-on-the-map.toml"))
    shaded = areas(registry, attack, None)
    assert [(a.shape, a.centre, a.radius) for a in shaded] == [
        ("circle", (310, 80), 1.0), ("circle", (40, 10), 1.0), ("circle", (40, -10), 1.0)]
    assert shaded[0].label == "a yard round Farrow: a burst catches anyone in it"
    doc = wod.example("prone-at-point-blank.toml")
    doc["map"] = {"kind": "yards", "at": {"Carter": [0, 0], "Sykes": [0.6, 0.8]}}
    labels = [a.label for a in areas(registry, build_attack(registry, doc), None)]
    assert labels == ["a yard round Sykes: close combat: a single shot may avoid those in it",
                      "a yard round Carter: point blank"]
    assert math.isclose(math.dist((0, 0), (0.6, 0.8)), 1.0)
