"""Seeded random dice: the same seed gives the same faces, so the same chain."""

from __future__ import annotations

from .base import Dice
from .requests import DieRequest

try:  # the C generator behind random.Random: the same faces for a seed (a test keeps
    # it so), cheaper to seed, and no import of the random module at every start
    from _random import Random as _Generator
except ImportError:  # pragma: no cover - not CPython
    from random import Random as _Generator  # type: ignore[assignment]


class RandomDice(Dice):
    """Faces from a private generator seeded with ``seed``.

    A private generator (never the module-level one) keeps a seeded run independent
    of anything else in the process: that is what makes ``--seed`` reproducible byte
    for byte. Each die is ``int(random() * sides) + 1``, in the order the chain asks.
    """

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.seed = seed
        self._random = _Generator(seed).random

    def _faces(
        self, n: int, sides: int, label: str, need: str, target: str | None, reroll: bool, success: bool,
        counted: tuple[int, int] | None = None,
    ) -> list[int]:
        rand = self._random
        if n == 1:
            faces = [int(rand() * sides) + 1]
        else:
            faces = []
            for _ in range(n):  # a plain loop: for the few dice of a roll, cheaper than a comprehension
                faces.append(int(rand() * sides) + 1)
        self.consumed.extend(faces)  # not +=, which stores the attribute again
        return faces

    def face(self, request: DieRequest) -> int:
        """One die's face, not recorded: for an interpreter that rolls only the dice
        it was not given (:func:`.scripted.manual_dice`)."""
        return int(self._random() * request.sides) + 1
