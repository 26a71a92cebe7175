"""Damage and criticals (notes FO-15, FO-16, step 2 and 3): damage expressions as
data, DT and DR, ammunition, criticals from Luck plus the aimed area, hit points."""

import pytest

from gunline_fallout.damage import DamageDice, parse_damage, through_armor


@pytest.mark.parametrize(
    "text, dice",
    [("2d12+8", DamageDice(count=2, sides=12, bonus=8)), ("1d6", DamageDice(count=1, sides=6)),
     ("d20", DamageDice(count=1, sides=20)), ("+6", DamageDice(bonus=6)),
     ("3d4 - 2", DamageDice(count=3, sides=4, bonus=-2)),
     ("1D12+8", DamageDice(count=1, sides=12, bonus=8)), ("12", DamageDice(bonus=12))],
)
def test_damage_expressions_parse_into_data(text, dice):
    assert parse_damage(text) == dice


@pytest.mark.parametrize("bad", ["", "2d", "d", "sword", "2d6+", "1d6 + MD"])
def test_bad_damage_expressions_are_refused(bad):
    with pytest.raises(ValueError, match="expected a dice expression such as 2d6"):
        parse_damage(bad)


@pytest.mark.parametrize("bad", ["999d999", "0d6", "21d6", "1d1", "1d101", "2d6+201", "1d6-101", "+300"])
def test_damage_beyond_what_the_game_rolls_is_refused(bad):
    with pytest.raises(ValueError, match=r"expected 1-20 dice of 2-100 sides and a bonus from -100 to \+200"):
        parse_damage(bad)


@pytest.mark.parametrize("edge", ["20d100+200", "1d2-100", "+200", "0"])
def test_the_bounds_themselves_are_accepted(edge):
    assert parse_damage(edge)


@pytest.mark.parametrize(
    "damage, expected",
    [
        ("2d", "test.toml: weapon.damage: expected a dice expression such as 2d6+3, 1d10, 5 (fixed) or +6 "
               "(over the ammunition's dice), got '2d'"),
        ("999d999", "test.toml: weapon.damage: expected 1-20 dice of 2-100 sides and a bonus from -100 to +200, "
                    "got '999d999'"),
        ("0d6", "test.toml: weapon.damage: expected 1-20 dice of 2-100 sides and a bonus from -100 to +200, "
                "got '0d6'"),
        (-5, "test.toml: weapon.damage: expected int >= 0, got -5"),
    ],
)
def test_bad_damage_in_a_file_is_one_line_at_the_field(registry, doc, fo, damage, expected):
    from gunline.errors import BadInput

    doc["weapon"]["damage"] = damage
    with pytest.raises(BadInput) as info:
        fo.attack_of(registry, doc)
    assert str(info.value) == expected


def test_a_whole_number_is_a_fixed_damage(registry, doc, fo):
    """``damage = 10`` reads as ``damage = "10"``: a hit does 10, with no damage die
    (to hit 60%: 42 hits, then the critical die 99 is no critical)."""
    doc["weapon"]["damage"] = 10
    chain = fo.resolve_doc(registry, doc, [42, 99])
    assert fo.steps(chain, "wound")[0].value == 10
    assert chain.targets["raider"]["hp"] == 20


def test_fo15_roll_20_dt_4_dr_30_gives_11():
    assert through_armor(20, 4, 30) == 11


def test_fo16_ap_ignores_dt_roll_12_dr_20_gives_9():
    assert through_armor(12, 5, 20, ignores_dt=True) == 9


def test_damage_never_goes_below_zero():
    assert through_armor(3, 10, 0) == 0


def test_each_bullet_goes_through_armor_on_its_own(registry, doc, fo):
    # 1d6+2 against DT 4: bullets rolling 1 and 6 do 0 and 4 (not (3+8−4) = 7 pooled).
    doc.update(mode="burst")
    doc["weapon"]["damage"] = "1d6+2"
    doc["targets"][0]["dt"] = 4
    chain = fo.resolve_doc(registry, doc, [1, 2, 3, 1, 99, 1, 99, 6, 99])
    wound = fo.steps(chain, "wound")[0]
    assert [b["through"] for b in wound.data["bullets"]] == [0, 0, 4]
    assert wound.value == 4 and chain.targets["raider"]["hp"] == 26


