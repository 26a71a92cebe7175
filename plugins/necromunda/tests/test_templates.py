"""Sustained fire, blast templates, grenades and the flamer (notes N-21 to N-26)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from gunline.errors import AttackRefused
from gunline.odds import compute_odds
from gunline.runner import check
from gunline_necromunda.shots import scatter_inches
from gunline_necromunda.tables import ARTILLERY


def test_n21_two_sf_dice_of_2_and_3_give_5_shots_spread_over_near_targets(nec):
    doc = nec.example("heavy-bolter-sustained-fire.toml")
    # D3s 2 and 3; Leader 2 shots (both miss), Ganger 2 (miss, miss), Juve 1 (miss)
    chain = nec.resolve(doc, [2, 3, 1, 2, 3, 3, 1])
    shots = nec.step(chain, "shots")
    assert shots.value == 5 and shots.target is None
    assert shots.data["allotted"] == {"Escher Leader": 2, "Escher Ganger": 2, "Escher Juve": 1}
    pools = {s.target: s for s in nec.steps(chain, "pool")}
    assert [len(nec.step(chain, "hit", n).rolls) for n in pools] == [2, 2, 1]
    assert pools["Escher Juve"].value == 5  # its own partial cover
    assert pools["Escher Leader"].text == "needs 4+ to hit, 2 shots"


def test_every_sf_shot_rolls_to_hit_and_each_six_forces_an_ammo_roll(nec):
    doc = nec.example("heavy-bolter-sustained-fire.toml")
    # 2 shots (1+1): Leader 6 (hit), Ganger 6 (hit); wounds fail (1, 1); ammo x2
    chain = nec.resolve(doc, [1, 1, 6, 1, 6, 1, 6, 6, 6, 6])
    assert nec.step(chain, "hit", "Escher Leader").data["sixes"] == 1
    assert len(nec.step(chain, "ammo").rolls) == 2
    assert nec.step(chain, "hit", "Escher Juve").value == 0
    assert nec.step(chain, "pool", "Escher Juve").value is None


def test_sf_with_no_near_targets_puts_every_shot_on_the_first(nec):
    doc = nec.scenario("heavy stubber", targets=[{"name": "Goliath", "distance": 10, "toughness": 10}])
    chain = nec.resolve(doc, [3, 1, 2, 3])
    assert nec.step(chain, "shots").data["allotted"] == {"Goliath": 3}
    assert nec.step(chain, "hit").value == 0 and len(nec.step(chain, "hit").rolls) == 3


def test_sf_targets_must_be_marked_near_the_first(nec):
    doc = nec.example("heavy-bolter-sustained-fire.toml")
    doc["targets"][2]["near_first"] = False
    with pytest.raises(AttackRefused, match="near_first"):
        check(nec.registry, nec.attack(doc))


def test_a_single_shot_weapon_takes_one_target(nec):
    doc = nec.scenario("lasgun", targets=[{"name": "A", "distance": 5}, {"name": "B", "distance": 6}])
    with pytest.raises(AttackRefused, match="one target"):
        check(nec.registry, nec.attack(doc))


def test_blast_hit_catches_wholly_and_partly_covered_targets(nec):
    doc = nec.example("missile-blast-scatter.toml")
    # hit 4; Van Saar: wound S4 vs T3 3+ fails on 2; Juve partly: 4 hits; wound 1 fails
    chain = nec.resolve(doc, [4, 2, 5, 1])
    assert nec.step(chain, "hit", "Van Saar").value == 1
    assert nec.step(chain, "pool", "Van Saar Juve").value == 4
    assert nec.step(chain, "hit", "Van Saar Juve").value == 1
    assert chain.targets["Van Saar Juve"]["status"] == "pinned"
    assert nec.steps(chain, "scatter") == []
    chain = nec.resolve(doc, [4, 2, 3])  # partly: 3 misses
    assert nec.step(chain, "hit", "Van Saar Juve").value == 0


def test_n22_blast_miss_scatters_at_most_half_the_distance(nec):
    doc = nec.example("missile-blast-scatter.toml")
    # miss (3); scatter arrow 2, artillery face 4 = 8" -> capped at 6"; juve wholly under; wound 1 fails
    chain = nec.resolve(doc, [3, 2, 4, 1])
    scatter = nec.step(chain, "scatter", "Van Saar")
    assert scatter.data["inches"] == 6 and "6\"" in scatter.text
    assert nec.step(chain, "hit", "Van Saar Juve").value == 1
    assert chain.targets["Van Saar"]["status"] == "unharmed"
    assert scatter_inches(ARTILLERY(4), 12, grenade=False) == 6
    assert scatter_inches(ARTILLERY(2), 12, grenade=False) == 4


def test_n24_misfire_is_a_dud(nec):
    doc = nec.example("missile-blast-scatter.toml")
    chain = nec.resolve(doc, [3, 2, 6])
    assert nec.step(chain, "scatter").data["template"] == "dud"
    assert "dud" in nec.step(chain, "scatter").text
    assert nec.step(chain, "hit", "Van Saar Juve").value == 0
    assert all(t["status"] == "unharmed" for t in chain.targets.values())


def test_n23_grenade_scatter_is_halved_with_no_cap(nec):
    doc = nec.example("grenade-scatter.toml")
    # miss (needs 5: cover -1 only), arrow 1, artillery face 5 = 10" -> 5" (2" away: no cap)
    chain = nec.resolve(doc, [4, 1, 5, 3])  # Cawdor Juve partly under the scattered template: 3 misses
    assert nec.step(chain, "scatter").data["inches"] == 5
    assert scatter_inches(ARTILLERY(5), 2, grenade=True) == 5


def test_the_scatter_step_value_is_the_inches_even_between_whole_ones(nec):
    """Issue 18, point 5: a 2.5" scatter is 2.5, not null; N-22's cap and N-23's
    halving give the step's value as well as its text."""
    doc = nec.example("blast-scatter-half-inches.toml")
    # miss (2); arrow 4, artillery face 3 = 6" -> at most half the 5": 2.5"; Juve partly under: 3 misses
    chain = nec.resolve(doc, [2, 4, 3, 3])
    scatter = nec.step(chain, "scatter", "Cawdor")
    assert scatter.value == 2.5 and scatter.data["inches"] == 2.5
    assert scatter.text == 'scatters 2.5" towards arrow 4 (artillery 6, at most half the 5" distance)'
    assert nec.step(chain, "scatter", "Cawdor").value == 2.5
    chain = nec.resolve(nec.example("missile-blast-scatter.toml"), [3, 2, 4, 1])  # N-22: 8" capped at 6"
    assert nec.step(chain, "scatter").value == 6 and isinstance(nec.step(chain, "scatter").value, int)
    chain = nec.resolve(nec.example("grenade-scatter.toml"), [4, 1, 5, 3])  # N-23: 10" halved, no cap
    assert nec.step(chain, "scatter").value == 5
    grenade = nec.example("grenade-scatter.toml")
    chain = nec.resolve(grenade, [4, 1, 3, 3])  # artillery 6" halved: 3" (past half the 2" distance)
    assert nec.step(chain, "scatter").value == 3
    misfire = nec.resolve(doc, [2, 4, 6])
    assert nec.step(misfire, "scatter").value is None  # a dud: no distance at all


