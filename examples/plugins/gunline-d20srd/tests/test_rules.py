"""The rules against worked examples, with the dice forced.

Each test states an example in the SRD's terms; the numbers are worked by hand from
the rules (the docstring of ruleset.py), never taken from running the code.
"""

from pathlib import Path

import pytest

from gunline import AttackRefused, BadInput
from gunline.testing import chain_for

EXAMPLES = Path(__file__).parent.parent / "src" / "gunline_d20srd" / "examples"
ORC = EXAMPLES / "longbow-at-an-orc.toml"
GOBLINS = EXAMPLES / "full-attack-two-goblins.toml"
HOBGOBLIN = EXAMPLES / "crossbow-into-melee.toml"


def shot(shooter=None, weapon=None, target=None, mode="attack", targets=None):
    """A scenario: a longbow at a target 30 ft away, unless told otherwise."""
    return {
        "ruleset": "d20srd",
        "mode": mode,
        "shooter": {"name": "Archer", **(shooter or {})},
        "weapon": {"name": "longbow", **(weapon or {})},
        "targets": targets or [{"name": "Mark", **(target or {})}],
    }


# -- the attack roll -----------------------------------------------------------------------


def test_the_orc_needs_a_nine_and_each_term_of_the_bonus_is_shown():
    # base attack +3, Dexterity 16 is +3, 150 ft is one full longbow increment: -2; AC 13 - 4 = 9
    chain = chain_for(ORC, dice=[12, 5])
    pool = chain.steps[0]
    assert pool.value == 9
    assert [(m.label, m.value) for m in pool.modifiers] == [
        ("base attack bonus", 3), ("Dexterity", 3), ("range: 1 increment", -2),
    ]


def test_a_twelve_hits_the_orc_and_five_damage_leaves_it_disabled():
    chain = chain_for(ORC, dice=[12, 5])
    assert [(s.kind, s.value) for s in chain.steps] == [("pool", 9), ("hit", 1), ("wound", 5), ("ammo", 1)]
    assert chain.targets["Orc"] == {"status": "disabled", "hp": 0}
    assert chain.weapon == {"rounds_left": 19, "status": "ok"}
    assert chain.outcomes["Orc"] == "Orc: disabled, 0 hp"


def test_an_eight_misses_and_rolls_no_damage():
    chain = chain_for(ORC, dice=[8])
    assert [s.kind for s in chain.steps] == ["pool", "hit", "ammo"]
    assert chain.targets["Orc"] == {"status": "unharmed", "hp": 5}


def test_a_natural_one_misses_whatever_the_bonus():
    # +20 against AC 10 would need a -10: a 1 still misses
    chain = chain_for(shot({"base_attack": 20}), dice=[1])
    assert chain.steps[0].value == 2 and chain.steps[1].value == 0


def test_a_natural_twenty_hits_whatever_the_armour():
    # +0 against AC 60 needs a 20: a 19 misses, a 20 hits; its confirmation (a 1) fails
    assert chain_for(shot(target={"ac": 60}), dice=[19]).steps[1].value == 0
    chain = chain_for(shot(target={"ac": 60}), dice=[20, 1, 3])
    assert (chain.steps[1].value, chain.steps[1].data) == (1, {"criticals": 0})
    assert chain.targets["Mark"] == {"status": "wounded", "hp": 3}


@pytest.mark.parametrize("distance, penalty", [(100, 0), (101, -2), (200, -2), (201, -4), (1000, -18)])
def test_two_off_for_each_full_range_increment(distance, penalty):
    chain = chain_for(shot(target={"distance": distance}), dice=[2])
    assert sum(m.value for m in chain.steps[0].modifiers if m.label.startswith("range")) == penalty


def test_cover_and_shooting_into_melee():
    # +1 base, cover is +4 AC, into melee -4: +1 - 8 = -7 against AC 10 needs 17
    chain = chain_for(shot({"base_attack": 1}, target={"cover": True, "in_melee": True}), dice=[16])
    assert chain.steps[0].value == 17 and chain.steps[1].value == 0


# -- critical hits --------------------------------------------------------------------------


def test_a_confirmed_twenty_triples_the_longbows_damage():
    # 20 threatens; the confirmation, 9 + 4 = 13, hits AC 13: 3 x 1d8 = 6 + 6 + 6, the orc dies at -13
    chain = chain_for(ORC, dice=[20, 9, 6, 6, 6])
    hit, wound = chain.steps[1], chain.steps[2]
    assert hit.data == {"criticals": 1} and hit.text == "1 hit, 1 critical"
    assert [r.label for r in hit.rolls] == ["attack +4", "confirm the critical"]
    assert wound.value == 18 and [r.label for r in wound.rolls] == ["critical damage"] * 3
    assert chain.targets["Orc"] == {"status": "dead", "hp": -13}


