"""Fallout on a hex map (issue 20): each target's distance is counted in hexes, a
burst's area is the 3-hex-wide band along the line of fire (1 hex past the model it
is fired at, 1 hex wider on each side), who stands in it is ``in_area``, and the
bullets reach those in it nearest the shooter first. The seed's worked examples laid
out on a map give the typed examples' chains; a value the GM typed still wins, and
the chain says both.

Axial coordinates [q, r], pointy-topped: a hex's neighbours are q±1; r±1; q+1 r−1;
q−1 r+1. Row r is drawn half a hex further right than row r−1. The hex distance from
[0, 0] to [q, r] is (|q| + |r| + |q + r|) / 2.
"""

from __future__ import annotations

import copy

import msgspec
import pytest

from gunline.battlefield import Battlefield, hex_distance
from gunline.errors import AttackRefused, BadInput
from gunline.odds import compute_odds
from gunline.runner import run
from gunline.testing.checks import scenario_document
from gunline_fallout import measuring


def geometry(chain_or_attack):
    measures = getattr(chain_or_attack, "geometry", None)
    if measures is None:
        measures = chain_or_attack.measures
    return {m.path: m for m in measures}


def same_chain(a, b):
    """The chains read out alike: every step, the outcomes, the state after, the dice."""
    assert [(s.kind, s.target, s.value, s.text) for s in a.steps] == [(s.kind, s.target, s.value, s.text)
                                                                    for s in b.steps]
    assert a.outcomes == b.outcomes and a.targets == b.targets and a.weapon == b.weapon
    assert a.dice == b.dice


def on_the_map(doc, at, **extra):
    """``doc`` with its targets' distances left to the map."""
    doc = copy.deepcopy(doc)
    for t in doc["targets"]:
        t.pop("distance", None)
    doc["map"] = {"kind": "hex", "at": at, **extra}
    return doc


# -- the geometry, by hand ------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "hexes"),
    [
        ((6, 0), 6),  # straight east: 6 + 0 + 6 = 12, /2
        ((3, -1), 3),  # 3 + 1 + 2 = 6, /2
        ((4, 2), 6),  # 4 + 2 + 6 = 12, /2 (a straight ruler would say 5.3)
        ((0, 36), 36),  # along the south-east row
        ((1, 33), 34),  # 1 + 33 + 34 = 68, /2
        ((17, -16), 17),  # 17 + 16 + 1 = 34, /2
        ((-2, -3), 5),  # 2 + 3 + 5 = 10, /2
    ],
)
def test_hex_distances_are_counted_by_hand(fo, registry, cell, hexes):
    assert hex_distance((0, 0), cell) == hexes
    doc = fo.BASE | {"map": {"kind": "hex", "at": {"Vic": [0, 0], "raider": list(cell)}}}
    doc = copy.deepcopy(doc)
    doc["targets"][0].pop("distance")
    attack = fo.attack_of(registry, doc)
    assert attack.targets[0].distance == hexes
    m = geometry(attack)["targets[0].distance"]
    assert m.used and m.value == hexes and m.text == f"raider: {hexes} hexes from Vic on the map"


#   r = -1      a  b  .  .  .  .  .  c  d          the band from H [0, 0] through
#   r =  0    e  H  .  .  m  .  .  B  f  g         B [6, 0]: the hexes within 1 of
#   r = +1      h  i  .  .  .  .  j  k             the line H..f ([7, 0], 1 beyond B)
#   r = +2        .  .  .  n  .                    that are neither behind H nor
#   q (r=0)   -1 0  1  2  3  4  5  6  7  8         past f: at most 7 from both.
STRAIGHT = {
    "H": [0, 0], "B": [6, 0],
    "a": [0, -1],  # NW of H: 8 from f ([7,0]: 7 + 1 + 8) — behind: out
    "b": [1, -1],  # NE of H: 1 from H, 7 from f — beside him: in
    "c": [7, -1],  # above f: 7 from H, 1 from f: in
    "d": [8, -1],  # 8 from H (8 + 1 + 7): out
    "e": [-1, 0],  # behind H: 8 from f: out
    "m": [3, 0],  # on the line, 3 from H: in
    "f": [7, 0],  # 1 hex beyond B: in
    "g": [8, 0],  # 2 beyond: 8 from H: out
    "h": [-1, 1],  # SW of H: 8 from f (8 + 1 + 7): out
    "i": [0, 1],  # SE of H: 1 from H, 7 from f (7 + 1 + 6): in
    "j": [6, 1],  # below B: 7 from H (6 + 1 + 7), 1 from f: in
    "k": [7, 1],  # 8 from H (7 + 1 + 8): out
    "n": [3, 2],  # 2 from the line ([2,0]: 1 + 2 + 1 ... /2 = 2; [3,0]: 2): out
}


