"""Seeded Monte Carlo with the random interpreter: the fallback for trees too large
to enumerate, and a second, independent method to check the exact odds against
(it rolls every face, so it relies on no dice promise)."""

from __future__ import annotations

from typing import Callable

from ..dice import RandomDice
from ..models import Roll
from .interpreter import PoolRecorder
from .leaf import Leaf


class SamplingDice(PoolRecorder, RandomDice):
    """Random faces from one seeded stream; remembers the pools it rolled."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.pool_rolls = []

    def reset(self) -> None:
        """Start the next sample (the stream of faces goes on)."""
        self.consumed = []
        self.manual = []
        self.pool_rolls = []

    def pool(self, count: int, label: str, **kwargs) -> Roll:  # type: ignore[override]
        return self.record_pool(super().pool(count, label, **kwargs), kwargs.get("target"))


def sample(run: Callable[[SamplingDice], Leaf], samples: int, seed: int) -> dict[Leaf, float]:
    """Tally ``samples`` chains rolled from ``seed`` (same seed, same tally)."""
    dice = SamplingDice(seed)
    tally: dict[Leaf, float] = {}
    for _ in range(samples):
        dice.reset()
        leaf = run(dice)
        tally[leaf] = tally.get(leaf, 0.0) + 1.0
    return tally
