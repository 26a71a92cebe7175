"""What a pool's branch hands the rule, worked out once for every replay that takes it.

A replay reads its last request afresh (:mod:`.explore` recalls only the requests
before the one that moved), and the faces of a pool's branch go through the dice's
own meaning, face by face. The same request at the same place in a chain takes the
same branch in many replays: the injury dice of a wound after 4 hits or after 7, the
same count of them. The reading (the tally, and the roll the chain shows) depends on
the request, its reads, the branch and the language of its words alone, and both
are frozen, so it is made once and handed to each of them. The place is part of the
key: a roll shown at two places of one chain stays two rolls.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from ..dice import Rolled, Tally
from ..language import language

#: Readings kept at most; past it they are dropped and made again.
KEPT = 50_000

_READINGS: dict[Hashable, Rolled[Tally]] = {}


def key(
    asked: Hashable, pos: int, success: Callable[[int], Any] | None, read: Callable[[int], Any] | None, branch: int
) -> Hashable:
    """The key of a pool's reading: what was asked, at which request, read how, the
    branch taken, in which language (the roll's words are in it)."""
    return (asked, pos, success, read, branch, language())


def reading(made: Hashable) -> Rolled[Tally] | None:
    """The reading made before for the key ``made``, if any (never, for a read that
    cannot be hashed: its reading is made each time)."""
    try:
        return _READINGS.get(made)
    except TypeError:
        return None


def keep(made: Hashable, rolled: Rolled[Tally]) -> None:
    """Keep ``rolled`` as the reading of ``made``."""
    if len(_READINGS) >= KEPT:
        _READINGS.clear()
    try:
        _READINGS[made] = rolled
    except TypeError:
        pass


def forget() -> None:
    """Drop every reading made (for measurements that start cold)."""
    _READINGS.clear()