def test_catalogue_gun_takes_its_dice_from_the_ammo_and_dr_from_its_modifier(registry, fo):
    doc = fo.example("armor_piercing.toml")  # 10mm AP: 1d4+6, ignores DT, DR 20
    chain = fo.resolve_doc(registry, doc, [1, 4, 99])
    wound = fo.steps(chain, "wound")[0]
    assert wound.data["damage"] == "1d4+6"
    assert wound.value == 8  # (10 − 0 DT) × 80% = 8


def test_jhp_lowers_dr(registry, doc, fo):
    doc["weapon"].update(ammo="10mm JHP", damage="+4")  # 1d6+4, DR −10
    doc["targets"][0].update(dr=30)
    chain = fo.resolve_doc(registry, doc, [1, 6, 99])
    assert fo.steps(chain, "wound")[0].value == 8  # 10 × 80%


def test_critical_chance_is_luck_plus_the_aimed_area(registry, doc, fo):
    doc["aim"] = "eyes"
    doc["shooter"].update(luck=7, skill=200)
    chain = fo.resolve_doc(registry, doc, [1, 37])
    wound = fo.steps(chain, "wound")[0]
    assert wound.data["critical_chance"] == 37
    assert wound.value == 30 and "blinded" in chain.targets["raider"]["conditions"]  # 10 × 3
    assert chain.targets["raider"]["status"] == "dead"


def test_a_critical_one_over_the_chance_is_not_critical(registry, doc, fo):
    doc["aim"] = "eyes"
    doc["shooter"].update(luck=7, skill=200)
    chain = fo.resolve_doc(registry, doc, [1, 38])
    assert fo.steps(chain, "wound")[0].value == 10


@pytest.mark.parametrize(
    "aim, damage, condition",
    [("torso", 20, None), ("head", 30, None), ("groin", 20, "unconscious"), ("left_arm", 10, "crippled_left_arm"),
     ("right_leg", 10, "crippled_right_leg")],
)
def test_aimed_critical_effects(registry, doc, fo, aim, damage, condition):
    doc["aim"] = aim
    doc["shooter"]["skill"] = 200
    doc["targets"][0]["hp"] = 100
    chain = fo.resolve_doc(registry, doc, [1, 1] + ([3] if condition == "unconscious" else []))  # 1d4 turns
    assert fo.steps(chain, "wound")[0].value == damage
    if condition:
        assert condition in chain.targets["raider"]["conditions"]


def test_a_creature_area_is_crippled_by_its_own_name(registry, fo):
    doc = fo.example("robot_tracks.toml")
    doc["weapon"].update(damage="10")
    chain = fo.resolve_doc(registry, doc, [1, 1])
    assert chain.targets["robobrain"]["conditions"] == {"crippled_tracks": None}  # until healed


@pytest.mark.parametrize(
    "face, extra, damage, condition",
    [(1, [], 10, "crippled_arm"), (3, [], 30, None), (4, [], 20, None), (5, [], 15, None),
     (6, [3], 10, "unconscious"), (7, [], 20, None), (8, [], 10, "blinded"), (9, [], 10, "knocked_down"),
     (10, [], 10, "death_check")],
)
def test_general_critical_table(registry, doc, fo, face, extra, damage, condition):
    doc["weapon"]["damage"] = "20"
    doc["targets"][0].update(dt=5, dr=33, hp=100)  # (20 − 5) × 67% = 10
    chain = fo.resolve_doc(registry, doc, [1, 1, face, *extra])
    assert fo.steps(chain, "wound")[0].value == damage
    if condition:
        assert condition in chain.targets["raider"]["conditions"]
    if face == 6:
        assert "3 turns" in fo.steps(chain, "wound")[0].data["bullets"][0]["critical"]
        assert chain.targets["raider"]["status"] == "unconscious"


def test_hit_points_and_statuses(registry, doc, fo):
    doc["weapon"]["damage"] = "10"
    doc["targets"][0]["hp"] = 25
    chain = fo.resolve_doc(registry, doc, [1, 99])
    assert chain.targets["raider"] == {"status": "wounded", "hp": 15, "conditions": {}}
    miss = fo.resolve_doc(registry, doc, [61, 99])
    assert miss.targets["raider"] == {"status": "unharmed", "hp": 25, "conditions": {}}
    doc["targets"][0]["hp"] = 10
    dead = fo.resolve_doc(registry, doc, [1, 99])
    assert dead.targets["raider"]["status"] == "dead" and dead.targets["raider"]["hp"] == 0


