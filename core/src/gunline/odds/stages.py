"""Staged enumeration: the attack split where the engine moves from one target to
the next, so that the odds of n targets cost the sum of their trees, not the product.

The engine runs ``begin_attack``, then each target in turn, then ``spend_ammo``.
Between two stages everything later hooks can see is the state: shooter, weapon,
target dicts and the steps so far. Paths that reach a stage boundary with the same
*visible* state have the same future, so they are merged (their weights added) and
the future is enumerated once. What is visible is found out, not assumed:

* the dict of a target whose stage is over is not part of the merge key; the
  target's odds are final when its stage ends. If a later hook reads or changes it
  (a step aimed back at it), the staging is abandoned;
* the steps so far are left out of the key as long as no hook reads them (the state
  handed to hooks records any read); if one does, the enumeration starts again with
  the steps in the key. Rulesets that read them (an ammo roll triggered by earlier
  to-hit sixes, bullets passed on from the previous target) still merge every path
  with the same history;
* anything else that defeats the staging (a state that cannot be encoded) sends the
  caller back to replaying whole chains (:mod:`.explore`), which assumes nothing.

Each stage is run by the engine's own helpers, stage by stage in the engine's order;
a test checks that it builds the same chains as :func:`gunline.engine.resolve`.
"""

from __future__ import annotations

from typing import Any, Callable

import msgspec

from ..engine import ammo_stage, begin_stage, start_state, target_stage
from ..models import Attack, Step
from ..stack import callers_of
from ..state import ChainState
from .explore import PROBE_AT, leaves, too_large
from .interpreter import BranchingDice, TreeTooLarge
from .tally import Marginals


class Unstageable(Exception):
    """The attack cannot be split at its target boundaries (see the module)."""


class StepsRead(Unstageable):
    """A hook read the steps of an earlier stage."""


class _Steps(list):
    """The chain's steps as hooks see them: records reads, and the steps added."""

    __slots__ = ("read", "new")

    def __init__(self, items=()):
        super().__init__(items)
        self.read = False
        self.new: list[Step] = []

    def append(self, step):  # the engine's write, not a read
        self.new.append(step)
        super().append(step)

    def _mark(self):
        self.read = True

    def __iter__(self):
        self._mark()
        return super().__iter__()

    def __reversed__(self):
        self._mark()
        return super().__reversed__()

    def __getitem__(self, i):
        self._mark()
        return super().__getitem__(i)

    def __len__(self):
        self._mark()
        return super().__len__()

    def __contains__(self, x):
        self._mark()
        return super().__contains__(x)

    def index(self, *a):
        self._mark()
        return super().index(*a)

    def count(self, x):
        self._mark()
        return super().count(x)

    def copy(self):
        self._mark()
        return list(super().__iter__())

    def __add__(self, other):
        self._mark()
        return list(super().__iter__()) + list(other)

    def __radd__(self, other):
        self._mark()
        return list(other) + list(super().__iter__())

    def __eq__(self, other):
        self._mark()
        return super().__eq__(other)

    def __ne__(self, other):
        self._mark()
        return super().__ne__(other)

    def __repr__(self):
        self._mark()
        return super().__repr__()

    __hash__ = None  # type: ignore[assignment]


class _Targets(dict):
    """The targets' dicts as hooks see them: flags any use of a finished target's."""

    __slots__ = ("finished", "touched")

    def __init__(self, items, finished):
        super().__init__(items)
        self.finished = finished
        self.touched = False

    def _check(self, name):
        if name in self.finished:
            self.touched = True

    def __getitem__(self, name):
        self._check(name)
        return super().__getitem__(name)

    def get(self, name, default=None):
        self._check(name)
        return super().get(name, default)

    def setdefault(self, name, default=None):
        self._check(name)
        return super().setdefault(name, default)

    def __contains__(self, name):
        self._check(name)
        return super().__contains__(name)

    def _all(self):
        if self.finished:
            self.touched = True

    def __iter__(self):
        self._all()
        return super().__iter__()

    def items(self):
        self._all()
        return super().items()

    def values(self):
        self._all()
        return super().values()

    def keys(self):
        self._all()
        return super().keys()

    def copy(self):
        self._all()
        return dict(super().items())


