"""Samurai on a map (issue 20): the distances, the unit's nearest model for the
wounds, and who sees the shooter (facing, a 180° field of view, walls) are read off
the table, by hand-computed positions; the seed examples laid out on a map give the
typed examples' chains; a value the GM typed still wins, and the chain says which
was used."""

from __future__ import annotations

import math

import pytest

from gunline import AttackRefused
from gunline.errors import BadInput
from gunline.odds import compute_odds
from gunline_samurai import measuring

#: The sentry's layout: the ninja at the origin, the sentry 12" east and 9" north.
SENTRY = (12, 9)
#: The ninja as the sentry sees him: atan2(−9, −12) = 216.87° (south-west of him).
BEARING = math.degrees(math.atan2(-SENTRY[1], -SENTRY[0])) % 360


def geometry(chain_or_attack):
    found = getattr(chain_or_attack, "geometry", None)
    if found is None:
        found = chain_or_attack.measures
    return {m.path: m for m in found}


def same_chain(a, b):
    """The typed and the placed chains agree step for step, in words too, and end in
    the same states (the placed one also lists what it measured)."""
    assert [(s.kind, s.target, s.value, s.text) for s in a.steps] == \
        [(s.kind, s.target, s.value, s.text) for s in b.steps]
    assert a.targets == b.targets
    assert a.shooter == b.shooter


# -- the seed examples laid out on the table ----------------------------------------------
@pytest.mark.parametrize(
    ("typed", "placed", "dice"),
    [
        ("sentry_sees_the_ninja", "sentry_on_the_map", [2, 5, 7]),
        ("sentry_sees_the_ninja", "sentry_on_the_map", [6, 8, 3]),  # one hit against the sentry's 3
        ("ashigaru_unit", "ashigaru_on_the_map", [1, 2, 3, 1, 9, 1, 9, 1, 9]),
        ("ashigaru_unit", "ashigaru_on_the_map", [7, 9, 4, 1, 3, 5, 2]),
        ("ninja_and_bushido_master", "ninja_on_the_map", [2, 3, 9]),
        ("ninja_and_bushido_master", "ninja_on_the_map", [4, 8, 1]),
    ],
)
def test_a_seed_example_on_the_table_gives_the_typed_chain(example, resolve, typed, placed, dice):
    same_chain(resolve(example(typed), dice), resolve(example(placed), dice))


@pytest.mark.parametrize(
    ("typed", "placed"),
    [("sentry_sees_the_ninja", "sentry_on_the_map"), ("ashigaru_unit", "ashigaru_on_the_map"),
     ("ninja_and_bushido_master", "ninja_on_the_map")],
)
def test_the_same_seeds_give_the_same_chains_and_odds(registry, example, resolve, attack_of, typed, placed):
    for seed in range(25):
        same_chain(resolve(example(typed), seed=seed), resolve(example(placed), seed=seed))
    a = compute_odds(registry, attack_of(example(typed)), method="exact")
    b = compute_odds(registry, attack_of(example(placed)), method="exact")
    assert a.exact and b.exact
    assert a.targets == b.targets


def test_the_sentry_s_distance_and_sight_by_hand(example, attack_of):
    """√(12² + 9²) = 15; facing 180°, the ninja lies 216.87 − 180 = 36.87° off it,
    within the 90° either side of a 180° field of view; the parapet at x = −1 is
    behind the ninja, not across the line."""
    attack = attack_of(example("sentry_on_the_map"))
    assert attack.targets[0].distance == 15 and attack.targets[0].sees_shooter is True
    m = geometry(attack)
    assert set(m) == {"targets[0].distance", "targets[0].sees_shooter"}
    assert all(x.used for x in m.values())
    assert m["targets[0].distance"].text == 'Sentry: 15" from Ninja on the map'
    assert "sees him" in m["targets[0].sees_shooter"].text
    assert BEARING == pytest.approx(216.8699, abs=1e-4)


