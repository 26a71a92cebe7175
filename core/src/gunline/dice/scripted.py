"""Dice typed by the GM (``--dice``, manual entry) or replayed from a chain."""

from __future__ import annotations

from typing import Sequence

from .base import Dice
from .random import RandomDice
from .requests import BadFace, DiceNeeded, DieRequest


class ScriptedDice(Dice):
    """Faces taken in order from a list.

    When the list runs out, :class:`DiceNeeded` names the die wanted next, unless a
    ``fallback`` interpreter is given to roll the rest. ``None`` in the list means
    "roll this one for me" (it needs a fallback). On a d10, 0 is read as 10, the way
    the die is printed. ``manual`` says whether the faces were typed by the GM (they
    are then marked in the chain) or replayed from an earlier chain (not marked).
    """

    def __init__(
        self, faces: Sequence[int | None], fallback: Dice | None = None, manual: bool = True
    ) -> None:
        super().__init__()
        self.faces = list(faces)
        self.position = 0
        self.fallback = fallback
        self.mark_manual = manual

    @property
    def unused(self) -> int:
        """Faces given but never asked for."""
        return max(0, len(self.faces) - self.position)

    def face(self, request: DieRequest) -> int:
        position = self.position
        if position >= len(self.faces) or self.faces[position] is None:
            if self.fallback is None:
                raise DiceNeeded(request, position)
            self.position += 1
            return self.fallback.face(request)
        value = self.faces[position]
        if value == 0 and request.sides == 10:
            value = 10
        if not 1 <= value <= request.sides:
            raise BadFace(request, value, position)
        self.position += 1
        if self.mark_manual:
            self.manual.append(len(self.consumed))
        return value


def manual_dice(faces: Sequence[int | None], seed: int, manual: bool = True) -> ScriptedDice:
    """Typed faces with the gaps rolled from ``seed``: the TUI's manual entry, and the
    replay of a chain under changed rules (which may ask for more dice)."""
    return ScriptedDice(faces, fallback=RandomDice(seed), manual=manual)
