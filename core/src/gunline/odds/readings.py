"""What a pool's branch hands the rule, worked out once for every replay that takes it.

A replay reads its last request afresh (:mod:`.explore` recalls only the requests
before the one that moved), and the faces of a pool's branch go through the dice's
own meaning, face by face. The same request at the same place in a chain takes the
same branch in many replays: the injury dice of a wound after 4 hits or after 7, the
same count of them. The reading (the tally, and the roll the chain shows) depends on
the request, its reads, the branch and the language of its words alone, and both
are frozen, so it is made once and handed to each of them. The place is part of the
key: a roll shown at two places of one chain stays two rolls.

A reading is kept the second time it is made, not the first (a burst of 60 bullets
makes a new one on every replay and uses none twice: keeping them all cost it a
third more memory for nothing), and what is kept lasts as long as the computation
that made it (:func:`scoped`): an app that computes odds all evening does not keep
every reading of the evening.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from contextlib import AbstractContextManager
from typing import Any, ParamSpec, TypeVar

from ..dice import Rolled, Tally
from ..language import language
from .nesting import Nesting

#: Readings kept at most; past it they are dropped and made again.
KEPT = 50_000

_READINGS: dict[Hashable, Rolled[Tally]] = {}
#: Keys made once: a reading is kept when its key is made again.
_SEEN: set[Hashable] = set()


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
    try:
        if made not in _SEEN:
            if len(_SEEN) >= KEPT:
                _SEEN.clear()
            _SEEN.add(made)
            return
        if len(_READINGS) >= KEPT:
            _READINGS.clear()
        _READINGS[made] = rolled
    except TypeError:
        pass


def forget() -> None:
    """Drop every reading made (for measurements that start cold)."""
    _READINGS.clear()
    _SEEN.clear()


_computations = Nesting(forget)


def scope() -> AbstractContextManager[None]:
    """Readings kept while the block runs, dropped when the last computation
    running ends."""
    return _computations.inside()


P = ParamSpec("P")
R = TypeVar("R")


def scoped(compute: Callable[P, R]) -> Callable[P, R]:
    """``compute`` with its readings kept while it runs (:func:`scope`)."""

    @functools.wraps(compute)
    def scoped_compute(*args: P.args, **kwargs: P.kwargs) -> R:
        with scope():
            return compute(*args, **kwargs)

    return scoped_compute
