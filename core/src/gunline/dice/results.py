"""What a dice request hands back: the reading the rule decides with, and the record
the chain shows."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Generic, TypeVar

import msgspec

from ..models import Roll

T = TypeVar("T")


class Rolled(msgspec.Struct, Generic[T], frozen=True, gc=False):
    """One roll as a rule sees it.

    ``value`` is the reading: what the rule declared it reads of the dice (``True``
    for a 4+ that made it, ``"down"`` from an injury table, the total where it reads
    the total). Decide with it alone. ``roll`` is the record for the chain (label,
    notation, every face, what it needed): put it in a step's ``rolls`` so the GM
    sees the dice; do not decide anything by its faces.
    """

    value: T
    roll: Roll


class Tally(msgspec.Struct, frozen=True, gc=False):
    """The reading of a pool: how many dice succeeded, and how many read each way.

    ``successes`` counts the dice (rerolls included) that pass the pool's
    ``success`` read; ``tally["six"]`` the dice whose ``read`` gave ``"six"`` (0 if
    none). Dice whose read gave ``None`` are not counted. Which die showed what is not
    part of it: a pool is read by its counts.
    """

    successes: int = 0
    counts: frozenset[tuple[Hashable, int]] = frozenset()

    def __getitem__(self, reading: Hashable) -> int:
        for key, n in self.counts:
            if key == reading and type(key) is type(reading):
                return n
        return 0

    def __iter__(self) -> Iterator[Hashable]:
        """The readings counted at least once, in a fixed order (by their repr)."""
        return (key for key, _ in self.items())

    def items(self) -> list[tuple[Hashable, int]]:
        """(reading, dice) for each reading counted, in a fixed order (by repr), the
        same in every process."""
        return sorted(self.counts, key=lambda item: repr(item[0]))
