"""Exact distributions of the rolls the dice API offers, computed without
enumerating faces.

Two kinds of roll matter to the odds interpreter:

* a *success pool* (:meth:`gunline.dice.Dice.pool`): n dice, each a success on a
  threshold, faces at or above ``again`` rolled again. Its success count has the
  probability generating function ``G(z)^n`` with, per die,
  ``G(z) = (p0 + ps·z) / (1 − pr − psr·z)`` (p0: fail and stop, ps: succeed and
  stop, pr: fail and roll again, psr: succeed and roll again). Expanding the
  numerator binomially and the denominator as a negative binomial series gives every
  coefficient in O(n) terms, so a 30-die 9-again pool costs a few hundred products
  instead of 10^30 faces;
* a *sum* (:meth:`gunline.dice.Dice.roll`) of ``count`` dice, grouped by what the
  rule promised to look at: the comparison of the total with ``at_least`` /
  ``at_most`` and how many dice show each ``special`` face.

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
    """P(exactly k successes) for k = 0, 1, ... of ``count`` dice (no chance die).

    The tail of a rerolling pool is infinite; it is cut once less than
    :data:`TAIL` of the mass is left, and the kept terms renormalised, so the
    result always sums to 1.
    """
    if again is not None and again <= 1:
        raise ValueError(f"again={again}: every face would be rolled again forever")
    if count <= 0:
        return (1.0,)
    p0, ps, pr, psr = _face_classes(sides, at_least, at_most, again)
    a = 1.0 - pr  # > 0: face 1 never rolls again
    c = psr / a
    scale = a**-count
    numerator = [comb(count, i) * p0 ** (count - i) * ps**i for i in range(count + 1)]
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


def sum_key(
    total: int,
    at_least: int | None,
    at_most: int | None,
) -> tuple:
    """What a rule may see of a total: its comparison with the thresholds, or,
    with no threshold, the total itself."""
    if at_least is None and at_most is None:
        return (total,)
    return (
        at_least is None or total >= at_least,
        at_most is None or total <= at_most,
    )


@lru_cache(maxsize=4096)
def sum_states(
    sides: int, count: int, special: tuple[int, ...]
) -> tuple[tuple[int, tuple[int, ...], float, tuple[int, ...]], ...]:
    """Every (total, how many dice show each special face) of ``count`` dice, with
    its probability and one face tuple that produces it (in the order rolled).

    Dynamic programming over the dice: the state count is the number of totals times
    the ways to split the dice among the special faces, never sides**count.
    """
    plain = [f for f in range(1, sides + 1) if f not in special]
    states: dict[tuple[int, tuple[int, ...]], tuple[float, tuple[int, ...]]] = {
        (0, tuple(0 for _ in special)): (1.0, ())
    }
    p = 1.0 / sides
    for _ in range(count):
        nxt: dict[tuple[int, tuple[int, ...]], tuple[float, tuple[int, ...]]] = {}
        for (total, hits), (weight, faces) in states.items():
            for face in plain:
                key = (total + face, hits)
                old = nxt.get(key)
                nxt[key] = (weight * p + (old[0] if old else 0.0), old[1] if old else faces + (face,))
            for i, face in enumerate(special):
                counted = hits[:i] + (hits[i] + 1,) + hits[i + 1 :]
                key = (total + face, counted)
                old = nxt.get(key)
                nxt[key] = (weight * p + (old[0] if old else 0.0), old[1] if old else faces + (face,))
        states = nxt
    return tuple(
        (total, hits, weight, faces) for (total, hits), (weight, faces) in sorted(states.items())
    )


@lru_cache(maxsize=4096)
def roll_classes(
    sides: int,
    count: int,
    at_least: int | None,
    at_most: int | None,
    special: tuple[int, ...],
    high: bool = False,
) -> tuple[tuple[float, tuple[int, ...]], ...]:
    """The outcomes of a ``roll`` that a rule keeping its promise can tell apart:
    ``(probability, representative faces)``, probabilities summing to 1.

    Faces are grouped by :func:`sum_key` of the total and by the count of dice
    showing each special face. The representative is the lowest total of its class,
    or the highest with ``high`` (running both and comparing is how a ruleset's
    promise is checked).
    """
    special = tuple(sorted({f for f in special if 1 <= f <= sides}))
    groups: dict[tuple, list] = {}
    for total, hits, weight, faces in sum_states(sides, count, special):
        key = (sum_key(total, at_least, at_most), hits)
        group = groups.get(key)
        if group is None:
            groups[key] = [weight, faces]
        else:
            group[0] += weight
            if high:
                group[1] = faces
    return tuple((w, faces) for w, faces in groups.values() if w > 0.0)
