"""The dice of hook contract 1 (``at_least``/``at_most``/``special`` promises),
answered by the dice of contract 2: for rulesets written before reads existed.

Contract 1 handed a rule the faces and trusted it to compare them only with the
thresholds and special faces it named. Here those promises become reads, so the
odds branch exactly as they did; the rule still gets the faces, and the promise is
still trusted.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any

import msgspec

from ..models import Roll
from .base import Dice
from .requests import need_text


class Promise(msgspec.Struct, frozen=True, gc=False):
    """A contract-1 promise as a read of the total: the comparison with each
    threshold, and the total itself where it is one of the special faces."""

    at_least: int | None
    at_most: int | None
    special: frozenset[int]

    def __call__(self, total: int) -> Hashable:
        return (
            self.at_least is None or total >= self.at_least,
            self.at_most is None or total <= self.at_most,
            total if total in self.special else None,
        )

    @property
    def need(self) -> str:
        return need_text(self.at_least, self.at_most)


class Succeeds(msgspec.Struct, frozen=True, gc=False):
    """A contract-1 pool's threshold as a success read."""

    at_least: int | None
    at_most: int | None

    def __call__(self, face: int) -> bool:
        return (self.at_least is not None and face >= self.at_least) or (
            self.at_most is not None and face <= self.at_most
        )

    @property
    def need(self) -> str:
        return need_text(self.at_least, self.at_most)


class Groups(msgspec.Struct, frozen=True, gc=False):
    """A contract-1 pool's special faces as a read: each face (or group of faces)
    counted apart, every other face not counted."""

    of: tuple[tuple[int, int], ...]

    def __call__(self, face: int) -> Hashable:
        for f, group in self.of:
            if f == face:
                return group
        return None


def _groups(special: Iterable[int | Iterable[int]], sides: int) -> tuple[tuple[int, int], ...]:
    out: list[tuple[int, int]] = []
    seen: set[int] = set()
    for i, entry in enumerate(special):
        faces = (entry,) if isinstance(entry, int) else tuple(sorted(set(entry)))
        for face in faces:
            if not 1 <= face <= sides:
                continue
            if face in seen:
                raise ValueError(f"special faces [{face}] are counted twice")
            seen.add(face)
            out.append((face, i))
    return tuple(out)


class LegacyDice:
    """Contract-1 dice over a contract-2 interpreter (see the module)."""

    def __init__(self, dice: Dice) -> None:
        self._dice = dice

    @property
    def consumed(self) -> list[int]:
        return self._dice.consumed

    @property
    def manual(self) -> list[int]:
        return self._dice.manual

    @property
    def pool_rolls(self) -> list[tuple[Roll, str | None]]:
        return self._dice.pool_rolls

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
        special = frozenset(f for f in special if 1 <= f <= sides)
        if special and count > 1:
            raise ValueError("contract 1: special faces on a sum of several dice are not supported")
        if at_least is None and at_most is None and not special:
            read = None
        else:
            read = Promise(at_least, at_most, special)
        if need is None:
            need = need_text(at_least, at_most)
        return self._dice.roll(sides, label, count=count, read=read, need=need, target=target).roll

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
        groups = _groups(special, sides)
        is_chance = count <= 0 and chance
        if is_chance:
            count, at_least, at_most = 1, sides, None
            if not any(face == 1 for face, _ in groups):  # the 1 is the chance die's own
                groups = (*groups, (1, len(groups)))
        return self._dice.pool(
            count, label, sides=sides, success=Succeeds(at_least, at_most),
            read=Groups(groups) if groups else None, again=again,
            ask="chance die" if is_chance else None, shown="chance die" if is_chance else None,
            chance=is_chance, target=target,
        ).roll

    def repeat(
        self,
        times: int,
        label: str,
        body: Callable[[Any], tuple[Hashable, Any]],
        *,
        fold: Callable[[Any, Any], Any],
        start: Any,
        key: Hashable | None = None,
    ) -> tuple[Any, list[Any]]:
        return self._dice.repeat(times, label, _legacy(body), fold=fold, start=start)


def _legacy(body: Callable[[Any], tuple[Hashable, Any]]) -> Callable[[Dice], tuple[Hashable, Any]]:
    """A contract-1 repeated body, handed contract-1 dice (a closure, so that the
    odds know two of them over equal bodies for the same)."""

    def run(dice: Dice) -> tuple[Hashable, Any]:
        return body(LegacyDice(dice))

    return run
