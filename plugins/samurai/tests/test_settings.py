"""The inferred dice rules are scenario settings a GM can correct."""

import pytest

from gunline import BadInput


def test_settings_are_top_level_keys_with_the_notes_defaults(example, attack_of):
    attack = attack_of(example("teppo_duel"))
    s = attack.settings
    assert (s.die, s.catastrophic_failure, s.above_die, s.comparative_ties, s.dodge) == (
        10, "top_face", "always_succeeds", "cancel", "plain_test")


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


def test_dodge_plain_by_default_and_on_agility_by_setting(example, resolve, step_of):
    doc = example("several_targets")
    chain = resolve(doc, [8, 9, 10])
    assert step_of(chain, "hit", "Ronin").data["test"] == "plain"
    doc["dodge"] = "agility_test"
    doc["targets"][0]["agility"] = 6
    # the hunter's 5 (on 7) against the ronin's 6 (on 6, a Lucky Chance): saved
    chain = resolve(doc, [5, 6, 9, 10])
    ronin = step_of(chain, "hit", "Ronin")
    assert ronin.data["test"] == "dodge" and ronin.value == 0
    # the hunter's 5 against the ronin's 3: one hit, then its wound test
    chain = resolve(doc, [5, 3, 9, 9, 9, 10])
    assert step_of(chain, "hit", "Ronin").value == 1


def test_agility_dodge_needs_agility(example, resolve):
    from gunline import AttackRefused

    doc = example("several_targets")
    doc["dodge"] = "agility_test"
    with pytest.raises(AttackRefused, match=r"targets\[0\].agility: needed"):
        resolve(doc, [1])


def test_a_d12_game(example, resolve, step_of):
    doc = example("general_alone")
    doc["die"] = 12
    chain = resolve(doc, [12, 11])
    hit = step_of(chain, "hit")
    assert [r.dice for r in hit.rolls] == ["1d12", "1d12"] and "Catastrophic" in hit.text
