"""Struct -> form-field descriptions (gunline.schema)."""

from typing import Annotated, Literal

import msgspec
import pytest

from gunline.schema import FieldSpec, describe, format_value, parse_value


class Armour(msgspec.Struct, kw_only=True):
    general: Annotated[int, msgspec.Meta(ge=0, le=5)] = 0


class Target(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str
    wounds: Annotated[int, msgspec.Meta(gt=0, lt=11, description="wounds left")] = 1
    cover: bool = False
    range: Literal["short", "medium", "long"] = "short"
    stance: Literal["standing"] | Literal["prone"] | None = None
    toughness: float | None = None
    armour: Armour = msgspec.field(default_factory=Armour)
    notes: list[str] = []


def by_name(specs):
    return {s.name: s for s in specs}


def test_kinds_bounds_defaults_and_required():
    f = by_name(describe(Target, "targets[2]"))
    assert f["name"].kind == "str" and f["name"].required and not f["name"].has_default
    w = f["wounds"]
    # gt=0 / lt=11 on an int are the inclusive bounds 1..10
    assert (w.kind, w.ge, w.le, w.default, w.required) == ("int", 1, 10, 1, False)
    assert w.description == "wounds left"
    assert f["cover"].kind == "bool" and f["cover"].default is False
    assert f["range"].kind == "choice" and f["range"].choices == ("short", "medium", "long")
    assert f["stance"].choices == ("standing", "prone") and f["stance"].optional
    assert f["toughness"].kind == "float" and f["toughness"].optional
    assert f["notes"].kind == "list" and f["notes"].default == []
    assert f["wounds"].path == "targets[2].wounds"


def test_nested_struct_has_children_with_paths():
    armour = by_name(describe(Target, "targets[0]"))["armour"]
    assert armour.kind == "struct"
    (general,) = armour.children
    assert (general.path, general.ge, general.le) == ("targets[0].armour.general", 0, 5)


def test_hint_reads_like_the_bounds():
    f = by_name(describe(Target))
    assert f["wounds"].hint() == "int 1–10"
    assert f["range"].hint() == "short|medium|long"
    assert f["toughness"].hint() == "float or empty"
    assert FieldSpec(name="x", path="x", kind="int", required=True, ge=0).hint() == "int ≥0"


def test_not_a_struct_is_refused():
    with pytest.raises(TypeError):
        describe(int)


@pytest.mark.parametrize(
    "kind,text,value",
    [("int", " 7 ", 7), ("int", "seven", "seven"), ("int", "", None), ("float", "2.5", 2.5),
     ("bool", "yes", True), ("bool", "no", False), ("bool", "maybe", "maybe"), ("int", "3.5", 3.5),
     ("int", "1e3", 1000.0), ("int", "inf", "inf"), ("float", "2,5", "2,5"), ("str", "Sykes", "Sykes"),
     ("any", "12", 12), ("any", "-3", -3), ("any", "+35", "+35"), ("any", "D6", "D6"), ("any", "07", "07")],
)
def test_parse_value(kind, text, value):
    spec = FieldSpec(name="x", path="x", kind=kind, required=False)
    assert parse_value(spec, text) == value


def test_format_value_round_trips_parse():
    spec = FieldSpec(name="x", path="x", kind="int", required=True)
    assert parse_value(spec, format_value(12)) == 12
    assert format_value(None) == "" and format_value(True) == "true"


@pytest.mark.parametrize(
    "kind,value",
    [("table", {"tracks": "legs"}), ("list", [{"name": "Taro", "distance": 15}, {"name": "Jiro"}]),
     ("any", {"name": "yumi"}), ("list", [[1, 2], [3]])],
)
def test_tables_and_lists_of_tables_round_trip_as_inline_toml(kind, value):
    spec = FieldSpec(name="x", path="x", kind=kind, required=False)
    text = format_value(value)
    assert text.startswith(("{", "["))
    assert parse_value(spec, text) == value


def test_text_that_is_not_a_toml_value_is_kept_for_validation_to_name():
    spec = FieldSpec(name="areas", path="targets[0].areas", kind="table", required=False)
    assert parse_value(spec, "{ tracks = ") == "{ tracks ="
    assert parse_value(spec, "tracks") == "tracks"


def test_an_optional_field_keeps_its_description():
    """``Annotated[int, Meta(description=...)] | None``: the form shows the words."""
    from typing import Annotated

    import msgspec

    from gunline.schema import describe

    class Fighter(msgspec.Struct, kw_only=True):
        initiative: Annotated[int, msgspec.Meta(ge=1, le=10, description="for the recovery test")] | None = None

    (spec,) = describe(Fighter)
    assert (spec.kind, spec.optional, spec.ge, spec.le, spec.description) == (
        "int", True, 1, 10, "for the recovery test"
    )
