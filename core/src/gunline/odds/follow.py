"""The odds interpreter made to follow dice that were really rolled.

:class:`FollowingDice` answers each request with the faces of a rolled chain (as
typed dice do) and, like the odds interpreter, with the branch those faces fall in
and its probability. Resolving a seeded chain's faces through it must give the seeded
chain itself, down a path of positive weight: the odds' branches hold every chain the
dice can roll, and the odds read faces exactly as every other interpreter does.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from ..dice import ScriptedDice
from .branches import Branch, Branches
from .interpreter import BranchingDice, Request


class NoBranch(AssertionError):
    """Rolled faces that read as none of a request's branches."""


class FollowingDice(BranchingDice):
    """Rolled faces, followed through the odds' branches (see the module)."""

    fold_repeats = False
    watches = True

    def __init__(self, faces: Sequence[int]) -> None:
        super().__init__([])
        self.rolled = list(faces)
        self.position = 0

    def _branch(self, branches: Branches, what: str, request: Request) -> Branch:
        taken = self._take_rolled(request)
        reading = _reading(request, taken)
        for index, branch in enumerate(branches):
            if _reading(request, branch.faces) == reading:
                self.path.append(index)
                chosen = self._choose(branches, what)
                return Branch(chosen.weight, taken)
        raise NoBranch(f"{what}: the rolled faces {list(taken)} read {reading!r}, which no branch of the odds holds")

    def _take_rolled(self, request: Request) -> tuple[int, ...]:
        """The faces the request takes from the rolled ones (a pool's batches)."""
        start = self.position
        if request.kind == "roll":
            end = start + request.dice
        else:
            end, size = start, request.dice
            while size:
                batch = self.rolled[end : end + size]
                end += size
                size = 0 if request.again is None else sum(1 for f in batch if f >= request.again)
        self.position = end
        taken = tuple(self.rolled[start:end])
        if len(taken) != end - start:
            raise NoBranch(f"{request.label}: the rolled chain has no more faces")
        return taken


def _reading(request: Request, faces: tuple[int, ...]) -> Hashable:
    """What the dice make of ``faces`` for ``request``: the same meaning every
    interpreter runs, fed the faces."""
    dice = ScriptedDice(list(faces), manual=False)
    result: Any
    if request.kind == "roll":
        result = dice.roll(request.sides, request.label, count=request.dice, read=request.read)
    else:
        result = dice.pool(request.dice, request.label, sides=request.sides, success=request.success,
                           read=request.read, again=request.again, read_added=request.read_added)
    return (type(result.value), result.value)
