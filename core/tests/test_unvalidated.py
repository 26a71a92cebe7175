"""Reading a scenario before validation: what has the right type is read, anything
else reads as nothing (validation names it later)."""

import pytest

from gunline.unvalidated import number, table, tables, text, with_catalogue


@pytest.mark.parametrize(("junk", "as_text", "as_number"), [
    (None, None, None), (3, None, 3.0), ("x", "x", None), ([1], None, None), (True, None, None),
    (2.5, None, 2.5),
])
def test_junk_reads_as_nothing(junk, as_text, as_number):
    assert table(junk) == {}
    assert tables(junk) == ([{}] if junk == [1] else [])
    assert text(junk) == as_text
    assert number(junk) == as_number


def test_what_has_the_right_type_is_read():
    assert table({"a": 1}) == {"a": 1}
    assert tables([{"name": "Bo"}, "junk"]) == [{"name": "Bo"}, {}]
    assert number(True) is None and number(0) == 0.0


def test_a_weapon_is_its_catalogue_entry_under_what_the_file_gives():
    catalogue = {"Lasgun": {"range": 24, "strength": 3}}
    assert with_catalogue({"name": " lasgun ", "strength": 4}, catalogue) == {
        "range": 24, "strength": 4, "name": " lasgun "}
    assert with_catalogue({"name": "plasma"}, catalogue) == {"name": "plasma"}
    assert with_catalogue("junk", catalogue) == {}
    assert with_catalogue({"name": 7}, catalogue) == {"name": 7}


def test_a_measure_is_used_unless_the_field_was_typed():
    from gunline.unvalidated import measured

    m = measured({"name": "Bo"}, "targets[1]", "distance", 12.5, '12.5" on the map')
    assert (m.path, m.value, m.text, m.used, m.typed) == ("targets[1].distance", 12.5, '12.5" on the map', True, None)
    m = measured({"name": "Bo", "distance": 9}, "targets[1]", "distance", 12.5, "")
    assert (m.used, m.typed, m.value) == (False, 9, 12.5)
    assert measured("junk", "targets[0]", "distance", 3, "").used is True