# -- facing both ways ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("facing", "sees"),
    [
        (180, True),  # 36.87° off
        (270, True),  # 53.13° off
        (216.87, True),  # straight at him
        (0, False),  # 143.13° off: his back to the ninja
        (90, False),  # 126.87° off
        (306, True),  # 89.13° off: just inside
        (308, False),  # 91.13° off: just outside
    ],
)
def test_the_sentry_sees_the_ninja_only_in_his_field_of_view(example, attack_of, facing, sees):
    doc = example("sentry_on_the_map")
    doc["map"]["facing"]["Sentry"] = facing
    off = abs((BEARING - facing + 180) % 360 - 180)
    assert (off <= 90) is sees  # by hand
    assert attack_of(doc).targets[0].sees_shooter is sees


def test_turned_away_the_sentry_cannot_react_and_both_shots_are_plain_tests(example, resolve, step_of):
    """Facing east, the sentry does not see the ninja: Alert 0 < Stealth 2, no
    reaction. The ninja's 2 and 5 (on 6) are two hits; the wound tests, Body 3 +
    Damage 1 = 4 against Body 3: 1 against 9 wounds the sentry (1 wound: stunned),
    9 against 9 does nothing."""
    doc = example("sentry_on_the_map")
    doc["map"]["facing"]["Sentry"] = 0
    chain = resolve(doc, [2, 5, 1, 9, 9, 9])
    check = step_of(chain, "reaction_check", "Sentry")
    assert check.value == 0 and "does not see Ninja; Alert 0 < Ninja's Stealth 2: cannot react" in check.text
    assert step_of(chain, "reaction", "Sentry").text == "Sentry may not react: no return fire"
    assert step_of(chain, "hit", "Sentry").value == 2
    assert chain.targets["Sentry"]["status"] == "stunned"
    assert chain.shooter["status"] == "unharmed"
    m = geometry(chain)["targets[0].sees_shooter"]
    assert m.used and m.value is False and "outside Sentry's 180° field of view (facing 0°)" in m.text
    # the typed example, told he does not see, gives the same chain
    typed = example("sentry_sees_the_ninja")
    typed["targets"][0]["sees_shooter"] = False
    same_chain(resolve(typed, [2, 5, 1, 9, 9, 9]), chain)


# -- walls -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("wall", "sees"),
    [
        ([[6, 0], [6, 10]], False),  # the line crosses x = 6 at y = 4.5, on the wall
        ([[6, 5], [6, 10]], True),  # the wall starts above 4.5: the line passes under it
        ([[0, 3], [12, 3]], False),  # the line crosses y = 3 at x = 4
        ([[14, 0], [14, 12]], True),  # behind the sentry
    ],
)
def test_a_wall_across_the_line_blocks_sight(example, attack_of, resolve, step_of, wall, sees):
    doc = example("sentry_on_the_map")
    doc["map"]["walls"].append(wall)
    assert attack_of(doc).targets[0].sees_shooter is sees
    if not sees:  # nor can the ninja shoot him through it
        assert "a wall blocks the line from Sentry to Ninja" in geometry(attack_of(doc))["targets[0].sees_shooter"].text
        with pytest.raises(AttackRefused, match="Sentry is out of Ninja's sight on the map: a wall stands"):
            resolve(doc, [2, 5, 9, 9, 9, 9])


def test_without_a_facing_only_a_wall_says_anything(example, attack_of):
    doc = example("sentry_on_the_map")
    doc["map"]["facing"] = {}
    attack = attack_of(doc)  # no facing, nothing in the way: the file's (default) value stands
    assert "targets[0].sees_shooter" not in geometry(attack)
    assert attack.targets[0].sees_shooter is False
    doc["targets"][0]["sees_shooter"] = True
    assert attack_of(doc).targets[0].sees_shooter is True
    doc["map"]["walls"].append([[6, 0], [6, 10]])
    m = geometry(attack_of(doc))["targets[0].sees_shooter"]
    assert m.value is False and not m.used and m.typed is True  # typed wins, the chain says both


