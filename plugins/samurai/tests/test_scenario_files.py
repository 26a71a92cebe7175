"""Scenario vocabulary and its error messages: one line naming the field path."""

import subprocess
import sys

import pytest

from gunline import AttackRefused, BadInput


def test_nested_reactor_field_path(example, attack_of):
    doc = example("ninja_and_bushido_master")
    doc["targets"][0]["reactor"]["shooting"] = "nine"
    with pytest.raises(BadInput) as err:
        attack_of(doc)
    assert str(err.value).startswith("scenario.toml: targets[0].reactor.shooting: expected int")


def test_nested_value_out_of_bounds(example, attack_of):
    doc = example("ninja_and_bushido_master")
    doc["targets"][0]["reactor"]["shooting"] = 40
    with pytest.raises(BadInput, match=r"targets\[0\].reactor.shooting: expected int <= 20, got 40"):
        attack_of(doc)


def test_unknown_nested_field(example, attack_of):
    doc = example("ashigaru_unit")
    doc["targets"][0]["models"][1]["wound"] = 2
    with pytest.raises(BadInput) as err:
        attack_of(doc)
    assert str(err.value).startswith("scenario.toml: targets[0].models[1].wound: unknown field "
                                     "(did you mean 'wounds'?); expected one of: name, distance, ")


def test_missing_reactor_name(example, attack_of):
    doc = example("ninja_and_bushido_master")
    del doc["targets"][0]["reactor"]["name"]
    with pytest.raises(BadInput) as err:
        attack_of(doc)
    assert str(err.value) == "scenario.toml: targets[0].reactor.name: required field is missing"


def test_missing_unit_model_distance(example, attack_of):
    doc = example("ashigaru_unit")
    del doc["targets"][0]["models"][2]["distance"]
    with pytest.raises(BadInput) as err:
        attack_of(doc)
    assert str(err.value) == "scenario.toml: targets[0].models[2].distance: required field is missing"


def test_bad_reaction_choice(example, attack_of):
    doc = example("teppo_duel")
    doc["targets"][0]["reaction"] = "flee"
    with pytest.raises(
        BadInput, match=r"targets\[0\].reaction: expected one of: none, dodge, return_fire, charge, got 'flee'"
    ):
        attack_of(doc)


def test_catalogue_weapon_and_inline_override(example, attack_of):
    doc = example("teppo_duel")
    assert attack_of(doc).weapon.damage == 3
    doc["weapon"]["damage"] = 4
    assert attack_of(doc).weapon.damage == 4


def test_custom_weapon_needs_its_damage(example, attack_of):
    doc = example("teppo_duel")
    doc["weapon"] = {"name": "fukiya"}
    with pytest.raises(BadInput, match=r"weapon.damage: required field is missing.*hankyu"):
        attack_of(doc)


def test_a_reactor_s_unknown_weapon_names_its_path(example, attack_of, resolve):
    doc = example("ninja_and_bushido_master")
    doc["targets"][0]["reactor"]["weapon"] = {"name": "daikyu"}
    with pytest.raises(BadInput) as err:
        attack_of(doc)
    assert str(err.value) == (
        "scenario.toml: targets[0].reactor.weapon: expected a catalogue weapon (hankyu, shuriken, teppo, yumi) "
        "or its damage, got {'name': 'daikyu'}")
    doc["targets"][0]["reactor"]["weapon"] = {"name": "daikyu", "damage": 3, "shots": 1}
    assert resolve(doc, [2, 3, 9]).shooter["status"] == "stunned"


def test_a_reactor_cannot_dodge_for_another(example, resolve):
    doc = example("ninja_and_bushido_master")
    doc["targets"][0]["reaction"] = "dodge"
    with pytest.raises(AttackRefused, match=r"targets\[0\].reaction: Bushido master cannot dodge"):
        resolve(doc, [1])


def test_validate_command_says_where(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('ruleset = "samurai"\n[shooter]\nname = "A"\nshooting = 5\n[weapon]\nname = "yumi"\n'
                   '[[targets]]\nname = "B"\n[targets.reactor]\nname = "C"\nshooting = -1\n', "utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "gunline.cli", "validate", str(bad)], capture_output=True, text=True, check=False
    )
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [
        f"gunline: {bad}: targets[0].reactor.shooting: expected int >= 0, got -1"
    ]
