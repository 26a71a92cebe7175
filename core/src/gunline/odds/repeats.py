"""Outcome classes of ``dice.repeat``: one run's outcomes, folded ``times`` times.

One run of the body is a small chain of its own: its tree is walked by replay, like
the whole chain's (:mod:`.explore`), and its leaves grouped by score. The folded
value after k runs is then a dynamic programme over the runs, in order:
``P(v') = sum over v, s with fold(v, s) = v' of P(v) P(s)``; no fold property is
assumed beyond purity. Each folded class keeps one sequence of run classes that
reaches it (the first found), whose faces and details stand for the class.

Nothing in a rule names a repeat: two repeats over bodies and folds made from the
same code over equal values (:func:`gunline.dice.identity.key`) share one run's
classes and the folds worked out so far, so the bullets of every target of a burst
are worked out once.

A repeat whose folded values are too many (or one run's tree too large) is not
folded: :func:`folded_classes` says so with ``None`` and the interpreter branches
over each run's dice in turn, as for a plain loop.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from ..dice.identity import key as identity
from .branches import Branch

#: Leaves of one run's tree enumerated at most.
RUN_BUDGET = 10_000
#: Folded classes kept at most (each is a replay of the rest of the chain at least).
FOLDED_BUDGET = 2_000
#: Folds (a folded value with a run's score) worked out at most for one repeat, so
#: that a hopeless one gives up at once.
WORK_BUDGET = 200_000
#: A folded class below this probability is dropped (the rest renormalised).
DROP = 1e-18

#: One run's class: (score, probability, faces in order, detail).
RunClass = tuple[Hashable, float, tuple[int, ...], Any]
#: The classes of a repeat: branches as the interpreter follows them (probability,
#: faces of every run in order) and, beside each, the folded value and the details
#: of its runs.
Classes = tuple[tuple[Branch, ...], tuple[tuple[Any, tuple[Any, ...]], ...]]

def run_classes(body: Callable[[Any], tuple[Hashable, Any]]) -> list[RunClass]:
    """One run's outcomes grouped by score, in the order first met."""
    from .explore import leaves  # explore builds on the interpreter

    groups: dict[Hashable, list[Any]] = {}
    for weight, (score, detail), dice in leaves(body, RUN_BUDGET):
        group = groups.get(score)
        if group is None:
            groups[score] = [weight, tuple(dice.consumed), detail]
        else:
            group[0] += weight
    return [(score, w, faces, detail) for score, (w, faces, detail) in groups.items()]


class _Folds:
    """One body's runs and its folded states after 0, 1, 2 ... runs, extended on
    demand: the repeats of 3 and of 7 bullets share their first three folds."""

    def __init__(self, body: Any, fold: Any, start: Any, key: Hashable | None = None) -> None:
        self.body, self.fold = body, fold
        #: one run's classes are the body's alone: folds from other starts share them
        self.runs: list[RunClass] | None = _RUNS.get(key) if key is not None else None  # key: hashable
        self.key = key
        self.states: list[dict[Any, list[Any]] | None] = [{start: [1.0, ()]}]
        self.work = 0
        self.classes: dict[int, Classes | None] = {}
        #: Folded values that every run folds to themselves: carried on as they are.
        self.still: set[Any] = set()

    def _runs(self) -> list[RunClass] | None:
        if self.runs is None:
            from .interpreter import TreeTooLarge

            try:
                self.runs = run_classes(self.body)
            except TreeTooLarge:
                self.runs = []
                self.states = [None]
                return None
            if self.key is not None:
                _RUNS[self.key] = self.runs
        return self.runs or None

    def _after(self, times: int) -> dict[Any, list[Any]] | None:
        """Folded value -> [probability, run classes of its representative]."""
        while len(self.states) <= times:
            states, runs = self.states[-1], self._runs()
            if states is None or runs is None:
                return None
            self.work += len(states) * len(runs)
            nxt: dict[Any, list[Any]] | None = {} if self.work <= WORK_BUDGET else None
            if nxt is not None:
                fold, still = self.fold, self.still
                scored = [(i, score, q) for i, (score, q, _, _) in enumerate(runs)]
                get = nxt.get
                for value, (p, path) in states.items():
                    if value in still:  # every run folds it to itself (a dead target)
                        entry = get(value)
                        if entry is None:
                            nxt[value] = [p, path + (0,)]
                        else:
                            entry[0] += p
                        continue
                    moved = False
                    for i, score, q in scored:
                        folded = fold(value, score)
                        if not moved and folded != value:
                            moved = True
                        w = p * q
                        if w < DROP:
                            continue
                        entry = get(folded)
                        if entry is None:
                            nxt[folded] = [w, path + (i,)]
                        else:
                            entry[0] += w
                    if not moved:
                        still.add(value)
                if len(nxt) > FOLDED_BUDGET:
                    nxt = None
            self.states.append(nxt)
        return self.states[times]

    def classes_of(self, times: int) -> Classes | None:
        if times not in self.classes:
            states = self._after(times)
            if states is None:
                self.classes[times] = None
            else:
                runs = self.runs or []
                total = sum(w for w, _ in states.values())
                outcomes, values = [], []
                for value, (w, path) in states.items():
                    outcomes.append(Branch(w / total, tuple(face for i in path for face in runs[i][2])))
                    values.append((value, tuple(runs[i][3] for i in path)))
                self.classes[times] = (tuple(outcomes), tuple(values))
        return self.classes[times]


_CACHE: dict[Hashable, _Folds] = {}
#: One run's classes by the body's identity, shared by the folds of every start.
_RUNS: dict[Hashable, list[RunClass]] = {}


def forget() -> None:
    """Drop every repeat's worked-out classes (for measurements that start cold)."""
    _CACHE.clear()
    _RUNS.clear()


def folded_classes(
    times: int,
    body: Callable[[Any], tuple[Hashable, Any]],
    fold: Callable[[Any, Any], Any],
    start: Any,
) -> Classes | None:
    """The classes of ``repeat``: one per folded value, probabilities summing to 1;
    ``None`` when there would be too many to fold."""
    times = max(times, 0)
    key = identity(body)
    folding, beginning = identity(fold), identity(start)
    if key is None or folding is None or beginning is None:
        return _Folds(body, fold, start).classes_of(times)
    cache_key = (key, folding, beginning)
    try:
        folds = _CACHE.get(cache_key)
    except TypeError:  # a key holding something unhashable: no key after all
        return _Folds(body, fold, start).classes_of(times)
    if folds is None:
        if len(_CACHE) > 256:
            _CACHE.clear()
            _RUNS.clear()
        folds = _CACHE[cache_key] = _Folds(body, fold, start, key)
    return folds.classes_of(times)
