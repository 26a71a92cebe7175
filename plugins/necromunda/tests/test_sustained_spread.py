"""Issue 18, point 1: the GM spreads sustained-fire shots ("the first shot must go at
the main target; the others at any targets within 4" of it"): each target's ``shots``
says how many go at him, dealt in scenario order while they last, the rest at the
first target; the shots step says so. Forced dice against cases worked by hand, and
exact odds against fractions and the brute force over faces."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from gunline.errors import AttackRefused
from gunline.odds import compute_odds
from gunline.runner import check


def _stubber(nec, juve_shots=None, heavy_shots=None, leader_shots=None):
    """A heavy stubber (1 SF dice: a D3 of shots) at BS 4, 10" (short, no modifier):
    3+ to hit. S4 against T10 cannot wound, so nothing is rolled after the hits."""
    targets = [
        {"name": "Leader", "distance": 10, "toughness": 10},
        {"name": "Juve", "distance": 11, "toughness": 10, "near_first": True},
        {"name": "Heavy", "distance": 12, "toughness": 10, "near_first": True},
    ]
    for target, shots in zip(targets, (leader_shots, juve_shots, heavy_shots)):
        if shots is not None:
            target["shots"] = shots
    return nec.scenario("heavy stubber", targets=targets, bs=4)


def test_the_example_puts_the_shots_where_the_gm_says(nec):
    doc = nec.example("heavy-stubber-gm-spread.toml")
    chain = nec.resolve(doc, [3, 1, 2, 3, 1])  # 3 shots: Leader 1, 2 (two misses); Juve 3 (a hit), wound 1
    shots = nec.step(chain, "shots")
    assert shots.data == {"allotted": {"Goliath Leader": 2, "Goliath Juve": 1, "Goliath Heavy": 0},
                          "spread": "as the GM chose"}
    assert shots.text == "sustained fire 1D3: 3 shots (as the GM chose: Goliath Leader 2, Goliath Juve 1)"
    assert nec.step(chain, "hit", "Goliath Leader").value == 0
    assert nec.step(chain, "hit", "Goliath Juve").value == 1
    assert chain.targets["Goliath Juve"]["status"] == "pinned"
    assert nec.step(chain, "pool", "Goliath Heavy").text == "no sustained-fire shot at this target"


@pytest.mark.parametrize(
    ("given", "shots", "allotted"),
    [
        # in turn (no shots given): Juve, Heavy, then the Leader again
        ((None, None, None), 3, {"Leader": 1, "Juve": 1, "Heavy": 1}),
        # the GM: none at the Juve or the Heavy: every shot at the Leader
        ((0, 0, None), 3, {"Leader": 3, "Juve": 0, "Heavy": 0}),
        # two at the Heavy, one at the Juve: dealt in scenario order while they last
        ((1, 2, None), 2, {"Leader": 1, "Juve": 1, "Heavy": 0}),
        ((1, 2, None), 3, {"Leader": 1, "Juve": 1, "Heavy": 1}),
        # the Leader's own count includes the first shot
        ((None, 1, 2), 3, {"Leader": 2, "Juve": 0, "Heavy": 1}),
        ((None, None, 1), 3, {"Leader": 3, "Juve": 0, "Heavy": 0}),
    ],
)
def test_shots_dealt_as_given_and_the_rest_at_the_first(nec, given, shots, allotted):
    juve, heavy, leader = given
    doc = _stubber(nec, juve_shots=juve, heavy_shots=heavy, leader_shots=leader)
    chain = nec.resolve(doc, [shots] + [1] * shots)  # every shot misses on a 1
    assert nec.step(chain, "shots").data["allotted"] == allotted
    assert [len(nec.step(chain, "hit", n).rolls) for n in allotted] == list(allotted.values())


def test_a_fighter_out_of_action_takes_no_shot_and_his_share_goes_to_the_first(nec):
    doc = _stubber(nec, juve_shots=2, heavy_shots=0)
    doc["targets"][1]["status"] = "down"
    chain = nec.resolve(doc, [3, 1, 1, 1])
    assert nec.step(chain, "shots").data["allotted"] == {"Leader": 1, "Juve": 2, "Heavy": 0}
    from gunline.runner import run
    from gunline.state import ChainState

    prior = ChainState(targets={"Juve": {"status": "out_of_action", "wounds_left": 0}})
    chain, _ = run(nec.registry, nec.attack(doc), faces=[3, 1, 1, 1], prior=prior)
    assert nec.step(chain, "shots").data["allotted"] == {"Leader": 3, "Juve": 0, "Heavy": 0}


def test_the_spread_odds_are_the_fractions_worked_by_hand(nec):
    """3+ to hit (p = 2/3). The Juve is given one shot, the Heavy none: with n shots
    (a D3) the Leader takes 1, 1, 2 and the Juve 0, 1, 1. P(Juve hit) = 2/3 × 2/3;
    P(Leader hit) = 2/3 × 2/3 + 1/3 × (1 − 1/9)."""
    doc = _stubber(nec, juve_shots=1, heavy_shots=0)
    juve, leader = F(2, 3) * F(2, 3), F(2, 3) * F(2, 3) + F(1, 3) * (1 - F(1, 9))
    odds = compute_odds(nec.registry, nec.attack(doc))
    assert odds.exact
    assert odds.targets["Juve"].hit == pytest.approx(float(juve), abs=1e-12)
    assert odds.targets["Leader"].hit == pytest.approx(float(leader), abs=1e-12)
    assert odds.targets["Heavy"].hit == 0.0
    leaves = nec.enumerate(doc)  # the brute force over every face
    assert nec.probability(leaves, lambda c: nec.step(c, "hit", "Juve").value > 0) == juve
    assert nec.probability(leaves, lambda c: nec.step(c, "hit", "Leader").value > 0) == leader


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["targets"][0].update(shots=0), "targets[0].shots: the first shot goes at Leader: give 1 or more"),
        (lambda d: d["targets"][2].update(near_first=False, shots=1), "Heavy not marked near_first"),
        (lambda d: (d["weapon"].update(name="lasgun"), d["targets"].__delitem__(slice(1, None)),
                    d["targets"][0].update(shots=2)), "targets[0].shots: shots is for sustained-fire weapons only"),
    ],
)
def test_a_spread_the_rules_do_not_allow_is_refused(nec, change, message):
    doc = _stubber(nec)
    change(doc)
    with pytest.raises(AttackRefused, match=message.replace("[", r"\[").replace("]", r"\]")):
        check(nec.registry, nec.attack(doc))
