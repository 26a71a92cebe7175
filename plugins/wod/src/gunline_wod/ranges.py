"""A weapon's ranges as the Ranged Weapons Chart prints them: "short/medium/long" in
yards (``"20/40/80"``), each band twice the last on the chart. A custom weapon may
give none (``""``): the GM then types each target's range band, and on a map the
bands cannot be read off it. Anything else given is refused when the file is read,
for a band read against a misprinted chart would be a wrong pool, said as right.
"""

from __future__ import annotations

import math
from typing import Any

from gunline.errors import quoted

from .messages import _

#: The range bands of the chart, nearest first: short, then each twice the last.
BANDS = ("short", "medium", "long")


def ranges_of(ranges: Any) -> tuple[float, float, float] | None:
    """The chart's "short/medium/long" in yards (``"150/300/600"``), or None where the
    weapon gives none that can be read (each a positive number, each farther)."""
    if not isinstance(ranges, str):
        return None
    parts = ranges.replace(" ", "").split("/")
    if len(parts) != len(BANDS):
        return None
    try:
        yards = tuple(float(p) for p in parts)
    except ValueError:
        return None
    if not all(math.isfinite(y) and y > 0 for y in yards) or not yards[0] < yards[1] < yards[2]:
        return None
    return yards[0], yards[1], yards[2]


def given(ranges: str) -> bool:
    """Whether the weapon gives ranges at all (blank: none, a custom weapon's choice)."""
    return bool(ranges.strip())


def check_ranges(ranges: str) -> None:
    """Refuse ranges given but not as the chart prints them, naming the field (as a
    ``__post_init__`` does: ``ranges: ...``) and the form expected."""
    if given(ranges) and ranges_of(ranges) is None:
        raise ValueError("ranges: " + _(
            'expected short/medium/long in yards, three numbers above 0, each farther than the last '
            '(e.g. "20/40/80"), or none; got {ranges}', ranges=quoted(ranges)))
