"""The one sanitiser: what a terminal would obey is shown escaped, everything else is
left as it is; JSON keeps its value and loses every raw control character."""

from __future__ import annotations

import json
import re

import msgspec
import pytest

from gunline import safe
from gunline.output import say, say_json, warn
from gunline.safe import is_plain, json_bytes, one_line, shown


@pytest.mark.parametrize(
    "raw, escaped",
    [
        ("a\x1b[31mb", "a\\x1b[31mb"),  # ESC: every sequence starts with it
        ("a\x9b2J", "a\\x9b2J"),  # C1 CSI, a sequence in one character
        ("t\x1b]0;PWNED\x07", "t\\x1b]0;PWNED\\x07"),  # window title, ended by BEL
        ("ok\rEVIL", "ok\\rEVIL"),  # carriage return: overwrites the line
        ("ab\x08c", "ab\\x08c"),
        ("d\x7fel", "d\\x7fel"),
        ("n\x00l", "n\\x00l"),
        ("one\x85two", "one\\x85two"),  # C1 next line
        ("user\u202egnp.exe", "user\\u202egnp.exe"),  # right-to-left override
        ("\u2066x\u2069", "\\u2066x\\u2069"),  # isolates
        ("bad\udcff", "bad\\udcff"),  # a byte that was not UTF-8 (surrogateescape)
        ("Gol\u200biath", "Gol\\u200biath"),  # zero width space: two names that look alike
        ("\u200fVex\u200e", "\\u200fVex\\u200e"),  # right-to-left and left-to-right marks
        ("a\u061cb", "a\\u061cb"),  # Arabic letter mark
        ("w\u2060j\u2062x\u2064", "w\\u2060j\\u2062x\\u2064"),  # word joiner, invisible operators
        ("in\ufeffside", "in\\ufeffside"),  # a byte-order mark inside text
        ("m\u180es\ufff9a", "m\\u180es\\ufff9a"),  # Mongolian vowel separator, annotation anchor
        ("Go\u00adliath", "Go\\xadliath"),  # soft hyphen: shown as nothing mid-line
        ("Vex\u034f", "Vex\\u034f"),  # combining grapheme joiner (isprintable passes it)
        ("\u3164\uffa0\u115f\u1160", "\\u3164\\uffa0\\u115f\\u1160"),  # Hangul fillers: a name of blanks
        ("a\u17b4b\u17b5", "a\\u17b4b\\u17b5"),  # Khmer inherent vowels, invisible
        ("line\u2028break\u2029", "line\\u2028break\\u2029"),  # line and paragraph separators
    ],
)
def test_what_a_terminal_would_obey_is_shown_escaped(raw, escaped):
    assert shown(raw) == escaped
    assert one_line(raw) == escaped


def test_newlines_and_tabs_are_kept_in_text_and_escaped_on_one_line():
    assert shown("a\nb\tc") == "a\nb\tc"
    assert one_line("a\nb\tc") == "a\\nb\\tc"


@pytest.mark.parametrize(
    "text",
    ["Goliath", "Café", "日本語の名前", "👍🏽", "👨\u200d👩\u200d👧", "C:\\maps\\pit.toml", "needs 5+ · ≤45 — ✎",
     "[red]x[/]", "می\u200cخواهم", "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"],
)
def test_ordinary_text_is_left_as_it_is(text):
    assert shown(text) == text == one_line(text)
    assert is_plain(text)


def test_escaping_twice_changes_nothing_more():
    text = "a\x1b[1m\x9b\u202e\r\n"
    assert shown(shown(text)) == shown(text)
    assert one_line(one_line(text)) == one_line(text)


def test_anything_is_made_a_string_first():
    class Odd:
        def __str__(self):
            return "odd\x1b[2J"

    assert shown(Odd()) == "odd\\x1b[2J"
    assert shown(42) == "42"


@pytest.mark.parametrize("text", ["\x1b", "\x9b", "\x7f", "\u202e", "\u2066", "\x85", "é\x9f", "\u2028"])
def test_json_escapes_every_control_and_keeps_the_value(text):
    value = {"name": text, "list": [text, "plain"]}
    data = json_bytes(msgspec.json.encode(value))
    assert json.loads(data) == value == msgspec.json.decode(data)
    for raw in (b"\x1b", b"\x7f", b"\xc2\x9b", b"\xc2\x85", b"\xc2\x9f", b"\xe2\x80\xae", b"\xe2\x81\xa6"):
        assert raw not in data


