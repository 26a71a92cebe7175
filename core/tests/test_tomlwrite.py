"""The small TOML writer: whatever it writes, tomllib reads back unchanged."""

import tomllib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gunline.tomlwrite import dumps


def test_scenario_shape_round_trips_and_reads_like_a_hand_written_file():
    doc = {
        "ruleset": "wod",
        "variants": ["wod.a", "wod.b"],
        "mode": "long",
        "lighting": None,
        "shooter": {"name": "Carter", "dexterity": 3, "firearms": 3},
        "weapon": {"name": "assault rifle", "damage": 3, "armor": {"general": 1, "ballistic": 2}},
        "targets": [{"name": "Farrow"}, {"name": 'Sykes "the knife"', "concealment": 3, "prone": True}],
    }
    text = dumps(doc)
    back = tomllib.loads(text)
    expected = {k: v for k, v in doc.items() if v is not None}
    assert back == expected
    lines = text.splitlines()
    # scalars before tables, tables before arrays of tables, as people write them
    assert lines[0] == 'ruleset = "wod"'
    assert lines.index("[shooter]") < lines.index("[weapon]") < lines.index("[[targets]]")
    assert "[weapon.armor]" in lines
    assert "lighting" not in text


def test_quoted_keys_and_control_characters():
    doc = {"odd key": {"tab\there": "line\nbreak \\ \u0001"}, "x": 1.5, "y": -3}
    assert tomllib.loads(dumps(doc)) == doc


def test_unsupported_value_is_refused():
    with pytest.raises(TypeError):
        dumps({"when": object()})


keys = st.text(min_size=1, max_size=8)
scalars = st.one_of(
    st.booleans(), st.integers(-(2**63), 2**63 - 1), st.text(max_size=20),
    st.floats(allow_nan=False, allow_infinity=False),
)
tables = st.recursive(
    st.dictionaries(keys, scalars, max_size=4),
    lambda inner: st.dictionaries(
        keys, st.one_of(scalars, inner, st.lists(scalars, max_size=3), st.lists(inner, min_size=1, max_size=2)),
        max_size=4,
    ),
    max_leaves=12,
)


@given(tables)
def test_any_plain_document_round_trips(doc):
    assert tomllib.loads(dumps(doc)) == doc


def test_what_a_terminal_obeys_is_written_as_toml_escapes():
    """C1 controls and the invisible format characters are written as ``\\u`` escapes: the
    same value, and TOML that the sanitiser leaves alone (it would write ``\\x9b``,
    which TOML cannot read: ``gunline roster show`` printed such TOML)."""
    import tomllib

    from gunline.safe import shown
    from gunline.tomlwrite import dumps

    doc = {"name": "Gol\x1b]0;x\x07\x9b31m\x85\u202eX\u2066Y\x7f\u200bZ\u200f\u061c\u2060\ufeff"}
    text = dumps(doc)
    assert tomllib.loads(text) == doc
    assert shown(text) == text and text.isascii()


def test_dates_and_times_read_from_a_scenario_are_written_back_as_toml_reads_them():
    text = "when = 2026-12-04T21:42:00\nday = 2026-12-04\nat = 21:42:00\nzoned = 2026-12-04T21:42:00+01:00\n"
    doc = tomllib.loads(text)
    assert tomllib.loads(dumps(doc)) == doc