def test_the_band_along_a_straight_line_by_hand():
    field = Battlefield(kind="hex", at={k: (float(q), float(r)) for k, (q, r) in STRAIGHT.items()})
    band = field.band("H", "B", beyond=measuring.BAND_BEYOND, half_width=measuring.BAND_SIDE)
    assert set(band) == {"b", "c", "m", "f", "i", "j", "B"}
    # nearest the shooter first: b, i (1); m (3); B (6); c, f, j (7)
    distances = [field.distance("H", n) for n in band]
    assert distances == sorted(distances) == [1, 1, 3, 6, 7, 7, 7]
    assert set(band[:2]) == {"b", "i"} and band[2:4] == ["m", "B"]


#   the south-east row: H [0, 0] through B [0, 5], the band to [0, 6]
#   r = 0   e  H  p                 p [1, 0]: E of H, 6 from [0, 6] (1 + 6 + 5): in
#   r = 1     .  x  .               e [-1, 0]: W of H, 7 from [0, 6] (1 + 6 + 7): out
#   r = 2       .  x  s             s [1, 2]: beside [0, 2]: in
#   r = 3     t  .  x  .            t [-1, 3]: beside [0, 3]: in; u [2, 2]: 2 off: out
#   r = 5             B             v [0, 7]: 2 beyond B, 7 from H: out
SOUTH_EAST = {"H": [0, 0], "B": [0, 5], "p": [1, 0], "e": [-1, 0], "s": [1, 2], "t": [-1, 3],
              "u": [2, 2], "v": [0, 7], "w": [0, 6]}


def test_the_band_along_a_hex_row_by_hand():
    field = Battlefield(kind="hex", at={k: (float(q), float(r)) for k, (q, r) in SOUTH_EAST.items()})
    band = field.band("H", "B", beyond=1, half_width=1)
    # p 1 from H; s (1 + 2 + 3)/2 and t (1 + 3 + 2)/2 both 3; B 5; w 6
    assert band[0] == "p" and set(band[1:3]) == {"s", "t"} and band[3:] == ["B", "w"]
    assert [field.distance("H", n) for n in band] == [1, 3, 3, 5, 6]


# -- the seed's examples laid out on the map --------------------------------------------

HARRY = {"Harry": [0, 0], "Dr. Horat": [3, 0], "bandit": [6, 0]}


def test_the_bundled_harry_example_reads_the_map(registry, fo):
    attack = fo.attack_of(registry, fo.example("harry_on_the_hex_map.toml"))
    assert [(t.name, t.distance, t.in_area) for t in attack.targets] == [("Dr. Horat", 3, True), ("bandit", 6, True)]
    assert attack.settings.line_of_fire == "bandit"
    m = geometry(attack)
    assert m["targets"].value == ["Dr. Horat", "bandit"] and m["targets"].used
    assert m["line_of_fire"].used and m["line_of_fire"].value == "bandit"
    assert all(x.used for x in m.values())


def test_fo14_laid_out_on_the_map_gives_the_typed_example_s_chain(registry, fo):
    """FO-14: Harry fires at the bandit (listed first); Horat, 3 hexes away in the
    band, takes every bullet first; only the misses go on. Same dice, same chain."""
    typed = fo.attack_of(registry, fo.example("harry_horat_bandit.toml"))
    placed = fo.attack_of(registry, fo.example("harry_on_the_hex_map.toml"))
    for seed in range(25):
        a, _ = run(registry, typed, seed=seed)
        b, _ = run(registry, placed, seed=seed)
        same_chain(a, b)
    assert b.geometry and not a.geometry
    # and with dice the typed example would miss with (the chance under 100%)
    low = fo.example("harry_horat_bandit.toml")
    low["shooter"]["skill"] = 0
    low["shooter"]["perception"] = 1
    on_map = on_the_map(low, HARRY)
    on_map["targets"].reverse()  # the bandit first: the map orders them
    faces = [95] * 10 + [90] * 10  # every bullet misses Horat, then the bandit
    for seed in range(5):
        a, _ = run(registry, fo.attack_of(registry, low), faces=faces, seed=seed)
        b, _ = run(registry, fo.attack_of(registry, on_map), faces=faces, seed=seed)
        same_chain(a, b)


