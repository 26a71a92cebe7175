"""Bursts rolled per bullet along the line of fire (notes FO-13, FO-14), calling an
attack off at 0%, and the refusals that say what would work."""

import pytest

from gunline.errors import AttackRefused


def burst_doc(doc, *targets):
    doc["mode"] = "burst"
    doc["weapon"]["damage"] = "0"  # no damage dice: only the to-hit dice are scripted
    doc["targets"] = [{"name": n, "distance": d, **extra} for n, d, extra in targets]
    return doc


def test_fo13_three_bullets_each_roll_a_d100_at_or_under_60(registry, doc, fo):
    burst_doc(doc, ("ghoul", 30, {}))
    # 12 and 60 hit, 61 misses; per hit the critical d100 (99: no critical).
    chain = fo.resolve_doc(registry, doc, [12, 60, 61, 99, 99])
    hit = fo.steps(chain, "hit", "ghoul")[0]
    assert hit.value == 2 and hit.rolls[0].values == [12, 60, 61] and hit.rolls[0].dice == "3d100"
    assert hit.data["passed_on"] == 1
    assert fo.steps(chain, "ammo")[0].value == 3


def test_misses_go_on_to_the_next_object_with_its_own_chance(registry, doc, fo):
    # Horat at 60%; the bandit 3 hexes further: −9% range, 51%.
    burst_doc(doc, ("Dr. Horat", 30, {}), ("bandit", 33, {}))
    faces = [5, 70, 80,   99,   # Horat: one hit (5), its critical check
             51, 52]            # the 2 misses at the bandit: 51 hits, 52 misses
    chain = fo.resolve_doc(registry, doc, faces + [99])
    horat, bandit = fo.steps(chain, "hit", "Dr. Horat")[0], fo.steps(chain, "hit", "bandit")[0]
    assert (horat.value, horat.data["passed_on"]) == (1, 2)
    assert fo.steps(chain, "pool", "bandit")[0].value == 51
    assert bandit.rolls[0].dice == "2d100" and bandit.value == 1
    assert [s.kind for s in chain.steps] == ["action_points", "pool", "hit", "wound", "pool", "hit", "wound", "ammo"]


def test_a_burst_that_all_hits_the_first_object_leaves_nothing_for_the_next(registry, doc, fo):
    burst_doc(doc, ("Dr. Horat", 30, {}), ("bandit", 33, {}))
    chain = fo.resolve_doc(registry, doc, [1, 2, 3, 99, 99, 99])
    bandit = fo.steps(chain, "hit", "bandit")[0]
    assert bandit.value == 0 and bandit.rolls == [] and "no bullets" in bandit.text
    assert chain.outcomes["bandit"] == "bandit: no bullets reached, unharmed"


def test_an_object_outside_the_burst_area_takes_no_roll(registry, doc, fo):
    burst_doc(doc, ("Dr. Horat", 30, {}), ("dog", 31, {"in_area": False}), ("bandit", 33, {}))
    chain = fo.resolve_doc(registry, doc, [90, 91, 92, 1, 2, 3, 99, 99, 99])
    dog = fo.steps(chain, "hit", "dog")[0]
    assert dog.value == 0 and dog.rolls == [] and dog.data["passed_on"] == 3
    assert fo.steps(chain, "hit", "bandit")[0].value == 3


def test_fo14_the_first_target_must_be_the_nearest(registry, doc, fo):
    burst_doc(doc, ("bandit", 6, {}), ("Dr. Horat", 3, {}))
    with pytest.raises(AttackRefused, match="nearest object in the line of fire; list targets nearest first"):
        fo.run(registry, doc, [])


def test_fo14_harry_example_file_rolls_every_bullet_against_horat_first(registry, fo):
    doc = fo.example("harry_horat_bandit.toml")
    from gunline.runner import run

    chain, _ = run(registry, fo.attack_of(registry, doc), seed=11)
    first_roll = next(s for s in chain.steps if s.kind == "hit")
    assert first_roll.target == "Dr. Horat" and first_roll.data["bullets"] == 10
    bandit = fo.steps(chain, "hit", "bandit")[0]
    assert bandit.data["bullets"] == first_roll.data["passed_on"]


def test_fo1_a_called_off_attack_spends_no_round_and_rolls_no_die(registry, fo):
    chain = fo.resolve_doc(registry, fo.example("aimed_head_called_off.toml"), [])
    assert chain.dice == []
    hit = fo.steps(chain, "hit")[0]
    assert hit.value == 0 and "called off" in hit.text
    ammo = fo.steps(chain, "ammo")[0]
    assert ammo.value == 0 and chain.weapon["rounds_left"] == 10
    assert "action points spent" in chain.outcomes["raider"]


def test_a_called_off_burst_reaches_no_object(registry, doc, fo):
    burst_doc(doc, ("Dr. Horat", 30, {"ac": 70}), ("bandit", 33, {}))
    chain = fo.resolve_doc(registry, doc, [])
    assert [s.value for s in fo.steps(chain, "hit")] == [0, 0]
    assert chain.weapon["rounds_left"] == 30 and fo.steps(chain, "ammo")[0].value == 0


