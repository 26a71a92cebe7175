"""The exact-odds dice interpreter: one replay of the chain down one path of the tree.

Hooks are pure, so the chain is a function of the branches its dice requests take.
:class:`BranchingDice` answers the i-th request with the branch chosen at position i
of ``path`` (the first branch once the path runs out), multiplies the replay's
``weight`` by that branch's probability and records how many branches the request
had, so that :mod:`.explore` can step to the next path. The chosen branch's faces go
through the dice's own meaning (:mod:`gunline.dice.meaning`), as any rolled face
does: a pool branches over its counts, a read roll over its readings, never over
every face (:mod:`.branches`).
"""


from collections.abc import Callable, Hashable, Sequence
from typing import Any, NamedTuple, TypeVar

from ..dice import Dice, Rolled, Tally, meaning
from ..dice.meaning import MAX_DICE, MAX_SIDES
from ..dice.requests import DiceInterrupt
from ..language import _
from ..models import Step
from . import readings, tails
from .branches import Branch, Branches, pool_branches, roll_branches
from .repeats import folded_classes

S = TypeVar("S", bound=Hashable)
D = TypeVar("D")
V = TypeVar("V", bound=Hashable)

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


class Request(NamedTuple):
    """A dice request as the odds saw it: what was rolled, and how it is read."""

    kind: str  # "roll" or "pool"
    label: str
    target: str | None
    sides: int
    #: Dice rolled (a pool's first batch)
    dice: int
    read: Callable[[int], Any] | None
    success: Callable[[int], Any] | None
    again: int | None
    #: Whether a pool's added dice are read too.
    read_added: bool = True


class Tail:
    """A replay's :meth:`BranchingDice.then`: where it was asked (``pos``), which
    outcome of the body it took (``taken``), the weight before it (``start``), the
    steps before it (``before``), how many pools were rolled before it (``pools``),
    every outcome of the body (``outcomes``), the list handed back (``result``) and
    the taken outcome's steps as handed over (``snapshot``, :func:`.tails.snapshot`:
    the hook gets the kept steps themselves, and must not change them). A class with
    slots, as :class:`.tails.TailOutcome`."""

    __slots__ = ("before", "outcomes", "pools", "pos", "result", "snapshot", "start", "taken")

    def __init__(
        self, pos: int, taken: int, start: float, before: list[Step], pools: int,
        outcomes: tuple[tails.TailOutcome, ...], result: list[Step], snapshot: bytes | None,
    ) -> None:
        self.pos, self.taken, self.start, self.before, self.pools = pos, taken, start, before, pools
        self.outcomes, self.result, self.snapshot = outcomes, result, snapshot