# -- the seed's ninja, general and bushido master -------------------------------------------
def test_the_seed_example_on_the_table_by_hand(example, attack_of):
    """General 12" east facing east: the ninja is 180° off, behind him. Master at
    (8.4, 11.2): √(8.4² + 11.2²) = 14; the ninja lies at atan2(−11.2, −8.4) =
    233.13°, 8.13° off his facing 225°."""
    attack = attack_of(example("ninja_on_the_map"))
    general = attack.targets[0]
    assert (general.distance, general.sees_shooter) == (12, False)
    assert (general.reactor.distance, general.reactor.sees_shooter) == (14, True)
    assert general.partly_hidden  # still the GM's


def test_a_master_turned_away_loses_the_return_fire(example, resolve, step_of):
    """The master facing north-east (45°) has the ninja 188.13° off, behind him: he
    cannot react in the general's place, and the ninja's 2 and 3 (on 4) both hit.
    Wound tests: Protection 6, 1 puts each on the armour; Body 3 + Damage 1 = 4
    against Body 4 + Durability 2 = 6: 9 against 1 fails twice."""
    doc = example("ninja_on_the_map")
    doc["map"]["facing"]["Bushido master"] = 45
    chain = resolve(doc, [2, 3, 1, 9, 1, 1, 9, 1])
    assert "Bushido master does not see Ninja: the return fire is lost" == step_of(chain, "reaction", "General").text
    assert step_of(chain, "hit", "General").value == 2
    assert chain.targets["General"]["status"] == "unharmed"
    assert chain.shooter["status"] == "unharmed"


# -- units: the nearest model takes the wounds ------------------------------------------------
def test_the_unit_s_models_are_measured_and_the_nearest_takes_the_wounds(example, attack_of, resolve, step_of):
    doc = example("ashigaru_on_the_map")
    attack = attack_of(doc)
    assert {m.name: m.distance for m in attack.targets[0].models} == {"Hachi": 8, "Goro": 6, "Sergeant Ichiro": 10}
    # Goro steps back to (9, 12): 15" (3-4-5 × 3). Hachi (8") is now the nearest, then the sergeant (10")
    doc["map"]["at"]["Goro"] = [9, 12]
    chain = resolve(doc, [1, 2, 3, 1, 9, 1, 9, 1, 9])
    wound = step_of(chain, "wound", "Ashigaru").text
    assert wound.count("a wound to Hachi") == 2 and wound.count("a wound to Sergeant Ichiro") == 1
    models = chain.targets["Ashigaru"]["models"]
    assert models["Hachi"]["status"] == "stunned" and models["Goro"]["status"] == "unharmed"
    assert step_of(chain, "range", "Ashigaru").text == '8" to the nearest model'


def test_a_fraction_of_an_inch_is_measured_to_a_tenth(example, attack_of, resolve, step_of):
    doc = example("ashigaru_on_the_map")
    doc["map"]["at"]["Goro"] = [5, 3]  # √34 = 5.83
    doc["map"]["at"]["Hachi"] = [3, 5]  # √34 as well: a tie, in the order listed (Hachi first)
    attack = attack_of(doc)
    assert [m.distance for m in attack.targets[0].models] == [5.8, 5.8, 10]
    chain = resolve(doc, [1, 2, 3, 1, 9, 1, 9, 1, 9])
    assert step_of(chain, "range", "Ashigaru").text == '5.8" to the nearest model'
    assert step_of(chain, "wound", "Ashigaru").text.count("a wound to Hachi") == 2


