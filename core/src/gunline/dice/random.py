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
#: The same for the usual case: a need with no upper bound, and one die.
_AT_LEAST: dict[int | None, str] = {}
_ONE_DIE: dict[int, str] = {}


class RandomDice(Dice):
    """Faces from a private ``random.Random`` seeded with ``seed``.

    A private generator (never the module-level one) keeps a seeded run independent
    of anything else in the process: that is what makes ``--seed`` reproducible byte
    for byte.

    :meth:`roll` and :meth:`pool` take a shortcut for speed (no :class:`DieRequest`
    per die, since nothing here can run out of faces) that gives exactly what the
    general path gives; a subclass that overrides :meth:`face` or ``_take`` gets the
    general path.
    """

    #: Whether :meth:`roll` and :meth:`pool` may take their shortcut (set per class:
    #: False for a subclass with its own :meth:`face` or ``_take``).
    _fast = True

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls._fast = cls.face is RandomDice.face and cls._take is Dice._take

    def __init__(self, seed: int) -> None:
        if type(self) is RandomDice:  # one per seeded chain: spare the super() call
            self.consumed = []
            self.manual = []
        else:
            super().__init__()
        self.seed = seed
        self._random = _Generator(seed).random

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
            if at_most is None:  # the usual threshold: one lookup by an int
                need = _AT_LEAST.get(at_least)
                if need is None:
                    need = _AT_LEAST[at_least] = need_text(at_least, None)
            else:
                key = (at_least, at_most)
                need = _NEEDS.get(key)
                if need is None:
                    need = _NEEDS[key] = need_text(at_least, at_most)
        rand = self._random
        if count == 1:
            notation = _ONE_DIE.get(sides)
            if notation is None:
                notation = _ONE_DIE[sides] = f"1d{sides}"
            value = int(rand() * sides) + 1
            self.consumed.append(value)
            return Roll(label=label, dice=notation, values=[value], total=value, need=need)
        notation = _NOTATION.get((count, sides))
        if notation is None:
            notation = _NOTATION[(count, sides)] = f"{count}d{sides}"
        values = [int(rand() * sides) + 1 for _ in range(count)]
        self.consumed.extend(values)
        return Roll(label=label, dice=notation, values=values, total=sum(values), need=need)

    def pool(
        self,
        count: int,
        label: str,
        *,
        sides: int = 10,
        at_least: int | None = 8,
        at_most: int | None = None,
        again: int | None = 10,
        chance: bool = True,
        special: Iterable[int | Iterable[int]] = (),
        target: str | None = None,
    ) -> Roll:
        if not self._fast:
            return super().pool(
                count, label, sides=sides, at_least=at_least, at_most=at_most, again=again,
                chance=chance, special=special, target=target,
            )
        # Exactly :meth:`Dice.pool`, with the faces drawn batch by batch.
        is_chance = count <= 0 and chance
        if is_chance:
            count, at_least, at_most = 1, sides, None
        elif count < 0:
            count = 0
        key = (at_least, at_most)
        success_need = _NEEDS.get(key)
        if success_need is None:
            success_need = _NEEDS[key] = need_text(at_least, at_most)
        need = success_need + (f", {again}-again" if again is not None else "")
        rand = self._random
        values: list[int] = []
        successes = 0
        pending = count
        while pending:
            batch = [int(rand() * sides) + 1 for _ in range(pending)]
            values.extend(batch)
            pending = 0
            for value in batch:
                if (at_least is not None and value >= at_least) or (
                    at_most is not None and value <= at_most
                ):
                    successes += 1
                if again is not None and value >= again:
                    pending += 1
        self.consumed.extend(values)
        return Roll(
            label=label,
            dice=("chance die" if is_chance else f"{count}d{sides}"),
            values=values,
            total=successes,
            need=need,
            manual=False,
            chance=is_chance,
        )
