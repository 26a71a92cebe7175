"""Critical hits and critical failures change the encounter: conditions with their
durations, counted down by new turns, read by the next attack (a blinded shooter's
Perception, a crippled arm's penalty, an unconscious or fallen shooter who cannot
shoot), and the Critical Failure Chart's d10 applied to the weapon and the shooter.
Forced dice against hand-worked cases; exact odds against sums by hand."""

from __future__ import annotations

import copy

import pytest

from gunline import AttackRefused, ChainState
from gunline.journal import Journal
from gunline.odds import compute_odds
from gunline.runner import run, run_action

# BASE: Vic at 60%, a fixed 10 damage; the raider has 30 hp. To hit 1 hits, the
# critical check 1 is a critical (Luck 5), then the general table's d10.


def _critical(fo, registry, doc, face, *more):
    return fo.resolve_doc(registry, doc, [1, 1, face, *more])


def test_bypass_armor_changes_the_damage_step(registry, doc, fo):
    doc["targets"][0].update(dt=5, dr=50)
    plain = fo.resolve_doc(registry, doc, [1, 99])
    assert fo.steps(plain, "wound")[0].data["through"] == 2  # (10 - 5) × 50%
    chain = _critical(fo, registry, doc, 7)
    assert fo.steps(chain, "wound")[0].data["through"] == 10  # no DT, no DR


@pytest.mark.parametrize("face, extra, condition, turns", [
    (1, [], "crippled_arm", None), (2, [], "crippled_leg", None), (6, [3], "unconscious", 3),
    (8, [], "blinded", None), (9, [], "knocked_down", 1),
])
def test_a_critical_s_condition_lasts_as_the_table_says(registry, doc, fo, face, extra, condition, turns):
    chain = _critical(fo, registry, doc, face, *extra)
    assert chain.targets["raider"]["conditions"] == {condition: turns}


def test_unconsciousness_counts_down_turn_by_turn(registry, doc, fo):
    chain = _critical(fo, registry, doc, 6, 2)  # unconscious for 2 turns
    raider = chain.targets["raider"]
    assert raider["status"] == "unconscious" and raider["conditions"] == {"unconscious": 2}
    attack = fo.attack_of(registry, doc)
    state = ChainState(targets={"raider": dict(raider)})
    once, _ = run_action(registry, attack, "turn-passes", "raider", prior=state)
    assert once.targets["raider"]["conditions"] == {"unconscious": 1}
    assert once.targets["raider"]["status"] == "unconscious"
    twice, _ = run_action(registry, attack, "turn-passes", "raider", prior=ChainState(targets=dict(once.targets)))
    assert twice.targets["raider"]["conditions"] == {}
    assert twice.targets["raider"]["status"] == "wounded"  # he comes round
    assert twice.steps[0].text == "a turn passes: unconscious over"


def _as_shooter(conditions, status="wounded"):
    """The raider, shot at before, now shooting: his own state as a target."""
    return ChainState(shooter_as_target={"status": status, "hp": 20, "conditions": conditions})


def _pool(chain):
    return next(s for s in chain.steps if s.kind == "pool")


def test_a_blinded_shooter_aims_with_perception_1(registry, doc, fo):
    attack = fo.attack_of(registry, doc)
    seeing, _ = run(registry, attack, seed=1)
    blind, _ = run(registry, attack, seed=1, prior=_as_shooter({"blinded": None}))
    # Perception 5 reaches 9 hexes + 21: none at 30; Perception 1 reaches 1 + 21 = 22: 8 × 3% = -24
    assert _pool(seeing).value == 60 and _pool(blind).value == 36
    assert any(m.label == "range (30 hexes, reach 22)" for m in _pool(blind).modifiers)


def test_a_crippled_arm_costs_the_shooter_to_hit(registry, doc, fo):
    attack = fo.attack_of(registry, doc)
    one, _ = run(registry, attack, seed=1, prior=_as_shooter({"crippled_left_arm": None}))
    assert _pool(one).value == 40
    both, _ = run(registry, attack, seed=1, prior=_as_shooter({"crippled_left_arm": None, "crippled_arm": None}))
    assert _pool(both).value == 20
    doc["crippled_arm_penalty"] = 10
    chain, _ = run(registry, fo.attack_of(registry, doc), seed=1, prior=_as_shooter({"crippled_arm": None}))
    assert _pool(chain).value == 50


