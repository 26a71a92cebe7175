"""Necromunda on a map (issue 20): the distances, who stands near the first target,
who lies under a template and where a scattered blast comes down are measured on the
table, by hand-computed positions; a value the GM typed still wins, and the chain
says which was used."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from gunline.errors import BadInput
from gunline.odds import compute_odds

TABLE = {"Goliath Heavy": [0, 0], "Van Saar": [12, 0], "Van Saar Juve": [13, 0.5], "Escher": [18, 0]}


def on_the_table(nec, at=None):
    doc = nec.example("missile-on-the-map.toml")
    if at is not None:
        doc["map"]["at"] = at
    return doc


def geometry(chain):
    return {m.path: m for m in chain.geometry}


def test_distances_are_measured_and_rounded_to_a_tenth(nec):
    attack = nec.attack(on_the_table(nec))
    assert [t.distance for t in attack.targets] == [12, 13.0, 18]  # √(13² + 0.5²) = 13.0096
    used = {m.path: m.value for m in attack.measures if m.used}
    assert used["targets[1].distance"] == 13.0


def test_n22_laid_out_on_the_table_gives_the_typed_example_s_chain(nec):
    """The seed's frag missile (N-22): on a hit the juve beside the Van Saar lies
    partly under the template, measured here (1.12" between their centres, a ½"
    base, a 1" radius) where the typed example marks it."""
    typed = nec.example("missile-blast-scatter.toml")
    placed = on_the_table(nec, {k: v for k, v in TABLE.items() if k != "Escher"})
    placed["targets"] = placed["targets"][:2]
    for faces in ([4, 2, 5, 1], [4, 2, 3], [6, 6, 4, 6, 1]):
        a, b = nec.resolve(typed, faces), nec.resolve(placed, faces)
        assert [(s.kind, s.target, s.value) for s in a.steps] == [(s.kind, s.target, s.value) for s in b.steps]
        assert a.targets == b.targets
    chain = nec.resolve(placed, [4, 2, 5, 1])
    assert geometry(chain)["targets[1].under_template"].value == "partly"


def test_every_chain_on_the_table_is_the_typed_chain_with_the_coverage_worked_by_hand(nec):
    """A second method, over every way the dice can fall: for each chain on the table,
    work out by hand where a missed blast came down (arrow 1 east, then every 60°
    anticlockwise; artillery faces 1-5 are 2"-10", at most 6" here) and how the juve's
    ½" base lies under the 1" template there; the typed example with that marked
    gives the same chain. (A 2" scatter east or north-east catches him partly.)"""
    typed = nec.example("missile-blast-scatter.toml")
    placed = on_the_table(nec, {k: v for k, v in TABLE.items() if k != "Escher"})
    placed["targets"] = placed["targets"][:2]
    leaves = nec.enumerate(placed)
    caught = Fraction(0)
    for weight, chain in leaves:
        faces = list(chain.dice)
        cov = "none"
        if faces[0] <= 3 and faces[2] < 6:  # a miss, and no misfire
            inches = min(2 * faces[2], 6)
            bearing = math.radians(60 * (faces[1] - 1))
            d = math.dist((12 + inches * math.cos(bearing), inches * math.sin(bearing)), (13, 0.5))
            cov = "wholly" if d + 0.5 <= 1 else "partly" if d - 0.5 < 1 else "none"
            caught += weight if cov != "none" else 0
        typed["targets"][1]["under_scatter"] = cov
        assert nec.resolve(typed, faces).targets == chain.targets, faces
    assert caught == Fraction(3, 6) * Fraction(2, 6) * Fraction(1, 6)  # miss, arrow 1 or 2, a 2" scatter
    assert compute_odds(nec.registry, nec.attack(placed)).exact


@pytest.mark.parametrize(
    ("arrow", "landed", "escher"),
    [
        (1, (18, 0), "wholly"),  # east: onto the Escher 6" beyond
        (2, (15, 5.196), "none"),  # 60°: 6 cos 60 = 3, 6 sin 60 = 5.196
        (4, (6, 0), "none"),  # west, back towards the shooter
        (6, (15, -5.196), "none"),
    ],
)
def test_a_missed_blast_comes_down_where_the_scatter_dice_point(nec, arrow, landed, escher):
    doc = on_the_table(nec)
    faces = [2, arrow, 3] + ([1] if escher != "none" else [])  # miss; arrow; artillery 6"
    chain = nec.resolve(doc, faces)
    scatter = nec.step(chain, "scatter", "Van Saar")
    assert scatter.data["inches"] == 6
    assert scatter.data["landed"] == pytest.approx(list(landed), abs=1e-3)
    assert "landing at" in scatter.text
    hit = {s.target: s.value for s in nec.steps(chain, "hit")}
    assert hit.get("Escher", 0) == (1 if escher == "wholly" else 0)
    assert hit.get("Van Saar Juve", 0) == 0  # ≥ 5" from every landing here


def test_a_scatter_that_lands_by_the_juve_catches_him_partly(nec):
    # the juve 3" north of where a 6" east scatter comes down ((18, 0)): put him 1.2"
    # from it, so his base (½") overlaps the 1" template: partly, 4+ to be hit
    at = dict(TABLE, **{"Van Saar Juve": [18, 1.2], "Escher": [30, 0]})
    chain = nec.resolve(on_the_table(nec, at), [2, 1, 3, 4, 1])
    assert nec.step(chain, "hit", "Van Saar Juve").value == 1
    assert nec.step(chain, "hit", "Escher").value == 0
    chain = nec.resolve(on_the_table(nec, at), [2, 1, 3, 3])
    assert nec.step(chain, "hit", "Van Saar Juve").value == 0


def test_a_typed_value_wins_over_the_table_and_the_chain_says_both(nec):
    doc = on_the_table(nec)
    doc["targets"][1]["distance"] = 20
    doc["targets"][1]["under_template"] = "wholly"
    attack = nec.attack(doc)
    assert attack.targets[1].distance == 20 and attack.targets[1].under_template == "wholly"
    chain = nec.resolve(doc, [4, 2, 1])  # hit; the Van Saar not wounded; the juve, wholly under, not either
    m = geometry(chain)
    assert not m["targets[1].distance"].used and m["targets[1].distance"].typed == 20
    assert m["targets[1].distance"].value == 13.0
    assert not m["targets[1].under_template"].used and m["targets[1].under_template"].value == "partly"
    assert m["targets[0].distance"].used
    # the marked under_scatter also wins over where the blast lands
    doc = on_the_table(nec)
    doc["targets"][1]["under_scatter"] = "wholly"
    chain = nec.resolve(doc, [2, 4, 3, 1])  # lands at (6, 0), far from everyone; the juve marked wholly
    assert nec.step(chain, "hit", "Van Saar Juve").value == 1


def test_sustained_fire_reads_who_is_within_4_inches_of_the_first_target(nec):
    doc = nec.example("heavy-bolter-sustained-fire.toml")
    for t in doc["targets"]:
        t.pop("distance")
        t.pop("near_first", None)
    # Leader at 18"; Ganger 3" from him (near); Juve 4.5" from him (not near)
    doc["map"] = {"kind": "inches", "at": {"Orlok Heavy": [0, 0], "Escher Leader": [18, 0],
                                            "Escher Ganger": [18, 3], "Escher Juve": [22.5, 0]}}
    attack = nec.attack(doc)
    assert [t.near_first for t in attack.targets] == [False, True, False]
    assert attack.targets[1].distance == round(math.hypot(18, 3), 1) == 18.2


def test_the_nearest_target_rule_reads_the_map(nec):
    doc = nec.example("nearest-target-easier-to-hit.toml")
    for t in doc["targets"]:
        t.pop("distance")
    doc["map"] = {"kind": "inches", "at": {"Vex": [0, 0], "Goliath in the open": [0, 14],
                                            "Goliath in cover": [8, 0]}}
    attack = nec.attack(doc)
    assert [t.distance for t in attack.targets] == [14, 8]
    chain = nec.resolve(doc, [4, 1])
    assert nec.step(chain, "pool", "Goliath in the open").text.startswith("needs 4+")
    # move the open Goliath nearer than the one in cover: no longer farther, still shot at
    doc["map"]["at"]["Goliath in the open"] = [0, 6]
    assert nec.attack(doc).targets[0].distance == 6


def test_a_map_of_the_wrong_kind_or_shape_is_refused_by_field(nec):
    doc = on_the_table(nec)
    doc["map"]["kind"] = "hex"
    with pytest.raises(BadInput, match=r"test.toml: map.kind: necromunda is played on a map of kind 'inches'"):
        nec.attack(doc)
    doc = on_the_table(nec)
    doc["map"]["at"]["Escher"] = "north"
    with pytest.raises(BadInput, match=r"test.toml: map.at"):
        nec.attack(doc)
    doc = on_the_table(nec)
    doc["weapon"] = "frag"  # a hostile shape reaches the measure hook before validation
    with pytest.raises(BadInput, match=r"test.toml: weapon"):
        nec.attack(doc)


def test_without_positions_nothing_is_measured(nec):
    doc = on_the_table(nec)
    doc["map"]["at"] = {}
    with pytest.raises(BadInput, match=r"targets\[0\].distance"):
        nec.attack(doc)
    assert nec.attack(nec.example("missile-blast-scatter.toml")).measures == ()


def test_probability_of_the_scattered_hit_on_the_escher(nec):
    """A second method: by hand, the Escher is hit by a scatter only for a miss (1-3
    of 6 with BS 3 at 12": 4+), arrow 1 (of 6) and artillery 3, 4 or 5 (6", 8", 10"
    capped at 6": the cap is half the 12"), then wounded... here only whether she is
    hit: 3/6 × 1/6 × 3/6 = 1/24."""
    leaves = nec.enumerate(on_the_table(nec))
    hit = nec.probability(leaves, lambda c: any(s.kind == "hit" and s.target == "Escher" and s.value for s in c.steps))
    assert hit == Fraction(1, 24)
