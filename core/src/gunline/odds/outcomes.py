"""The outcome classes of one dice request: what the odds interpreter branches over.

A class is ``(probability, faces, total)``: the faces are a representative that is
consistent with the class (rolled in the order the random interpreter would roll
them), so a rule that keeps the dice promise cannot tell it from any other member of
its class. ``high`` picks the highest member instead of the lowest; comparing both
runs is how a ruleset that breaks the promise is caught.
"""

from __future__ import annotations

from functools import lru_cache

from .distributions import chance_distribution, pool_distribution, roll_classes

#: Outcomes whose remaining probability is below this are folded into the last kept
#: outcome: they would cost a replay of the chain each and change no probability by
#: more than this.
FOLD = 1e-14

Outcome = tuple[float, tuple[int, ...], int]


def _fold(outcomes: list[Outcome]) -> tuple[Outcome, ...]:
    """Drop zero-probability outcomes; fold a negligible tail into its neighbour."""
    kept = [o for o in outcomes if o[0] > 0.0]
    tail = 0.0
    while len(kept) > 1 and tail + kept[-1][0] < FOLD:
        tail += kept.pop()[0]
    if tail:
        w, faces, total = kept[-1]
        kept[-1] = (w + tail, faces, total)
    return tuple(kept)


@lru_cache(maxsize=4096)
def roll_outcomes(
    sides: int,
    count: int,
    at_least: int | None,
    at_most: int | None,
    special: tuple[int, ...],
    high: bool = False,
) -> tuple[Outcome, ...]:
    """Classes of ``dice.roll``: see :func:`.distributions.roll_classes`."""
    return _fold(
        [(w, faces, sum(faces)) for w, faces in roll_classes(sides, count, at_least, at_most, special, high)]
    )


def _pick(faces: list[int], high: bool, avoid_one: bool = False) -> int | None:
    if avoid_one and len(faces) > 1:
        faces = [f for f in faces if f != 1]
    if not faces:
        return None
    return max(faces) if high else min(faces)


@lru_cache(maxsize=1024)
def _face_kinds(
    sides: int, at_least: int | None, at_most: int | None, again: int | None, high: bool, avoid_one: bool
) -> tuple[int | None, int | None, int | None]:
    """The representative face of a plain success, of a success rolled again and of
    a failure (None where the die has none)."""
    kinds: dict[tuple[bool, bool], list[int]] = {(s, a): [] for s in (False, True) for a in (False, True)}
    for face in range(1, sides + 1):
        success = (at_least is not None and face >= at_least) or (at_most is not None and face <= at_most)
        kinds[(success, again is not None and face >= again)].append(face)
    return (
        _pick(kinds[(True, False)], high),
        _pick(kinds[(True, True)], high),
        _pick(kinds[(False, False)], high, avoid_one),
    )


def pool_faces(
    count: int,
    successes: int,
    sides: int,
    at_least: int | None,
    at_most: int | None,
    again: int | None,
    high: bool = False,
    avoid_one: bool = False,
) -> tuple[int, ...] | None:
    """Faces, in rolling order (the first batch, then each batch of rerolls), that
    give ``successes`` from ``count`` dice; ``None`` if none can."""
    plain_success, success_again, failure = _face_kinds(sides, at_least, at_most, again, high, avoid_one)
    # Every die ends in a face that is not rolled again: ``count`` such faces; the
    # successes beyond them come from faces that succeed and are rolled again.
    stopping = min(successes, count) if plain_success is not None else 0
    chained = successes - stopping
    if (chained and success_again is None) or (count - stopping and failure is None):
        return None
    ends = [plain_success] * stopping + [failure] * (count - stopping)
    if not chained:
        return tuple(ends)  # type: ignore[arg-type]
    return (success_again, *ends[1:], *[success_again] * (chained - 1), ends[0])  # type: ignore[return-value]


@lru_cache(maxsize=4096)
def pool_outcomes(
    count: int,
    sides: int,
    at_least: int | None,
    at_most: int | None,
    again: int | None,
    high: bool = False,
) -> tuple[Outcome, ...]:
    """Classes of a pool that is not a chance die: one per success count."""
    out = []
    for k, w in enumerate(pool_distribution(count, sides, at_least, at_most, again)):
        faces = pool_faces(count, k, sides, at_least, at_most, again, high)
        if faces is not None:
            out.append((w, faces, k))
    return _fold(out)


