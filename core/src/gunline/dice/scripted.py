"""Dice typed by the GM (``--dice``, manual entry) or replayed from a chain."""

from __future__ import annotations

from collections.abc import Sequence

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

    asks = True

    def __init__(
        self, faces: Sequence[int | None], fallback: RandomDice | None = None, manual: bool = True
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

    def _faces(
        self, n: int, sides: int, label: str, need: str, target: str | None, reroll: bool, success: bool,
        counted: tuple[int, int] | None = None,
    ) -> list[int]:
        out = []
        for i in range(n):
            request = DieRequest(
                label=label, sides=sides, need=need, target=target, index=i + 1, of=n,
                reroll=reroll, success=success, counted=counted,
            )
            face = self.face(request)
            self.consumed.append(face)
            out.append(face)
        return out

    def face(self, request: DieRequest) -> int:
        """The next face for ``request``, checked against its die (not recorded in
        ``consumed``: :meth:`_faces` does that)."""
        position = self.position
        given = self.faces[position] if position < len(self.faces) else None
        if given is None:
            if self.fallback is None:
                raise DiceNeeded(request, position)
            self.position += 1
            return self.fallback.face(request)
        value = 10 if given == 0 and request.sides == 10 else given
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