@pytest.mark.parametrize(
    ("example", "target", "expected"),
    [
        # 4+ to hit: a miss half the time; the artillery's 2" stays 2", its 4 to 10 are 2.5", a misfire nothing
        ("blast-scatter-half-inches.toml", "Cawdor", F(1, 2) * (2 + 4 * F(5, 2)) / 6),
        # 12" away: 2, 4, 6, 6, 6 (8 and 10 capped at 6), a misfire nothing
        ("missile-blast-scatter.toml", "Van Saar", F(1, 2) * F(2 + 4 + 6 + 6 + 6, 6)),
    ],
)
def test_the_expected_scatter_is_the_faces_weighed_by_hand(nec, example, target, expected):
    doc = nec.example(example)
    odds = compute_odds(nec.registry, nec.attack(doc))
    assert odds.exact
    assert odds.targets[target].expected["scatter"] == pytest.approx(float(expected), abs=1e-12)
    leaves = nec.enumerate(doc)
    brute = sum((w * F(s.value or 0) for w, c in leaves for s in nec.steps(c, "scatter", target)), F(0))
    assert brute == expected


def test_grenade_cover_rule(nec):
    doc = nec.example("grenade-scatter.toml")
    pool = nec.step(nec.resolve(doc, [4, 1, 6]), "pool", "Cawdor")
    assert [(m.label, m.value) for m in pool.modifiers] == [("cover (grenade)", -1)]
    doc["targets"][0]["cover"] = "partial"
    pool = nec.step(nec.resolve(doc, [3, 1, 6]), "pool", "Cawdor")
    assert pool.modifiers == [] and pool.value == 4


@pytest.mark.parametrize("distance, in_range", [(9, True), (9.5, False)])
def test_n25_grenade_range_is_strength_times_3(nec, distance, in_range):
    doc = nec.example("grenade-at-nine-inches.toml")
    doc["targets"][0]["distance"] = distance
    chain = nec.resolve(doc, [1] if in_range else [])
    assert (nec.step(chain, "pool").value is not None) == in_range


def test_n26_flamer_auto_hits_without_cover_or_range_modifiers(nec):
    doc = nec.example("flamer-vs-flak.toml")
    # Delaque wholly under (in cover: no matter): wound 4 (S4 vs T3 3+), flak vs template 5+ at −2 = 7+:
    # no save; injury 3 down. Juve partly: 5 hits; wound 2 fails. Ammo 2D6 4+: 2+2 ok.
    chain = nec.resolve(doc, [4, 3, 5, 2, 2, 2])
    pool = nec.step(chain, "pool", "Delaque")
    assert pool.modifiers == [] and pool.value is None
    hit = nec.step(chain, "hit", "Delaque")
    assert hit.value == 1 and hit.rolls == []
    assert chain.targets["Delaque"]["status"] == "down"
    assert nec.step(chain, "hit", "Delaque Juve").value == 1
    assert chain.targets["Delaque Juve"]["status"] == "pinned"
    assert len(nec.step(chain, "ammo").rolls) == 1


def test_blast_out_of_range_has_no_effect(nec):
    doc = nec.example("missile-blast-scatter.toml")
    doc["targets"][0]["distance"] = 80
    doc["targets"][1]["distance"] = 81  # beside him, under the template (the nearest-target rule reads it)
    chain = nec.resolve(doc, [])
    assert "out of range" in nec.step(chain, "pool", "Van Saar").text
    assert nec.steps(chain, "scatter") == []
    assert nec.step(chain, "hit", "Van Saar Juve").value == 0