@lru_cache(maxsize=256)
def chance_outcomes(sides: int, again: int | None, high: bool = False) -> tuple[Outcome, ...]:
    """Classes of a chance die: a 1 (the dramatic failure rulesets look for), any
    other failure, then one class per success count. Only the first class shows a
    1 anywhere, so a rule that looks for a 1 among the faces finds it only there."""
    one, other, successes = chance_distribution(sides, again)
    out: list[Outcome] = [(one, (1,), 0)]
    failure = pool_faces(1, 0, sides, sides, None, again, high, avoid_one=True)
    if failure is not None and failure != (1,):
        out.append((other, failure, 0))
    for k, w in enumerate(successes, start=1):
        faces = pool_faces(1, k, sides, sides, None, again, high, avoid_one=True)
        if faces is not None:
            out.append((w, faces, k))
    return _fold(out)


def special_groups(special, sides: int) -> tuple[int | tuple[int, ...], ...]:
    """A pool's ``special`` promise in one canonical form: faces on the die, each
    counted once, singles as ints and groups as sorted tuples (``range(1, 6)`` is
    the group 1-5), singles first. Raises ``ValueError`` for a face in two entries."""
    singles: list[int] = []
    groups: list[tuple[int, ...]] = []
    seen: set[int] = set()
    for entry in special:
        faces = (entry,) if isinstance(entry, int) else tuple(sorted({f for f in entry}))
        faces = tuple(f for f in faces if 1 <= f <= sides)
        if seen.intersection(faces):
            raise ValueError(f"special faces {sorted(seen.intersection(faces))} are counted twice")
        seen.update(faces)
        if len(faces) == 1 and isinstance(entry, int):
            singles.append(faces[0])
        elif faces:
            groups.append(faces)
    return (*sorted(singles), *sorted(groups))


#: A state of :func:`counted_pool_outcomes` whose probability falls below this is
#: dropped (a reroll chain that long); the kept mass is renormalised.
DROP = 1e-18


@lru_cache(maxsize=1024)
def counted_pool_outcomes(
    count: int,
    sides: int,
    at_least: int | None,
    at_most: int | None,
    again: int | None,
    special: tuple[int | tuple[int, ...], ...],
    high: bool = False,
) -> tuple[Outcome, ...]:
    """Classes of a pool with ``special`` faces: one per (successes, how many dice
    show each special face), with rerolls. An entry of ``special`` may be a tuple of
    faces counted together (how many dice show 1 to 5, say).

    Dynamic programming die by die, in the order the dice are rolled, over
    (successes, special counts, dice still to roll): a multinomial, never
    sides**count faces. Each class keeps the faces of one path that reaches it.
    """
    if again is not None and again <= 1:
        raise ValueError(f"again={again}: every face would be rolled again forever")
    group_of = {face: i for i, entry in enumerate(special) for face in (entry if isinstance(entry, tuple) else (entry,))}
    kinds: dict[tuple[bool, int, bool], list[int]] = {}
    for face in range(1, sides + 1):
        success = (at_least is not None and face >= at_least) or (at_most is not None and face <= at_most)
        which = group_of.get(face, -1)
        kinds.setdefault((success, which, again is not None and face >= again), []).append(face)
    per_die = [
        (int(success), which, int(rolls_again), len(faces) / sides, max(faces) if high else min(faces))
        for (success, which, rolls_again), faces in kinds.items()
    ]
    zero = tuple(0 for _ in special)
    live: dict[tuple[int, tuple[int, ...], int], list] = {(0, zero, count): [1.0, ()]} if count > 0 else {}
    done: dict[tuple[int, tuple[int, ...]], list] = {} if count > 0 else {(0, zero): [1.0, ()]}
    while live:
        nxt: dict[tuple[int, tuple[int, ...], int], list] = {}
        for (successes, counts, pending), (p, faces) in live.items():
            for success, which, rolls_again, q, face in per_die:
                w = p * q
                if w < DROP:
                    continue
                counted = counts if which < 0 else counts[:which] + (counts[which] + 1,) + counts[which + 1 :]
                left = pending - 1 + rolls_again
                key = (successes + success, counted)
                table, full = (done, key) if left == 0 else (nxt, (*key, left))
                entry = table.get(full)
                if entry is None:
                    table[full] = [w, faces + (face,)]
                else:
                    entry[0] += w
        live = nxt
    total = sum(w for w, _ in done.values())
    out = [(w / total, faces, successes) for (successes, _), (w, faces) in sorted(done.items())]
    return _fold(out)
