"""What a rule reads of a die: the declaration every dice request carries.

A rule never looks at a face on its own terms; it says what the face means to it,
and the dice hand it that meaning (the *reading*)::

    to_hit = dice.roll(6, "to hit", read=at_least(4))      # to_hit.value: True or False
    injury = dice.roll(6, "injury", read=faces({1: "flesh wound", range(2, 6): "down",
                                                6: "out of action"}))

The reading is all the rule gets to decide with, so whatever the rule does, it does
the same for every face that reads alike. That is what lets gunline work out the odds
over a handful of readings instead of every face, and it needs no trust: a rule that
peeks at the faces behind a reading is found by the conformance suite, which
swaps each die's face for every other face that reads alike (a sum's dice for those of
every other total that reads alike).

A read is any pure function of the face (or of the total, for a sum of several dice)
returning something hashable. The helpers here cover what rulebooks say most ("4+",
"45 or less", a table of faces) and carry the words a GM is asked in ("needs 4+").
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, TypeVar

import msgspec

from ..language import _, language

T = TypeVar("T", bound=Hashable)

#: What a read is: a pure function of a face (or of a sum's total).
Read = Callable[[int], T]


#: The words of each threshold, made once (every roll of every chain asks for them).
_AT_LEAST: dict[int, str] = {}
_AT_MOST: dict[tuple[int, str], str] = {}


class at_least(msgspec.Struct, frozen=True, gc=False, cache_hash=True):
    """Whether the face is ``n`` or more: a rulebook's "n+"."""

    n: int

    def __call__(self, face: int) -> bool:
        return face >= self.n

    @property
    def need(self) -> str:
        words = _AT_LEAST.get(self.n)
        if words is None:
            words = _AT_LEAST[self.n] = f"{self.n}+"
        return words


class at_most(msgspec.Struct, frozen=True, gc=False, cache_hash=True):
    """Whether the face is ``n`` or less: a roll-under test."""

    n: int

    def __call__(self, face: int) -> bool:
        return face <= self.n

    @property
    def need(self) -> str:
        key = (self.n, language())
        words = _AT_MOST.get(key)
        if words is None:
            words = _AT_MOST[key] = _("{face} or less", face=self.n)
        return words


class FaceTable(msgspec.Struct, frozen=True, gc=False, cache_hash=True):
    """What each face means, as a rulebook's table gives it (see :func:`faces`)."""

    #: The reading of face 1, 2, ... in order; faces past the end read ``otherwise``.
    readings: tuple[Any, ...]
    otherwise: Any = None
    need: str = ""

    def __call__(self, face: int) -> Any:
        readings = self.readings
        return readings[face - 1] if 0 < face <= len(readings) else self.otherwise


def faces(table: Mapping[Any, Hashable], *, otherwise: Hashable = None, need: str = "") -> FaceTable:
    """A read from a table of faces: ``faces({1: "flesh wound", range(2, 6): "down",
    6: "out of action"})``. A key is a face or several (a range, a tuple); a face in
    no key reads ``otherwise``. ``need`` is what a GM is told the roll needs."""
    by_face: dict[int, Hashable] = {}
    for key, reading in table.items():
        for face in (key,) if isinstance(key, int) else key:
            if face < 1:
                raise ValueError(f"faces(): face {face} is not on a die")
            if face in by_face:
                raise ValueError(f"faces(): face {face} is given twice")
            by_face[face] = reading
    top = max(by_face, default=0)
    return FaceTable(tuple(by_face.get(f, otherwise) for f in range(1, top + 1)), otherwise, need)


def need_of(read: Any) -> str:
    """The words a GM is told a roll needs, from its read ("4+"), or ``""``."""
    kind = type(read)
    if kind is at_least:
        return _AT_LEAST.get(read.n) or read.need  # asked on every roll: the made words first
    if kind is at_most:
        return _AT_MOST.get((read.n, language())) or read.need
    need = getattr(read, "need", "")
    return need if isinstance(need, str) else ""


def passing(success: Any, faces: list[int]) -> int:
    """How many of ``faces`` pass ``success``. A threshold (:class:`at_least`,
    :class:`at_most`) is counted by comparing the faces with its number in C, not by
    calling it once per face: a pool of 60 d100 is read this way on every replay of
    a burst's hit in the odds, and per face the calls were most of the count."""
    kind = type(success)
    if kind is at_least:
        return sum(map(success.n.__le__, faces))
    if kind is at_most:
        return sum(map(success.n.__ge__, faces))
    return sum(1 for face in faces if success(face))
