"""The check that no rule reads a die beyond what it declared: swap the faces.

A rule declares what it reads of each roll (:mod:`gunline.dice.reads`) and gets that
reading; it may still look at the faces in the roll's record (to show them, say).
If it decides anything by them, two faces that read alike would lead to different
chains, and the exact odds, which follow one branch per reading, would be wrong.

So the chain is resolved down many paths of its tree, and on each path every roll's
faces are swapped, one roll at a time, for every other set of faces that reads the
same (every other face of the same reading, for one die; for a sum, dice of every
other total that reads the same, or the same dice in another order; for a pool, each
die for every other face of its kind, or a batch in another order). The chain must come out the same, as the odds see it
(:mod:`.leaf`): same statuses, same step values, same pool counts. Where it does
not, the finding names the roll, the two sets of faces and the first step that
differs. Repeats are run run by run here, so the rolls of every bullet are
swapped too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

import msgspec

from ..engine import resolve
from ..models import Attack, Chain
from ..state import ChainState
from .branches import Branch, Branches
from .distributions import sum_distribution
from .explore import leaves
from .interpreter import BranchingDice, Request, TreeTooLarge
from .leaf import Leaf, summarize


class NotPure(Exception):
    """Resolving the same path twice gave two chains."""


class Finding(msgspec.Struct, frozen=True, kw_only=True):
    """Two face sets of one roll that read alike and lead to different chains."""

    label: str
    target: str | None
    #: Position of the roll among the chain's dice requests (1-based).
    request: int
    faces: tuple[int, ...]
    other: tuple[int, ...]
    reading: str
    difference: str

    def describe(self) -> str:
        who = f" for {self.target}" if self.target else ""
        return (
            f"roll {self.label!r}{who} (dice request {self.request}): faces {list(self.faces)} and "
            f"{list(self.other)} read the same ({self.reading}), but the chain differs: {self.difference}"
        )


class _Watching(BranchingDice):
    """Follows a path and notes every roll and pool it answered."""

    fold_repeats = False
    watches = True

    def __init__(self, path: list[int], known: list[int] | None = None,
                 explore: Callable[[int], int] | None = None) -> None:
        super().__init__(path, known, explore)
        self.requests: list[tuple[int, Request, Branch]] = []

    def _branch(self, branches: Branches, what: str, request: Request) -> Branch:
        pos = len(self.sizes)
        branch = self._choose(branches, what)
        self.requests.append((pos, request, branch))
        return branch


class _Swapping(BranchingDice):
    """Follows a path, reading other faces at one request; notes whether the requests
    after it stopped fitting the path (``diverged``)."""

    fold_repeats = False
    watches = True

    def __init__(self, path: list[int], at: int, faces: tuple[int, ...]) -> None:
        super().__init__(list(path), None)
        self.at, self.swapped = at, faces
        self.diverged = False

    def _choose(self, branches: Branches, what: str) -> Branch:
        pos = len(self.sizes)
        if pos < len(self.path) and self.path[pos] >= len(branches):
            self.diverged = True
            self.path = self.path[:pos]
        return super()._choose(branches, what)

    def _branch(self, branches: Branches, what: str, request: Request) -> Branch:
        pos = len(self.sizes)
        branch = self._choose(branches, what)
        return Branch(branch.weight, self.swapped) if pos == self.at else branch


def reads_beyond(
    stack: Any,
    attack: Attack,
    prior: ChainState | None = None,
    *,
    paths: int = 150,
    replays: int = 6000,
    seed: int = 0,
) -> list[Finding]:
    """Every roll found whose faces the rules read beyond what they declared (see the
    module). The tree is walked whole when it has at most ``paths`` leaves, else down
    ``paths`` random paths (seeded); at most ``replays`` chains are resolved."""
    names = tuple(t.name for t in attack.targets)

    def run(dice: BranchingDice) -> tuple[Leaf, Chain]:
        chain = resolve(stack, attack, dice, prior=prior, describe=False, check=False)
        return summarize(chain, names, dice.pool_rolls), chain

    return reads_beyond_run(run, paths=paths, replays=replays, seed=seed)


def reads_beyond_run(
    run: Callable[[BranchingDice], tuple[Leaf, Chain]], *, paths: int = 150, replays: int = 6000, seed: int = 0
) -> list[Finding]:
    """:func:`reads_beyond` for any rules program: ``run(dice)`` resolves it (an
    attack, an action between attacks) and returns its summary and its chain."""
    walked: list[tuple[list[int], list[tuple[int, Request, Branch]], Leaf, Chain]] = []
    try:
        for n, (_, (leaf, chain), dice) in enumerate(leaves(run, paths, make=_Watching), 1):
            walked.append((list(dice.path), dice.requests, leaf, chain))  # type: ignore[attr-defined]
            if n > paths:  # pragma: no cover - leaves() stops first
                break
    except TreeTooLarge:
        walked = []
        rng = random.Random(seed)
        for _ in range(paths):
            dice = _Watching([], explore=rng.randrange)
            leaf, chain = run(dice)
            walked.append((list(dice.path), dice.requests, leaf, chain))

    findings: list[Finding] = []
    seen: set[tuple[str, str | None, tuple[int, ...]]] = set()
    spent = len(walked)
    for path, requests, leaf, chain in walked:
        # the same faces again first: a chain that changes with nothing swapped is
        # not pure, and no face is to blame
        spent += 1
        again_leaf, again = run(_Swapping(path, -1, ()))
        if again_leaf != leaf:
            raise NotPure(f"the same dice gave another chain ({first_difference(chain, again)}): every die must "
                          "come from the dice argument, and no hook may keep state between calls")
        for pos, request, branch in requests:
            where = (request.label, request.target, branch.faces)
            if where in seen:
                continue
            seen.add(where)
            for other in alternatives(request, branch):
                if spent >= replays:
                    return findings
                spent += 1
                dice = _Swapping(path, pos, other)
                swapped_leaf, swapped = run(dice)
                if swapped_leaf == leaf and not dice.diverged:
                    continue
                difference = first_difference(chain, swapped)
                if dice.diverged and difference == "the pool counts differ":
                    difference = "the dice asked for afterwards change"
                findings.append(Finding(
                    label=request.label, target=request.target, request=pos + 1, faces=branch.faces,
                    other=other, reading=_reading(request, branch.faces), difference=difference,
                ))
                break
    return findings


def _reading(request: Request, faces: tuple[int, ...]) -> str:
    if request.kind == "roll":
        total = sum(faces)
        return repr(total if request.read is None else request.read(total))
    kinds = sorted((_kind(request, f, i) for i, f in enumerate(faces)), key=repr)
    return ", ".join(repr(k) for k in kinds)


def _kind(request: Request, face: int, position: int = 0) -> tuple[Any, Any, bool]:
    """What a face is to a pool at ``position`` among its dice: success, reading
    (none for an added die the pool does not read), whether it adds a die."""
    read = request.read if request.read_added or position < request.dice else None
    return (
        bool(request.success(face)) if request.success is not None else False,
        read(face) if read is not None else None,
        request.again is not None and face >= request.again,
    )


def alternatives(request: Request, branch: Branch) -> list[tuple[int, ...]]:
    """Other faces for ``request`` that read exactly as ``branch``'s do."""
    faces = branch.faces
    out: list[tuple[int, ...]] = []
    if request.kind == "roll":
        read = request.read
        total = sum(faces)

        def same(t: int) -> bool:
            if read is None:
                return t == total
            a, b = read(t), read(total)
            return bool(a == b and type(a) is type(b))

        if request.dice == 1:
            # every other face of the same reading: a rule that peeks at one face of a
            # hundred (a d100's 37 under "65 or less") is found, not sampled past
            return [(f,) for f in range(1, request.sides + 1) if f != faces[0] and same(f)]
        else:
            # every other total of the same reading (as some dice), and the same dice in
            # another order: a rule that peeks at one total among many is found
            others = [fs for t, _, fs in sum_distribution(request.sides, request.dice) if t != total and same(t)]
            out = [tuple(fs) for fs in others]
            reordered = tuple(reversed(faces))
            if reordered != faces:
                out.insert(0, reordered)
            return out
    else:
        tried: set[tuple[int, Any]] = set()
        for i, face in enumerate(faces):
            kind = _kind(request, face, i)
            if (face, kind) in tried:  # a die like one already swapped: the same swaps again
                continue
            tried.add((face, kind))
            alike = [f for f in range(1, request.sides + 1) if f != face and _kind(request, f, i) == kind]
            for other in alike:  # every other face of its kind, as for a single die
                out.append(faces[:i] + (other,) + faces[i + 1 :])
        reordered = tuple(_reversed_batches(faces, request))
        if reordered != faces:
            out.insert(0, reordered)
    return out


