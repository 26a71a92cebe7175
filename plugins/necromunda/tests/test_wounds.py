"""Wounds, saves, damage and injury dice (notes N-7 to N-14, N-27; the seed's
wound chart, armour list, invulnerable saves, high impact, fighters already down)."""

from __future__ import annotations

import pytest

from gunline_necromunda.tables import ARMOUR, to_wound


def gun(strength=3, damage=1, save_mod=0, template="none", **extra):
    weapon = {"name": "test gun", "short_range": 12, "long_range": 24, "strength": strength,
              "damage": damage, "save_mod": save_mod, "ammo_roll": 2, **extra}
    if template != "none":
        weapon["template"] = template
    return weapon


def target(**fields):
    return [{"name": "Goliath", "distance": 18, **fields}]


def _chart_by_rule(strength: int, toughness: int) -> int | None:
    """The 1995 chart as a rule of thumb (a second method): equal 4+, each point of
    Toughness above Strength one worse up to 6+, four above cannot wound; one below 3+,
    two or more below 2+."""
    gap = toughness - strength
    if gap >= 4:
        return None
    if gap >= 2:
        return 6
    return max(2, 4 + gap)


def test_wound_chart_matches_the_seed_everywhere():
    for s in range(1, 11):
        for t in range(1, 11):
            assert to_wound(s, t) == _chart_by_rule(s, t), (s, t)


@pytest.mark.parametrize("s, t, need", [(3, 3, 4), (4, 3, 3), (3, 5, 6), (1, 5, None), (7, 10, 6), (10, 10, 4)])
def test_n7_wound_chart_cases(nec, s, t, need):
    doc = nec.scenario(gun(strength=s), targets=target(toughness=t))
    if need is None:
        chain = nec.resolve(doc, [4])  # hit, then no wound roll at all
        wound = nec.step(chain, "wound")
        assert wound.value == 0 and wound.rolls == [] and "cannot wound" in wound.text
        return
    chain = nec.resolve(doc, [4, need - 1])
    assert nec.step(chain, "wound").value == 0
    assert nec.step(chain, "wound").rolls[0].need == f"{need}+"
    chain = nec.resolve(doc, [4, need, 3])  # then an injury dice: down
    assert nec.step(chain, "wound").value == 1


def test_n8_n9_carapace_with_boltgun_saves_on_5(nec):
    doc = nec.example("boltgun-vs-carapace.toml")  # BS 4 short range: 2+; S4 vs T3: 3+
    chain = nec.resolve(doc, [2, 3, 5])
    save = nec.step(chain, "save")
    assert save.value == 1 and "5+" in save.text
    assert [(m.value) for m in save.modifiers] == [-1]
    assert nec.step(chain, "wound").value == 0
    assert chain.targets["Van Saar"]["status"] == "pinned"
    chain = nec.resolve(doc, [2, 3, 4, 3])  # not saved: injury dice 3, down
    assert nec.step(chain, "save").value == 0
    assert nec.step(chain, "wound").value == 1
    assert chain.targets["Van Saar"]["status"] == "down"


@pytest.mark.parametrize("template, need", [("none", 6), ("small_blast", 5), ("flame", 5)])
def test_n10_flak_saves_on_5_against_templates_only(nec, template, need):
    doc = nec.scenario(gun(template=template), targets=target(armour="flak"))
    # hit 4, wound 4, save one short, injury 3; a flamer rolls no hit but always an ammo roll
    faces = [4, need - 1, 3, 1, 1] if template == "flame" else [4, 4, need - 1, 3]
    chain = nec.resolve(doc, faces)
    assert f"saves on {need}+" in nec.step(chain, "save").text
    assert nec.step(chain, "save").value == 0


def test_n11_a_save_of_1_always_fails(nec):
    doc = nec.scenario(gun(), targets=target(save=2))
    chain = nec.resolve(doc, [4, 4, 1, 3])
    assert nec.step(chain, "save").value == 0
    assert chain.targets["Goliath"]["status"] == "down"
    chain = nec.resolve(doc, [4, 4, 2])
    assert nec.step(chain, "save").value == 1


def test_n12_save_of_7_or_more_is_no_save(nec):
    doc = nec.scenario(gun(strength=9, save_mod=-6), targets=target(armour="carapace", toughness=4))
    chain = nec.resolve(doc, [4, 2, 6])  # hit, wound, injury 6: no save die in between
    save = nec.step(chain, "save")
    assert save.rolls == [] and save.value == 0 and "no save" in save.text
    assert chain.targets["Goliath"]["status"] == "out_of_action"


def test_seed_armour_list():
    assert ARMOUR == {
        "hide": 6, "leather": 6, "scout": 4, "black-shell": 4, "carapace": 4, "front-line": 4,
        "flak": 6, "power": 3, "dreadnought": 3, "mesh": 5,
    }


