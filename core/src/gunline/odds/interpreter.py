"""The exact-odds dice interpreter: one replay of the chain down one path of the tree.

Hooks are pure, so the chain is a function of the outcomes of its dice requests.
:class:`BranchingDice` answers the i-th request with the outcome class chosen at
position i of ``path`` (the first class once the path runs out), multiplies the
replay's ``weight`` by that class's probability and records how many classes the
request had, so that :mod:`.explore` can step to the next path. Every request is
answered with a representative Roll of its class (:mod:`.outcomes`): a pool branches
over its success count, a thresholded roll over pass / fail and its special faces,
never over every face.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable

from ..dice import Dice, DieRequest, need_text
from ..dice.requests import DiceInterrupt
from ..models import Roll
from .outcomes import Outcome, chance_outcomes, counted_pool_outcomes, pool_outcomes, roll_outcomes, special_groups
from .repeats import folded_classes

#: Outcome classes, default need and notation of each roll request seen: the hot
#: path of every replay.
_ROLLS: dict[tuple, tuple] = {}

#: More dice requests than this in one chain means a rule rolls without end.
MAX_REQUESTS = 10_000


class TreeTooLarge(DiceInterrupt):
    """The tree passed the budget (or a chain asked for dice without end). Raised
    from inside a roll too, so it is a dice interrupt: the engine lets it through
    instead of blaming the hook that was rolling.

    ``estimated``: the tree was not counted past the budget but estimated past it
    (a sample of paths), so the note must say "looks", not "is"."""

    def __init__(self, message: str, *, estimated: bool = False) -> None:
        super().__init__(message)
        self.estimated = estimated


class NotReplayable(Exception):
    """A replay asked for different dice than the run before it along the same path:
    a hook is not pure (it rolls outside the ``dice`` object, or keeps state)."""


class PoolRecorder:
    """Mixin: remembers every Roll that ``pool`` returned, with its ``target``, so the
    odds can attribute success counts to targets (the "at least k" tables)."""

    pool_rolls: list[tuple[Roll, str | None]]

    def record_pool(self, roll: Roll, target: str | None) -> Roll:
        self.pool_rolls.append((roll, target))
        return roll


class BranchingDice(PoolRecorder, Dice):
    """Answers dice requests from a path of outcome-class indices."""

    def __init__(
        self,
        path: list[int],
        known: list[int] | None = None,
        high: bool = False,
        explore: Callable[[int], int] | None = None,
    ) -> None:
        super().__init__()
        self.path = path
        #: Number of classes of each request so far, in order.
        self.sizes: list[int] = []
        #: Sizes seen by the previous replay along this path, to catch impure hooks.
        self.known = known or []
        self.weight = 1.0
        self.high = high
        self.pool_rolls = []
        #: How a request past the end of ``path`` picks its class (default: the first).
        self.explore = explore

    def _choose(self, outcomes: tuple[Outcome, ...], what: str) -> Outcome:
        pos = len(self.sizes)
        n = len(outcomes)
        if pos < len(self.path):
            if pos < len(self.known) and self.known[pos] != n:
                raise NotReplayable(
                    f"replaying the same dice, request {pos + 1} ({what}) changed; "
                    "a hook rolls outside the dice object or keeps state between calls"
                )
            index = self.path[pos]
        else:
            if pos >= MAX_REQUESTS:
                raise TreeTooLarge(f"a chain asked for more than {MAX_REQUESTS} dice")
            index = self.explore(n) if self.explore is not None else 0
            self.path.append(index)
        self.sizes.append(n)
        weight, faces, total = outcomes[index]
        self.weight *= weight
        self.consumed.extend(faces)
        return outcomes[index]

    # -- the dice API ------------------------------------------------------------------
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
        key = (sides, count, at_least, at_most, special if special.__class__ is tuple else tuple(special), self.high)
        known = _ROLLS.get(key)
        if known is None:
            outcomes = roll_outcomes(sides, count, at_least, at_most, tuple(sorted(set(key[4]))), self.high)
            known = _ROLLS[key] = (outcomes, need_text(at_least, at_most), f"{count}d{sides}")
        outcomes, default_need, notation = known
        _, faces, total = self._choose(outcomes, label)
        return Roll(
            label=label,
            dice=notation,
            values=list(faces),
            total=total,
            need=default_need if need is None else need,
        )

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
        is_chance = count <= 0 and chance
        counted = special_groups(special, sides) if special else ()
        if is_chance:
            at_least, at_most = sides, None
            if counted:  # the 1 stays a class of its own
                faces = {f for e in counted for f in ((e,) if isinstance(e, int) else e)}
                if 1 not in faces:
                    counted = special_groups((*counted, 1), sides)
                outcomes = counted_pool_outcomes(1, sides, sides, None, again, counted, self.high)
            else:
                outcomes = chance_outcomes(sides, again, self.high)
        else:
            count = max(count, 0)
            if counted:
                outcomes = counted_pool_outcomes(count, sides, at_least, at_most, again, counted, self.high)
            else:
                outcomes = pool_outcomes(count, sides, at_least, at_most, again, self.high)
        need = need_text(at_least, at_most) + (f", {again}-again" if again is not None else "")
        _, faces, total = self._choose(outcomes, f"{label}: pool of {count}d{sides}")
        roll = Roll(
            label=label,
            dice=("chance die" if is_chance else f"{count}d{sides}"),
            values=list(faces),
            total=total,
            need=need,
            chance=is_chance,
        )
        return self.record_pool(roll, target)

    def repeat(
        self,
        times: int,
        label: str,
        body: Callable[[Dice], tuple[Hashable, Any]],
        *,
        fold: Callable[[Any, Any], Any],
        start: Any,
        key: Hashable | None = None,
    ) -> tuple[Any, list[Any]]:
        """Branch over the folded values of ``times`` runs (:mod:`.repeats`), not over
        every run's dice; over each run's dice in turn when they fold to too many."""
        classes = folded_classes(times, body, fold, start, self.high, key)
        if classes is None:
            return Dice.repeat(self, times, label, body, fold=fold, start=start, key=key)
        outcomes, values = classes
        pos = len(self.sizes)
        self._choose(outcomes, f"{label}: {times} runs")
        value, details = values[self.path[pos]]
        return value, list(details)

    def face(self, request: DieRequest) -> int:
        """A single physical die asked for outside ``roll``/``pool`` (an interpreter
        extension built on :meth:`Dice.face`): branch over every face."""
        _, faces, _ = self._choose(roll_outcomes(request.sides, 1, None, None, (), self.high), request.label)
        self.consumed.pop()  # ``_take`` records it again
        return faces[0]