def test_an_unconfirmed_threat_is_an_ordinary_hit():
    # the confirmation, 8 + 4 = 12, misses AC 13: one 1d8, a 7: the orc is dying at -2
    chain = chain_for(ORC, dice=[20, 8, 7])
    assert chain.steps[1].data == {"criticals": 0}
    assert chain.targets["Orc"] == {"status": "dying", "hp": -2}


def test_a_natural_twenty_confirms_even_when_the_total_falls_short():
    chain = chain_for(shot(target={"ac": 60}), dice=[20, 20, 1, 1, 1])
    assert chain.steps[1].data == {"criticals": 1} and chain.steps[2].value == 3


def test_the_crossbow_threatens_on_a_nineteen_and_doubles():
    # +1 +3 -4 (melee) = +0 against AC 15: 15+; 19 threatens, 15 confirms; 2 x 1d8 = 4 + 5
    chain = chain_for(HOBGOBLIN, dice=[19, 15, 4, 5])
    assert chain.steps[0].value == 15 and chain.steps[1].data == {"criticals": 1}
    assert chain.targets["Hobgoblin"] == {"status": "dying", "hp": -3}


def test_a_nineteen_that_misses_threatens_nothing():
    # +1 against AC 21 needs a 20: a 19 is a miss, threat range or not
    chain = chain_for(shot(weapon={"name": "light crossbow"}, target={"ac": 21}), dice=[19])
    assert chain.steps[1].value == 0


def test_each_roll_of_damage_deals_at_least_one():
    chain = chain_for(shot(weapon={"damage": "1d4-2"}), dice=[15, 1])
    assert chain.steps[2].value == 1


# -- full attacks ---------------------------------------------------------------------------


def test_a_full_attack_shares_its_attacks_among_the_targets():
    # +6/+1 base, +2 Dexterity: +8 at the first goblin (7+), +3 at the second (12+)
    chain = chain_for(GOBLINS, dice=[7, 2, 11])
    pools = [s for s in chain.steps if s.kind == "pool"]
    assert [p.value for p in pools] == [7, 12]
    assert chain.targets == {
        "Goblin": {"status": "wounded", "hp": 3},
        "Goblin archer": {"status": "unharmed", "hp": 5},
    }
    assert chain.weapon == {"rounds_left": 10, "status": "ok"}


def test_one_target_takes_every_attack():
    doc = shot({"base_attack": 6, "dexterity": 14}, {"name": "shortbow"}, {"ac": 15, "hp": 5}, mode="full-attack")
    chain = chain_for(doc, dice=[7, 12, 3, 4])
    assert chain.steps[0].text == "needs 7+, then 12+ (+8/+3 against AC 15)"
    assert (chain.steps[1].value, chain.steps[2].value) == (2, 7)
    assert chain.targets["Mark"] == {"status": "dying", "hp": -2}


@pytest.mark.parametrize("base_attack, attacks", [(0, 1), (5, 1), (6, 2), (11, 3), (16, 4), (20, 4)])
def test_one_attack_per_five_points_of_base_attack_bonus(base_attack, attacks):
    doc = shot({"base_attack": base_attack}, target={"ac": 60}, mode="full-attack")
    chain = chain_for(doc, dice=[2] * attacks)
    assert chain.steps[-1].value == attacks and len(chain.steps[1].rolls) == attacks


# -- what the rules forbid ------------------------------------------------------------------


@pytest.mark.parametrize(
    "doc, message",
    [
        (shot(targets=[{"name": "A"}, {"name": "B"}]), "an attack has one target"),
        (shot({"base_attack": 6}, {"name": "light crossbow"}, mode="full-attack"),
         "the light crossbow takes a move action to reload"),
        (shot({"base_attack": 6}, mode="full-attack", targets=[{"name": "A"}, {"name": "B"}, {"name": "C"}]),
         "3 targets, but a base attack bonus of +6 gives 2 attacks"),
        (shot({"base_attack": 6}, {"ammunition": 1}, mode="full-attack"), "weapon: 1 ammunition left"),
        (shot(target={"distance": 1001}), "targets[0].distance: 1001 ft is beyond the longbow's 1000 ft"),
        (shot(weapon={"name": "javelin"}, target={"distance": 151}), "beyond the javelin's 150 ft"),
    ],
)
def test_what_the_rules_forbid_is_refused_saying_what_would_work(doc, message):
    with pytest.raises(AttackRefused, match=message.replace("+", r"\+").replace("[", r"\[").replace("]", r"\]")):
        chain_for(doc, dice=[10, 10])


def test_damage_not_written_as_dice_is_refused_at_the_field():
    with pytest.raises(BadInput, match=r"weapon\.damage: expected dice such as 1d8"):
        chain_for(shot(weapon={"damage": "2x"}), dice=[10])


# -- the variant ------------------------------------------------------------------------------


def test_without_confirmation_every_threat_is_a_critical():
    chain = chain_for(ORC, dice=[20, 6, 6, 6], variants=["d20srd.no-confirmation"])
    assert [r.label for r in chain.steps[1].rolls] == ["attack +4"]
    assert chain.targets["Orc"] == {"status": "dead", "hp": -13}
