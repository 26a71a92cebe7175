"""The chance to hit: the seed's formula term by term (notes FO-1 to FO-4, FO-17),
both range rules, lighting by name, ammunition's AC modifier."""

import pytest

from gunline_fallout.tables import AIM_PENALTY


@pytest.fixture
def pool_of(fo):
    def pool_of(registry, doc, *variants):
        from gunline.runner import run

        chain, _ = run(registry, fo.attack_of(registry, doc, *variants), seed=1)
        return fo.steps(chain, "pool")[0]

    return pool_of


def test_fo1_formula_aimed_head_comes_to_zero_and_is_called_off(registry, fo):
    # 75 − 10 − 15 − 20 − 0 + 10 − 40 = 0%
    chain = fo.resolve_doc(registry, fo.example("aimed_head_called_off.toml"), [])
    pool = fo.steps(chain, "pool")[0]
    assert pool.value == 0
    by_label = {m.label.split(" (")[0].split(":")[0]: m.value for m in pool.modifiers}
    assert sum(m.value for m in pool.modifiers if m.label.startswith("range")) == -10
    assert by_label["armor class 15"] == -15
    assert by_label["lighting"] == -20
    assert by_label["cover 0%"] == 0
    assert by_label["weapon condition"] == 10
    assert by_label["aimed"] == -40
    assert pool.data["called_off"] is True


def test_fo2_same_shot_at_the_torso_is_40_percent(registry, fo, pool_of):
    doc = fo.example("aimed_torso.toml")
    assert pool_of(registry, doc).value == 40


def test_fo3_strength_below_minimum_is_a_penalty(registry, doc, pool_of):
    doc["weapon"]["min_strength"] = 7
    doc["shooter"]["strength"] = 5
    pool = pool_of(registry, doc)
    penalty = [m for m in pool.modifiers if m.label.startswith("strength")]
    assert [m.value for m in penalty] == [-40]  # 2 points short × 20%
    assert pool.value == 20


def test_fo3_strength_penalty_size_is_a_setting(registry, doc, pool_of):
    doc["weapon"]["min_strength"] = 6
    doc["strength_penalty"] = 10
    assert pool_of(registry, doc).value == 50


def test_strength_at_the_minimum_costs_nothing(registry, doc, pool_of):
    doc["weapon"]["min_strength"] = 5
    pool = pool_of(registry, doc)
    assert not [m for m in pool.modifiers if m.label.startswith("strength")] and pool.value == 60


@pytest.mark.parametrize(
    "aim, ranged, melee",
    [("eyes", -60, -30), ("head", -40, -20), ("left_arm", -30, -15), ("right_arm", -30, -15),
     ("groin", -30, -15), ("left_leg", -20, -10), ("right_leg", -20, -10), ("torso", 0, 0)],
)
def test_fo4_aimed_penalties_ranged_and_melee(registry, doc, aim, ranged, melee, pool_of):
    doc["aim"] = aim
    doc["shooter"]["skill"] = 100
    assert pool_of(registry, doc).value == 100 + ranged
    doc["weapon"].update(melee=True, range=1, burst=None)
    doc["targets"][0]["distance"] = 1
    assert pool_of(registry, doc).value == 100 + melee


def test_aimed_table_is_data_with_eight_areas():
    from gunline_fallout.tables import AREAS

    assert len(AREAS) == 8
    assert AIM_PENALTY["eyes"] == (-30, -60)


def test_a_creature_names_its_own_areas(registry, fo, pool_of):
    doc = fo.example("robot_tracks.toml")
    pool = pool_of(registry, doc)
    assert [m.value for m in pool.modifiers if m.label.startswith("aimed")] == [-20]  # tracks: the legs row


def test_an_unknown_area_is_refused_with_the_areas_that_work(registry, doc, fo):
    from gunline.errors import AttackRefused

    doc["aim"] = "tail"
    with pytest.raises(AttackRefused, match="'tail' is not an area of targets\\[0\\] \\(raider\\).*head, eyes"):
        fo.run(registry, doc, [1])


def test_fo17_negative_chance_counts_as_zero_and_calls_off(registry, doc, fo):
    doc["targets"][0]["ac"] = 75  # 60 − 75 = −15
    chain = fo.resolve_doc(registry, doc, [])
    pool = fo.steps(chain, "pool")[0]
    assert pool.value == 0 and pool.data["chance"] == -15
    assert "-15%" in pool.text and "called off" in pool.text


