"""Ammunition types as data, chosen per attack from what fits the weapon, and the
weapon's condition: a failed attack fills a condition box, a weapon at 0% jams.
Forced dice against hand-worked cases; exact odds against independent sums."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gunline import AttackRefused, ChainState
from gunline.odds import compute_odds
from gunline.runner import run
from gunline_fallout.catalogue import AMMO, WEAPONS, AmmoType, fitting


def test_ammunition_is_data_with_every_modifier():
    assert all(isinstance(a, AmmoType) for a in AMMO.values())
    ap = AMMO["10mm AP"]
    assert (ap.calibre, ap.dice, ap.ac_mod, ap.dr_mod, ap.multiplier, ap.divisor, ap.ignores_dt) == (
        "10mm", "1d4", -10, 0, 1, 1, True)
    assert fitting("10mm") == ["10mm JHP", "10mm AP"]
    assert fitting("small energy cell") == ["small energy cell"]
    assert WEAPONS["H&K MP-9 10mm SMG"]["calibre"] == "10mm"


def _smg(doc, ammo):
    doc["weapon"] = {"name": "H&K MP-9 10mm SMG", "ammo": ammo}
    doc["targets"][0].update(distance=34, ac=25, dt=5, dr=20)
    return doc


@pytest.mark.parametrize("ammo, ac_term", [("10mm JHP", -25), ("10mm AP", -15)])
def test_the_ammunition_is_chosen_per_attack(registry, doc, fo, ammo, ac_term):
    chain, _ = run(registry, fo.attack_of(registry, _smg(doc, ammo)), seed=1)
    pool = fo.steps(chain, "pool")[0]
    assert next(m.value for m in pool.modifiers if m.label.startswith("armor class")) == ac_term


def test_ammunition_that_does_not_fit_is_refused(registry, doc, fo):
    with pytest.raises(AttackRefused, match=r"weapon.ammo: '.45' is .45 ammunition, the H&K MP-9 10mm SMG "
                                            r"takes 10mm; expected one of: 10mm JHP, 10mm AP"):
        run(registry, fo.attack_of(registry, _smg(doc, ".45")), seed=1)


def test_fo16_armor_piercing_ignores_dt(registry, doc, fo):
    # 10mm AP's 1d4 + 8 rolls 12: (12 - 0) - 12 × 20% = 9.6, rounded down 9 (DT 5 ignored)
    doc = _smg(doc, "10mm AP")
    doc["weapon"]["damage"] = "+8"
    chain = fo.resolve_doc(registry, doc, [1, 4, 99])
    assert fo.steps(chain, "wound")[0].data["through"] == 9


@pytest.mark.parametrize("multiplier, divisor, through", [(1, 1, 6), (2, 1, 16), (3, 2, 11), (1, 2, 1)])
def test_the_damage_multiplier_and_divisor_come_before_armor(registry, doc, fo, multiplier, divisor, through):
    # a fixed 10 damage, DT 4: (10 × m ÷ d, rounded down) - 4
    doc["weapon"].update(damage="10", damage_multiplier=multiplier, damage_divisor=divisor)
    doc["targets"][0]["dt"] = 4
    chain = fo.resolve_doc(registry, doc, [1, 99])
    assert fo.steps(chain, "wound")[0].data["through"] == through


@pytest.mark.parametrize("face, through", [(1, 0), (2, 0), (3, 1), (4, 2), (5, 2), (6, 3)])
def test_multiplied_damage_by_hand(registry, doc, fo, face, through):
    """1d6 × 3 ÷ 2 against DT 2, DR 50%: faces 1..6 are 1, 3, 4, 6, 7, 9 before
    armor, then (x − 2) × 50% rounded down."""
    doc["weapon"].update(damage="1d6", damage_multiplier=3, damage_divisor=2)
    doc["targets"][0].update(dt=2, dr=50)
    chain = fo.resolve_doc(registry, doc, [1, face, 99])
    assert fo.steps(chain, "wound")[0].data["through"] == through


def _walk(stack, attack):
    """Every chain with its probability: each die's every face (an independent sum
    of what the odds interpreter computes by its reads)."""
    from gunline import DiceNeeded, ScriptedDice
    from gunline.engine import resolve

    pending = [([], Fraction(1))]
    while pending:
        faces, weight = pending.pop()
        try:
            chain = resolve(stack, attack, ScriptedDice(list(faces)), describe=False)
        except DiceNeeded as need:
            sides = need.request.sides
            pending.extend((faces + [f], weight / sides) for f in range(1, sides + 1))
            continue
        yield chain, weight


def test_multiplied_damage_odds_against_every_face(registry, doc, fo):
    doc["shooter"]["skill"] = 100  # 100% at 30 hexes: every shot hits
    doc["weapon"].update(damage="1d6", damage_multiplier=3, damage_divisor=2)
    doc["targets"][0].update(dt=2, dr=50, hp=None)
    attack = fo.attack_of(registry, doc)
    expected = Fraction(0)
    wounded = Fraction(0)
    for chain, weight in _walk(registry.stack("fallout"), attack):
        lost = sum(s.value or 0 for s in chain.steps if s.kind == "wound")
        expected += weight * lost
        wounded += weight * (lost > 0)
    odds = compute_odds(registry, attack, method="exact").targets["raider"]
    assert odds.expected["wound"] == pytest.approx(float(expected), abs=1e-12)
    assert odds.wound == pytest.approx(float(wounded), abs=1e-12)
    # without a critical (99 in 100) a wound is the faces 3-6: 4/6
    assert 0.99 * 4 / 6 <= float(wounded) <= 0.99 * 4 / 6 + 0.01


def test_a_failed_attack_fills_a_condition_box(registry, doc, fo):
    assert fo.resolve_doc(registry, doc, [61, 99]).weapon["condition"] == 90  # a miss at 60%, no critical failure
    assert fo.resolve_doc(registry, doc, [60, 99]).weapon["condition"] == 100  # a hit
    called_off = fo.resolve_doc(registry, fo.example("aimed_head_called_off.toml"), [])
    assert called_off.weapon.get("condition", 100) == 100  # nothing was fired


def test_a_weapon_worn_to_nothing_jams(registry, doc, fo):
    doc["weapon"]["wear"] = 9  # one box left: 10%
    chain = fo.resolve_doc(registry, doc, [61, 99])
    assert chain.weapon["status"] == "jammed" and chain.weapon["condition"] == 0
    assert "it jams" in fo.steps(chain, "ammo")[0].text
    prior = ChainState(weapon=dict(chain.weapon))
    with pytest.raises(AttackRefused, match="test gun is jammed"):
        run(registry, fo.attack_of(registry, doc), seed=1, prior=prior)


def test_a_worn_weapon_is_harder_to_shoot(registry, doc, fo):
    for wear, chance in [(7, 60), (8, 50), (9, 50)]:
        doc["weapon"]["wear"] = wear
        chain, _ = run(registry, fo.attack_of(registry, doc), seed=1)
        assert fo.steps(chain, "pool")[0].value == chance, wear


def test_jam_odds_are_the_miss_odds(registry, doc, fo):
    # 60% less 10% for the worn weapon: a miss, 1/2, jams it (no critical failures here)
    doc["weapon"]["wear"] = 9
    doc["critical_failure_chance"] = 0
    odds = compute_odds(registry, fo.attack_of(registry, doc), method="exact")
    assert odds.weapon.status["jammed"] == pytest.approx(0.5, abs=1e-12)
    assert odds.weapon.status["ok"] == pytest.approx(0.5, abs=1e-12)


def test_a_magazine_holds_one_kind(registry, doc, fo):
    doc = _smg(doc, "10mm AP")
    attack = fo.attack_of(registry, doc)
    loaded = ChainState(weapon={"rounds_left": 12, "status": "ok", "ammo": "10mm JHP", "condition": 100})
    holds = r"weapon.ammo: the magazine holds 10mm JHP \(12 left\).*reload with 10mm AP"
    with pytest.raises(AttackRefused, match=holds):
        run(registry, attack, seed=1, prior=loaded)
    from gunline.engine import start_state
    from gunline_fallout import ruleset

    reloaded = ruleset.reload_weapon(attack, start_state(registry.stack("fallout"), attack, loaded))
    assert reloaded == {"rounds_left": 30, "status": "ok", "ammo": "10mm AP"}
    run(registry, attack, seed=1, prior=ChainState(weapon={**loaded.weapon, **reloaded}))
