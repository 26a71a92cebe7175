"""Action points: an attack costs the weapon's AP for its mode (aimed +1), spent
before any die; an encounter refuses an attack the shooter has too few left for,
until a new turn (the ``new-turn`` action)."""

from __future__ import annotations

import pytest

from gunline import AttackRefused, ChainState
from gunline.journal import Journal
from gunline.runner import run, run_action


def _ap(chain):
    return next(s for s in chain.steps if s.kind == "action_points")


@pytest.mark.parametrize("mode, aim, cost", [("single", None, 5), ("burst", None, 6), ("single", "head", 6)])
def test_an_attack_costs_the_weapon_s_action_points(registry, doc, fo, mode, aim, cost):
    doc["mode"] = mode
    if aim:
        doc["aim"] = aim
    chain, _ = run(registry, fo.attack_of(registry, doc), seed=1)
    step = _ap(chain)
    assert step.value == cost
    assert chain.steps[0] is step  # before any die
    assert chain.shooter["ap_left"] == 7 - cost  # Agility 5: 5 + 5 // 2 = 7 a turn


def test_a_weapon_says_what_it_costs(registry, doc, fo):
    doc["weapon"].update(ap_single=3)
    doc["shooter"]["action_points"] = 10
    chain, _ = run(registry, fo.attack_of(registry, doc), seed=1)
    assert (_ap(chain).value, chain.shooter["ap_left"]) == (3, 7)
    assert _ap(chain).text == "3 action points (a single shot), 7 left"


def test_a_called_off_attack_spends_its_action_points(registry, fo):
    """«ему не вернутся ОД, затраченные на подготовку выстрела»: the aimed shot at 0%
    is called off, no round fired, its 5 + 1 AP spent."""
    chain = fo.resolve_doc(registry, fo.example("aimed_head_called_off.toml"), [])
    assert _ap(chain).value == 6
    assert chain.shooter["ap_left"] == 1
    assert fo.steps(chain, "ammo")[0].value == 0


def test_too_few_action_points_refuse_the_attack(registry, doc, fo):
    attack = fo.attack_of(registry, doc)
    with pytest.raises(AttackRefused, match=r"shooter: Vic has 4 action points left, a single shot costs 5: "
                                            r"wait for a new turn \(gunline act new-turn\)"):
        run(registry, attack, seed=1, prior=ChainState(shooter={"name": "Vic", "ap_left": 4}))
    doc["weapon"]["ap_single"] = 9
    with pytest.raises(AttackRefused, match="Vic has 7 action points a turn, a single shot costs 9"):
        run(registry, fo.attack_of(registry, doc), seed=1)


def test_an_encounter_refuses_the_second_shot_until_a_new_turn(registry, doc, fo, tmp_path):
    attack = fo.attack_of(registry, doc)
    with Journal(tmp_path / "j.db") as journal:
        journal.resolve("raid", registry, attack, doc, faces=[61, 99])  # a miss: 7 - 5 = 2 AP left
        with pytest.raises(AttackRefused, match="Vic has 2 action points left"):
            journal.resolve("raid", registry, attack, doc, faces=[61, 99])
        chain, _, entry = journal.act("raid", registry, "new-turn", attack=attack, document=doc)
        assert chain.shooter["ap_left"] == 7 and entry.act == "new-turn"
        chain, _, _ = journal.resolve("raid", registry, attack, doc, faces=[1, 99])
        assert chain.shooter["ap_left"] == 2
        journal.undo("raid")  # the shot undone: its AP are back
        journal.undo("raid")  # and the new turn: 2 left again
        with pytest.raises(AttackRefused, match="Vic has 2 action points left"):
            journal.resolve("raid", registry, attack, doc, faces=[61, 99])


def test_a_new_turn_gives_the_action_points_back(registry, doc, fo):
    attack = fo.attack_of(registry, doc)
    chain, unused = run_action(registry, attack, "new-turn", prior=ChainState(shooter={"name": "Vic", "ap_left": 0}))
    assert unused == 0 and chain.dice == []
    assert chain.shooter["ap_left"] == 7
    assert chain.steps[0].text == "Vic's new turn: 7 action points"
