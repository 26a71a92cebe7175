"""Seeded random dice: the same seed gives the same faces, so the same chain."""

from __future__ import annotations

import random as _random
from typing import Iterable

from ..models import Roll
from .base import Dice
from .requests import DieRequest, need_text

try:  # the C generator behind random.Random: same faces, cheaper to seed
    from _random import Random as _Generator

    if _Generator(7).random() != _random.Random(7).random():  # pragma: no cover
        _Generator = _random.Random
except ImportError:  # pragma: no cover - not CPython
    _Generator = _random.Random

#: Rendered needs and dice notations, memoised: the hot path of every seeded chain.
_NEEDS: dict[tuple[int | None, int | None], str] = {}
_NOTATION: dict[tuple[int, int], str] = {}


class RandomDice(Dice):
    """Faces from a private ``random.Random`` seeded with ``seed``.

    A private generator (never the module-level one) keeps a seeded run independent
    of anything else in the process: that is what makes ``--seed`` reproducible byte
    for byte.

    :meth:`roll` takes a shortcut for speed (no :class:`DieRequest` per die, since
    nothing here can run out of faces) that gives exactly what the general path gives;
    a subclass that overrides :meth:`face` gets the general path.
    """

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.seed = seed
        self._random = _Generator(seed).random
        self._fast = type(self).face is RandomDice.face

    def face(self, request: DieRequest) -> int:
        return int(self._random() * request.sides) + 1

    def roll(
        self,
        sides: int,
        label: str,
        *,
        count: int = 1,
        at_least: int | None = None,
        at_most: int | None = None,
        special: Iterable[int] = (),
        need: str | None = None,
        target: str | None = None,
    ) -> Roll:
        if not self._fast:
            return super().roll(
                sides, label, count=count, at_least=at_least, at_most=at_most,
                special=special, need=need, target=target,
            )
        if need is None:
            key = (at_least, at_most)
            need = _NEEDS.get(key)
            if need is None:
                need = _NEEDS[key] = need_text(at_least, at_most)
        notation = _NOTATION.get((count, sides))
        if notation is None:
            notation = _NOTATION[(count, sides)] = f"{count}d{sides}"
        rand = self._random
        if count == 1:
            value = int(rand() * sides) + 1
            self.consumed.append(value)
            return Roll(label=label, dice=notation, values=[value], total=value, need=need, manual=False)
        values = [int(rand() * sides) + 1 for _ in range(count)]
        self.consumed.extend(values)
        return Roll(label=label, dice=notation, values=values, total=sum(values), need=need, manual=False)
