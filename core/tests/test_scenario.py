"""Scenario validation: every error names the file, the field path and what was expected."""

import pytest

from gunline import BadInput
from gunline.scenario import build_attack, load_attack


def _error(registry, doc) -> str:
    with pytest.raises(BadInput) as info:
        build_attack(registry, doc, "s.toml")
    message = str(info.value)
    assert "\n" not in message
    return message


def test_valid_document_merges_catalogue_weapon(registry, doc):
    attack = build_attack(registry, doc, "s.toml")
    assert attack.weapon.rounds == 6 and attack.weapon.name == "pistol"
    assert [t.name for t in attack.targets] == ["Bo", "Cy"]
    assert attack.mode == "single" and attack.variants == ()


def test_inline_fields_override_the_catalogue(registry, doc):
    doc["weapon"] = {"name": "Pistol", "rounds": 2}
    assert build_attack(registry, doc, "s.toml").weapon.rounds == 2


@pytest.mark.parametrize(
    "mutate, expected",
    [
        (lambda d: d.pop("ruleset"), "s.toml: ruleset: required field is missing"),
        (lambda d: d.update(ruleset="chess"), "s.toml: ruleset: unknown ruleset 'chess'"),
        (lambda d: d.update(ruleset=3), "s.toml: ruleset: expected a string, got an integer"),
        (lambda d: d.update(variants=["toy.x"]), "s.toml: variants: unknown variant 'toy.x'"),
        (lambda d: d.update(variants="toy.x"), "s.toml: variants: expected an array of variant names"),
        (
            lambda d: d.update(mode="auto"),
            "s.toml: mode: 'auto' is not a fire mode of toy; expected one of: single, double",
        ),
        (
            lambda d: d.update(mode=__import__("datetime").date(2026, 12, 4)),  # TOML's `mode = 2026-12-04`
            "s.toml: mode: expected a fire mode of toy (one of: single, double), got a date",
        ),
        (lambda d: d.pop("shooter"), "s.toml: shooter: required table is missing"),
        (lambda d: d.update(shooter="Ann"), "s.toml: shooter: expected a table, got a string"),
        (lambda d: d["shooter"].update(skill=9), "s.toml: shooter.skill: expected int <= 6, got 9"),
        (lambda d: d["shooter"].update(skill="4"), "s.toml: shooter.skill: expected int, got str '4'"),
        (lambda d: d["shooter"].update(skil=4), "s.toml: shooter.skil: unknown field (did you mean 'skill'?)"),
        (lambda d: d["shooter"].pop("name"), "s.toml: shooter.name: required field is missing"),
        (lambda d: d.pop("weapon"), "s.toml: weapon: required table is missing"),
        (
            lambda d: d.update(weapon={"name": "blaster"}),
            "s.toml: weapon.rounds: required field is missing ('blaster' is not in the toy catalogue",
        ),
        (lambda d: d.pop("targets"), "s.toml: targets: required: at least one [[targets]] table"),
        (lambda d: d.update(targets=[]), "s.toml: targets: expected at least one [[targets]] table"),
        (lambda d: d["targets"][1].update(wounds=0), "s.toml: targets[1].wounds: expected int >= 1, got 0"),
        (lambda d: d["targets"][1].update(name="Bo"), "s.toml: targets[1].name: 'Bo' names two targets"),
        (
            lambda d: d.update(lighting="dark"),
            "s.toml: lighting: unknown top-level key; "
            "expected one of: ruleset, variants, mode, shooter, weapon, targets",
        ),
        (lambda d: d.update(targest=[]), "s.toml: targest: unknown top-level key (did you mean 'targets'?)"),
        (lambda d: d["targets"][0].update(name=" "), "s.toml: targets[0].name: expected a non-empty name"),
    ],
)
def test_errors_name_file_field_and_expectation(registry, doc, mutate, expected):
    mutate(doc)
    assert _error(registry, doc).startswith(expected)


def test_unreadable_and_non_toml_files(registry, tmp_path):
    with pytest.raises(BadInput, match=r"missing.toml: no such file"):
        load_attack(registry, tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("ruleset = \n")
    with pytest.raises(BadInput, match=r"bad.toml: not valid TOML: .*line 1"):
        load_attack(registry, bad)
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(BadInput, match="not a text file"):
        load_attack(registry, binary)


def test_extra_variants_join_the_files_own(registry, doc, toy):
    import types

    from gunline import Variant, hookimpl

    mod = types.ModuleType("v")
    mod.gunline_variant = hookimpl(lambda: Variant(name="toy.v", ruleset="toy", api=2))
    registry.add("toy.v", mod)
    attack = build_attack(registry, doc, "s.toml", ["toy.v", "toy.v"])
    assert attack.variants == ("toy.v",)


def test_a_word_or_a_number_field_lists_both(registry, doc):
    """A field typed ``int | Literal[...]`` names its words and that a number works."""
    from typing import Literal

    import msgspec

    from gunline.scenario import convert

    class Gun(msgspec.Struct, kw_only=True):
        damage: int | Literal["D3", "D6"] = 1

    with pytest.raises(BadInput) as info:
        convert({"damage": "D7"}, Gun, "g.toml", "weapon")
    assert str(info.value) == "g.toml: weapon.damage: expected one of: D3, D6, any int, got 'D7'"


def test_the_names_a_struct_accepts_are_msgspecs_own():
    """``struct_fields`` reads the encoded names off the class; they are what
    ``msgspec.structs.fields`` gives, in its order, renamed fields too."""
    import msgspec

    from gunline import discover
    from gunline.scenario import struct_fields

    class Renamed(msgspec.Struct, rename="camel"):
        long_range: int = 0
        name: str = ""

    structs = [Renamed]
    for plugin in discover().rulesets.values():
        ruleset = plugin.declaration
        structs += [s for s in (ruleset.shooter, ruleset.weapon, ruleset.target, ruleset.settings) if s is not None]
    for struct in structs:
        assert struct_fields(struct) == tuple(f.encode_name for f in msgspec.structs.fields(struct)), struct
    assert struct_fields(Renamed) == ("longRange", "name")


@pytest.mark.parametrize(
    ("where", "field"),
    [(lambda d: d["targets"][0].update(guard={"name": "{name}"}), "targets[0].guard.name"),
     (lambda d: d["targets"][1].update(models=[{"name": "Cy 1"}, {"name": "{name}"}]), "targets[1].models[1].name"),
     (lambda d: d["shooter"].update(models=[{"name": "{name}"}]), "shooter.models[0].name"),
     (lambda d: d["weapon"].update(ammo={"name": "{name}"}), "weapon.ammo.name")],
)
def test_a_name_nested_in_a_table_is_held_to_the_limit_without_being_printed(registry, doc, where, field):
    """A unit's models, a model reacting in a target's place, the weapon it carries:
    their names are printed as a target's is, so are refused past the same limit,
    before the ruleset reads them (the toy knows no such fields)."""
    import json

    from gunline.scenario import MAX_NAME_CHARS

    where(doc)
    text = json.dumps(doc)
    too_long = json.loads(text.replace("{name}", "N" * 5000))
    assert _error(registry, too_long) == f"s.toml: {field}: expected a name of at most {MAX_NAME_CHARS} characters, " \
                                         "got 5,000"
    at_most = json.loads(text.replace("{name}", "N" * MAX_NAME_CHARS))
    assert "expected a name" not in _error(registry, at_most)  # the toy then refuses the field it does not know