def test_json_of_ordinary_text_is_byte_for_byte_msgspec():
    value = {"name": "Café 日本 👍🏽 ≤45", "n": [1, 2.5, None, True], "quote": 'say "hi"\\'}
    data = msgspec.json.encode(value)
    assert json_bytes(data) is data


def test_json_escapes_are_lowercase_four_digit():
    assert json_bytes(msgspec.json.encode("\x9b\u202e\x7f")) == b'"\\u009b\\u202e\\u007f"'


def test_output_goes_through_the_sanitiser(capsys):
    say("chain of Gol\x1b[31m\nsecond line")
    warn("gunline: bad\nthing\x07")
    say_json(msgspec.json.encode({"n": "x\x9b"}))
    out, err = capsys.readouterr()
    assert out == 'chain of Gol\\x1b[31m\nsecond line\n{"n":"x\\u009b"}\n'
    assert err == "gunline: bad\\nthing\\x07\n"


def test_no_command_writes_to_the_terminal_but_through_the_output_module():
    """A ``print`` or ``sys.stdout.write`` anywhere in core would be a way round the
    sanitiser; only :mod:`gunline.output` writes (the conformance suite's pytest
    side is not a terminal edge)."""
    import ast
    from pathlib import Path

    import gunline

    root = Path(gunline.__file__).parent
    offenders = []
    for path in root.rglob("*.py"):
        rel = path.relative_to(root).as_posix()
        if rel == "output.py" or rel.startswith("testing/"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            fn = node.func
            if isinstance(fn, ast.Name) and fn.id == "print":
                offenders.append(f"{rel}:{node.lineno} print")
            elif isinstance(fn, ast.Attribute) and fn.attr == "write" and isinstance(fn.value, ast.Attribute) \
                    and fn.value.attr in ("stdout", "stderr"):
                offenders.append(f"{rel}:{node.lineno} sys.{fn.value.attr}.write")
    assert offenders == []


def _by_pattern(name: str, text):
    """The escaping as the pattern alone gives it: the reference the quick paths
    (printable text let through unread) must agree with."""
    return re.compile(safe.PATTERNS[name]).sub(safe._escape, text)


EVERY_KIND = [chr(c) for c in [*range(0x0, 0x250), 0x61C, 0x180E, *range(0x2000, 0x2070), 0x3000, 0xFEFF,
                               *range(0xD800, 0xD803), 0xE000, *range(0xFFF8, 0xFFFE), 0x1F600, 0xE0001]]


@pytest.mark.parametrize("around", ["", "Goliath ", "Голиаф\n", "\t"])
def test_the_quick_paths_escape_as_the_patterns_do(around):
    """Every control, format character, separator, surrogate and ordinary
    character, alone and in text (ASCII, Cyrillic, with newline or tab), comes out
    of shown, one_line and json_bytes as the patterns alone make it."""
    for char in EVERY_KIND:
        text = f"{around}{char}{around}"
        assert safe.shown(text) == _by_pattern("UNSAFE", text)
        assert safe.one_line(text) == _by_pattern("UNSAFE_IN_LINE", text)
        assert safe.is_plain(text) == (_by_pattern("UNSAFE_IN_LINE", text) == text)
        if not 0xD800 <= ord(char) <= 0xDFFF:
            data = msgspec.json.encode(text)
            reference = re.compile(safe.PATTERNS["UNSAFE_JSON"]).sub(safe._json_escape, data)
            assert safe.json_bytes(data) == reference


def test_the_patterns_are_module_attributes_too():
    from gunline.safe import UNSAFE, UNSAFE_IN_LINE

    assert UNSAFE.search("\x1b") and not UNSAFE.search("\n")
    assert UNSAFE_IN_LINE.search("\n")
    with pytest.raises(AttributeError):
        safe.NOT_A_PATTERN  # noqa: B018


def test_json_and_toml_escape_what_the_sanitiser_escapes():
    """Every character of the Basic Multilingual Plane, and a few beyond it: JSON
    output and written TOML hold it raw exactly when the sanitiser would show it
    escaped (JSON and TOML escape C0 by their own rules, and TOML its quote and
    backslash): the three lists of characters are one."""
    from gunline.tomlwrite import _string

    unsafe = re.compile(safe.PATTERNS["UNSAFE_IN_LINE"])
    for code in [*range(0x20, 0xD800), *range(0xE000, 0x10000), 0x1F600, 0xE0001, 0x10FFFF]:
        char = chr(code)
        escaped = unsafe.search(char) is not None
        assert (char.encode() not in json_bytes(msgspec.json.encode(char))) == escaped, hex(code)
        if char not in '"\\':
            assert (_string(char) != f'"{char}"') == escaped, hex(code)