def test_fire_anyway_rolls_at_zero_and_spends_the_round(registry, doc, fo):
    doc["targets"][0]["ac"] = 75
    doc["fire_anyway"] = True
    chain = fo.resolve_doc(registry, doc, [1, 99])  # the miss, then its critical failure check
    hit = fo.steps(chain, "hit")[0]
    assert hit.value == 0 and hit.rolls[0].need == "0 or less"
    assert chain.weapon["rounds_left"] == 29


def test_a_burst_needs_its_rounds(registry, doc, fo):
    burst_doc(doc, ("raider", 30, {}))
    doc["weapon"]["rounds"] = 2
    with pytest.raises(AttackRefused, match="has 2 rounds left, a burst fires 3: reload, or fire single"):
        fo.run(registry, doc, [])


def test_an_empty_weapon_is_refused(registry, doc, fo):
    doc["weapon"]["rounds"] = 0
    with pytest.raises(AttackRefused, match="0 rounds left, a shot needs 1: reload"):
        fo.run(registry, doc, [])


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(mode="burst") or d["weapon"].update(burst=None), "fires no bursts"),
        (lambda d: d["weapon"].update(bursts_only=True), "fires bursts only"),
        (lambda d: d["targets"].append({"name": "dog", "distance": 31}), "a single shot takes one target"),
        (lambda d: d.update(mode="burst", aim="head"), "aimed shots are single shots"),
        (lambda d: d["weapon"].update(rounds=40), "more than the magazine"),
    ],
)
def test_refusals_say_what_would_work(registry, doc, fo, change, message):
    change(doc)
    with pytest.raises(AttackRefused, match=message):
        fo.run(registry, doc, [])


def test_ammo_spends_one_round_per_bullet_and_reloads_to_the_magazine(registry, doc, fo):
    from gunline.engine import start_state
    from gunline_fallout import ruleset

    burst_doc(doc, ("raider", 30, {}))
    doc["weapon"]["rounds"] = 7
    chain = fo.resolve_doc(registry, doc, [99, 99, 99, 99])  # three misses, no critical failure
    # every bullet missed: the attack failed, and a condition box is filled
    assert chain.weapon == {"rounds_left": 4, "status": "ok", "ammo": None, "condition": 90}
    attack = fo.attack_of(registry, doc)
    state = start_state(registry.stack("fallout"), attack)
    assert ruleset.reload_weapon(attack, state) == {"rounds_left": 30, "status": "ok", "ammo": None}


def test_the_last_rounds_leave_the_weapon_empty(registry, doc, fo):
    doc["weapon"]["rounds"] = 1
    chain = fo.resolve_doc(registry, doc, [99, 99])
    assert chain.weapon == {"rounds_left": 0, "status": "empty", "ammo": None, "condition": 90}


#: The fuzzer's file: a custom weapon whose damage adds to its ammunition's dice, and no ammunition.
BONUS = """ruleset = "fallout"
mode = "burst"
[shooter]
name = "Cassidy"
skill = 60
[weapon]
name = "Custom"
damage = "+6"
range = 24
burst = 3
{more}
[[targets]]
name = "ghoul"
distance = 33
"""
WITH_DICE = ("BBs, .22, .223 FMJ, .223 AP, .308, .357 Magnum, .38, .44 Magnum JHP, .44 Magnum AP, .45, .50 BMG, "
             "12 gauge buckshot, 2mm EC, 4.7mm caseless, 5.56mm, 7.62mm, 9mm JHP, 9mm AP, 10mm JHP, 10mm AP, "
             "14mm JHP, 14mm AP")


@pytest.mark.parametrize(
    ("more", "message"),
    [
        ("", "weapon.ammo: required field is missing (weapon.damage '+6' adds to its ammunition's dice: name the "
             'ammunition, e.g. ammo = "10mm JHP", or give the whole damage, e.g. damage = "1d6+6")'),
        ('ammo = "10mm JPH"', "weapon.ammo: '10mm JPH' is not in the ammunition catalogue, and weapon.damage '+6' "
                              f"adds to its dice; expected one of: {WITH_DICE} (or give the whole damage, e.g. "
                              'damage = "1d6+6")'),
        ('ammo = "10mm JPH"\ncalibre = "10mm"',
         "weapon.ammo: '10mm JPH' is not in the ammunition catalogue, and weapon.damage '+6' adds to its dice; "
         'expected one of: 10mm JHP, 10mm AP (or give the whole damage, e.g. damage = "1d6+6")'),
        ('ammo = "small energy cell"', "weapon.damage: '+6' adds to its ammunition's dice, but 'small energy cell' "
                                       'has none: give the whole damage, e.g. damage = "1d6+6"'),
    ],
)
def test_a_damage_bonus_without_dice_to_add_to_names_the_field_at_fault(tmp_path, capsys, more, message):
    from gunline import cli

    path = tmp_path / "fd14.toml"
    path.write_text(BONUS.format(more=more))
    assert cli.main(["validate", str(path)]) == 2
    assert capsys.readouterr() == ("", f"gunline: {path}: {message}\n")


def test_a_damage_bonus_over_catalogue_ammunition_is_taken(tmp_path, capsys):
    from gunline import cli

    path = tmp_path / "fd14.toml"
    path.write_text(BONUS.format(more='ammo = "10mm AP"'))
    assert cli.main(["validate", str(path)]) == 0, capsys.readouterr().err
