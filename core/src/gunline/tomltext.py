"""TOML written by people, read: :func:`loads` is ``tomllib.loads`` with what tomllib
cannot bear refused before it starts, and its messages in the words of the one who
wrote the file.

tomllib keeps, for every key, each of its leading parts apart (``a``, ``a.a``,
``a.a.a``, ...): a key of n dotted parts costs memory in n², and one of 80,000 parts
(a file of 160 KB) takes more than any machine has. A key of more than
:data:`MAX_KEY_PARTS` parts is refused first, naming its line; no scenario's key has
more than a few (``map.at.Carter``), and tomlkit, with which the app saves a
scenario, refuses such nesting too.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

#: The most dotted parts one key (or table header) may have.
MAX_KEY_PARTS = 100

#: A line with that many dots.
_LINE = r"(?m)^(?:[^.\n]*+\.){%d}"
#: A run of dotted key parts, bare or quoted, as it may stand anywhere in the text
#: (within a string too), once the blanks around its dots are gone: only a text with
#: one is looked at more closely. It starts where no part or dot is before it, so
#: that a long run is tried once, not from each of its parts.
_RUN = r"""(?<![A-Za-z0-9_.'"-])(?:(?:[A-Za-z0-9_-]++|"(?:[^"\\\n]|\\.)*+"|'[^'\n]*+')\.){%d}"""
#: What the text holds that is no key: strings (multi-line first; an unterminated one
#: to its line's end) and comments.
_SKIPPED = r'''"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*+"|'[^'\n]*+'|["'][^\n]*+|\#[^\n]*+'''
#: A run of more than MAX_KEY_PARTS parts once strings are one letter each.
_KEY = r"(?<![A-Za-z0-9_.-])(?:[A-Za-z0-9_-]++\.){%d}[A-Za-z0-9_-]"
#: The blanks TOML allows around a key's dots.
_BLANKS = r"[ \t]+\.[ \t]*|\.[ \t]+"


class KeyTooLong(tomllib.TOMLDecodeError):
    """A key of more than :data:`MAX_KEY_PARTS` dotted parts; the message names its
    line. A :class:`tomllib.TOMLDecodeError`, so that who reads TOML and turns its
    errors into a message reads this too."""


def overlong_key_line(text: str) -> int | None:
    """The line (from 1) of the first key or table header of more than
    :data:`MAX_KEY_PARTS` dotted parts in ``text``, or None. A text with fewer dots
    than that is let through at the cost of counting them; a run of dotted words
    found in a string or a comment is no key."""
    if text.count(".") < MAX_KEY_PARTS:
        return None
    if re.search(_LINE % MAX_KEY_PARTS, text) is None:  # a key is on one line
        return None
    if re.search(_RUN % MAX_KEY_PARTS, _unblanked(text)) is None:
        return None
    # each string one letter, with its line breaks; each comment nothing
    skeleton = _unblanked(re.sub(_SKIPPED, _placeholder, text, flags=re.S))
    found = re.search(_KEY % MAX_KEY_PARTS, skeleton)
    return None if found is None else skeleton.count("\n", 0, found.start()) + 1


def _unblanked(text: str) -> str:
    """``text`` with no blank beside a dot (``a . b`` as ``a.b``)."""
    if " ." in text or ". " in text or "\t" in text:
        return re.sub(_BLANKS, ".", text)
    return text


def _placeholder(match: re.Match[str]) -> str:
    text = match.group()
    return "" if text.startswith("#") else "s" + "\n" * text.count("\n")


def refuse_overlong_keys(text: str) -> None:
    """:class:`KeyTooLong` if ``text`` has a key of too many parts
    (:func:`overlong_key_line`), naming its line."""
    line = overlong_key_line(text)
    if line is not None:
        raise KeyTooLong(f"line {line}: a key of more than {MAX_KEY_PARTS} dotted parts; "
                         "expected a few, as in map.at.Carter")


def loads(text: str) -> dict[str, Any]:
    """``tomllib.loads(text)``; a key of too many parts is :class:`KeyTooLong`, and
    tomllib's messages that say what the file holds in tomllib's own terms say it as
    the file does (``'Carter' is given twice``), where the fault was still."""
    refuse_overlong_keys(text)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise tomllib.TOMLDecodeError(worded(str(exc), text)) from None


_AT = r"(?P<what>.*?)(?P<at> \((?:at line (?P<line>\d+), column (?P<column>\d+)|at end of document)\))?\Z"


def worded(message: str, text: str) -> str:
    """tomllib's ``message`` about ``text`` in the file's words, where its words are
    its own (``Cannot mutate immutable namespace ('Carter',)``); its place kept."""
    parts = re.match(_AT, message, re.S)
    if parts is None:  # pragma: no cover - the pattern matches any text
        return message
    what, at = parts["what"], parts["at"] or ""
    if parts["line"]:
        number, column = int(parts["line"]), int(parts["column"])
    else:  # at the end: the last line that holds anything
        lines = text.rstrip().split("\n")
        number, column = len(lines), len(lines[-1]) + 1
    line = _line(text, number)
    inline = line[:column - 1].count("{") > line[:column - 1].count("}")
    key = re.fullmatch(r"(?:Cannot declare|Cannot mutate immutable namespace|Cannot redefine namespace) "
                       r"(\(.*\))(?: twice)?", what, re.S)
    parts_of = _key_parts(key.group(1)) if key else None
    said = None
    if what.startswith("Cannot declare") and parts_of:
        said = f"the table [{_dotted(parts_of)}] is given twice"
    elif what.startswith("Cannot mutate immutable namespace") and parts_of:
        if inline and len(parts_of) == 1:
            said = f"{_dotted(parts_of)!r} is given twice"
        elif inline:
            said = f"{_dotted(parts_of)!r} is given twice, or added to a table given whole before"
        else:
            said = (f"{_dotted(parts_of)!r} is given whole before (an inline table {{ ... }} or an array), "
                    "and nothing can be added to it")
    elif what.startswith("Cannot redefine namespace") and parts_of:
        said = f"{_dotted(parts_of)!r} is the table [{_dotted(parts_of)}], and cannot be given again by a dotted key"
    elif (duplicate := re.fullmatch(r"Duplicate inline table key (.*)", what, re.S)) is not None:
        said = f"{duplicate.group(1)} is given twice"
    elif what == "Cannot overwrite a value":
        said = _overwritten(line, inline)
    return f"{said}{at}" if said else message


def _line(text: str, number: int) -> str:
    start = 0
    for _ in range(number - 1):
        start = text.find("\n", start) + 1
        if start == 0:
            return ""
    end = text.find("\n", start)
    return text[start:] if end < 0 else text[start:end]


def _key_parts(written: str) -> tuple[str, ...] | None:
    import ast

    try:
        parts = ast.literal_eval(written)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    return parts if isinstance(parts, tuple) and parts and all(isinstance(p, str) for p in parts) else None


def _dotted(parts: tuple[str, ...]) -> str:
    from .errors import quoted

    return ".".join(p if re.fullmatch(r"[A-Za-z0-9_-]+", p) else quoted(p) for p in parts)


def _overwritten(line: str, inline: bool) -> str:
    """"Cannot overwrite a value" said of the key on ``line``, where it is plain."""
    from .errors import quoted

    header = re.match(r"\s*\[\[?\s*([A-Za-z0-9_-]+)\s*\]", line)
    if header and not inline:
        return f"the table [{header.group(1)}] is given where a value of that name is given before"
    plain = re.match(r"\s*([A-Za-z0-9_-]+)\s*=", line)
    if plain and not inline:
        return f"{quoted(plain.group(1))} is given twice"
    return "a key is given twice, or given both a value and a table"