#   Vic [0, 0] fires along the south-east row at the dog [0, 36]; the raider [1, 33]
#   stands beside that row (1 from [0, 33] and [0, 34]), 34 hexes from Vic.
CLUSTER = {"Vic": [0, 0], "raider": [1, 33], "dog": [0, 36]}


def test_fo11_the_cluster_burst_laid_out_on_the_map_gives_the_typed_chain(registry, fo):
    doc = fo.example("cluster_burst_seventy.toml")
    placed = on_the_map(doc, CLUSTER)
    placed["targets"].reverse()  # the dog first: the raider nearer in the band still comes first
    attack = fo.attack_of(registry, placed)
    assert [(t.name, t.distance, t.in_area) for t in attack.targets] == [("raider", 34, True), ("dog", 36, True)]
    # FO-11's dice at the raider: 6 hits, the 4 misses go on to the dog
    faces = [1, 7, 8, 0, 3, 9, 7, 2, 0, 5]
    a, _ = run(registry, fo.attack_of(registry, doc), faces=faces, seed=3)
    b, _ = run(registry, attack, faces=faces, seed=3)
    same_chain(a, b)
    assert fo.steps(b, "hit", "raider")[0].value == 6 and fo.steps(b, "hit", "dog")[0].data["bullets"] == 4
    for seed in range(10):
        same_chain(run(registry, fo.attack_of(registry, doc), seed=seed)[0], run(registry, attack, seed=seed)[0])


#   Sulik [0, 0] fires up the north-east row ([k, −k]) at the floater [19, −19]; the
#   super mutant stands on it at [16, −16] (16), the centaur beside it at [17, −16]
#   (17 + 16 + 1 = 34, /2 = 17; 1 from [16, −16] and [17, −17]).
MINIGUN = {"Sulik": [0, 0], "super mutant": [16, -16], "centaur": [17, -16], "floater": [19, -19]}


def test_the_minigun_laid_out_on_the_map_gives_the_typed_chain_and_odds(registry, fo):
    doc = fo.example("minigun_twenty_bullets.toml")
    placed = on_the_map(doc, MINIGUN)
    placed["targets"] = [placed["targets"][i] for i in (2, 0, 1)]
    typed, attack = fo.attack_of(registry, doc), fo.attack_of(registry, placed)
    assert [(t.name, t.distance) for t in attack.targets] == [("super mutant", 16), ("centaur", 17), ("floater", 19)]
    for seed in range(10):
        same_chain(run(registry, typed, seed=seed)[0], run(registry, attack, seed=seed)[0])
    a, b = compute_odds(registry, typed), compute_odds(registry, attack)
    assert a.exact and b.exact
    assert msgspec.to_builtins(a.targets) == msgspec.to_builtins(b.targets)


# -- who is in the band, and the order ---------------------------------------------------


