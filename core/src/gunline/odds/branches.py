"""The branches of one dice request: its faces grouped by what the rule reads.

A rule reads a roll only through its read (:mod:`gunline.dice.reads`), so faces that
read alike lead to the same chain: the odds follow one branch per distinct reading,
weighted by the probability of reading it, and hand the rule one face (or face
sequence) of the branch, its *representative*. The representative goes through the
dice's own meaning (:mod:`gunline.dice.meaning`) like any rolled face, so the rule
gets exactly the reading a real roll of those faces gives.

* a roll of ``count`` dice: the distribution of the total, grouped by
  ``read(total)``;
* a pool: one branch per count of successes and of each reading, over the dice
  rolled and the dice they add (``again``). Without a ``read`` it is the success
  count alone, from its generating function (:mod:`.distributions`); with one, a
  dynamic programme die by die over (successes, counts, dice still to roll), a
  multinomial rather than ``sides ** count`` faces.

Branches whose probability is negligible are folded into a neighbour (:data:`FOLD`):
each would cost a replay of the chain and change no probability by more than that.
"""


from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import Any, NamedTuple

from ..dice.identity import key as identity
from ..dice.reads import FaceTable, at_least, at_most
from .distributions import success_distribution, sum_distribution

#: Branches whose remaining probability is below this are folded into the last kept
#: branch: they would cost a replay each and change no probability by more than this.
FOLD = 1e-14
#: A state of the pool's dynamic programme below this probability is dropped (a reroll
#: chain that long); the kept mass is renormalised.
DROP = 1e-18


class Branch(NamedTuple):
    """One branch of a dice request: its probability and the faces that stand for
    it, in the order they are rolled."""

    weight: float
    faces: tuple[int, ...]


Branches = tuple[Branch, ...]


def _fold(branches: list[Branch]) -> Branches:
    """Drop impossible branches; fold a negligible tail into its neighbour."""
    kept = [b for b in branches if b.weight > 0.0]
    tail = 0.0
    while len(kept) > 1 and tail + kept[-1].weight < FOLD:
        tail += kept.pop().weight
    if tail:
        kept[-1] = Branch(kept[-1].weight + tail, kept[-1].faces)
    return tuple(kept)


#: The reads gunline ships: frozen, compared by value, their hash cached.
SHIPPED: frozenset[type] = frozenset({at_least, at_most, FaceTable})

#: Branches of each (roll or pool, its shape, its reads' identity) seen: every replay
#: of a chain asks the same requests again.
_KNOWN: dict[Hashable, Branches] = {}
#: Past this many entries the memo starts again (a long session of many rulesets).
_KNOWN_MAX = 20_000
#: The kinds of face of a pool's die (:func:`_kinds`), by its sides and reads.
_KINDS: dict[Hashable, list[Any]] = {}


def _remember(key: Hashable | None, make: Callable[[], Branches]) -> Branches:
    if key is None:
        return make()
    try:
        known = _KNOWN.get(key)
    except TypeError:  # a key holding something unhashable: no key after all
        return make()
    if known is None:
        if len(_KNOWN) >= _KNOWN_MAX:
            _KNOWN.clear()
        known = _KNOWN[key] = make()
    return known


def forget() -> None:
    """Drop every remembered branch, and the readings made of them (for
    measurements that start cold)."""
    from . import readings

    _KNOWN.clear()
    _KINDS.clear()
    _UNADDED.clear()
    readings.forget()


# -- a roll -------------------------------------------------------------------------


def roll_branches(sides: int, count: int, read: Callable[[int], Any] | None) -> Branches:
    """The branches of ``count`` dice of ``sides`` sides, summed, read by ``read``."""
    if read is None:
        return _every_total(sides, count)
    if type(read) in SHIPPED:  # gunline's own reads compare by value: their own key
        key: Hashable | None = (sides, count, read)
        known = _KNOWN.get(key)
        if known is not None:
            return known
    else:
        which = identity(read)
        key = None if which is None else ("roll", sides, count, which)
    return _remember(key, lambda: _roll_branches(sides, count, read))


def _roll_branches(sides: int, count: int, read: Callable[[int], Any]) -> Branches:
    groups: dict[Any, list[Any]] = {}
    for total, weight, faces in sum_distribution(sides, count):
        reading = read(total)
        group = groups.get(reading)
        if group is None:
            groups[reading] = [weight, faces]
        else:
            group[0] += weight
    return _fold([Branch(w, faces) for w, faces in groups.values()])