def test_sheet_range_formula_jim_example_plus_21(registry, doc, pool_of):
    # R = 3% × (distance − (AttributeRange + weapon range)): 7 hexes short of reach 30.
    doc["targets"][0]["distance"] = 23
    pool = pool_of(registry, doc)
    assert [m.value for m in pool.modifiers if m.label.startswith("range")] == [21]


@pytest.mark.parametrize("perception, reach", [(1, 1), (2, 3), (3, 5), (10, 19)])
def test_sheet_attribute_range_by_perception(registry, doc, perception, reach, pool_of):
    doc["shooter"]["perception"] = perception
    doc["targets"][0]["distance"] = reach + 21 + 4  # 4 hexes beyond: −12%
    assert [m.value for m in pool_of(registry, doc).modifiers if m.label.startswith("range")] == [-12]


def test_thrown_weapons_reach_by_strength(registry, doc, pool_of):
    doc["weapon"].update(thrown=True, magazine=None, burst=None)
    doc["shooter"].update(strength=8, perception=1)  # reach 15 + 21
    doc["targets"][0]["distance"] = 36
    assert [m.value for m in pool_of(registry, doc).modifiers if m.label.startswith("range")] == [0]


@pytest.mark.parametrize("distance, expected", [(21, 0), (22, 0), (23, -10), (24, -10), (25, -20)])
def test_hex_range_harry_perception_7_sees_21_hexes(registry, doc, distance, expected, pool_of):
    doc["shooter"]["perception"] = 7
    doc["weapon"]["range"] = 40
    doc["targets"][0]["distance"] = distance
    pool = pool_of(registry, doc, "fallout.hex-range")
    ranges = [m for m in pool.modifiers if m.label.startswith("range")]
    assert {m.source for m in ranges} == {"fallout.hex-range"}  # the sheet's term is replaced
    assert sum(m.value for m in ranges) == expected


def test_hex_range_weapon_range_costs_5_per_hex(registry, doc, pool_of):
    doc["shooter"]["perception"] = 10  # sees 30
    doc["weapon"]["range"] = 20
    doc["targets"][0]["distance"] = 23
    pool = pool_of(registry, doc, "fallout.hex-range")
    assert sum(m.value for m in pool.modifiers if m.label.startswith("range")) == -15


@pytest.mark.parametrize("lighting, value", [("sunny", 0), ("light_clouds", -5), ("medium_lit_building", -20),
                                              ("new_moon", -40), ("total_darkness", -200)])
def test_lighting_by_named_level(registry, doc, lighting, value, pool_of):
    doc["lighting"] = lighting
    doc["shooter"]["skill"] = 250
    pool = pool_of(registry, doc)
    assert pool.data["chance"] == 250 + value and pool.value == min(100, 250 + value)  # the formula, then the cap


def test_cover_and_armor_class_subtract(registry, doc, pool_of):
    doc["targets"][0].update(ac=15, cover=25)
    assert pool_of(registry, doc).value == 20


def test_ammo_ac_modifier_makes_the_target_easier_to_hit(registry, doc, pool_of):
    doc["targets"][0]["ac"] = 25
    doc["weapon"]["ammo"] = "10mm AP"  # AC −10
    pool = pool_of(registry, doc)
    assert pool.value == 45
    assert [m.label for m in pool.modifiers if m.label.startswith("armor")] == ["armor class 25, ammo -10"]


def test_a_house_rule_modifier_is_added_not_replacing(registry, doc, fo, pool_of):
    import types

    from gunline import Modifier, Variant, hookimpl

    mod = types.ModuleType("steady")
    mod.gunline_variant = hookimpl(lambda: Variant(name="steady", ruleset=None, api=2))
    mod.modify_pool = hookimpl(lambda: [Modifier(label="steady hands", value=5)])
    reg = fo.make_registry()
    reg.add("steady", mod)
    pool = pool_of(reg, doc, "steady")
    assert pool.value == 65
    assert ("steady hands", 5, "steady") in [(m.label, m.value, m.source) for m in pool.modifiers]
