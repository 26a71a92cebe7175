"""Issue 18, points 8 and 9: aiming (+1 a full turn, at most +3, not with autofire;
variant wod.aim-with-autofire), specified targets (torso −1 ... eye −5), a Strength
requirement not met (−1), a prone target at point blank (+2 instead of −2, his
Defense then counts), armor-piercing rounds (armor less their rating); shotguns
9-again as a weapon's property; a burst at bystanders alone refused."""

from __future__ import annotations

from fractions import Fraction as F

import icepool
import pytest

from gunline import AttackRefused
from gunline.odds import compute_odds
from gunline.runner import check
from gunline.scenario import build_attack


def _terms(chain, wod, target):
    pool = wod.steps(chain, "pool", target)[0]
    return pool.value, [(m.label, m.value, m.source) for m in pool.modifiers]


def test_aiming_four_turns_adds_three(resolve, wod):
    value, terms = _terms(resolve("aiming-three-turns.toml", faces=[1] * 10), wod, "Farrow")
    assert value == 3 + 3 + 5 + 3 - 4 and ("aiming 4 turns", 3, "wod") in terms


@pytest.mark.parametrize(("turns", "bonus"), [(1, 1), (2, 2), (3, 3), (7, 3)])
def test_aiming_is_one_a_turn_to_three(resolve, wod, turns, bonus):
    doc = wod.example("aiming-three-turns.toml")
    doc["shooter"]["aiming"] = turns
    value, _ = _terms(resolve(doc, seed=1), wod, "Farrow")
    assert value == 11 - 4 + bonus


def test_aiming_adds_nothing_to_autofire_unless_the_variant_says_so(resolve, wod):
    doc = wod.example("long-burst-one-target.toml")
    doc["shooter"]["aiming"] = 2
    value, terms = _terms(resolve(doc, seed=1), wod, "Farrow")
    assert value == 12 and ("aiming 2 turns (no bonus with autofire)", 0, "wod") in terms
    value, terms = _terms(resolve(doc, seed=1, variants=["wod.aim-with-autofire"]), wod, "Farrow")
    assert value == 14
    assert ("aiming 2 turns, with autofire", 2, "wod.aim-with-autofire") in terms
    doc["mode"] = "single"  # the variant adds nothing to a single shot: the base's +2 is there already
    value, terms = _terms(resolve(doc, seed=1, variants=["wod.aim-with-autofire"]), wod, "Farrow")
    assert value == 11 and [t for t in terms if t[0].startswith("aiming")] == [("aiming 2 turns", 2, "wod")]


@pytest.mark.parametrize(("part", "penalty"), [("torso", -1), ("arm", -2), ("leg", -2), ("head", -3),
                                               ("hand", -4), ("eye", -5)])
def test_specified_targets(resolve, wod, part, penalty):
    doc = wod.example("specified-target-head.toml")
    doc["targets"][0]["specified"] = part
    value, terms = _terms(resolve(doc, seed=2), wod, "Farrow")
    assert value == 9 + penalty and (f"aimed at the {part}", penalty, "wod") in terms


def test_a_strength_requirement_not_met_is_minus_one(resolve, wod):
    value, terms = _terms(resolve("strength-requirement.toml", seed=1), wod, "Farrow")
    assert value == 6 and ("Strength 2, the heavy revolver needs 3", -1, "wod") in terms
    doc = wod.example("strength-requirement.toml")
    doc["shooter"]["strength"] = 3  # strong enough
    assert _terms(resolve(doc, seed=1), wod, "Farrow")[0] == 7
    del doc["shooter"]["strength"]  # not given: nothing to compare
    assert _terms(resolve(doc, seed=1), wod, "Farrow")[0] == 7


def test_a_prone_target_at_point_blank_is_plus_two_and_his_defense_counts(resolve, wod):
    value, terms = _terms(resolve("prone-at-point-blank.toml", seed=1), wod, "Sykes")
    assert value == 9
    assert terms[-2:] == [("prone, at point blank", 2, "wod"), ("Defense 2 (point blank)", -2, "wod")]
    doc = wod.example("prone-at-point-blank.toml")
    doc["targets"][0]["point_blank"] = False  # farther off: −2, and no Defense
    value, terms = _terms(resolve(doc, seed=1), wod, "Sykes")
    assert value == 7 and terms[-1] == ("prone", -2, "wod")


@pytest.mark.parametrize(("piercing", "armor", "dice"), [(2, 3, 8), (3, 3, 9), (5, 3, 9), (0, 3, 6)])
def test_armor_piercing_rounds_reduce_the_armor(resolve, wod, piercing, armor, dice):
    doc = wod.example("armor-piercing-rounds.toml")
    doc["weapon"]["armor_piercing"] = piercing
    value, terms = _terms(resolve(doc, seed=1), wod, "Jones")
    assert value == dice
    label = f"armor {armor}, armor-piercing {piercing}" if piercing else f"armor {armor}"
    assert terms[-1] == (label, dice - 9, "wod")


def test_armor_piercing_rounds_count_against_armor_behind_full_cover(resolve, wod):
    doc = wod.example("full-cover.toml")
    doc["weapon"]["armor_piercing"] = 1
    chain = resolve(doc, faces=[8] * 6 + [1] * 3 + [9, 1])  # 3 through, armor 2 - 1: 2 dice
    (hit,) = wod.steps(chain, "hit", "Farrow")
    assert hit.text == "2 dice through the cover: 1 success"
    assert [(m.label, m.value) for m in hit.modifiers] == [("through the cover", 3), ("armor 2, armor-piercing 1", -1)]