def test_invulnerable_save_takes_no_modifier_and_the_better_is_used(nec):
    # carapace 4+ with -6 = 10+; invulnerable 5+ is better and ignores the modifier
    doc = nec.scenario(gun(strength=9, save_mod=-6), targets=target(armour="carapace", toughness=4, invulnerable=5))
    chain = nec.resolve(doc, [4, 2, 5])
    save = nec.step(chain, "save")
    assert save.value == 1 and "invulnerable 5+" in save.text and save.modifiers == []
    # power armour 3+ with -1 = 4+ beats invulnerable 5+: one save only, the armour
    doc = nec.scenario(gun(save_mod=-1), targets=target(armour="power", invulnerable=5))
    chain = nec.resolve(doc, [4, 4, 4])
    save = nec.step(chain, "save")
    assert save.value == 1 and "power armour 3+" in save.text and len(save.rolls) == 1


@pytest.mark.parametrize(
    "face, status, flesh", [(1, "pinned", 1), (3, "down", 0), (5, "down", 0), (6, "out_of_action", 0)]
)
def test_n13_injury_dice(nec, face, status, flesh):
    chain = nec.resolve(nec.example("lasgun-long-range.toml"), [4, 4, face])
    assert chain.targets["Goliath"]["status"] == status
    assert chain.targets["Goliath"]["flesh_wounds"] == flesh
    assert chain.targets["Goliath"]["wounds_left"] == 0


def test_n14_high_impact_out_of_action_on_5(nec):
    doc = nec.scenario("plasma gun (high power)", targets=[{"name": "Goliath", "distance": 10}])
    chain = nec.resolve(doc, [4, 2, 5])
    assert chain.targets["Goliath"]["status"] == "out_of_action"
    doc = nec.scenario(gun(strength=6), targets=target())
    chain = nec.resolve(doc, [4, 2, 5])
    assert chain.targets["Goliath"]["status"] == "down"


def test_high_impact_only_on_the_first_injury_dice(nec):
    doc = nec.scenario(gun(strength=7, damage=2), targets=target())
    chain = nec.resolve(doc, [4, 2, 2, 5])  # two injury dice: 2 then 5
    assert chain.targets["Goliath"]["status"] == "down"
    chain = nec.resolve(doc, [4, 2, 5, 2])
    assert chain.targets["Goliath"]["status"] == "out_of_action"


@pytest.mark.parametrize(
    "faces, status, flesh",
    [([1, 1, 3], "down", 2), ([1, 6, 2], "out_of_action", 1), ([1, 1, 1], "pinned", 3), ([2, 2, 2], "down", 0)],
)
def test_n27_damage_3_on_one_wound_is_three_injury_dice(nec, faces, status, flesh):
    doc = nec.example("damage-three.toml")  # BS 4 long range 3+; S5 vs T3 2+
    chain = nec.resolve(doc, [3, 2, *faces])
    injury = nec.step(chain, "injury")
    assert len(injury.rolls) == 3
    assert nec.step(chain, "wound").value == 3
    assert chain.targets["Ratskin"]["status"] == status
    assert chain.targets["Ratskin"]["flesh_wounds"] == flesh


def test_two_wounds_damage_two_is_one_injury_dice(nec):
    doc = nec.scenario(gun(damage=2), targets=target(wounds=2))
    chain = nec.resolve(doc, [4, 4, 3])
    assert len(nec.step(chain, "injury").rolls) == 1


def test_wounds_short_of_zero_roll_no_injury(nec):
    doc = nec.scenario(gun(), targets=target(wounds=3))
    chain = nec.resolve(doc, [4, 4])
    assert nec.steps(chain, "injury") == []
    assert chain.targets["Goliath"] == {"status": "pinned", "wounds_left": 2, "flesh_wounds": 0}


def test_random_damage_rolls_after_the_save(nec):
    doc = nec.scenario(gun(damage="D3"), targets=target(wounds=3, save=5))
    chain = nec.resolve(doc, [4, 4, 2, 2])  # hit, wound, save fails (2), damage D3 = 2
    assert nec.step(chain, "damage").value == 2
    assert chain.targets["Goliath"]["wounds_left"] == 1


@pytest.mark.parametrize("face, status, flesh", [(3, "down", 0), (1, "down", 1), (6, "out_of_action", 0)])
def test_a_fighter_already_down_rolls_injury_again(nec, face, status, flesh):
    doc = nec.example("shooting-a-down-fighter.toml")
    chain = nec.resolve(doc, [2, 4, face])
    assert chain.targets["Wounded Ganger"]["status"] == status
    assert chain.targets["Wounded Ganger"]["flesh_wounds"] == flesh
    assert len(nec.step(chain, "injury").rolls) == 1  # damage 1 at 0 wounds: one dice


def test_a_down_fighter_hit_but_not_wounded_stays_down(nec):
    chain = nec.resolve(nec.example("shooting-a-down-fighter.toml"), [2, 3])
    assert chain.targets["Wounded Ganger"]["status"] == "down"


def test_flesh_wounds_that_bring_ws_and_bs_to_zero_take_him_out(nec):
    doc = nec.scenario(gun(), targets=target(ws=2, bs=2, flesh_wounds=1))
    chain = nec.resolve(doc, [4, 4, 1])
    assert chain.targets["Goliath"]["status"] == "out_of_action"
    doc = nec.scenario(gun(), targets=target(ws=3, bs=2, flesh_wounds=1))
    chain = nec.resolve(doc, [4, 4, 1])
    assert chain.targets["Goliath"]["status"] == "pinned"
