"""A Struct's ``__post_init__`` that starts its message with one of its fields is
reported at that field's path; any other message stays at the Struct's path."""

import msgspec
import pytest

from gunline import BadInput
from gunline.scenario import convert


class Gun(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str
    damage: str

    def __post_init__(self) -> None:
        if self.damage == "2d":
            raise ValueError("damage: expected a dice expression such as 2d6, got '2d'")
        if self.damage == "none":
            raise ValueError("expected a gun that does damage")
        if self.damage == "other":
            raise ValueError("calibre: not a field of the gun")
        if self.damage == "9":
            raise ValueError("damage: 9 is more than the gun can do (5)")


class Doc(msgspec.Struct, kw_only=True):
    weapons: list[Gun]


def _error(data, struct=Doc, field="") -> str:
    with pytest.raises(BadInput) as info:
        convert(data, struct, "s.toml", field)
    return str(info.value)


def test_a_message_naming_a_field_is_reported_at_it():
    data = {"weapons": [{"name": "a", "damage": "1d6"}, {"name": "b", "damage": "2d"}]}
    assert _error(data) == "s.toml: weapons[1].damage: expected a dice expression such as 2d6, got '2d'"


def test_a_table_converted_on_its_own_keeps_its_field_prefix():
    assert _error({"name": "b", "damage": "2d"}, Gun, "weapon") == (
        "s.toml: weapon.damage: expected a dice expression such as 2d6, got '2d'"
    )


@pytest.mark.parametrize("damage, expected", [
    ("none", "s.toml: weapons[0]: expected a gun that does damage"),
    ("other", "s.toml: weapons[0]: calibre: not a field of the gun"),
])
def test_other_messages_stay_at_the_struct(damage, expected):
    assert _error({"weapons": [{"name": "a", "damage": damage}]}).startswith(expected)


def test_a_rules_own_message_is_not_given_the_value_again():
    """The rule's words say what it was given: ", got '9'" was added after them."""
    assert _error({"weapons": [{"name": "a", "damage": "9"}]}) == (
        "s.toml: weapons[0].damage: 9 is more than the gun can do (5)")
    with pytest.raises(BadInput, match=r"weapons\[0\]\.damage: expected str, got int 3$"):
        convert({"weapons": [{"name": "a", "damage": 3}]}, Doc, "s.toml", "")