class BranchingDice(Dice):
    """Answers dice requests from a path of branch indices."""

    #: Whether a repeat branches over its combined values (the odds) or over each
    #: run's dice in turn (the checks, which look at every die a rule reads).
    fold_repeats = True

    def __init__(
        self,
        path: list[int],
        known: list[int] | None = None,
        explore: Callable[[int], int] | None = None,
    ) -> None:
        super().__init__()
        self.path = path
        #: Number of branches of each request so far, in order.
        self.sizes: list[int] = []
        #: Sizes seen by the previous replay along this path, to catch impure hooks.
        self.known = known or []
        self.weight = 1.0
        #: How a request past the end of ``path`` picks its branch (default: the first).
        self.explore = explore
        #: The faces of the branch being read, and how many are taken.
        self._feed: tuple[int, ...] = ()
        self._fed = 0
        #: What each request asked, its branches and what the rule was handed, by
        #: position (:meth:`recall`); the previous replay's, and how far they hold.
        self.records: dict[int, tuple[Hashable, Any, Any]] = {}
        self._recalled: dict[int, tuple[Hashable, Any, Any]] | None = None
        self._upto = -1
        #: Whether to keep :attr:`records` (a walk of the whole tree, :mod:`.explore`,
        #: sets it: a replay that follows no other keeps nothing).
        self.remembering = False

    #: Where :meth:`then` finds its bodies' outcomes (:mod:`.tails`, set by the
    #: staged enumeration for a phase whose steps it can join), or None: a body
    #: runs as part of the hook, its dice branching like any other.
    tail_memo: tails.Memo | None = None
    #: The last :meth:`then` of this replay that took a body's shared outcomes.
    tail: Tail | None = None
    #: The probability of every branch taken, in order, when kept (a body's walk).
    factors: list[float] | None = None

    def recall(self, records: dict[int, tuple[Hashable, Any, Any]], upto: int) -> None:
        """Reuse what the previous replay worked out, ``records``, which followed the
        same branches as this one before request ``upto`` and asked the same there.

        Hooks are pure, so a replay down the same path makes the same requests: the
        requests before ``upto`` are answered as before (the same branches, and the
        same reading handed back, without working either out again), request
        ``upto`` with the same branches and its next branch. A request that does
        not ask what the record says is worked out afresh (and the sizes check then
        names the hook that is not pure)."""
        self._recalled, self._upto = records, upto

    def _again(self, pos: int, asked: Hashable) -> tuple[Hashable, Any, Any] | None:
        """The previous replay's record of request ``pos``, if it holds for this one."""
        recalled = self._recalled
        if recalled is None or pos > self._upto:
            return None
        record = recalled.get(pos)
        if record is None or record[0] != asked:
            return None
        return record

    def _index(self, n: int, what: str) -> int:
        """Which of the ``n`` branches of the next request this replay takes: the
        path's, or a new one the walk chooses (recorded in the path)."""
        pos = len(self.sizes)
        if pos < len(self.path):
            if pos < len(self.known) and self.known[pos] != n:
                raise NotReplayable(
                    f"replaying the same dice, request {pos + 1} ({what}) changed; "
                    "a hook rolls outside the dice object or keeps state between calls"
                )
            index = self.path[pos]
        else:
            if pos >= MAX_REQUESTS:
                raise TreeTooLarge(_("a chain asked for more than {count} dice", count=MAX_REQUESTS))
            index = self.explore(n) if self.explore is not None else 0
            self.path.append(index)
        self.sizes.append(n)
        return index

    def _choose(self, branches: Branches, what: str) -> Branch:
        branch = branches[self._index(len(branches), what)]
        self.weight *= branch.weight
        if self.factors is not None:
            self.factors.append(branch.weight)
        return branch

    def _faces(
        self, n: int, sides: int, label: str, need: str, target: str | None, reroll: bool, success: bool,
        counted: tuple[int, int] | None = None,
    ) -> list[int]:
        start = self._fed
        if start == 0 and n == len(self._feed):  # the usual case: the whole branch at once
            faces = list(self._feed)
        else:
            faces = list(self._feed[start : start + n])
            if len(faces) != n:  # pragma: no cover - the branches and the meaning disagree
                raise AssertionError(f"{label}: a branch of {len(self._feed)} faces was asked for more")
        self._fed = start + n
        self.consumed += faces
        return faces

    def _branch(self, branches: Branches, what: str, request: Request) -> Branch:
        """The branch a request follows (its faces are then read): the path's. A
        subclass that watches requests, or swaps the faces of one, overrides it and
        sets :attr:`watches`."""
        return self._choose(branches, what)

    #: Whether :meth:`_branch` is to be told each request (a subclass that watches
    #: them); the odds themselves follow the path without building one.
    watches = False

    # -- the dice API ------------------------------------------------------------------
    def roll(
        self,
        sides: int,
        label: str,
        *,
        count: int = 1,
        read: Callable[[int], Any] | None = None,
        need: str | None = None,
        target: str | None = None,
        by: str | None = None,
    ) -> Rolled[Any]:
        if type(count) is not int or type(sides) is not int or not 0 < count <= MAX_DICE or not 0 < sides <= MAX_SIDES:
            sides, count = meaning.checked(label, sides, count, False)
        if self.watches or not self.remembering:
            branches = roll_branches(sides, count, read)
            if self.watches:
                request = Request("roll", label, target, sides, count, read, None, None)
                branch = self._branch(branches, label, request)
            else:
                branch = self._choose(branches, label)
            self._feed, self._fed = branch.faces, 0
            return meaning.roll(self, sides, label, count, read, need, target, by)
        pos = len(self.sizes)
        asked = ("roll", sides, count, label, need, target, by)
        record = self._again(pos, asked)
        if record is not None:
            branches = record[1]
            branch = self._choose(branches, label)
            if pos < self._upto:
                self.consumed += branch.faces
                self.records[pos] = record
                rolled: Rolled[Any] = record[2]
                return rolled
        else:
            branches = roll_branches(sides, count, read)
            branch = self._choose(branches, label)
        self._feed, self._fed = branch.faces, 0
        rolled = meaning.roll(self, sides, label, count, read, need, target, by)
        self.records[pos] = (asked, branches, rolled)
        return rolled

    def pool(
        self,
        count: int,
        label: str,
        *,
        sides: int,
        success: Callable[[int], Any] | None = None,
        read: Callable[[int], Hashable] | None = None,
        again: int | None = None,
        read_added: bool = True,
        need: str | None = None,
        ask: str | None = None,
        shown: str | None = None,
        chance: bool = False,
        target: str | None = None,
        by: str | None = None,
    ) -> Rolled[Tally]:
        if type(count) is not int or type(sides) is not int or not 0 <= count <= MAX_DICE or not 0 < sides <= MAX_SIDES:
            sides, count = meaning.checked(label, sides, count, True)
        what = f"{label}: pool of {count}d{sides}"
        if self.watches or not self.remembering:
            branches = pool_branches(count, sides, success, read, again, read_added)
            if self.watches:
                request = Request("pool", label, target, sides, max(count, 0), read, success, again, read_added)
                branch = self._branch(branches, what, request)
            else:
                branch = self._choose(branches, what)
            self._feed, self._fed = branch.faces, 0
            return meaning.pool(
                self, count, label, sides, success, read, again, read_added, need, ask, shown, chance, target, by
            )
        pos = len(self.sizes)
        asked = ("pool", count, label, sides, again, read_added, need, ask, shown, chance, target, by)
        record = self._again(pos, asked)
        if record is not None:
            branches = record[1]
            branch = self._choose(branches, what)
            if pos < self._upto:
                rolled: Rolled[Tally] = record[2]
                self.consumed += branch.faces
                self.pool_rolls.append((rolled.roll, target))
                self.records[pos] = record
                return rolled
        else:
            branches = pool_branches(count, sides, success, read, again, read_added)
            branch = self._choose(branches, what)
        made = readings.key(asked, pos, success, read, self.path[pos])  # the branches follow from these
        known = readings.reading(made)
        if known is not None:
            self.consumed += branch.faces
            self.pool_rolls.append((known.roll, target))
            self.records[pos] = (asked, branches, known)
            return known
        self._feed, self._fed = branch.faces, 0
        rolled = meaning.pool(
            self, count, label, sides, success, read, again, read_added, need, ask, shown, chance, target, by
        )
        readings.keep(made, rolled)
        self.records[pos] = (asked, branches, rolled)
        return rolled

    def then(self, before: Sequence[Step], body: Callable[..., Sequence[Step]], *args: Any) -> list[Step]:
        """One request whose branches are ``body``'s outcomes, worked out once for
        every call with equal ``args`` (:mod:`.tails`); the weight is multiplied by
        each branch the outcome took, in order, as running the body here would."""
        memo = self.tail_memo
        found = None if memo is None or self.watches else tails.outcomes(memo, body, args)
        if found is None:
            return Dice.then(self, before, body, *args)
        pos = len(self.sizes)
        index = self._index(len(found), "the rest of the hook")
        chosen = found[index]
        start = weight = self.weight
        for factor in chosen.factors:
            weight *= factor
        self.weight = weight
        if self.factors is not None:
            self.factors.extend(chosen.factors)
        self.consumed += chosen.faces
        pools = len(self.pool_rolls)
        self.pool_rolls += chosen.pool_rolls
        prefix = list(before)
        result = [*prefix, *chosen.steps]
        self.tail = Tail(pos, index, start, prefix, pools, found, result, tails.snapshot(chosen.steps))
        return result

    def repeat(
        self,
        times: int,
        label: str,
        body: Callable[[Dice], tuple[S, D]],
        *,
        fold: Callable[[V, S], V],
        start: V,
    ) -> tuple[V, list[D]]:
        """Branch over the combined values of ``times`` runs (:mod:`.repeats`), not
        over every run's dice; over each run's dice in turn when they combine to too
        many values, or when :attr:`fold_repeats` is off."""
        pos = len(self.sizes)
        asked = ("repeat", times, label)
        remembering = self.remembering and not self.watches
        record = self._again(pos, asked) if remembering else None
        if record is not None:
            classes = record[1]
        else:
            classes = folded_classes(times, body, fold, start) if self.fold_repeats else None
        if classes is None:
            return Dice.repeat(self, times, label, body, fold=fold, start=start)
        if remembering:
            self.records[pos] = (asked, classes, None)
        branches, values = classes
        branch = self._choose(branches, f"{label}: {times} runs")
        self.consumed += branch.faces
        value, details = values[self.path[pos]]
        return value, list(details)
