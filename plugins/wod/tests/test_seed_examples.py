"""Every worked example of the seed (WOD-1 .. WOD-8 of the notes) through the engine:
the dice in each target's pool, the rounds spent and left."""

from __future__ import annotations

from pathlib import Path

import pytest

from gunline.scenario import build_attack
from gunline_wod.pool import shooter_terms
from gunline_wod.ruleset import EXAMPLES as _EXAMPLES

EXAMPLES = Path(_EXAMPLES)


@pytest.mark.parametrize(
    "name, expected_pools, spent, left",
    [
        # WOD-1: 3 + 3 + 3 + 2 − 2 = 9 at each; clip 30 -> 20.
        ("carter-medium-burst.toml", {"Farrow": 9, "Sykes": 9}, 10, 20),
        # WOD-2: long burst, 10 at Farrow, 7 at the concealed Sykes; 20 -> 0.
        ("carter-long-burst.toml", {"Farrow": 10, "Sykes": 7}, 20, 0),
        # WOD-2b: Sykes also at medium range.
        ("carter-long-burst-sykes-medium-range.toml", {"Farrow": 10, "Sykes": 5}, 20, 0),
        # WOD-3: four targets, 12 − 4 = 8; long range 4, concealed 5, armor 3 5, bystander 8.
        ("four-targets-long-burst.toml", {"Farrow": 4, "Sykes": 5, "Jones": 5, "Bystander": 8}, 20, 10),
        # WOD-4: short burst into a melee: 10 − 2 = 8; armor 2 -> 6; Sykes 8.
        ("short-burst-into-melee.toml", {"Farrow": 6, "Sykes": 8}, 3, 27),
        # WOD-5: rating 2 + long burst 3 = five bonus dice over Dexterity + Firearms 6.
        ("smg-long-burst.toml", {"Farrow": 11}, 20, 10),
        # WOD-6: long burst at one target: 12, no multiple-target penalty.
        ("long-burst-one-target.toml", {"Farrow": 12}, 20, 10),
        # WOD-7: 9 rounds allow a short burst: 9 -> 6.
        ("short-burst-nine-rounds.toml", {"Farrow": 10}, 3, 6),
    ],
)
def test_seed_example(resolve, wod, name, expected_pools, spent, left):
    chain = resolve(name, seed=3)
    assert wod.pools(chain) == expected_pools
    (ammo,) = wod.steps(chain, "ammo")
    assert ammo.value == spent
    assert chain.weapon["rounds_left"] == left
    # Every target attacked has its own pool and hit step, in scenario order.
    assert [s.target for s in wod.steps(chain, "hit")] == list(expected_pools)


def test_pool_terms_are_labelled_modifiers(resolve, wod):
    chain = resolve("four-targets-long-burst.toml", seed=3)
    by_target = {s.target: {m.label: m.value for m in s.modifiers} for s in wod.steps(chain, "pool")}
    common = {"Dexterity": 3, "Firearms": 3, "assault rifle damage rating": 3,
              "long burst": 3, "4 targets": -4}
    assert by_target["Bystander"] == common
    assert by_target["Farrow"] == {**common, "long range": -4}
    assert by_target["Sykes"] == {**common, "substantially concealed": -3}
    assert by_target["Jones"] == {**common, "armor 3": -3}
    assert {m.source for s in wod.steps(chain, "pool") for m in s.modifiers} == {"wod"}


def test_smg_bonus_is_five_dice(registry, wod):
    # WOD-5 as the seed states it: weapon 2 + long burst 3.
    attack = build_attack(registry, wod.example("smg-long-burst.toml"))
    bonus = {m.label: m.value for m in shooter_terms(attack)}
    assert bonus["small SMG damage rating"] + bonus["long burst"] == 5


def test_other_per_target_terms(resolve, wod):
    doc = wod.example("long-burst-one-target.toml")
    doc["targets"][0].update(prone=True, concealment=1, range="medium")
    chain = resolve(doc, seed=3)
    (pool,) = wod.steps(chain, "pool")
    assert {m.label: m.value for m in pool.modifiers}["prone"] == -2
    assert {m.label: m.value for m in pool.modifiers}["barely concealed"] == -1
    assert pool.value == 12 - 2 - 1 - 2


def test_untrained_shooter_rolls_dexterity_minus_one(resolve, wod):
    doc = wod.example("long-burst-one-target.toml")
    doc["shooter"]["firearms"] = 0
    (pool,) = wod.steps(resolve(doc, seed=3), "pool")
    assert pool.value == 3 - 1 + 3 + 3
    assert ("untrained (no Firearms)", -1) in [(m.label, m.value) for m in pool.modifiers]


def test_every_example_file_is_bundled_and_linked():
    from pathlib import Path

    names = {p.name for p in EXAMPLES.glob("*.toml")}
    assert "four-targets-long-burst.toml" in names
    link = Path(__file__).resolve().parents[3] / "examples" / "wod"
    assert link.is_symlink() and link.resolve() == EXAMPLES.resolve()


def test_ruleset_declares_its_examples(registry):
    assert registry.ruleset("wod").examples == str(EXAMPLES)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.name)
def test_every_example_resolves_the_same_under_a_seed(resolve, path):
    from gunline.runner import chain_json

    first = chain_json(resolve(path.name, seed=11))
    assert first == chain_json(resolve(path.name, seed=11))
