"""Depth-first walk of a chain's outcome tree by replay.

A chain cannot be forked half-way (hooks are plain Python calls), but it can be
replayed: hooks are pure, so running it again with the same outcome classes for its
first requests reaches the same point. Each replay follows one path and ends in one
leaf; the next path is the last one with its deepest still-unexplored request moved
to its next class. Every leaf is visited exactly once and its weight is the product
of the probabilities of the classes on its path, so the weights sum to 1.

Two replays in a row share the path up to the request that moved, so the later one
takes what the earlier worked out for those requests (their branches, the readings
handed to the rule) instead of working it out again (:meth:`.BranchingDice.recall`):
only the rule's own code runs again there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

from ..language import _
from .interpreter import BranchingDice, TreeTooLarge

T = TypeVar("T")

#: Leaf counts at which a tree's size is estimated (small trees never pay).
PROBE_AT = (256, 1024, 4096)
#: Random probes of a tree's size at each of PROBE_AT.
PROBES = 16


def leaves(
    run: Callable[[BranchingDice], T],
    budget: int,
    make: Callable[[list[int], list[int]], BranchingDice] = BranchingDice,
) -> Iterator[tuple[float, T, BranchingDice]]:
    """Yield ``(weight, run(dice), dice)`` for every leaf of the tree; ``make(path,
    known)`` makes each replay's dice.

    Raises :class:`TreeTooLarge` when a leaf past ``budget`` would be replayed.
    """
    path: list[int] = []
    known: list[int] = []
    replays = 0
    last: BranchingDice | None = None
    upto = -1
    while True:
        if replays >= budget:
            raise TreeTooLarge(_("more than {count} outcomes", count=budget))
        replays += 1
        dice = make(path, known)
        if not dice.watches:
            dice.remembering = True
            if last is not None:
                # the same path as the last replay up to request ``upto``: what it
                # worked out there holds (see BranchingDice.recall)
                dice.recall(last.records, upto)
        result = run(dice)
        yield dice.weight, result, dice
        sizes, taken = dice.sizes, dice.path
        i = len(sizes) - 1
        while i >= 0 and taken[i] + 1 >= sizes[i]:
            i -= 1
        if i < 0:
            return
        path = taken[:i] + [taken[i] + 1]
        known = sizes[: i + 1]
        last, upto = dice, i


def estimate_leaves(run: Callable[[BranchingDice], object], probes: int, seed: int = 0) -> float:
    """Knuth's estimate of the number of leaves: the mean, over random paths (each
    class chosen uniformly), of the product of the class counts along the path.
    Unbiased and cheap (one replay per probe); used to go straight to Monte Carlo
    when a tree is plainly too large to enumerate."""
    import random  # only when sampling or probing: not at every odds command's start

    rng = random.Random(seed)
    total = 0.0
    for _probe in range(probes):
        dice = BranchingDice([], explore=rng.randrange)
        run(dice)
        product = 1.0
        for n in dice.sizes:
            product *= n
        total += product
    return total / probes


def too_large(run: Callable[[BranchingDice], object], budget: int, seed: int = 0) -> None:
    """Raise :class:`TreeTooLarge` if the tree is estimated to have more than
    ``budget`` leaves, so that a hopeless enumeration stops early instead of
    spending the whole budget. (Knuth's estimate rather underestimates the skewed
    trees of dice chains, so an estimate past the budget is a safe sign.)"""
    if budget <= 2 * PROBE_AT[0]:
        return
    estimate = estimate_leaves(run, PROBES, seed)
    if estimate > budget:
        raise TreeTooLarge(
            _("{paths} sample paths estimate about {count} outcomes, an estimate that usually runs low",
              paths=PROBES, count=format(estimate, ".3g")),
            estimated=True,
        )
