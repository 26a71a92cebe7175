"""Seeded Monte Carlo: the fallback for trees too large to enumerate.

Two samplers, one contract (a tally of leaves, one count per sample; same seed, same
tally):

* :func:`sample_tree`, the default: samples the outcome tree that exact enumeration
  walks, expanding it lazily. Each node caches its dice request's outcome classes
  and their weights; a sample walks the cached nodes by weighted choice and replays
  the chain only where it steps off them (once per new path). A chain with a few
  hundred distinct paths then costs microseconds per sample instead of a whole
  engine run. Where most samples take new paths, the cache does not pay and it
  goes on with the random interpreter. It relies on the reads, as the exact
  odds do;
* :func:`sample`: the random interpreter, every face rolled. Slower, but it relies
  on no read, so it is the independent second method the conformance suite
  checks the exact odds against.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate

from ..dice import Dice, RandomDice
from ..language import _
from .branches import Branch
from .interpreter import MAX_REQUESTS, BranchingDice, TreeTooLarge
from .leaf import Leaf

#: Nodes :func:`sample_tree` keeps at most; past it, new paths are replayed but no
#: longer cached (memory stays bounded on trees where nearly every sample is new).
MAX_NODES = 200_000
#: After this many samples, if more than :data:`NEW_SHARE` of them took a path never
#: taken before, the tree is too bushy for its cache to pay: the remaining samples
#: roll every face with the random interpreter, which is then cheaper.
SETTLE_AT = 1024
NEW_SHARE = 0.5


class SamplingDice(RandomDice):
    """Random faces from one seeded stream, sample after sample."""

    def reset(self) -> None:
        """Start the next sample (the stream of faces goes on)."""
        self.consumed = []
        self.manual = []
        self.pool_rolls = []


#: ``progress(done, total)``: called every :data:`PROGRESS_EVERY` samples; it may
#: raise to stop the sampling.
Progress = Callable[[int, int], None]
PROGRESS_EVERY = 1024
#: ``stop(done)``: asked before each sample, with the samples drawn so far; true ends
#: the tally there (a time budget spent; a chain of a thousand targets costs tens of
#: milliseconds, so that even :data:`PROGRESS_EVERY` of them are too many to wait
#: for). The tally is then that of the first ``done`` samples: the same as asking
#: for ``done`` samples of the same seed.
Stop = Callable[[int], bool]


def sample(
    run: Callable[[SamplingDice], Leaf], samples: int, seed: int, progress: Progress | None = None,
    stop: Stop | None = None,
) -> dict[Leaf, float]:
    """Tally ``samples`` chains rolled face by face from ``seed`` (same seed, same
    tally), or fewer where ``stop`` says so."""
    dice = SamplingDice(seed)
    tally: dict[Leaf, float] = {}
    for n in range(samples):
        if progress is not None and not n % PROGRESS_EVERY:
            progress(n, samples)
        if stop is not None and stop(n):
            break
        dice.reset()
        leaf = run(dice)
        tally[leaf] = tally.get(leaf, 0.0) + 1.0
    return tally


class _Node:
    """One dice request of the tree (``cumulative`` weights of its classes, a child
    per class once visited), or a leaf (``cumulative`` None, ``leaf`` set)."""

    __slots__ = ("cumulative", "children", "leaf")

    def __init__(self, cumulative: tuple[float, ...] | None, leaf: Leaf | None = None) -> None:
        self.cumulative = cumulative
        self.children: list[_Node | None] | None = None if cumulative is None else [None] * len(cumulative)
        self.leaf = leaf


class _TreeDice(BranchingDice):
    """Follows ``path``, then picks each further class at random by its weight, and
    remembers the classes of every request it answered. A ``repeat`` is sampled run
    by run (each run's dice are nodes of the tree), not by its folded classes."""

    repeat = Dice.repeat

    def __init__(self, path: list[int], pick: Callable[[tuple[Branch, ...]], int]) -> None:
        super().__init__(path)
        self.pick = pick
        self.seen: list[tuple[Branch, ...]] = []

    def _choose(self, branches: tuple[Branch, ...], what: str) -> Branch:
        pos = len(self.sizes)
        if pos >= len(self.path):
            if pos >= MAX_REQUESTS:
                raise TreeTooLarge(_("a chain asked for more than {count} dice", count=MAX_REQUESTS))
            self.path.append(self.pick(branches))
        self.seen.append(branches)
        return super()._choose(branches, what)


def sample_tree(
    run: Callable[[BranchingDice], Leaf], samples: int, seed: int, progress: Progress | None = None,
    stop: Stop | None = None,
) -> dict[Leaf, float]:
    """Tally ``samples`` leaves drawn from the outcome tree with a generator seeded
    with ``seed`` (same seed, same tally), or fewer where ``stop`` says so. Each leaf
    is drawn with its exact probability: every class is chosen with its weight,
    given the classes above it."""
    import random  # only when sampling or probing: not at every odds command's start

    rand = random.Random(seed).random
    weights: dict[int, tuple[tuple[Branch, ...], tuple[float, ...]]] = {}

    def cumulative(branches: tuple[Branch, ...]) -> tuple[float, ...]:
        known = weights.get(id(branches))
        if known is None or known[0] is not branches:
            known = weights[id(branches)] = (branches, tuple(accumulate(o[0] for o in branches)))
        return known[1]

    def choose(cum: tuple[float, ...]) -> int:
        i = bisect_right(cum, rand() * cum[-1])
        return i if i < len(cum) else len(cum) - 1

    def pick(branches: tuple[Branch, ...]) -> int:
        return choose(cumulative(branches))

    nodes = 0
    root: _Node | None = None

    def grow(prefix: list[int], parent: _Node | None) -> Leaf:
        """Replay past the cached part; hang the new path under ``parent``."""
        nonlocal nodes, root
        dice = _TreeDice(list(prefix), pick)
        leaf = run(dice)
        if nodes >= MAX_NODES:
            return leaf
        path, seen = dice.path, dice.seen
        node = parent
        for depth in range(len(prefix), len(seen) + 1):
            new = _Node(cumulative(seen[depth])) if depth < len(seen) else _Node(None, leaf)
            nodes += 1
            if node is None:
                root = new
            else:
                node.children[path[depth - 1]] = new  # type: ignore[index]
            node = new
        return leaf

    tally: dict[Leaf, float] = {}
    grown = 0
    for drawn in range(samples):
        if progress is not None and not drawn % PROGRESS_EVERY:
            progress(drawn, samples)
        if stop is not None and stop(drawn):
            break
        if drawn == SETTLE_AT and grown > NEW_SHARE * drawn:
            rest = None if progress is None else (lambda n, _total, start=drawn: progress(start + n, samples))
            after = None if stop is None else (lambda n, start=drawn: stop(start + n))
            for leaf, count in sample(run, samples - drawn, seed, rest, after).items():  # type: ignore[arg-type]
                tally[leaf] = tally.get(leaf, 0.0) + count
            return tally
        node = root
        if node is None:
            grown += 1
            leaf = grow([], None)
        else:
            path: list[int] = []
            while True:
                cum = node.cumulative
                if cum is None:
                    leaf = node.leaf  # type: ignore[assignment]
                    break
                i = choose(cum)
                path.append(i)
                child = node.children[i]  # type: ignore[index]
                if child is None:
                    grown += 1
                    leaf = grow(path, node)
                    break
                node = child
        tally[leaf] = tally.get(leaf, 0.0) + 1.0
    return tally