def test_a_bystander_outside_the_band_takes_no_bullet_and_comes_last(registry, fo):
    """A brahmin at [2, 2], 4 hexes from Harry (2 + 2 + 4, /2) but 2 from the line
    ([2, 0], [3, 0] and [4, 0] each 2 away): outside the band, so it comes after the
    two in it, nearer though it is. A dog at [2, −1] (2 + 1 + 1, /2 = 2; beside [2, 0]
    and [1, 0]) stands in the band nearer than Horat: it is the first the burst meets."""
    doc = fo.example("harry_on_the_hex_map.toml")
    doc["targets"].insert(0, {"name": "brahmin", "hp": 40})
    doc["targets"].append({"name": "dog", "hp": 10})
    doc["map"]["at"] |= {"brahmin": [2, 2], "dog": [2, -1]}
    attack = fo.attack_of(registry, doc)
    assert [(t.name, t.distance, t.in_area) for t in attack.targets] == [
        ("dog", 2, True), ("Dr. Horat", 3, True), ("bandit", 6, True), ("brahmin", 4, False)]
    m = geometry(attack)  # indexed as the chain lists them: the brahmin last
    assert m["targets[3].in_area"].text == "outside the 3-hex band from Harry through bandit, 1 beyond"
    assert m["targets[0].in_area"].text == "in the 3-hex band from Harry through bandit, 1 beyond"
    assert m["targets"].value == ["dog", "Dr. Horat", "bandit", "brahmin"]
    for t in doc["targets"]:
        t["ac"] = 150  # chances of 68% (dog), 65% (Horat), 56% (bandit): 99 misses each
    chain, _ = run(registry, fo.attack_of(registry, doc), faces=[99] * 30, seed=1)
    brahmin = fo.steps(chain, "hit", "brahmin")[0]
    assert brahmin.rolls == [] and brahmin.text == "outside the burst area: 10 bullets fly past"


def test_the_line_of_fire_is_the_farthest_target_whatever_the_order(registry, fo):
    doc = fo.example("harry_on_the_hex_map.toml")
    for order in ([0, 1], [1, 0]):
        d = copy.deepcopy(doc)
        d["targets"] = [doc["targets"][i] for i in order]
        assert fo.attack_of(registry, d).settings.line_of_fire == "bandit"
    # two as far: the first by name
    field = Battlefield(kind="hex", at={"H": (0.0, 0.0), "zed": (3.0, 0.0), "amy": (0.0, 3.0)})
    assert measuring.farthest(field, "H", ["zed", "amy"]) == "amy"


def test_a_written_back_scenario_reads_as_the_same_attack(registry, fo):
    """Saved, the targets are in the order the map gave them, and the line of fire,
    a model not a place in the list, stays where it was."""
    doc = fo.example("harry_on_the_hex_map.toml")
    for listed in (doc["targets"], doc["targets"][::-1]):
        attack = fo.attack_of(registry, doc | {"targets": listed})
        assert fo.attack_of(registry, scenario_document(attack)) == attack


# -- typed values win ------------------------------------------------------------------


def test_typed_values_win_over_the_map_and_the_chain_says_both(registry, fo):
    doc = fo.example("harry_on_the_hex_map.toml")
    doc["targets"][1]["distance"] = 8  # the bandit
    doc["targets"][0]["in_area"] = False  # Horat
    attack = fo.attack_of(registry, doc)
    assert [(t.name, t.distance, t.in_area) for t in attack.targets] == [("bandit", 8, True), ("Dr. Horat", 3, False)]
    chain, _ = run(registry, attack, faces=[1] * 10, seed=1)
    m = geometry(chain)  # indexed as the chain lists the targets: the bandit, then Horat
    assert not m["targets[0].distance"].used and m["targets[0].distance"].typed == 8
    assert m["targets[0].distance"].value == 6
    assert not m["targets[1].in_area"].used and m["targets[1].in_area"].typed is False
    assert m["targets[1].in_area"].value is True
    assert m["targets[1].distance"].used and m["targets[1].distance"].value == 3
    assert "range (8 hexes" in fo.steps(chain, "pool", "bandit")[0].modifiers[0].label
    assert fo.steps(chain, "hit", "bandit")[0].value == 10


def test_a_typed_line_of_fire_moves_the_band(registry, fo):
    """Fired at Horat [3, 0], the band runs to [4, 0]: the bandit at [6, 0] is out."""
    doc = fo.example("harry_on_the_hex_map.toml")
    doc["line_of_fire"] = "Dr. Horat"
    attack = fo.attack_of(registry, doc)
    assert [(t.name, t.in_area) for t in attack.targets] == [("Dr. Horat", True), ("bandit", False)]
    m = geometry(attack)["line_of_fire"]
    assert not m.used and m.typed == "Dr. Horat" and m.value == "bandit"
    areas = measuring.map_areas(attack, None)
    assert [(a.shape, a.start, a.through, a.beyond) for a in areas] == [("band", "Harry", "Dr. Horat", 1)]
    doc["line_of_fire"] = "nobody"
    with pytest.raises(AttackRefused, match="line_of_fire: 'nobody' is not placed on the map"):
        fo.run(registry, doc, [])