def test_a_target_without_hp_is_wounded_but_never_dead(registry, doc, fo):
    doc["targets"][0].pop("hp")
    chain = fo.resolve_doc(registry, doc, [1, 99])
    assert chain.targets["raider"] == {"status": "wounded", "hp": None, "conditions": {}}


def test_critical_on_hit_roll_variant_reads_the_to_hit_die(registry, doc, fo):
    variant = "fallout.critical-on-hit-roll"
    doc["shooter"]["luck"] = 5
    crit = fo.resolve_doc(registry, doc, [5, 4], variant)  # to hit 5 ≤ 5: critical; d10 effect 4: ×2
    assert fo.steps(crit, "wound")[0].value == 20
    plain = fo.resolve_doc(registry, doc, [6], variant)  # a hit, no critical, no further die
    assert fo.steps(plain, "wound")[0].value == 10
    assert fo.steps(plain, "hit")[0].rolls[0].values == [6]


def test_critical_on_hit_roll_in_a_burst_rolls_each_bullet(registry, doc, fo):
    doc["mode"] = "burst"
    chain = fo.resolve_doc(registry, doc, [3, 50, 90, 9], "fallout.critical-on-hit-roll")
    hit = fo.steps(chain, "hit")[0]
    assert hit.value == 2 and hit.data["criticals"] == [True, False] and hit.rolls[0].values == [3, 50, 90]
    assert fo.steps(chain, "wound")[0].value == 10 + 10  # face 9 on the general table: knocked down


def test_critical_on_hit_roll_rolls_the_critical_bullets_damage_first(registry, doc, fo):
    """Three hits of which the second is critical: its effect die comes first, then
    the two plain bullets (no die: fixed damage 10), whatever order they hit in."""
    doc["mode"] = "burst"
    doc["weapon"]["burst"] = 4
    chain = fo.resolve_doc(registry, doc, [50, 3, 55, 90, 4], "fallout.critical-on-hit-roll")
    wound = fo.steps(chain, "wound")[0]
    assert [b["critical"] is not None for b in wound.data["bullets"]] == [True, False, False]
    # face 4 on the general table: damage ×2; the raider has 30 hp to lose
    assert wound.data["through"] == 20 + 10 + 10 and wound.value == 30
    assert chain.targets["raider"]["hp"] == 0 and chain.targets["raider"]["status"] == "dead"


def test_burst_damage_once_rolls_one_bullet_and_multiplies(registry, doc, fo):
    doc["mode"] = "burst"
    doc["weapon"]["damage"] = "1d6+2"
    doc["targets"][0]["dt"] = 4
    # 3 hits; one damage roll (6: 8 − 4 = 4 through) and one critical check for all.
    chain = fo.resolve_doc(registry, doc, [1, 2, 3, 6, 99], "fallout.burst-damage-once")
    wound = fo.steps(chain, "wound")[0]
    assert wound.value == 12 and len(wound.rolls) == 2
    assert chain.targets["raider"]["hp"] == 18


def test_burst_damage_once_leaves_single_shots_alone(registry, doc, fo):
    doc["weapon"]["damage"] = "1d6"
    chain = fo.resolve_doc(registry, doc, [1, 6, 99], "fallout.burst-damage-once")
    assert fo.steps(chain, "wound")[0].value == 6


def test_burst_damage_once_with_critical_on_hit_roll_is_critical_when_any_hit_was(registry, doc, fo):
    """Both readings together: the one damage roll of a burst is critical when any of
    its hits was, whichever bullet it was (the second here: 50 hits plainly, 3 is
    critical at Luck 5, 90 misses). The critical's d10 shows 4: damage ×2, so each of
    the two hits deals 20 and the raider loses all 30 hit points."""
    doc["mode"] = "burst"
    chain = fo.resolve_doc(registry, doc, [50, 3, 90, 4], "fallout.critical-on-hit-roll",
                           "fallout.burst-damage-once")
    wound = fo.steps(chain, "wound")[0]
    assert [b["through"] for b in wound.data["bullets"]] == [20, 20]
    assert wound.value == 30 and chain.targets["raider"]["status"] == "dead"
    plain = fo.resolve_doc(registry, doc, [50, 60, 90], "fallout.critical-on-hit-roll", "fallout.burst-damage-once")
    assert fo.steps(plain, "wound")[0].value == 20  # no critical among the hits: no d10