def test_a_unit_sees_the_shooter_when_one_of_its_models_does(example, attack_of, resolve, step_of):
    """unit_returns_fire.toml on the table: Taro 15" (9, 12), Jiro 16" (16, 0),
    Saburo 18" (0, 18). Taro and Jiro face the ninja, Saburo faces north, his back to
    him: he cannot fire. The typed example's dice give the typed chain's exchange."""
    doc = example("unit_returns_fire")
    for m in doc["targets"][0]["models"]:
        m.pop("distance")
        m.pop("sees_shooter", None)
    doc["map"] = {"kind": "inches", "at": {"Ninja": [0, 0], "Taro": [9, 12], "Jiro": [16, 0], "Saburo": [0, 18]},
                  "facing": {"Taro": 233, "Jiro": 180, "Saburo": 90}}
    attack = attack_of(doc)
    assert [(m.distance, m.sees_shooter) for m in attack.targets[0].models] == \
        [(15, True), (16, True), (18, False)]
    assert attack.targets[0].sees_shooter is True
    typed = resolve(example("unit_returns_fire"), [3, 7, 9])
    placed = resolve(doc, [3, 7, 9])
    assert step_of(placed, "reaction", "Archers").text == step_of(typed, "reaction", "Archers").text
    assert step_of(placed, "reaction_check", "Archers").text == "Archers sees Ninja: may react"
    assert placed.targets == typed.targets and placed.shooter == typed.shooter
    # all three turned away: the unit does not see him, and its Alert 1 = Stealth 1 decides
    doc["map"]["facing"] = {"Taro": 90, "Jiro": 0, "Saburo": 90}
    attack = attack_of(doc)
    assert attack.targets[0].sees_shooter is False
    assert geometry(attack)["targets[0].sees_shooter"].text == "Archers: none of its models sees him"


def test_a_shooting_unit_measures_from_its_models_that_shoot(example, attack_of):
    """archers_volley.toml on the table, the unit placed model by model: the ashigaru
    are measured from Taro and Jiro (who shoot at them), the monk from Saburo."""
    doc = example("archers_volley")
    doc["targets"][0]["models"][0].pop("distance")
    doc["targets"][0]["models"][1].pop("distance")
    doc["targets"][1].pop("distance")
    doc["map"] = {"kind": "inches", "at": {
        "Taro": [0, 0], "Jiro": [2, 0], "Saburo": [20, 0],
        "Hachi": [0, 14],  # 14" from Taro, √(4 + 196) = 14.1" from Jiro
        "Goro": [14, 5],  # √(144 + 25) = 13" from Jiro (and 6.7" from Saburo, who does not shoot at it)
        "Monk": [20, 15],  # 15" from Saburo
    }}
    attack = attack_of(doc)
    assert {m.name: m.distance for m in attack.targets[0].models} == {"Hachi": 14, "Goro": 13}
    assert attack.targets[1].distance == 15
    m = geometry(attack)
    assert m["targets[0].models[1].distance"].text == 'Goro: 13" from Jiro on the map'


# -- typed values win -----------------------------------------------------------------------
def test_a_typed_value_wins_over_the_table_and_the_chain_says_both(example, resolve, step_of):
    doc = example("sentry_on_the_map")
    doc["map"]["facing"]["Sentry"] = 0  # turned away on the map ...
    doc["targets"][0]["sees_shooter"] = True  # ... but the GM says he sees the ninja
    doc["targets"][0]["distance"] = 14
    chain = resolve(doc, [2, 5, 7])
    m = geometry(chain)
    assert not m["targets[0].sees_shooter"].used and m["targets[0].sees_shooter"].value is False
    assert m["targets[0].sees_shooter"].typed is True
    assert not m["targets[0].distance"].used and (m["targets[0].distance"].value, m["targets[0].distance"].typed) \
        == (15, 14)
    assert step_of(chain, "reaction_check", "Sentry").text == "Sentry sees Ninja: may react"
    assert step_of(chain, "range", "Sentry").text == '14"'
    doc = example("ashigaru_on_the_map")
    doc["targets"][0]["models"][2]["distance"] = 2  # the sergeant, typed nearest
    chain = resolve(doc, [1, 2, 3, 1, 9, 1, 9, 1, 9])
    assert step_of(chain, "wound", "Ashigaru").text.count("a wound to Sergeant Ichiro") == 2
    m = geometry(chain)["targets[0].models[2].distance"]
    assert (m.used, m.value, m.typed) == (False, 10, 2)


