"""Writing a scenario document back to TOML, without a third-party encoder.

Core depends on pluggy and msgspec alone, and msgspec only *reads* TOML without
``tomli_w``. Scenario documents are small and plain (strings, numbers, booleans,
arrays, tables, arrays of tables), so a small writer is enough. It writes what a
person would: scalars first, then ``[tables]``, then ``[[arrays of tables]]``; keys
in the document's order; ``None`` left out (TOML has no null: an absent key means
the default). ``tomllib.loads(dumps(doc)) == doc`` for every such document (without
``None`` values).
"""

from __future__ import annotations

import datetime
import math
import re
from typing import Any

from .safe import INVISIBLE

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _key(key: str) -> str:
    if not isinstance(key, str):
        raise TypeError(f"TOML keys are strings, got {type(key).__name__}")
    return key if _BARE_KEY.fullmatch(key) else _string(key)


#: What a string is written with escapes: TOML's own (a quote, a backslash), C0 and
#: DEL, which TOML refuses raw, and what a terminal would obey or not show (C1, the
#: format characters of :data:`gunline.safe.INVISIBLE`): the same value, and a file
#: that the sanitiser leaves as it is when it is printed (it would escape them
#: Python's way, ``\\x9b``, which TOML cannot read).
_ESCAPED = re.compile(f'["\\\\\x00-\x1f\x7f-\x9f{INVISIBLE}]')


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return _ESCAPES.get(char) or f"\\u{ord(char):04x}"


def escaped(text: str) -> str:
    """``text`` as the inside of a TOML basic string (``"..."``), escaped as this
    writer escapes it (:data:`_ESCAPED`): for a writer that keeps a file's layout
    (the app's Save, with tomlkit) to write a changed string as this one does."""
    return _ESCAPED.sub(_escape, text)


def _string(text: str) -> str:
    return '"' + escaped(text) + '"'


def _is_table(value: Any) -> bool:
    return isinstance(value, dict)


def _is_table_array(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and bool(value) and all(isinstance(v, dict) for v in value)


def _value(value: Any) -> str:
    """An inline value: scalar, array or inline table."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value if v is not None) + "]"
    if isinstance(value, dict):
        items = ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items() if v is not None)
        return "{" + (f" {items} " if items else "") + "}"
    if isinstance(value, (datetime.date, datetime.time)):  # a date in a scenario read is written back
        return value.isoformat()
    raise TypeError(f"cannot write {type(value).__name__} to TOML")


def inline(value: Any) -> str:
    """``value`` as TOML writes it inline: ``{ tracks = "legs" }``, ``[1, 2]``."""
    return _value(value)


def _table(lines: list[str], path: list[str], table: dict[str, Any]) -> None:
    scalars = [(k, v) for k, v in table.items() if v is not None and not _is_table(v) and not _is_table_array(v)]
    tables = [(k, v) for k, v in table.items() if _is_table(v)]
    arrays = [(k, v) for k, v in table.items() if _is_table_array(v)]
    for k, v in scalars:
        lines.append(f"{_key(k)} = {_value(v)}")
    for k, v in tables:
        header = ".".join(_key(p) for p in [*path, k])
        if lines:
            lines.append("")
        lines.append(f"[{header}]")
        _table(lines, [*path, k], v)
    for k, items in arrays:
        header = ".".join(_key(p) for p in [*path, k])
        for item in items:
            if lines:
                lines.append("")
            lines.append(f"[[{header}]]")
            _table(lines, [*path, k], item)


def dumps(doc: dict[str, Any]) -> str:
    """The document as TOML text, ending with a newline."""
    if not isinstance(doc, dict):
        raise TypeError("a TOML document is a table (dict)")
    lines: list[str] = []
    _table(lines, [], doc)
    return "\n".join(lines) + "\n"