def _reversed_batches(faces: tuple[int, ...], request: Request) -> Iterable[int]:
    """The pool's faces with each batch (the dice rolled together) in reverse order:
    the same counts, and the same dice added by each batch."""
    start, size = 0, request.dice
    while start < len(faces) and size:
        batch = faces[start : start + size]
        yield from reversed(batch)
        start += size
        size = 0 if request.again is None else sum(1 for f in batch if f >= request.again)


def first_difference(a: Chain, b: Chain) -> str:
    """The first step at which two chains differ, as the odds see a step (kind,
    target, value, state changes), or the final state that differs."""
    for i, (x, y) in enumerate(zip(a.steps, b.steps), 1):
        for field in ("kind", "target", "value", "target_state", "shooter_state", "weapon_state", "attack_state"):
            u, v = getattr(x, field), getattr(y, field)
            if u != v:
                return f"step {i} ({x.kind}, {x.target or 'the attack'}): {field} {u!r} instead of {v!r}"
    if len(a.steps) != len(b.steps):
        return f"{len(a.steps)} steps instead of {len(b.steps)}"
    for name, state in a.targets.items():
        if state != b.targets.get(name):
            return f"{name} ends {state!r} instead of {b.targets.get(name)!r}"
    if a.weapon != b.weapon:
        return f"the weapon ends {a.weapon!r} instead of {b.weapon!r}"
    if a.shooter != b.shooter:
        return f"the shooter ends {a.shooter!r} instead of {b.shooter!r}"
    return "the pool counts differ"