@pytest.mark.parametrize("conditions, status, message", [
    ({"unconscious": 2}, "unconscious", r"Vic is unconscious \(2 turns left\) and cannot shoot"),
    ({"knocked_down": 1}, "wounded", r"Vic is knocked down \(1 turn left\) and cannot shoot"),
    ({}, "dead", "Vic is dead"),
])
def test_a_shooter_who_cannot_act_is_refused(registry, doc, fo, conditions, status, message):
    with pytest.raises(AttackRefused, match=message):
        run(registry, fo.attack_of(registry, doc), seed=1, prior=_as_shooter(conditions, status))


def test_the_shooter_s_new_turn_counts_his_conditions_down(registry, doc, fo):
    attack = fo.attack_of(registry, doc)
    prior = _as_shooter({"knocked_down": 1, "crippled_arm": None})
    chain, _ = run_action(registry, attack, "new-turn", prior=prior)
    assert chain.targets["Vic"]["conditions"] == {"crippled_arm": None}
    assert chain.targets["Vic"]["hp"] == 20  # his state as a target, whole
    run(registry, attack, seed=1, prior=ChainState(shooter=chain.shooter, shooter_as_target=chain.targets["Vic"]))


def test_the_next_attack_in_the_encounter_reads_the_critical(registry, doc, fo, tmp_path):
    """Vic blinds the raider (the general table's 8); then the raider shoots Vic, in
    the same encounter: he aims with Perception 1."""
    vic = fo.attack_of(registry, doc)
    back = copy.deepcopy(doc)
    back["shooter"] = {"name": "raider", "skill": 60, "perception": 5}
    back["targets"] = [{"name": "Vic", "distance": 30, "hp": 30}]
    raider = fo.attack_of(registry, back)
    with Journal(tmp_path / "j.db") as journal:
        journal.resolve("raid", registry, vic, doc, faces=[1, 1, 8])
        chain, _, _ = journal.resolve("raid", registry, raider, back, faces=[1, 99])
    assert _pool(chain).value == 36


# -- critical failures --------------------------------------------------------------
# A miss (61 over 60%), the critical failure check (3, at or under 10 - Luck 5 = 5),
# then the chart's d10.

def _fumble(fo, registry, doc, face, *more):
    return fo.resolve_doc(registry, doc, [61, 3, face, *more])


def _fumble_step(fo, chain):
    return fo.steps(chain, "critical_failure")[0]


def test_a_failed_attack_without_a_critical_failure(registry, doc, fo):
    chain = fo.resolve_doc(registry, doc, [61, 6])  # 6 is over 5: none
    assert _fumble_step(fo, chain).value == 0
    assert chain.weapon["status"] == "ok"


def test_1_bad_ammo_jams_until_cleared_ejecting_the_round(registry, doc, fo):
    chain = _fumble(fo, registry, doc, 1)
    assert chain.weapon["status"] == "jammed" and chain.weapon["jam"] == "bad_ammo"
    attack = fo.attack_of(registry, doc)
    with pytest.raises(AttackRefused, match="test gun is jammed"):
        run(registry, attack, seed=1, prior=ChainState(weapon=dict(chain.weapon)))
    cleared, _ = run_action(registry, attack, "clear-jam", prior=ChainState(weapon=dict(chain.weapon)))
    assert cleared.weapon["status"] == "ok" and cleared.weapon["rounds_left"] == 28  # 30 - 1 fired - 1 ejected


def test_2_a_jam_clears_only_after_a_turn(registry, doc, fo):
    chain = _fumble(fo, registry, doc, 2)
    attack = fo.attack_of(registry, doc)
    jammed = ChainState(weapon=dict(chain.weapon))
    with pytest.raises(AttackRefused, match="it can be cleared after a new turn"):
        run_action(registry, attack, "clear-jam", prior=jammed)
    turn, _ = run_action(registry, attack, "new-turn", prior=jammed)
    assert turn.weapon["jam_delay"] == 0
    cleared, _ = run_action(registry, attack, "clear-jam", prior=ChainState(weapon=dict(turn.weapon)))
    assert cleared.weapon["status"] == "ok" and cleared.weapon["rounds_left"] == 29


def test_3_all_action_points_are_lost(registry, doc, fo):
    chain = _fumble(fo, registry, doc, 3)
    assert chain.shooter["ap_left"] == 0


