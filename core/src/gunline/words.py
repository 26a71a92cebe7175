"""Values as a person reads them: the one place a state's numbers, flags, lists and
tables become words, for the app's encounter pane, ``journal show`` and the
journal's Markdown export. Never a Python repr: ``models [{'name': 'A', ...}]``
reads "models: A (wounded), B".

Keys and statuses are the ruleset's: ``packages`` (a stack's, see
:func:`gunline.language.term`) word them in the language in use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .language import N_, SOURCE, _, language, term

#: The keys whose text values are a ruleset's own words (a status), worded too.
WORDED_VALUES = ("status",)
#: Keys every ruleset has, which core words where a ruleset's catalogue does not
#: (:func:`gunline.language.term` falls back on core's): the steps of every attack
#: and the weapon's state.
CORE_KEYS = (
    N_("pool"), N_("hit"), N_("wound"), N_("ammo"), N_("status"), N_("rounds left"), N_("name"),
    N_("targets"), N_("shooter"), N_("weapon"),
)


def key_words(key: str, packages: tuple[str, ...] = ()) -> str:
    """A state or field key in words: ``rounds_left`` → ``rounds left`` (in the
    language in use, through the catalogues of ``packages``)."""
    return term(key, packages)


def plain(value: Any, packages: tuple[str, ...] = ()) -> str:
    """A value in words: nothing is "—", a flag "yes" or "no", a whole float its
    whole number, a list its items joined, a table its keys and values (one with a
    ``name`` reads as that name, the rest in brackets)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, Mapping) and value and all(isinstance(v, Mapping) for v in value.values()):
        # a table of tables by name (a unit's models): "Goro (wounds left 2); Hachi (...)"
        return "; ".join(f"{k} ({', '.join(fields(v, packages=packages)) or '—'})" for k, v in value.items())
    if isinstance(value, Mapping):
        name = value.get("name")
        rest = [_entry(str(k), v, packages) for k, v in value.items() if k != "name" and _said(v)]
        if isinstance(name, str):
            return f"{name} ({', '.join(rest)})" if rest else name
        return ", ".join(rest) or "—"
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [plain(v, packages) for v in value]
        return "; ".join(items) if any("," in i for i in items) else ", ".join(items) or _("none")
    return str(value)


def _said(value: Any) -> bool:
    """Whether a table's entry is worth saying (zeros, flags off and empties are not)."""
    return value not in (None, "", [], {}, False, 0)


def _entry(key: str, value: Any, packages: tuple[str, ...]) -> str:
    """``key value`` in words; a status is the ruleset's word for it (in English the
    value as it is kept: ``out_of_action``)."""
    if key in WORDED_VALUES and isinstance(value, str) and language() != SOURCE:
        return f"{key_words(key, packages)} {term(value, packages)}"
    return f"{key_words(key, packages)} {plain(value, packages)}"


def fields(
    state: Mapping[str, Any], skip: tuple[str, ...] = (), *, all_values: bool = False,
    packages: tuple[str, ...] = (),
) -> list[str]:
    """``key value`` for each entry of a state, in words: those worth saying, or
    every one with ``all_values``."""
    return [
        _entry(str(k), v, packages) for k, v in state.items()
        if k not in skip and (all_values or _said(v))
    ]
