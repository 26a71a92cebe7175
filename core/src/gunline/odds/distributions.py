"""Exact distributions of the rolls the dice API offers, computed without
enumerating faces.

Two kinds of roll matter to the odds interpreter:

* a *success pool* (:meth:`gunline.dice.Dice.pool`): n dice, each a success or
  not, some faces adding a die (``again``). Its success count has the
  probability generating function ``G(z)^n`` with, per die,
  ``G(z) = (p0 + ps·z) / (1 − pr − psr·z)`` (p0: fail and stop, ps: succeed and
  stop, pr: fail and roll again, psr: succeed and roll again). Expanding the
  numerator binomially and the denominator as a negative binomial series gives every
  coefficient in O(n) terms, so a 30-die 9-again pool costs a few hundred products
  instead of 10^30 faces;
* a *sum* (:meth:`gunline.dice.Dice.roll`) of ``count`` dice: the distribution of
  its total, which :mod:`.branches` groups by what the rule reads of it.

Probabilities are floats (accurate to about 1e-15, far inside the 1e-12 the odds
promise); results are memoised because a chain asks for the same roll over and over
while the odds interpreter replays it.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

#: A rerolling pool's infinite tail is cut at the first term past ``count`` that is
#: smaller than this and smaller than the term before it (the terms then fall at
#: least geometrically, so the mass left out is of the same order).
TAIL = 1e-20


def _face_classes(
    sides: int, at_least: int | None, at_most: int | None, again: int | None
) -> tuple[float, float, float, float]:
    """Per-die probabilities (fail, succeed, fail-and-again, succeed-and-again)."""
    counts = [0, 0, 0, 0]
    for face in range(1, sides + 1):
        success = (at_least is not None and face >= at_least) or (
            at_most is not None and face <= at_most
        )
        again_ = again is not None and face >= again
        counts[success + 2 * again_] += 1
    return tuple(c / sides for c in counts)  # type: ignore[return-value]


@lru_cache(maxsize=4096)
def pool_distribution(
    count: int,
    sides: int = 10,
    at_least: int | None = 8,
    at_most: int | None = None,
    again: int | None = 10,
) -> tuple[float, ...]:
    """P(exactly k successes) for k = 0, 1, ... of ``count`` dice that succeed at or
    above ``at_least`` (or at or below ``at_most``), faces at or above ``again``
    adding a die. See :func:`success_distribution`."""
    if again is not None and again <= 1:
        raise ValueError(f"again={again}: every face would be rolled again forever")
    return success_distribution(count, *_face_classes(sides, at_least, at_most, again))


@lru_cache(maxsize=4096)
def success_distribution(count: int, p0: float, ps: float, pr: float, psr: float) -> tuple[float, ...]:
    """P(exactly k successes) for k = 0, 1, ... of ``count`` dice, each failing and
    adding no die with probability ``p0``, succeeding and adding none ``ps``, failing
    and adding a die ``pr``, succeeding and adding a die ``psr``.

    The tail of a pool that adds dice is infinite; it is cut once less than
    :data:`TAIL` of the mass is left, and the kept terms renormalised, so the
    result always sums to 1.
    """
    if count <= 0:
        return (1.0,)
    a = 1.0 - pr
    if a <= 0.0:
        raise ValueError("every face adds a die: the pool would never end")
    c = psr / a
    scale = a**-count
    numerator = [comb(count, i) * p0 ** (count - i) * ps**i for i in range(count + 1)]
    if c == 0.0:
        # no success adds a die: the series stops at ``count`` and each coefficient
        # is its numerator's alone (the other products are 0.0, which the sum below
        # adds without changing a bit), so O(count) instead of O(count²)
        plain = [n * scale for n in numerator]
        whole = 0.0
        for part in plain:
            whole += part
        while len(plain) > 1 and plain[-1] == 0.0:
            plain.pop()
        return tuple(p / whole for p in plain)
    out: list[float] = []
    total = 0.0
    k = 0
    while True:
        term = 0.0
        for i in range(min(count, k) + 1):
            j = k - i
            if numerator[i]:
                term += numerator[i] * comb(count + j - 1, j) * c**j
        term *= scale
        out.append(term)
        total += term
        k += 1
        if c == 0.0 and k > count:
            break
        if k > count and term < TAIL and term <= out[-2]:
            break
        if k > 100_000:  # pragma: no cover - only absurd pools get here
            break
    while len(out) > 1 and out[-1] == 0.0:
        out.pop()
    return tuple(p / total for p in out)


@lru_cache(maxsize=4096)
def chance_distribution(sides: int = 10, again: int | None = 10) -> tuple[float, float, tuple[float, ...]]:
    """A chance die: (P(a 1: dramatic failure), P(other failure), P(k successes) k≥1).

    Only the top face succeeds; ``again`` still applies to it.
    """
    dist = pool_distribution(1, sides, sides, None, again)
    one = 1.0 / sides
    return one, dist[0] - one, tuple(dist[1:])


@lru_cache(maxsize=4096)
def sum_distribution(sides: int, count: int) -> tuple[tuple[int, float, tuple[int, ...]], ...]:
    """Every total of ``count`` dice of ``sides`` sides: ``(total, probability, faces)``
    in rising order of total, ``faces`` being one way to roll it (in the order
    rolled). Dynamic programming over the dice: a few hundred states, never
    ``sides ** count`` faces."""
    states: dict[int, tuple[float, tuple[int, ...]]] = {0: (1.0, ())}
    p = 1.0 / sides
    for _ in range(max(count, 0)):
        nxt: dict[int, tuple[float, tuple[int, ...]]] = {}
        for total, (weight, faces) in states.items():
            for face in range(1, sides + 1):
                old = nxt.get(total + face)
                if old is None:
                    nxt[total + face] = (weight * p, faces + (face,))
                else:
                    nxt[total + face] = (old[0] + weight * p, old[1])
        states = nxt
    return tuple((total, weight, faces) for total, (weight, faces) in sorted(states.items()))