def test_4_a_dropped_weapon_is_picked_up(registry, doc, fo):
    chain = _fumble(fo, registry, doc, 4)
    attack = fo.attack_of(registry, doc)
    with pytest.raises(AttackRefused, match="pick it up first"):
        run(registry, attack, seed=1, prior=ChainState(weapon=dict(chain.weapon)))
    picked, _ = run_action(registry, attack, "pick-up-weapon", prior=ChainState(weapon=dict(chain.weapon)))
    assert picked.weapon["status"] == "ok"


def test_5_the_weapon_explodes_on_the_shooter_and_anything_within_2_hexes(registry, doc, fo):
    doc["shooter"]["hp"] = 40
    doc["targets"][0].update(distance=2, dt=2, ac=100)  # 60 + 84 (range) - 100: 44%
    # the blast: 3d10 + 7 = 4 + 5 + 6 + 7 = 22
    chain = fo.resolve_doc(registry, doc, [100, 3, 5, 4, 5, 6])  # a miss, the failure, the chart's 5, 3d10
    assert chain.weapon["status"] == "broken"
    assert chain.shooter["hp"] == 18 and chain.shooter["status"] == "wounded"
    assert chain.targets["raider"]["hp"] == 30 - 20  # 22 - DT 2
    assert fo.steps(chain, "blast", "raider")[0].value == 20


def test_6_the_shot_hits_something_else_for_full_damage(registry, doc, fo):
    chain = _fumble(fo, registry, doc, 6)
    step = _fumble_step(fo, chain)
    assert "10 damage to whatever else is near" in step.text
    assert chain.targets["raider"]["hp"] == 30  # not the target: it was missed


def test_7_the_shooter_damages_himself_for_half(registry, doc, fo):
    doc["shooter"]["hp"] = 12
    chain = _fumble(fo, registry, doc, 7)
    assert chain.shooter["hp"] == 7  # 10 ÷ 2


def test_8_the_shooter_slips_and_loses_his_next_turn(registry, doc, fo):
    chain = _fumble(fo, registry, doc, 8)
    assert chain.shooter["conditions"] == {"knocked_down": 1}
    attack = fo.attack_of(registry, doc)
    fallen = ChainState(shooter=dict(chain.shooter))
    with pytest.raises(AttackRefused, match="knocked down"):
        run(registry, attack, seed=1, prior=fallen)
    turn, _ = run_action(registry, attack, "new-turn", prior=fallen)
    assert turn.shooter["conditions"] == {} and turn.shooter["ap_left"] == 7
    run(registry, attack, seed=1, prior=ChainState(shooter=dict(turn.shooter)))


@pytest.mark.parametrize("face, status", [(9, "broken"), (10, "ok")])
def test_9_breaks_and_10_is_the_gm_s(registry, doc, fo, face, status):
    assert _fumble(fo, registry, doc, face).weapon["status"] == status


def test_critical_failure_odds_by_hand(registry, doc, fo):
    """60% to hit: a miss 4/10, then a critical failure 5/100 (10 − Luck 5): 2/100;
    the chart's faces 1, 2 jam (2/10), 4 drops (1/10), 5 and 9 break (2/10)."""
    odds = compute_odds(registry, fo.attack_of(registry, doc), method="exact")
    status = odds.weapon.status
    assert status["jammed"] == pytest.approx(0.02 * 0.2, abs=1e-12)
    assert status["dropped"] == pytest.approx(0.02 * 0.1, abs=1e-12)
    assert status["broken"] == pytest.approx(0.02 * 0.2, abs=1e-12)
    assert odds.steps["critical_failure"] == pytest.approx(0.02, abs=1e-12)
    doc["critical_failure_chance"] = 0
    assert compute_odds(registry, fo.attack_of(registry, doc), method="exact").weapon.status["broken"] == 0


def test_the_critical_failure_example_by_hand(registry, fo):
    """examples/fallout/critical_failure_unlucky.toml: 60% to hit, a critical failure
    on 8 or less (10 − Luck 2): 0.4 × 0.08; face 7 of the chart (1 in 10) hits Moe."""
    from gunline.runner import run
    from gunline.scenario import load_attack

    attack = load_attack(registry, fo.EXAMPLES / "critical_failure_unlucky.toml")
    odds = compute_odds(registry, attack, method="exact")
    assert odds.steps["critical_failure"] == pytest.approx(0.4 * 0.08, abs=1e-12)
    chain, _ = run(registry, attack, faces=[90, 5, 7, 4])
    (failure,) = [s for s in chain.steps if s.kind == "critical_failure"]
    assert failure.value == 1 and "the shooter damages himself" in failure.text
    assert chain.shooter["hp"] == 20 and chain.shooter["status"] == "wounded"