@lru_cache(maxsize=1024)
def _every_total(sides: int, count: int) -> Branches:
    """A roll read as its total: one branch per total."""
    return _fold([Branch(w, faces) for _, w, faces in sum_distribution(sides, count)])


# -- a pool -------------------------------------------------------------------------


def pool_branches(
    count: int,
    sides: int,
    success: Callable[[int], Any] | None,
    read: Callable[[int], Hashable] | None,
    again: int | None,
    read_added: bool = True,
) -> Branches:
    """The branches of a pool (see :meth:`gunline.dice.Dice.pool`)."""
    count = max(count, 0)
    parts = (
        success if type(success) in SHIPPED or success is None else identity(success),
        read if type(read) in SHIPPED or read is None else identity(read),
    )
    key = None if (parts[0] is None) != (success is None) or (parts[1] is None) != (read is None) else (
        "pool", count, sides, again, read_added, *parts
    )
    if key is not None:
        try:
            known = _KNOWN.get(key)
        except TypeError:  # a key holding something unhashable: no key after all
            key = None
        else:
            if known is not None:
                return known
    kinds = None if key is None else ("kinds", sides, again, *parts)
    return _remember(key, lambda: _pool_branches(count, sides, success, read, again, read_added, kinds))


class _Kind:
    """What a face is to a pool: a success or not, its reading, whether it adds a
    die; with the lowest face of that kind, its probability. (Slots, not a named
    tuple, which costs ten times as much to make at every start.)"""

    __slots__ = ("again", "chance", "face", "reading", "success")

    def __init__(self, success: bool, reading: Hashable, again: bool, face: int, chance: float) -> None:
        self.success, self.reading, self.again, self.face, self.chance = success, reading, again, face, chance


def _kinds(
    sides: int, success: Callable[[int], Any] | None, read: Callable[[int], Hashable] | None, again: int | None
) -> list[_Kind]:
    found: dict[tuple[bool, Hashable, bool], list[int]] = {}
    for face in range(1, sides + 1):
        kind = (
            bool(success(face)) if success is not None else False,
            read(face) if read is not None else None,
            again is not None and face >= again,
        )
        found.setdefault(kind, []).append(face)
    return [_Kind(s, r, a, min(faces), len(faces) / sides) for (s, r, a), faces in found.items()]


def _pool_branches(
    count: int,
    sides: int,
    success: Callable[[int], Any] | None,
    read: Callable[[int], Hashable] | None,
    again: int | None,
    read_added: bool = True,
    known: Hashable | None = None,
) -> Branches:
    """``known``: a key for the kinds of face (the same for every count of the same
    die and reads), so that a pool of each size does not read every face again."""
    if again is not None and again <= 1:
        raise ValueError(f"again={again}: every face would be rolled again forever")
    kinds = _KINDS.get(known) if known is not None else None
    if kinds is None:
        kinds = _kinds(sides, success, read, again)
        if known is not None:
            if len(_KINDS) >= _KNOWN_MAX:
                _KINDS.clear()
            _KINDS[known] = kinds
    if all(k.reading is None for k in kinds):
        fast = _success_branches(count, kinds)
        if fast is not None:
            return fast
    if again is None and known is not None:
        return _unadded_branches(count, kinds, known)
    added = kinds if read_added else _kinds(sides, success, None, again)
    return _counted_branches(count, kinds, added)


def _success_branches(count: int, kinds: list[_Kind]) -> Branches | None:
    """A pool read by its successes alone: one branch per success count, from the
    generating function; ``None`` when some count has no simple representative
    (the dynamic programme then finds one)."""
    p = {(s, a): 0.0 for s in (False, True) for a in (False, True)}
    face: dict[tuple[bool, bool], int] = {}
    for k in kinds:
        p[(k.success, k.again)] += k.chance
        face.setdefault((k.success, k.again), k.face)
        face[(k.success, k.again)] = min(face[(k.success, k.again)], k.face)
    dist = success_distribution(count, p[(False, False)], p[(True, False)], p[(False, True)], p[(True, True)])
    plain, chained, failure = face.get((True, False)), face.get((True, True)), face.get((False, False))
    out = []
    for successes, weight in enumerate(dist):
        if weight <= 0.0:
            continue
        # every die ends on a face that adds none: ``count`` of them; the successes
        # past them come from successes that add a die
        stopping = min(successes, count) if plain is not None else 0
        more = successes - stopping
        if (more and chained is None) or (count - stopping and failure is None):
            return None
        ends = [plain] * stopping + [failure] * (count - stopping)
        faces = tuple(ends) if not more else (chained, *ends[1:], *[chained] * (more - 1), ends[0])
        out.append(Branch(weight, faces))  # type: ignore[arg-type]
    return _fold(out)


