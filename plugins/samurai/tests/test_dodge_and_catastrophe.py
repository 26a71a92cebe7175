"""Dodge and Catastrophic Failure have effects by default.

A dodge is a test: each shot a comparative test of the shooter's Shooting against
the target's Agility, whose wins only save it (``samurai.plain-dodge``: the shots
stay plain tests). A Catastrophic Failure «forbids strikes»: the side that rolls one
in a hit test scores nothing in it (``samurai.catastrophe-one-die``: one failed die).
Forced dice against hand-worked cases, and exact odds by hand and die by die.
"""

from __future__ import annotations

import itertools

import pytest

from gunline import ScriptedDice
from gunline.engine import resolve as run_engine
from gunline.odds import compute_odds

ONE_DIE = ("samurai.catastrophe-one-die",)
PLAIN = ("samurai.plain-dodge",)


# -- Catastrophic Failure ------------------------------------------------------------


def test_a_catastrophe_voids_the_shooter_s_plain_shots(example, resolve, step_of):
    # the ninja at 4: his 2 hits, his 10 is a Catastrophic Failure: no hit at all
    chain = resolve(example("general_alone"), [2, 10])
    hit = step_of(chain, "hit", "General")
    assert hit.value == 0
    assert "no hit; Ninja's Catastrophic Failure forbids its shots" in hit.text
    # one failed die under the variant: the 2 still hits (then armour 7, wound 9 vs 9)
    chain = resolve(example("general_alone"), [2, 10, 7, 9, 9], variants=ONE_DIE)
    assert step_of(chain, "hit", "General").value == 1


def test_a_catastrophe_voids_the_shooter_s_side_of_an_exchange(example, resolve, step_of):
    # the ninja's 4 (a Lucky Chance on 4) and 10 against the master's 5 (on 9)
    chain = resolve(example("ninja_and_bushido_master"), [4, 10, 5, 5, 9])
    hit = step_of(chain, "hit", "General")
    assert hit.data["winner"] == "Bushido master"  # the Lucky Chance went with the 10
    assert "Ninja's Catastrophic Failure forbids its shots" in hit.text
    assert step_of(chain, "return_fire", "General").rolls  # the master's hit: its wound test
    # one failed die: the ninja's net Lucky Chance wounds the general at once
    chain = resolve(example("ninja_and_bushido_master"), [4, 10, 5], variants=ONE_DIE)
    assert step_of(chain, "hit", "General").data["winner"] == "Ninja"
    assert chain.targets["General"] == {"status": "wounded", "wounds_left": 1}


def test_a_catastrophe_voids_the_reacting_unit_s_return_fire(example, resolve, step_of):
    # the ninja's 3 (on 6) against the archers' 10 and 5 (on 7)
    chain = resolve(example("unit_returns_fire"), [3, 10, 5, 9, 9])
    hit = step_of(chain, "hit", "Archers")
    assert hit.data["winner"] == "Ninja" and hit.value == 1
    assert "Archers's Catastrophic Failure forbids its return fire" in hit.text
    chain = resolve(example("unit_returns_fire"), [3, 10, 5, 9, 9], variants=ONE_DIE)
    assert step_of(chain, "hit", "Archers").data["winner"] == "Archers"  # 5 beats 3


def test_a_wound_test_s_ten_is_a_plain_failure(example, resolve, step_of):
    """A wound test is no strike: one die a side, a 10 fails and nothing more."""
    chain = resolve(example("armoured_samurai"), [3, 4, 5, 10])  # the defender's 10
    assert step_of(chain, "wound", "Samurai").value == 1


# -- Dodge ---------------------------------------------------------------------------


def test_a_dodge_is_a_test_on_agility(example, resolve, step_of):
    doc = example("ronin_dodges")
    # the hunter's 2, 8 (on 7) against the ronin's 3, 4 (on 5): the 3 beats the 2
    chain = resolve(doc, [2, 8, 3, 4])
    hit = step_of(chain, "hit", "Ronin")
    assert hit.data["test"] == "dodge" and hit.value == 0
    assert hit.text.endswith("the dodge saves it")
    # the ronin's 10 voids his dodge: the hunter's 2 beats nothing, one hit (wound 5 vs 5)
    chain = resolve(doc, [2, 8, 3, 10, 5, 5])
    assert step_of(chain, "hit", "Ronin").value == 1
    chain = resolve(doc, [2, 8, 3, 10], variants=ONE_DIE)
    assert step_of(chain, "hit", "Ronin").value == 0


def test_the_plain_dodge_variant_leaves_plain_tests(example, resolve, step_of):
    # plain tests at 7: 2 hits (2 and 5); then two wound tests
    chain = resolve(example("ronin_dodges"), [2, 5, 9, 9, 9, 9], variants=PLAIN)
    hit = step_of(chain, "hit", "Ronin")
    assert hit.data["test"] == "plain" and hit.value == 2
    assert "Ronin dodges (the shots stay plain tests)" in hit.text


def _one_shot(example):
    doc = example("ronin_dodges")
    doc["shooter"]["attacks"] = 1
    return doc


def test_one_dodged_shot_odds_by_hand(registry, attack_of, example):
    """One shot at 7 against Agility 5. The hunter's Lucky 7 against no Lucky 5:
    1/10 · 9/10 = 9/100. Neither Lucky: a success a = 1..6 beats the ronin's
    failures 6-10 (5 faces) and his successes below a (0, 1, 2, 3, 4, 4 faces):
    6·5 + 14 = 44/100. P(hit) = 53/100; as plain tests it is 7/10."""
    odds = compute_odds(registry, attack_of(_one_shot(example)), method="exact")
    assert odds.exact
    assert odds.targets["Ronin"].hit == pytest.approx(53 / 100, abs=1e-12)
    plain = compute_odds(registry, attack_of(_one_shot(example), PLAIN), method="exact")
    assert plain.targets["Ronin"].hit == pytest.approx(7 / 10, abs=1e-12)


@pytest.mark.parametrize("variants", [(), ONE_DIE], ids=["voids", "one-die"])
def test_two_dodged_shots_die_by_die(registry, attack_of, example, variants):
    """The example's two shots against two dodge dice: every one of the 10^4 faces
    of the four dice through the engine (the wound tests after them scripted),
    against the odds interpreter: the distribution of hits."""
    attack = attack_of(example("ronin_dodges"), variants)
    stack = registry.stack("samurai", variants)
    hits: dict[int, int] = {}
    for faces in itertools.product(range(1, 11), repeat=4):
        chain = run_engine(stack, attack, ScriptedDice(list(faces) + [9] * 4), describe=False)
        n = next(s.value for s in chain.steps if s.kind == "hit")
        hits[n] = hits.get(n, 0) + 1
    assert sum(hits.values()) == 10**4
    odds = compute_odds(registry, attack, method="exact").targets["Ronin"]
    assert odds.hit == pytest.approx(1 - hits.get(0, 0) / 10**4, abs=1e-12)
    assert odds.expected["hit"] == pytest.approx(sum(k * v for k, v in hits.items()) / 10**4, abs=1e-12)
