"""Values as a person reads them: the one place a state's numbers, flags, lists and
tables become words, for the app's encounter pane, ``journal show`` and the
journal's Markdown export. Never a Python repr: ``models [{'name': 'A', ...}]``
reads "models: A (wounded), B".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def key_words(key: str) -> str:
    """A state or field key in words: ``rounds_left`` → ``rounds left``."""
    return key.replace("_", " ")


def plain(value: Any) -> str:
    """A value in words: nothing is "—", a flag "yes" or "no", a whole float its
    whole number, a list its items joined, a table its keys and values (one with a
    ``name`` reads as that name, the rest in brackets)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, Mapping) and value and all(isinstance(v, Mapping) for v in value.values()):
        # a table of tables by name (a unit's models): "Goro (wounds left 2); Hachi (...)"
        return "; ".join(f"{k} ({', '.join(fields(v)) or '—'})" for k, v in value.items())
    if isinstance(value, Mapping):
        name = value.get("name")
        rest = [f"{key_words(str(k))} {plain(v)}" for k, v in value.items() if k != "name" and _said(v)]
        if isinstance(name, str):
            return f"{name} ({', '.join(rest)})" if rest else name
        return ", ".join(rest) or "—"
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [plain(v) for v in value]
        return "; ".join(items) if any("," in i for i in items) else ", ".join(items) or "none"
    return str(value)


def _said(value: Any) -> bool:
    """Whether a table's entry is worth saying (zeros, flags off and empties are not)."""
    return value not in (None, "", [], {}, False, 0)


def fields(state: Mapping[str, Any], skip: tuple[str, ...] = (), *, all_values: bool = False) -> list[str]:
    """``key value`` for each entry of a state, in words: those worth saying, or
    every one with ``all_values``."""
    return [
        f"{key_words(str(k))} {plain(v)}" for k, v in state.items()
        if k not in skip and (all_values or _said(v))
    ]
