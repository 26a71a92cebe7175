"""Reading a scenario before it is validated, as the ``measure`` hook must.

The file may hold anything anywhere (a hostile or mistyped file): these read what is
there when it has the right type, and nothing otherwise, so that a hook measures
what it can and leaves the rest to validation, which names the field to the GM.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .models import Measure


def table(value: Any) -> dict[str, Any]:
    """A table of the file, or an empty one where the file has something else."""
    return value if isinstance(value, dict) else {}


def text(value: Any) -> str | None:
    """A string of the file (a name), or None where it has something else."""
    return value if isinstance(value, str) else None


def tables(value: Any) -> list[dict[str, Any]]:
    """An array of tables (``[[targets]]``), each entry that is not a table empty."""
    return [table(t) for t in value] if isinstance(value, list) else []


def number(value: Any) -> float | None:
    """A number of the file (not a boolean), or None."""
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def with_catalogue(given: Any, catalogue: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """A weapon (or any table with a ``name``) as the rules will see it: the
    catalogue's entry of that name (matched as the scenario loader matches it,
    ignoring case and surrounding spaces) under what the file gives."""
    given = table(given)
    name = text(given.get("name"))
    wanted = name.strip().casefold() if name is not None else None
    entry = next((e for k, e in catalogue.items() if k.casefold() == wanted), {})
    return {**entry, **given}


def measured(given: Any, path: str, field: str, value: Any, words: str) -> Measure:
    """What the map says of ``field`` of the table at ``path`` (``targets[1]``):
    used, unless the file's table ``given`` has the field, whose value then wins and
    is carried beside the map's (``typed``), so that the chain says both."""
    from .models import Measure

    given = table(given)
    typed = field in given
    return Measure(path=f"{path}.{field}", value=value, text=words, used=not typed,
                   typed=given[field] if typed else None)


class _Unmeasured:
    """The value of a :class:`~gunline.models.Measure` the map could not give (see
    :func:`unmeasured`): one object, never a value a rule could mean."""

    def __repr__(self) -> str:
        return "UNMEASURED"


#: A used measure of this value says the map cannot give a field the rules need from
#: it, and the GM typed none: the file is refused there, naming the field and why.
UNMEASURED: Any = _Unmeasured()


def unmeasured(given: Any, path: str, field: str, why: str) -> Measure | None:
    """What to say of ``field`` of the table at ``path`` when the map cannot read it
    (a model not placed, a weapon without the ranges to read a band against): the
    file is refused as missing that field, ``why`` saying how to give it; None when
    the file's table ``given`` types the field, which then stands."""
    from .models import Measure

    if field in table(given):
        return None
    return Measure(path=f"{path}.{field}", value=UNMEASURED, text=why, used=True)