def _clone(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _clone(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_clone(v) for v in value]
    return value


def _fresh(snapshot: ChainState, finished: frozenset[str]) -> ChainState:
    """A private copy of a boundary state for one replay of the next stage."""
    return ChainState(
        shooter=_clone(snapshot.shooter),
        weapon=_clone(snapshot.weapon),
        targets=_Targets({n: _clone(d) for n, d in dict.items(snapshot.targets)}, finished),
        steps=_Steps(list.__iter__(snapshot.steps)),
    )


# -- the stages, in the engine's order (see gunline.engine.resolve) ------------------

#: A stage takes the stack's positional callers (``callers_of(stack)``: the engine's
#: fast path, through ``first``/``each`` for a wrapped stack), the attack, the state
#: and the dice.
Stage = Callable[[tuple[Any, Any], Attack, ChainState, Any], None]


def _target(index: int) -> Stage:
    def stage(callers, attack: Attack, state: ChainState, dice) -> None:
        target_stage(callers, attack, attack.targets[index], state, dice)

    return stage


def stages_of(attack: Attack) -> list[tuple[Stage, str | None]]:
    """Each stage with the target it finishes (None for the attack-level ones)."""
    return [
        (begin_stage, None),
        *[(_target(i), t.name) for i, t in enumerate(attack.targets)],
        (ammo_stage, None),
    ]


# -- partial summaries of blocks still open ------------------------------------------

#: block (target name, or None for attack-level) -> (kinds valued >= 1, kind -> sum,
#: pool label -> successes); kept as plain dicts/sets while a stage runs.
Partial = dict


def _extend(partial: dict, steps: list[Step], pool_rolls) -> dict:
    out = {b: (set(p), dict(s), dict(q)) for b, (p, s, q) in partial.items()}
    owner = {}
    for step in steps:
        positive, sums, _ = out.setdefault(step.target, (set(), {}, {}))
        value = step.value if isinstance(step.value, int) else 0
        sums[step.kind] = sums.get(step.kind, 0) + value
        if value >= 1:
            positive.add(step.kind)
        for roll in step.rolls:
            owner[id(roll)] = step.target
    for roll, target in pool_rolls:
        who = owner.get(id(roll), target)
        pools = out.setdefault(who, (set(), {}, {}))[2]
        pools[roll.label] = pools.get(roll.label, 0) + roll.total
    return out


def _frozen(partial: dict) -> list:
    return sorted(
        ([b or "", b is None, sorted(p), sorted(s.items()), sorted(q.items())] for b, (p, s, q) in partial.items()),
        key=lambda x: (x[0], x[1]),
    )


def _leaf(status: str, part) -> tuple:
    positive, sums, pools = part if part is not None else ((), {}, {})
    return (status, tuple(sorted(positive)), tuple(sorted(sums)), tuple(sorted(sums.items())), tuple(sorted(pools.items())))


_encode = msgspec.json.Encoder().encode


def _scout(callers, attack: Attack, initial: ChainState, with_steps: bool) -> None:
    """Walk one path (every request's first class) through the stages and raise
    what the enumeration would raise on that path, before any enumeration: a hook
    that reads a finished target only at the last stage (a casualty count) would
    otherwise be found after every earlier stage was enumerated for nothing. A path
    that shows nothing proves nothing; the enumeration still checks every path."""
    finished: frozenset[str] = frozenset()
    dice = BranchingDice([])
    state = _fresh(initial, finished)
    for stage, closes in stages_of(attack):
        state = _fresh(state, finished)
        stage(callers, attack, state, dice)
        steps: _Steps = state.steps  # type: ignore[assignment]
        if state.targets.touched or any(s.target in finished for s in steps.new):  # type: ignore[attr-defined]
            raise Unstageable("a hook used a target whose stage was over")
        if steps.read and not with_steps:
            raise StepsRead("a hook read the steps of an earlier stage")
        if closes is not None:
            finished = finished | {closes}


def staged_marginals(
    stack, attack: Attack, prior: ChainState | None, budget: int, with_steps: bool, high: bool = False
) -> Marginals:
    """Exact marginals by stages; raises :class:`Unstageable` (or :class:`StepsRead`
    when ``with_steps`` is false and a hook reads earlier steps) or
    :class:`TreeTooLarge`."""
    names = [t.name for t in attack.targets]
    if len(set(names)) != len(names):
        raise Unstageable("two targets share a name")
    marginals = Marginals(len(names))
    callers = callers_of(stack)
    initial = start_state(stack, attack, prior)
    initial.steps = _Steps()
    _scout(callers, attack, initial, with_steps)
    # key -> [weight, representative boundary state, partial summaries]
    frontier: dict[bytes, list] = {b"": [1.0, initial, {}]}
    finished: frozenset[str] = frozenset()
    replays = 0
    for stage, closes in stages_of(attack):
        after = finished | {closes} if closes is not None else finished
        nxt: dict[bytes, list] = {}
        before = replays
        for done, (weight, snapshot, partial) in enumerate(list(frontier.values())):
            spent = replays - before
            if done and spent > PROBE_AT[0] and before + spent * len(frontier) / done > budget:
                # the boundary states met so far project this stage past the budget
                raise TreeTooLarge(
                    f"the targets resolved so far project about {before + spent * len(frontier) // done} outcomes",
                    estimated=True,
                )

            def run(dice: BranchingDice, snapshot=snapshot):
                state = _fresh(snapshot, finished)
                stage(callers, attack, state, dice)
                return state

            try:
                for count, (w, state, dice) in enumerate(leaves(run, budget - replays, high), 1):
                    replays += 1
                    if count in PROBE_AT:
                        too_large(run, budget)
                    steps: _Steps = state.steps  # type: ignore[assignment]
                    targets: _Targets = state.targets  # type: ignore[assignment]
                    if targets.touched or any(s.target in finished for s in steps.new):
                        raise Unstageable("a hook used a target whose stage was over")
                    if steps.read and not with_steps:
                        raise StepsRead("a hook read the steps of an earlier stage")
                    part = _extend(partial, steps.new, dice.pool_rolls)
                    w *= weight
                    if closes is not None:
                        status = str(dict.get(targets, closes, {}).get("status", ""))
                        table = marginals.targets[names.index(closes)]
                        leaf = _leaf(status, part.pop(closes, None))
                        table[leaf] = table.get(leaf, 0.0) + w
                        marginals.outcomes += 1
                    try:
                        key = _encode(
                            [
                                state.shooter,
                                state.weapon,
                                {n: d for n, d in dict.items(targets) if n not in after},
                                _frozen(part),
                                list(list.__iter__(steps)) if with_steps else None,
                            ]
                        )
                    except (TypeError, msgspec.EncodeError) as exc:
                        raise Unstageable(f"the state cannot be compared: {exc}") from None
                    entry = nxt.get(key)
                    if entry is None:
                        state.steps = _Steps(list.__iter__(steps))
                        nxt[key] = [w, state, part]
                    else:
                        entry[0] += w
            except TreeTooLarge as exc:
                if exc.estimated:  # a sample of paths, not a count: say so
                    raise
                raise TreeTooLarge(f"more than {budget} outcomes") from None
        frontier = nxt
        finished = after
    for weight, state, partial in frontier.values():
        leaf = _leaf("", partial.get(None))
        marginals.attack[leaf] = marginals.attack.get(leaf, 0.0) + weight
        rounds = partial.get(None, (None, {}, None))[1].get("ammo", 0)
        key = (str(state.weapon.get("status", "")), rounds)
        marginals.weapon[key] = marginals.weapon.get(key, 0.0) + weight
        shooter = str(state.shooter.get("status", ""))
        marginals.shooter[shooter] = marginals.shooter.get(shooter, 0.0) + weight
    return marginals