# -- 9-again -----------------------------------------------------------------------------


def test_a_shotgun_rerolls_its_nines(resolve, wod):
    chain = resolve("shotgun-nine-again.toml", faces=[9, 8, 1, 1, 1, 1, 1, 1, 1, 1, 9, 2])
    (hit,) = wod.steps(chain, "hit", "Sykes")
    assert hit.value == 3  # 9 (again: 9, again: 2), 8
    assert hit.rolls[0].need == "8+, 9-again" and hit.rolls[0].values == [9, 8, 1, 1, 1, 1, 1, 1, 1, 1, 9, 2]


def test_any_weapon_may_be_9_again_and_the_variant_changes_nothing_more(resolve, wod):
    doc = wod.example("three-successes.toml")
    doc["weapon"]["again"] = 9
    chain = resolve(doc, faces=[9, 1, 1, 1, 1])
    assert wod.steps(chain, "hit")[0].value == 1 and chain.dice == [9, 1, 1, 1, 1]
    chain = resolve(doc, faces=[9, 1, 1, 1, 1], variants=["wod.9-again"])
    assert wod.steps(chain, "hit")[0].value == 1


def test_the_shotgun_odds_agree_with_icepool(registry, wod):
    die = icepool.d10.map(lambda x: 0 if x < 8 else (1 if x < 9 else 1 + icepool.Again), again_depth=24)
    pool = 10 @ die
    odds = compute_odds(registry, build_attack(registry, wod.example("shotgun-nine-again.toml")))
    assert odds.exact
    mean = sum(k * q for k, q in pool.items()) / pool.denominator()
    assert odds.targets["Sykes"].expected["hit"] == pytest.approx(mean, abs=1e-9)
    assert odds.targets["Sykes"].expected["hit"] == pytest.approx(float(10 * F(3, 10) / (1 - F(2, 10))), abs=1e-9)
    three = sum(q for k, q in pool.items() if k >= 3) / pool.denominator()
    assert odds.targets["Sykes"].pools["attack pool"][3] == pytest.approx(three, abs=1e-9)


@pytest.mark.parametrize("mode", ["single", "short", "medium", "long"])
def test_an_attack_at_bystanders_alone_is_refused(registry, wod, mode):
    doc = wod.example("short-burst-into-melee.toml")
    doc["mode"] = mode
    doc["targets"] = [{"name": "Sykes", "bystander": True}] + ([{"name": "Jones", "bystander": True}]
                                                                 if mode != "single" else [])
    with pytest.raises(AttackRefused, match="no intended target: every target is a bystander"):
        check(registry, build_attack(registry, doc))


# -- each rule's odds, from a pool worked out by hand ------------------------------------
#: (example, target, dice in the pool worked by hand from the file, what makes it).
BY_HAND = [
    ("aiming-three-turns.toml", "Farrow", 3 + 3 + 5 + 3 - 4, "Dex 3 + Firearms 3 + damage 5 + aiming 3, long range"),
    ("specified-target-head.toml", "Farrow", 9 - 3, "9 dice, the head −3"),
    ("strength-requirement.toml", "Farrow", 7 - 1, "7 dice, Strength below the weapon's −1"),
    ("prone-at-point-blank.toml", "Sykes", 3 + 3 + 3 + 2 - 2, "Dex 3 + Firearms 3 + damage 3, prone +2, Defense −2"),
    ("armor-piercing-rounds.toml", "Jones", 9 - (3 - 2), "9 dice, armor 3 less armor-piercing 2"),
]


def _successes(dice: int, again: int = 10) -> icepool.Die:
    """Successes of ``dice`` d10s, 8+, n-again (icepool, independently of gunline)."""
    die = icepool.d10.map(lambda x: 0 if x < 8 else (1 if x < again else 1 + icepool.Again), again_depth=24)
    return dice @ die


@pytest.mark.parametrize(("example", "target", "dice", "why"), BY_HAND, ids=[b[0] for b in BY_HAND])
def test_each_rule_s_odds_are_those_of_the_pool_worked_by_hand(registry, wod, example, target, dice, why):
    attack = build_attack(registry, wod.example(example))
    odds = compute_odds(registry, attack)
    assert odds.exact
    pool = _successes(dice)
    hit = sum(q for k, q in pool.items() if k >= 1) / pool.denominator()
    assert odds.targets[target].hit == pytest.approx(float(hit), abs=1e-12), why
    assert odds.targets[target].hit == pytest.approx(1 - 0.7 ** dice, abs=1e-12), why  # a second method


@pytest.mark.parametrize(("example", "target", "dice", "why"), BY_HAND, ids=[b[0] for b in BY_HAND])
def test_each_rule_with_forced_dice_hits_on_an_eight_and_misses_on_sevens(resolve, wod, example, target, dice, why):
    """All sevens: no success; one eight among them: one. The pool has the hand-worked size."""
    misses = resolve(example, faces=[7] * dice)
    (hit,) = wod.steps(misses, "hit", target)
    assert hit.value == 0 and len(hit.rolls[0].values) == dice, why
    one = resolve(example, faces=[8] + [7] * (dice - 1) + [1] * 40)
    (hit,) = wod.steps(one, "hit", target)
    assert hit.value == 1, why