def test_the_band_is_what_the_map_shades(registry, fo):
    attack = fo.attack_of(registry, fo.example("harry_on_the_hex_map.toml"))
    (area,) = measuring.map_areas(attack, None)
    assert (area.shape, area.start, area.through, area.beyond) == ("band", "Harry", "bandit", 1)
    assert area.label == "burst area: the 3-hex band from Harry through bandit, 1 beyond"


def test_a_single_shot_on_the_map_reads_only_the_distance(registry, fo):
    doc = on_the_map(fo.example("point_blank.toml"), {})
    doc["map"]["at"] = {doc["shooter"]["name"]: [0, 0], doc["targets"][0]["name"]: [-2, -3]}
    attack = fo.attack_of(registry, doc)
    assert attack.targets[0].distance == 5  # 2 + 3 + 5, /2
    assert list(geometry(attack)) == ["targets[0].distance"]
    assert measuring.map_areas(attack, None) == []
    assert compute_odds(registry, attack).exact


# -- hostile and mistyped maps -----------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["map"].update(kind="inches"), r"map.kind: fallout is played on a map of kind 'hex'"),
        (lambda d: d["map"]["at"].update(bandit="east"), r"map.at.bandit"),
        (lambda d: d["map"]["at"].update(bandit=[1, 2, 3]), r"map.at.bandit"),
        (lambda d: d["map"]["at"].update(bandit=[True, 0]), r"map.at.bandit"),
        (lambda d: d["map"]["at"].update(bandit=[1e300, 0]), r"map.at.bandit"),
        (lambda d: d["map"].update(blocked="all"), r"map.blocked"),
        (lambda d: d.update(map=7), r"map"),
        (lambda d: d.update(shooter="Harry"), r"shooter"),
        (lambda d: d.update(targets="bandit"), r"targets"),
        (lambda d: d.update(targets=["bandit", {"name": "Dr. Horat"}]), r"targets\[\d\]"),
        (lambda d: d["targets"][0].update(name=7), r"targets\[\d\].name"),
        (lambda d: d["targets"][0].update(distance="far"), r"targets\[\d\].distance"),
        (lambda d: d["targets"][0].update(in_area="yes"), r"targets\[\d\].in_area"),
        (lambda d: d.update(line_of_fire=["bandit"]), r"line_of_fire"),
        (lambda d: d.update(mode=3), r"mode"),
        (lambda d: d["targets"][1].update(name="Dr. Horat"), r"targets\[1\].name: 'Dr. Horat' names two targets"),
    ],
)
def test_a_hostile_map_document_gives_one_line_naming_the_field(registry, fo, change, field):
    doc = fo.example("harry_on_the_hex_map.toml")
    change(doc)
    with pytest.raises(BadInput, match=r"test.toml: " + field) as caught:
        fo.attack_of(registry, doc)
    assert "\n" not in str(caught.value)


def test_measure_reads_junk_without_raising():
    field = Battlefield(kind="hex", at={"Harry": (0.0, 0.0), "bandit": (6.0, 0.0)})
    for doc in ({}, {"mode": "burst"}, {"mode": "burst", "shooter": {"name": "Harry"}, "targets": [None, 3]},
                {"mode": "burst", "shooter": {"name": ["Harry"]}, "targets": [{"name": "bandit"}]},
                {"mode": "burst", "shooter": {"name": "Harry"}, "targets": [{"name": "bandit"}, {"name": {}}]},
                {"mode": "burst", "shooter": {"name": "Harry"}, "line_of_fire": 5, "targets": [{"name": "bandit"}]}):
        assert isinstance(measuring.measure(document=doc, battlefield=field), list)
    assert measuring.measure(document={"mode": "burst", "shooter": {"name": "Harry"},
                                       "targets": [{"name": "bandit"}, {"name": {}}]}, battlefield=field)


def test_without_positions_nothing_is_measured(registry, fo):
    doc = fo.example("harry_on_the_hex_map.toml")
    doc["map"]["at"] = {}
    with pytest.raises(BadInput, match=r"targets\[0\].distance"):
        fo.attack_of(registry, doc)
    assert fo.attack_of(registry, fo.example("harry_horat_bandit.toml")).measures == ()
