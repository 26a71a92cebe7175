"""Seeded random dice: the same seed gives the same faces, so the same chain."""

from __future__ import annotations

import random as _random

from .base import Dice
from .requests import DieRequest


class RandomDice(Dice):
    """Faces from a private ``random.Random`` seeded with ``seed``.

    A private generator (never the module-level one) keeps a seeded run independent
    of anything else in the process: that is what makes ``--seed`` reproducible byte
    for byte.
    """

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.seed = seed
        self._random = _random.Random(seed).random

    def face(self, request: DieRequest) -> int:
        return int(self._random() * request.sides) + 1