def test_a_range_is_measured_on_the_table(example, attack_of, resolve, step_of):
    doc = example("sentry_on_the_map")
    doc["weapon"]["range"] = 14  # 15" away on the map: beyond it
    with pytest.raises(AttackRefused, match=r"Sentry is 15\" away, beyond the hankyu's range of 14\""):
        resolve(doc, [2, 5, 7])
    doc["map"]["at"]["Sentry"] = [8, 6]  # 10": within it (and still seen: 36.87° off his facing)
    chain = resolve(doc, [2, 5, 7])
    assert step_of(chain, "range", "Sentry").text == '10"'
    # the sentry's yumi reaches 9": 10" is beyond it, his return fire is lost
    doc["targets"][0]["weapon"]["range"] = 9
    chain = resolve(doc, [2, 5, 9, 9, 9, 9])
    assert "beyond the range of Sentry's yumi (9\")" in step_of(chain, "reaction", "Sentry").text


# -- what is shaded ----------------------------------------------------------------------------
def test_map_areas_shade_only_the_weapon_s_reach(example, attack_of):
    attack = attack_of(example("sentry_on_the_map"))
    assert measuring.map_areas(attack, None) == []  # the hankyu gives no range
    doc = example("sentry_on_the_map")
    doc["weapon"]["range"] = 18
    (area,) = measuring.map_areas(attack_of(doc), None)
    assert (area.shape, area.centre, area.radius) == ("circle", (0, 0), 18.0)
    assert area.label == "hankyu's range, 18\""


# -- hostile or mistyped maps -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["map"]["at"].update(Sentry="north"), "map.at.Sentry"),
        (lambda d: d["map"].update(facing={"Sentry": "west"}), "map.facing"),
        (lambda d: d["map"].update(walls=[[1, 2]]), "map.walls"),
        (lambda d: d["map"].update(kind="hex"), "map.kind"),
        (lambda d: d.update(targets="Sentry"), "targets"),
        (lambda d: d["targets"][0].update(models=[1, "Goro"]), r"targets\[0\].models\[0\]"),
        (lambda d: d["targets"][0].update(reactor="master"), r"targets\[0\].reactor"),
        (lambda d: d["targets"][0].update(name=7), r"targets\[0\].name"),
        (lambda d: d.update(shooter=["Ninja"]), "shooter"),
        (lambda d: d["shooter"].update(models="all"), "shooter.models"),
    ],
)
def test_a_hostile_map_document_is_refused_by_field(example, attack_of, change, field):
    doc = example("sentry_on_the_map")
    change(doc)
    with pytest.raises(BadInput, match=rf"^scenario.toml: {field}") as err:
        attack_of(doc)
    assert "\n" not in str(err.value)


def test_hostile_unit_and_shooter_models_are_read_with_care(example, attack_of):
    doc = example("archers_volley")
    doc["shooter"]["models"][0]["targets"] = "Ashigaru"  # not a list
    doc["map"] = {"kind": "inches", "at": {"Taro": [0, 0], "Hachi": [0, 14]}}
    with pytest.raises(BadInput, match=r"^scenario.toml: shooter.models\[0\].targets"):
        attack_of(doc)


def test_without_positions_nothing_is_measured(example, attack_of):
    doc = example("sentry_on_the_map")
    doc["map"]["at"] = {}
    assert attack_of(doc).measures == ()
    assert attack_of(example("sentry_sees_the_ninja")).measures == ()
