"""Ammo rolls (notes N-18 to N-20, N-26): a natural 6 to hit forces one; the seed
rolls 2D6, the 1995 book one D6 (variant); a failure breaks the weapon, and a
broken weapon cannot shoot. Probabilities are checked by enumerating every face."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from gunline import AttackRefused, ChainState
from gunline.dice import ScriptedDice
from gunline.engine import resolve


def _unwoundable(weapon: str, variants=()):
    """One shot at a fighter the weapon cannot wound (T10): only to-hit and ammo dice."""
    return {
        "ruleset": "necromunda",
        "variants": list(variants),
        "shooter": {"name": "Vex", "bs": 3},
        "weapon": {"name": weapon, "strength": 3},
        "targets": [{"name": "Ogryn", "distance": 10, "toughness": 10}],
    }


def _p_broken(nec, doc) -> F:
    leaves = nec.enumerate(doc)
    assert sum(w for w, _ in leaves) == 1
    return nec.probability(leaves, lambda c: c.weapon["status"] == "broken")


@pytest.mark.parametrize(
    "weapon, seed_2d6, book_d6",
    [
        ("autogun", F(3, 36), F(3, 6)),  # N-18: ammo 4+
        ("lasgun", F(0), F(1, 6)),  # N-19: ammo 2+, 2D6 can never fail
        ("boltgun", F(10, 36), F(5, 6)),  # N-20: ammo 6+
    ],
)
def test_ammo_roll_odds_given_a_six(nec, weapon, seed_2d6, book_d6):
    six = F(1, 6)
    assert _p_broken(nec, _unwoundable(weapon)) == six * seed_2d6
    assert _p_broken(nec, _unwoundable(weapon, ["necromunda.d6-ammo-roll"])) == six * book_d6


def test_a_six_to_hit_forces_the_roll_and_2d6_under_the_value_breaks(nec):
    doc = _unwoundable("autogun")
    chain = nec.resolve(doc, [6, 1, 2])
    ammo = nec.step(chain, "ammo")
    assert ammo.rolls[0].dice == "2d6" and ammo.rolls[0].total == 3
    assert chain.weapon == {"rounds_left": None, "status": "broken"}
    assert ammo.value is None
    chain = nec.resolve(doc, [6, 2, 2])
    assert chain.weapon == {"rounds_left": None, "status": "ok"}


def test_no_six_no_ammo_roll(nec):
    chain = nec.resolve(_unwoundable("boltgun"), [5])
    ammo = nec.step(chain, "ammo")
    assert ammo.rolls == [] and ammo.value is None
    assert chain.weapon["status"] == "ok"


def test_d6_variant_rolls_one_die(nec):
    chain = nec.resolve(_unwoundable("autogun", ["necromunda.d6-ammo-roll"]), [6, 3])
    ammo = nec.step(chain, "ammo")
    assert ammo.rolls[0].dice == "1d6"
    assert chain.weapon["status"] == "broken"


def test_flamer_rolls_ammo_every_shot(nec):
    doc = nec.scenario("flamer", targets=[{"name": "Ogryn", "distance": 4, "toughness": 10}])
    leaves = nec.enumerate(doc)
    p = nec.probability(leaves, lambda c: c.weapon["status"] == "broken")
    assert p == F(3, 36)  # 2D6 under 4, no hit roll needed
    assert all(len(nec.step(c, "ammo").rolls) == 1 for _, c in leaves)


def test_each_sustained_fire_six_forces_its_own_roll_until_one_fails(nec):
    doc = nec.scenario("heavy stubber", targets=[{"name": "Ogryn", "distance": 10, "toughness": 10}])
    # 1 SF dice: D3 = 2 shots, both 6 (S4 vs T10: no wound); two ammo rolls both pass
    chain = nec.resolve(doc, [2, 6, 6, 3, 3, 4, 4])
    assert len(nec.step(chain, "ammo").rolls) == 2
    # the first ammo roll fails: no second one
    chain = nec.resolve(doc, [2, 6, 6, 1, 2])
    assert len(nec.step(chain, "ammo").rolls) == 1
    assert chain.weapon["status"] == "broken"


def test_a_weapon_marked_broken_is_refused(nec):
    doc = nec.scenario({"name": "boltgun", "broken": True})
    attack = nec.attack(doc)
    stack = nec.registry.stack("necromunda")
    with pytest.raises(AttackRefused, match="broken"):
        resolve(stack, attack, ScriptedDice([4]))


def test_a_weapon_broken_in_an_earlier_attack_is_refused(nec):
    attack = nec.attack(nec.scenario("boltgun"))
    stack = nec.registry.stack("necromunda")
    prior = ChainState(weapon={"rounds_left": None, "status": "broken"})
    with pytest.raises(AttackRefused, match="choose another weapon"):
        resolve(stack, attack, ScriptedDice([4]), prior=prior)


def test_grenades_make_no_ammo_roll(nec):
    doc = nec.scenario("krak grenade", targets=[{"name": "Ogryn", "distance": 5, "toughness": 10}])
    chain = nec.resolve(doc, [6])  # a 6 to hit; S6 vs T10 cannot wound; no ammo dice
    assert nec.step(chain, "hit").value == 1
    assert nec.step(chain, "ammo").rolls == []
