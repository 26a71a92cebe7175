"""Successes become damage: one lethal point each (bashing through bulletproof armor),
marked on the target's Health track; the chance die; the outcome lines; reloading."""

from __future__ import annotations

import pytest

from gunline import ChainState
from gunline.scenario import build_attack
from gunline_wod.health import status_of, take_damage


def test_three_successes_are_three_lethal(resolve, wod):
    # WOD-10: 8, 10, 3, 9 and the 10's reroll 7 -> 8, 10, 9 succeed.
    chain = resolve("three-successes.toml", faces=[8, 10, 3, 9, 7])
    (hit,) = wod.steps(chain, "hit")
    assert hit.value == 3 and hit.rolls[0].values == [8, 10, 3, 9, 7]
    (wound,) = wod.steps(chain, "wound")
    assert wound.value == 3
    assert chain.targets["Farrow"] == {
        "status": "injured", "lethal": 3, "bashing": 0, "aggravated": 0}
    assert chain.outcomes["Farrow"] == "Farrow takes 3 lethal"


def test_bulletproof_armor_makes_it_bashing(resolve):
    chain = resolve("bulletproof-vest.toml", faces=[8, 10, 3, 9, 7])
    assert chain.targets["Farrow"]["bashing"] == 3 and chain.targets["Farrow"]["lethal"] == 0
    assert chain.outcomes["Farrow"] == "Farrow takes 3 bashing"


def test_a_miss_deals_nothing(resolve, wod):
    chain = resolve("three-successes.toml", faces=[1, 2, 7, 5])
    assert wod.steps(chain, "wound") == []
    assert chain.targets["Farrow"]["status"] == "unharmed"
    assert chain.outcomes["Farrow"] == "Farrow is missed"


@pytest.mark.parametrize(
    "faces, successes, dramatic",
    # a 1 on the reroll of a 10 is no dramatic failure: the roll has a success
    [([10, 10, 4], 2, False), ([9], 0, False), ([8], 0, False), ([1], 0, True), ([10, 1], 1, False)],
)
def test_chance_die(resolve, wod, faces, successes, dramatic):
    # WOD-9: pool −2 -> one chance die; only 10 succeeds (and rerolls), 1 is dramatic.
    chain = resolve("chance-die.toml", faces=faces)
    (pool,) = wod.steps(chain, "pool")
    assert pool.value == -2 and "chance die" in pool.text
    (hit,) = wod.steps(chain, "hit")
    assert hit.rolls[0].chance and hit.rolls[0].values == faces
    assert hit.value == successes
    assert hit.data["dramatic_failure"] is dramatic
    assert ("dramatic failure" in chain.outcomes["Farrow"]) is dramatic


def test_exceptional_success_at_five(resolve, wod):
    chain = resolve("long-burst-one-target.toml", faces=[8] * 5 + [1] * 7)
    (hit,) = wod.steps(chain, "hit")
    assert hit.value == 5 and hit.data["exceptional"] and "exceptional" in hit.text


# The Health track, by hand: 7 boxes unless said otherwise.
@pytest.mark.parametrize(
    "before, kind, points, health, after, status",
    [
        ({}, "lethal", 3, 7, {"aggravated": 0, "lethal": 3, "bashing": 0}, "injured"),
        ({}, "bashing", 7, 7, {"aggravated": 0, "lethal": 0, "bashing": 7}, "unconscious"),
        # Full of bashing: each new point upgrades a bashing box to lethal.
        ({"bashing": 7}, "lethal", 2, 7, {"aggravated": 0, "lethal": 2, "bashing": 5}, "unconscious"),
        ({"bashing": 7}, "bashing", 1, 7, {"aggravated": 0, "lethal": 1, "bashing": 6}, "unconscious"),
        ({"lethal": 5}, "lethal", 2, 7, {"aggravated": 0, "lethal": 7, "bashing": 0}, "bleeding_out"),
        # Full of lethal: each new point upgrades a lethal box to aggravated.
        ({"lethal": 7}, "lethal", 1, 7, {"aggravated": 1, "lethal": 6, "bashing": 0}, "bleeding_out"),
        ({"lethal": 2}, "lethal", 4, 2, {"aggravated": 2, "lethal": 0, "bashing": 0}, "dead"),
        ({"lethal": 4, "bashing": 2}, "lethal", 1, 7, {"aggravated": 0, "lethal": 5, "bashing": 2}, "unconscious"),
    ],
)
def test_health_track(before, kind, points, health, after, status):
    track = take_damage(before, kind, points, health)
    assert track == after
    assert status_of(track, health) == status


def test_damage_adds_to_the_wounds_already_taken(registry, wod, resolve):
    # An encounter's state says Farrow already took 5 lethal: 3 more fill his 7
    # boxes and overflow once.
    prior = ChainState(targets={"Farrow": {"lethal": 5, "status": "injured"}})
    chain = resolve("three-successes.toml", faces=[8, 10, 3, 9, 7], prior=prior)
    assert chain.targets["Farrow"]["lethal"] == 6
    assert chain.targets["Farrow"]["aggravated"] == 1
    assert chain.targets["Farrow"]["status"] == "bleeding_out"
    assert chain.outcomes["Farrow"] == "Farrow takes 3 lethal and is bleeding out"


def test_ammo_once_per_attack_not_per_target(resolve, wod):
    chain = resolve("four-targets-long-burst.toml", seed=5)
    (ammo,) = wod.steps(chain, "ammo")
    assert ammo.value == 20 and chain.weapon == {"rounds_left": 10, "status": "ok"}
    emptied = resolve("carter-long-burst.toml", seed=5)
    assert emptied.weapon == {"rounds_left": 0, "status": "empty"}


def test_reload_fills_the_clip(registry, wod):
    attack = build_attack(registry, wod.example("carter-long-burst.toml"))
    stack = registry.stack("wod")
    state = ChainState(weapon={"rounds_left": 0, "status": "empty"})
    reloaded, plugin = stack.first("reload_weapon", attack=attack, state=state)
    assert reloaded == {"rounds_left": 30, "status": "ok"} and plugin == "wod"


def test_start_state_reads_rounds_from_the_file(registry, wod):
    from gunline.engine import start_state

    stack = registry.stack("wod")
    assert start_state(stack, build_attack(registry, wod.example("carter-long-burst.toml"))).weapon[
        "rounds_left"] == 20
    assert start_state(stack, build_attack(registry, wod.example("carter-medium-burst.toml"))).weapon[
        "rounds_left"] == 30
