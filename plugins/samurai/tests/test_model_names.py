"""The names inside a target or a shooting unit (a unit's models, the model reacting
in a target's place) are held to what a target's name is: never blank, at most 200
characters, never printed when too long; and a reacting model is another model than
the shooter, for the chain names each side of a comparative test by its name."""

from __future__ import annotations

import pytest

from gunline import cli

#: The fuzzer's file: the reactor shares the shooter's name ("Ninja sees Ninja").
REACTOR = """ruleset = "samurai"
[shooter]
name = "Ninja"
shooting = 6
stealth = 2
[weapon]
name = "hankyu"
[[targets]]
name = "General"
alert = 1
sees_shooter = false
distance = 12
reaction = "return_fire"
[targets.reactor]
name = "{reactor}"
shooting = 9
distance = 14
weapon = {{ name = "yumi" }}
"""

UNIT_TARGET = """ruleset = "samurai"
[shooter]
name = "Ninja"
shooting = 6
[weapon]
name = "hankyu"
[[targets]]
name = "Ashigaru"
[[targets.models]]
name = "Ashigaru 1"
distance = 10
[[targets.models]]
name = "{model}"
distance = 11
"""

UNIT_SHOOTER = """ruleset = "samurai"
[shooter]
name = "Archers"
shooting = 6
[[shooter.models]]
name = "Archer 1"
[[shooter.models]]
name = "{model}"
[weapon]
name = "hankyu"
[[targets]]
name = "General"
distance = 12
"""

BLANK = "expected a non-empty name: the chain reports each model by it"
LONG = "expected a name of at most 200 characters, got 5,000"


def _validate(tmp_path, capsys, text: str) -> tuple[int, str, str]:
    path = tmp_path / "names.toml"
    path.write_text(text)
    code = cli.main(["validate", str(path)])
    out, err = capsys.readouterr()
    return code, out, err.replace(f"gunline: {path}: ", "", 1)


@pytest.mark.parametrize(
    ("text", "field"),
    [(REACTOR.format(reactor="{name}"), "targets[0].reactor.name"),
     (UNIT_TARGET.format(model="{name}"), "targets[0].models[1].name"),
     (UNIT_SHOOTER.format(model="{name}"), "shooter.models[1].name")],
)
@pytest.mark.parametrize(("name", "expected"), [("", BLANK), ("   ", f"{BLANK}, got '   '"), ("N" * 5000, LONG)])
def test_a_blank_or_overlong_model_name_is_refused_naming_its_field(tmp_path, capsys, text, field, name, expected):
    code, out, err = _validate(tmp_path, capsys, text.replace("{name}", name))
    assert (code, out, err) == (2, "", f"{field}: {expected}\n")


@pytest.mark.parametrize(
    "text",
    [REACTOR.format(reactor="N" * 200), UNIT_TARGET.format(model="N" * 200), UNIT_SHOOTER.format(model="N" * 200)],
)
def test_a_model_name_of_the_limit_is_taken(tmp_path, capsys, text):
    assert _validate(tmp_path, capsys, text)[0] == 0


def test_a_reactor_with_the_shooter_s_name_is_refused(tmp_path, capsys):
    assert _validate(tmp_path, capsys, REACTOR.format(reactor="Ninja")) == (
        2, "", "targets[0].reactor.name: Ninja is the shooter's name; the model reacting in General's place needs "
               "a name of its own\n")


def test_a_reactor_with_the_target_s_own_name_is_refused(tmp_path, capsys):
    assert _validate(tmp_path, capsys, REACTOR.format(reactor="General")) == (
        2, "", "targets[0].reactor.name: General is the target's own name; the model reacting in its place is "
               "another model, with a name of its own\n")


def test_a_reactor_named_as_a_model_of_the_shooting_unit_is_refused(tmp_path, capsys):
    text = UNIT_SHOOTER.format(model="Archer 2") + (
        'alert = 1\nreaction = "return_fire"\n[targets.reactor]\nname = "Archer 2"\nshooting = 9\n'
        'weapon = { name = "yumi" }\n')
    assert _validate(tmp_path, capsys, text) == (
        2, "", "targets[0].reactor.name: Archer 2 is a model of the shooting unit Archers; the model reacting in "
               "General's place needs a name of its own\n")


def test_a_reactor_with_a_name_of_its_own_reacts(tmp_path, capsys):
    assert _validate(tmp_path, capsys, REACTOR.format(reactor="Bushido master"))[0] == 0


def test_two_models_of_a_unit_with_one_name_are_refused(tmp_path, capsys):
    assert _validate(tmp_path, capsys, UNIT_TARGET.format(model="Ashigaru 1")) == (
        2, "", "targets[0].models: two models share a name; names must be unique\n")
