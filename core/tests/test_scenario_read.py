"""A scenario file's faults said where the file has them: a key of too many dotted
parts refused before tomllib, tomllib's own words made plain, unknown keys and
wrong values of nested tables and tables of names, and targets counted as the file
lists them when a roster fills some in."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import msgspec
import pytest

from gunline import BadInput
from gunline.drafts import read_draft
from gunline.scenario import build_attack, convert, read_document
from gunline.tomltext import MAX_KEY_PARTS, loads, overlong_key_line

BASE = 'ruleset = "toy"\n\n[shooter]\nname = "Ann"\n\n[weapon]\nname = "pistol"\n\n[[targets]]\nname = "Bo"\n'


def _read_error(tmp_path, text: str) -> str:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadInput) as info:
        read_document(path)
    message = str(info.value)
    assert "\n" not in message
    return message.replace(f"{path}: ", "s.toml: ", 1)


@pytest.mark.parametrize(
    "line",
    [
        ".".join(["a"] * 80_000) + " = 1",  # a file of 160 KB that took more memory than the machine had
        ".".join(["a"] * (MAX_KEY_PARTS + 1)) + " = 1",
        "[" + ".".join(["a"] * 5000) + "]",
        "[[" + " . ".join(['"a"'] * 5000) + "]]",
        "x = { " + ".".join(["'a'"] * 5000) + " = 1 }",
    ],
)
def test_a_key_of_too_many_dotted_parts_is_refused_naming_its_line(tmp_path, line):
    assert _read_error(tmp_path, BASE + "\n" + line + "\n") == (
        "s.toml: line 12: a key of more than 100 dotted parts; expected a few, as in map.at.Carter"
    )


def test_dots_in_strings_and_comments_and_keys_of_a_hundred_parts_are_read(tmp_path):
    many = ".".join(["a"] * 5000)
    text = (
        f'note = "{many}"\n'
        + f"other = '{many}'\n"
        + f'long = """\n{many}\n{many} = 1\n"""\n'
        + f"# {many} = 1\n"
        + ".".join(["b"] * MAX_KEY_PARTS) + " = 2\n"
        + BASE
    )
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    doc = read_document(path)
    assert doc["note"] == many and doc["long"] == f"{many}\n{many} = 1\n"
    assert overlong_key_line(text) is None


def test_an_ordinary_text_is_not_scanned_beyond_counting_its_dots():
    assert overlong_key_line("a = 1.5\n" * 10) is None
    assert loads("a.b.c = 1") == {"a": {"b": {"c": 1}}}


def test_a_draft_with_such_a_key_is_kept_and_said(tmp_path):
    path = tmp_path / "draft.toml"
    path.write_text(".".join(["a"] * 20_000) + " = 1\n", encoding="utf-8")
    said = "line 1: a key of more than 100 dotted parts; expected a few, as in map.at.Carter"
    assert read_draft(path) == (None, said)


@pytest.mark.parametrize(
    "text, message",
    [
        (
            '[map]\nkind = "yards"\nat = { Carter = [0, 0], Farrow = [310, 80], Carter = [1, 1] }\n',
            "s.toml: not valid TOML: 'Carter' is given twice (at line 3, column 60)",
        ),
        ("x = { a = 1, a = 2 }\n", "s.toml: not valid TOML: 'a' is given twice (at line 1, column 19)"),
        ('name = "a"\nname = "b"\n', "s.toml: not valid TOML: 'name' is given twice (at line 2, column 11)"),
        ("[shooter]\n[shooter]\n", "s.toml: not valid TOML: the table [shooter] is given twice (at line 2, column 9)"),
        (
            "[map]\nat = { Carter = [0, 0] }\nat.Farrow = [1, 1]\n",
            "s.toml: not valid TOML: 'map.at' is given whole before (an inline table { ... } or an array), "
            "and nothing can be added to it (at line 3, column 19)",
        ),
        ("shooter = 1\n[shooter]\n",
         "s.toml: not valid TOML: the table [shooter] is given where a value of that name is given before "
         "(at line 2, column 9)"),
        ("x = ", "s.toml: not valid TOML: Invalid value (at end of document)"),  # plain words: kept
    ],
)
def test_tomllib_words_are_said_as_the_file_has_it(tmp_path, text, message):
    assert _read_error(tmp_path, text) == message


class Weapon(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str
    range: int = 0


class Model(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str
    distance: int = 0
    weapon: Weapon | None = None


class Unit(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str
    models: list[Model] = []
    leader: Model | None = None
    areas: dict[str, Literal["head", "arms", "legs"]] = {}
    ranges: dict[str, Annotated[int, msgspec.Meta(ge=0)]] = {}


@pytest.mark.parametrize(
    "data, message",
    [
        (
            {"name": "U", "models": [{"name": "Goro", "distance": 6, "bogus": "x"}]},
            "f.toml: targets[0].models[0].bogus: unknown field; expected one of: name, distance, weapon",
        ),
        (
            {"name": "U", "models": [{"name": "A"}, {"name": "Goro", "distanse": 6}]},
            "f.toml: targets[0].models[1].distanse: unknown field (did you mean 'distance'?); "
            "expected one of: name, distance, weapon",
        ),
        (
            {"name": "U", "leader": {"name": "L", "weapon": {"name": "bow", "rnge": 3}}},
            "f.toml: targets[0].leader.weapon.rnge: unknown field (did you mean 'range'?); "
            "expected one of: name, range",
        ),
    ],
)
def test_an_unknown_key_of_a_nested_table_is_said_as_at_the_top(data, message):
    with pytest.raises(BadInput) as info:
        convert(data, Unit, "f.toml", "targets[0]")
    assert str(info.value) == message


@pytest.mark.parametrize(
    "data, message",
    [
        ({"name": "U", "areas": {"head": "head", "tracks": "legz"}},
         "f.toml: targets[0].areas.tracks: expected one of: head, arms, legs, got 'legz'"),
        ({"name": "U", "areas": {"tracks": 3}}, "f.toml: targets[0].areas.tracks: expected str, got int 3"),
        ({"name": "U", "ranges": {"short": 1, "long": -4}},
         "f.toml: targets[0].ranges.long: expected int >= 0, got -4"),
    ],
)
def test_a_value_of_a_table_of_names_is_said_by_its_key(data, message):
    with pytest.raises(BadInput) as info:
        convert(data, Unit, "f.toml", "targets[0]")
    assert str(info.value) == message


class Book:
    """A roster held in memory."""

    path = "j.db"

    def __init__(self, targets):
        self.targets = targets

    def roster_get(self, ruleset, kind, name):
        return dict(self.targets[name]) if kind == "target" and name in self.targets else None

    def roster_names(self, ruleset, kind):
        return sorted(self.targets) if kind == "target" else []


def _roster_error(registry, doc, book) -> str:
    with pytest.raises(BadInput) as info:
        build_attack(registry, doc, "s.toml", roster=book)
    return str(info.value)


def test_a_files_target_is_counted_as_the_file_lists_it_after_roster_entries(registry, doc):
    doc["roster"] = {"targets": ["Gol"]}
    doc["targets"] = [{"name": "Esc", "wounds": 0}]
    assert _roster_error(registry, doc, Book({"Gol": {"name": "Gol"}})) == (
        "s.toml: targets[0].wounds: expected int >= 1, got 0"
    )


def test_a_field_the_file_lays_over_a_roster_entry_is_the_files(registry, doc):
    doc["roster"] = {"targets": ["Gol"]}
    doc["targets"] = [{"name": "Esc"}, {"name": "Gol", "wounds": 0}]
    assert _roster_error(registry, doc, Book({"Gol": {"name": "Gol"}})) == (
        "s.toml: targets[1].wounds: expected int >= 1, got 0"
    )


def test_a_field_the_roster_gives_is_said_as_the_rosters(registry, doc):
    doc["roster"] = {"targets": ["Esc", "Gol"]}
    doc["targets"] = [{"name": "Gol", "cover": True}]
    book = Book({"Esc": {"name": "Esc"}, "Gol": {"name": "Gol", "wounds": 0}})
    assert _roster_error(registry, doc, book) == (
        "s.toml: roster.targets[1].wounds: expected int >= 1, got 0 "
        "(the roster's target 'Gol'; a [[targets]] named 'Gol' can give wounds instead)"
    )


def test_an_ordinary_file_is_read_without_the_key_check_and_a_long_key_with_it(tmp_path):
    """The check's module is no part of a command's start on an ordinary file; a
    text with enough dots for a key too long goes through it."""
    import subprocess
    import sys

    from gunline import scenario, tomltext

    assert scenario._FEW_DOTS <= tomltext.MAX_KEY_PARTS  # no key of too many parts slips past the check
    example = Path(__file__).resolve().parents[2] / "examples" / "necromunda" / "lasgun-long-range.toml"
    code = ("import sys; from gunline.scenario import read_document; read_document(sys.argv[1]); "
            "print('gunline.tomltext' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code, str(example)], capture_output=True, text=True,
                          check=True).stdout == "False\n"
    long = tmp_path / "long.toml"
    long.write_text(example.read_text() + ".".join(["a"] * 101) + " = 1\n")
    with pytest.raises(BadInput, match=r"long\.toml: line \d+: a key of more than 100 dotted parts"):
        scenario.read_document(long)
