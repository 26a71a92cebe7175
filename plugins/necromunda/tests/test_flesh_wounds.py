"""Issue 18, point 3: "Flesh wound: −1 WS and −1 BS for the rest of the game" on the
shooter. The count is the scenario's ``shooter.flesh_wounds``, or in an encounter
the one the encounter holds for him (what attacks on him left); it shows as a
modifier saying which. A fighter the encounter has pinned, downed or taken out of
action cannot shoot."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from gunline.errors import AttackRefused
from gunline.journal import Journal
from gunline.odds import compute_odds
from gunline.runner import check, run


def test_two_flesh_wounds_make_bs_4_shoot_as_bs_2(nec):
    doc = nec.example("flesh-wounds-lower-bs.toml")
    chain = nec.resolve(doc, [4])  # 5+ now: a 4 misses
    pool = nec.step(chain, "pool", "Goliath")
    assert pool.value == 5 and pool.text == "needs 5+ to hit"
    assert [(m.label, m.value, m.source) for m in pool.modifiers] == [
        ("2 flesh wounds (scenario): BS 4 to 2", -2, "necromunda")
    ]
    assert nec.step(chain, "hit", "Goliath").value == 0
    odds = compute_odds(nec.registry, nec.attack(doc))
    assert odds.targets["Goliath"].hit == pytest.approx(float(F(2, 6)), abs=1e-12)


@pytest.mark.parametrize(("bs", "flesh", "need"), [(1, 1, 7), (1, 3, 7), (2, 1, 6), (4, 0, 3)])
def test_bs_goes_no_lower_than_0(nec, bs, flesh, need):
    doc = nec.scenario("heavy stubber", bs=bs, flesh_wounds=flesh)
    doc["weapon"]["sustained_fire"] = 0
    chain = nec.resolve(doc, [1])
    assert nec.step(chain, "pool").value == need


def test_a_template_weapon_rolls_nothing_for_flesh_wounds_to_change(nec):
    doc = nec.scenario("flamer", flesh_wounds=2, targets=[{"name": "Goliath", "distance": 4}])
    chain = nec.resolve(doc, [1, 3, 3])  # no hit roll: the wound roll (a 1 fails), the ammo roll (2D6)
    assert nec.step(chain, "pool").modifiers == []


def _wound_vex_then_let_him_shoot(nec, tmp_path, injury):
    """Goliath shoots Vex (W1) with a lasgun: 4 hits, 4 wounds, ``injury`` on the
    injury dice. Then Vex (BS 3, no flesh wound in his file) shoots back."""
    at_vex = nec.scenario("lasgun", targets=[{"name": "Vex", "distance": 18}])
    at_vex["shooter"]["name"] = "Goliath"
    back = nec.scenario("lasgun", targets=[{"name": "Goliath", "distance": 18}])
    journal = Journal(tmp_path / "j.db")
    journal.resolve("pit", nec.registry, nec.attack(at_vex), at_vex, faces=[4, 4, injury])
    return journal, nec.attack(back)


def test_in_an_encounter_the_flesh_wounds_are_the_encounters(nec, tmp_path):
    journal, back = _wound_vex_then_let_him_shoot(nec, tmp_path, injury=1)  # a flesh wound: pinned
    with journal:
        prior = journal.prior("pit", back)
        assert prior.shooter_as_target["flesh_wounds"] == 1
        prior.shooter_as_target["status"] = "unharmed"  # his turn has come and gone: he stood up
        chain, _ = run(nec.registry, back, faces=[4], prior=prior)
    pool = nec.step(chain, "pool", "Goliath")
    assert pool.value == 5 and pool.modifiers[0].label == "1 flesh wound (encounter): BS 3 to 2"


@pytest.mark.parametrize(("injury", "status"), [(1, "pinned"), (3, "down"), (6, "out of action")])
def test_a_fighter_the_encounter_has_laid_low_cannot_shoot(nec, tmp_path, injury, status):
    journal, back = _wound_vex_then_let_him_shoot(nec, tmp_path, injury)
    with journal, pytest.raises(AttackRefused, match=f"Vex is {status}.*he cannot shoot"):
        check(nec.registry, back, journal.prior("pit", back))
