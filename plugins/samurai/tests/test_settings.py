"""The inferred dice rules are scenario settings a GM can correct."""

import pytest

from gunline import BadInput


def test_settings_are_top_level_keys_with_the_notes_defaults(example, attack_of):
    attack = attack_of(example("teppo_duel"))
    s = attack.settings
    assert (s.die, s.catastrophic_failure, s.above_die, s.comparative_ties, s.dodge) == (
        10, "top_face", "always_succeeds", "cancel", None)  # dodge: as the variants in play say


def test_a_bad_setting_names_the_key(example, attack_of):
    doc = example("teppo_duel")
    doc["dodge"] = "roll"
    with pytest.raises(BadInput, match=r"scenario.toml: dodge: .*plain_test"):
        attack_of(doc)


def test_catastrophic_failure_is_shown(example, resolve, step_of):
    chain = resolve(example("general_alone"), [10, 10])
    assert "Catastrophic Failure" in step_of(chain, "hit").text
    doc = example("general_alone")
    doc["catastrophic_failure"] = "never"
    assert "Catastrophic" not in step_of(resolve(doc, [10, 10]), "hit").text


def test_ties_setting_decides_the_exchange(example, resolve):
    doc = example("teppo_duel")  # the gunner's 3 on 6 against the archer's 3 on 5
    assert resolve(doc, [3, 3]).targets["Archer"]["status"] == "unharmed"
    doc["comparative_ties"] = "defender"
    assert resolve(doc, [3, 3, 1, 9]).shooter["status"] == "stunned"  # the archer's hit wounds
    doc["comparative_ties"] = "attacker"
    assert resolve(doc, [3, 3, 1, 9]).targets["Archer"]["status"] == "stunned"


def test_dodge_on_agility_by_default_and_plain_by_setting(example, resolve, step_of):
    doc = example("several_targets")  # the ronin's Agility 5
    # the hunter's 5 (on 7) against the ronin's 3 (on 5): the hunter's higher success wins
    chain = resolve(doc, [5, 3, 9, 9, 9, 10])  # then its wound test 9, 9; Monk 9, Peasant 10
    ronin = step_of(chain, "hit", "Ronin")
    assert ronin.data["test"] == "dodge" and ronin.value == 1
    # the hunter's 5 against the ronin's 5, a Lucky Chance on his Agility 5: saved
    chain = resolve(doc, [5, 5, 9, 10])
    assert step_of(chain, "hit", "Ronin").value == 0
    doc["dodge"] = "plain_test"
    chain = resolve(doc, [8, 9, 10])
    assert step_of(chain, "hit", "Ronin").data["test"] == "plain"


def test_agility_dodge_needs_agility(example, resolve):
    from gunline import AttackRefused

    doc = example("several_targets")
    del doc["targets"][0]["agility"]
    with pytest.raises(AttackRefused, match=r"targets\[0\].agility: needed for a dodge"):
        resolve(doc, [1])
    doc["dodge"] = "plain_test"  # plain tests need no Agility
    resolve(doc, [8, 9, 10])
