"""The outcomes of :meth:`gunline.dice.Dice.then`'s bodies, worked out once per values.

A hook that ends with ``return dice.then(steps, body, *args)`` says that its last
dice, and the steps they make, depend on ``args`` alone. The staged enumeration
(:mod:`.stages`) then walks ``body``'s tree once for every distinct ``args`` of a
phase (:func:`outcomes`) and joins each of its outcomes to each outcome of the hook
before it, without replaying the hook for each: the injury dice of five wounds are
read once, however many hits made the five wounds.

Each outcome keeps the probability of every branch it took, in order, so that a
joined outcome's weight is multiplied exactly as a replay of the whole hook would
multiply it (the same floats, to the last bit). A body whose ``args`` (or captured
values) are not plain values, or whose steps are not plain steps, or whose tree is
too large, is not shared: it runs as part of the hook, like any other dice.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from types import FunctionType
from typing import Any

import msgspec

from ..contract import plain_steps
from ..dice.identity import key as identity
from ..models import Roll, Step

#: Outcomes of one body's tree enumerated at most (past it, it is not shared).
BUDGET = 10_000

#: The types a body's arguments and captured values may be made of.
_PLAIN = (int, float, str, bool, type(None))


class TailOutcome:
    """One outcome of a body: the probability of each branch it took (in order),
    the steps it returned, the pools it rolled and the faces it consumed. (A class
    with slots rather than a named tuple: made at every start with the odds engine,
    typing's named tuple costs ten times as much to make.)"""

    __slots__ = ("factors", "faces", "pool_rolls", "steps")

    def __init__(
        self, factors: tuple[float, ...], steps: tuple[Step, ...], pool_rolls: tuple[tuple[Roll, str | None], ...],
        faces: tuple[int, ...],
    ) -> None:
        self.factors, self.steps, self.pool_rolls, self.faces = factors, steps, pool_rolls, faces


#: The outcomes of each body, by its identity and arguments (None: not shared).
Memo = dict[Hashable, "tuple[TailOutcome, ...] | None"]


_encode = msgspec.msgpack.Encoder().encode


def snapshot(steps: Sequence[Step]) -> bytes | None:
    """The steps as they are now, every field and every value in their ``data``: a
    hook that changed a body's steps after ``dice.then`` handed them over (which it
    must not) changes this, and its outcomes are then replayed, not joined. None for
    steps that cannot be encoded (never joined either)."""
    try:
        return _encode(steps)
    except (TypeError, ValueError, msgspec.EncodeError):
        return None


def _plain(value: Any) -> bool:
    kind = type(value)
    if kind in _PLAIN:
        return True
    if kind is tuple:
        return all(_plain(v) for v in value)
    return False


def _plain_body(body: Any) -> bool:
    """A function whose captured values and defaults are plain (a module-level rule,
    usually): what it computes follows from its code and its arguments."""
    if type(body) is not FunctionType:
        return False
    for cell in body.__closure__ or ():
        try:
            if not _plain(cell.cell_contents):
                return False
        except ValueError:  # a cell not filled yet
            return False
    return _plain(body.__defaults__ or ()) and not body.__kwdefaults__


def outcomes(memo: Memo, body: Callable[..., Sequence[Step]], args: tuple[Any, ...]) -> tuple[TailOutcome, ...] | None:
    """``body(dice, *args)``'s outcomes, walked once per ``memo``; None when they
    cannot be shared (see the module)."""
    if not _plain(args) or not _plain_body(body):
        return None
    made = identity((body, args))
    if made is None:
        return None
    try:
        if made in memo:
            return memo[made]
    except TypeError:  # pragma: no cover - plain values hash
        return None
    found = memo[made] = _walk(body, args)
    return found


def _walk(body: Callable[..., Sequence[Step]], args: tuple[Any, ...]) -> tuple[TailOutcome, ...] | None:
    from .explore import leaves  # explore builds on the interpreter
    from .interpreter import BranchingDice, TreeTooLarge

    def run(dice: BranchingDice) -> Sequence[Step]:
        return body(dice, *args)

    def make(path: list[int], known: list[int]) -> BranchingDice:
        dice = BranchingDice(path, known)
        dice.factors = []
        return dice

    found: list[TailOutcome] = []
    try:
        for _weight, steps, dice in leaves(run, BUDGET, make):
            plain = plain_steps(steps if type(steps) is list else list(steps))
            if plain is None:  # the hook's own checks name what is wrong
                return None
            assert dice.factors is not None
            found.append(TailOutcome(tuple(dice.factors), tuple(plain), tuple(dice.pool_rolls), tuple(dice.consumed)))
    except TreeTooLarge:
        return None
    return tuple(found)