#: The programme of :func:`_counted_branches` for pools that add no dice, by the
#: kinds of their die: the states after 0, 1, 2 ... dice. A pool of ``n`` dice ends
#: where the programme of a larger one is after ``n`` dice (the same states, made in
#: the same order from the same products), so the pools of every size share it.
_UNADDED: dict[Hashable, list[dict[tuple[int, tuple[int, ...]], list[Any]]]] = {}


def _unadded_branches(count: int, kinds: list[_Kind], known: Hashable) -> Branches:
    """:func:`_counted_branches` for a pool that adds no dice (``again`` None),
    from the states shared by the pools of every size (:data:`_UNADDED`): the same
    branches, to the last bit, as a programme of its own."""
    readings = sorted({k.reading for k in kinds if k.reading is not None}, key=repr)
    index = {r: i for i, r in enumerate(readings)}
    per_die = [(int(k.success), index.get(k.reading, -1), k.chance, k.face) for k in kinds]
    try:
        steps = _UNADDED.get(known)
    except TypeError:  # pragma: no cover - the kinds' key hashes (it is _KINDS's)
        steps = None
    if steps is None:
        if len(_UNADDED) >= _KNOWN_MAX:
            _UNADDED.clear()
        steps = _UNADDED[known] = [{(0, tuple(0 for _ in readings)): [1.0, ()]}]
    while len(steps) <= count:
        nxt: dict[tuple[int, tuple[int, ...]], list[Any]] = {}
        for (successes, counts), (p, faces) in steps[-1].items():
            for success, which, q, face in per_die:
                w = p * q
                if w < DROP:
                    continue
                counted = counts if which < 0 else counts[:which] + (counts[which] + 1,) + counts[which + 1 :]
                entry = nxt.get((successes + success, counted))
                if entry is None:
                    nxt[(successes + success, counted)] = [w, faces + (face,)]
                else:
                    entry[0] += w
        steps.append(nxt)
    done = steps[count]
    total = sum(w for w, _ in done.values())
    return _fold([Branch(w / total, faces) for _, (w, faces) in sorted(done.items())])


def _counted_branches(count: int, kinds: list[_Kind], added: list[_Kind]) -> Branches:
    """A pool read by its successes and the count of each reading: dynamic
    programming die by die, in the order the dice are rolled, over (successes,
    counts, dice still to roll). Each branch keeps the faces of one way to it. The
    first ``count`` dice are of ``kinds``, the dice they add of ``added`` (the same
    kinds, or their unread versions)."""
    readings = sorted({k.reading for k in kinds if k.reading is not None}, key=repr)
    index = {r: i for i, r in enumerate(readings)}

    def dice(of: list[_Kind]) -> list[tuple[int, int, int, float, int]]:
        return [(int(k.success), index.get(k.reading, -1), int(k.again), k.chance, k.face) for k in of]

    first, later = dice(kinds), dice(added)
    rolled = 0
    zero = tuple(0 for _ in readings)
    live: dict[tuple[int, tuple[int, ...], int], list[Any]] = {(0, zero, count): [1.0, ()]} if count > 0 else {}
    done: dict[tuple[int, tuple[int, ...]], list[Any]] = {} if count > 0 else {(0, zero): [1.0, ()]}
    while live:
        nxt: dict[tuple[int, tuple[int, ...], int], list[Any]] = {}
        per_die = first if rolled < count else later  # every state has rolled as many dice
        rolled += 1
        for (successes, counts, pending), (p, faces) in live.items():
            for success, which, adds, q, face in per_die:
                w = p * q
                if w < DROP:
                    continue
                counted = counts if which < 0 else counts[:which] + (counts[which] + 1,) + counts[which + 1 :]
                left = pending - 1 + adds
                if left == 0:
                    entry = done.get((successes + success, counted))
                    if entry is None:
                        done[(successes + success, counted)] = [w, faces + (face,)]
                    else:
                        entry[0] += w
                else:
                    entry = nxt.get((successes + success, counted, left))
                    if entry is None:
                        nxt[(successes + success, counted, left)] = [w, faces + (face,)]
                    else:
                        entry[0] += w
        live = nxt
    total = sum(w for w, _ in done.values())
    return _fold([Branch(w / total, faces) for _, (w, faces) in sorted(done.items())])
