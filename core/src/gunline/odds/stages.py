"""Staged enumeration: the attack run hook by hook, so that the odds of n targets cost
the sum of their trees, not the product, and no hook runs again for a path it has
already been run for.

The engine runs ``begin_attack``, then for each target ``modify_pool``/``build_pool``,
``resolve_hit`` and (on a hit) ``resolve_wound``, then ``spend_ammo``. Here each of
those calls is a *phase*: it is run once per distinct input, over its own dice tree
(:mod:`.explore` replays the one hook, never the chain before it), and every path
through the attack is a state plus the outcome of each phase. Two mechanisms keep
the number of paths small; what they rely on is found out, not assumed:

* **merging at target boundaries.** When a target's stage ends, everything later
  hooks can see is the state: shooter, weapon, ``state.attack``, the dicts of the
  targets still to come (and the steps so far, when a hook reads them). Paths that
  agree on it have the same future, so they are merged (their weights added) and
  the future is enumerated once. The dict of a finished target is not part of the
  key: its odds are final when its stage ends. If a later hook uses it (a casualty
  count at the end, a step aimed back at it), the enumeration starts again with
  every target kept in the keys to the end and tallied there. If a hook reads the
  steps, it starts again with the steps in the keys (``state.attack`` is the
  channel that keeps them out);
* **memos by what a hook read** (:mod:`.reads`): a hook's outcomes are kept with the
  parts of its arguments it read, and handed to every later call that agrees on
  them. The wound hook of the second object in a burst's line of fire is run once
  per number of hits, not once per number of bullets that reached it.

A target's last phase usually changes nothing but the target itself; its outcomes are
then tallied for the target without building a state for each, and the path goes on
with the state it had. Anything that defeats the staging (a state that cannot be
encoded, a ChainState subclass) sends the caller back to replaying whole chains
(:mod:`.explore`), which assumes nothing.

Every phase runs the engine's own helpers (``gunline.engine.*_steps``) in the
engine's order; tests check the result against replaying whole chains.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import msgspec

from ..contract import STATE_FIELDS
from ..engine import ammo_steps, begin_steps, hit_of, hit_steps, pool_steps, start_state, wound_steps
from ..models import Attack, Roll, Step
from ..stack import RulesStack, callers_of
from ..state import ChainState
from .clock import Clock, TooSlow
from .explore import PROBE_AT, leaves, too_large
from .interpreter import BranchingDice, TreeTooLarge
from .leaf import FINAL_KEYS, Block, Blocks, TargetLeaf, add_steps, final_of, target_leaf
from .reads import ALL, Memo, Reads, SeenStep, fingerprint, holds_views, launder, seen_state, seen_step
from .tally import Marginals


class Unstageable(Exception):
    """The attack cannot be run in stages (see the module)."""


class StepsRead(Unstageable):
    """A hook read the steps of an earlier stage."""


class FinishedRead(Unstageable):
    """A hook read the state of a target whose stage was over."""


#: Work (hook runs and paths) between two looks at the clock.
TICK = 64

#: The partial summaries of the blocks still open (:func:`.leaf.add_steps`).
Partial = Blocks


class HookResult:
    """One result of one hook call: its probability, its steps (source and target
    filled in, as the engine's merge does), what it adds to each block's summary,
    whether it is ``local`` (touches nothing but the target ``name`` of its stage)
    and, if so, what it changes of that target's final status (``status`` and
    ``models``, the keys :func:`.leaf.final_of` reads; empty: unchanged)."""

    __slots__ = ("weight", "steps", "delta", "local", "status")

    def __init__(
        self, weight: float, steps: list[Step], pool_rolls: list[tuple[Roll, str | None]], name: str | None
    ) -> None:
        self.weight = weight
        self.steps = steps
        self.delta = add_steps({}, steps, pool_rolls)
        local = (name is not None or not steps) and set(self.delta) <= {name} and all(
            s.target == name and s.shooter_state is None and s.weapon_state is None and s.attack_state is None
            for s in steps
        )
        self.local = local
        status: dict[str, Any] = {}
        if local:
            for s in steps:
                change = s.target_state
                if change:
                    status.update((k, change[k]) for k in FINAL_KEYS if k in change)
        self.status = status


def _fill(steps: list[Step], plugin: str, name: str | None) -> list[Step]:
    """What :meth:`ChainState.merge` fills in: the source and, in a target's stage,
    the target of every step that names none. Views a hook handed on (the step it
    was given, a state dict in a step's ``data``) are replaced by plain values and
    count as read whole (:func:`.reads.launder`)."""
    if any(isinstance(step, SeenStep) for step in steps):
        steps = [launder(step) if isinstance(step, SeenStep) else step for step in steps]
    for step in steps:
        for field in STATE_FIELDS:
            value = getattr(step, field)
            if value is not None and holds_views(value):
                setattr(step, field, launder(value))
        if not step.source:
            step.source = plugin
        if step.target is None and name is not None:
            step.target = name
    return steps


def _apply(state: ChainState, steps: list[Step]) -> ChainState:
    """``state`` with ``steps`` merged, as a new state (copy on write: the states of a
    frontier are shared and never changed)."""
    shooter, weapon, attack, targets = state.shooter, state.weapon, state.attack, state.targets
    own = False
    for step in steps:
        change = step.target_state
        if change is not None and step.target is not None:
            if not own:
                targets, own = dict(targets), True
            targets[step.target] = {**targets.get(step.target, {}), **change}
        if step.shooter_state is not None:
            shooter = {**shooter, **step.shooter_state}
        if step.weapon_state is not None:
            weapon = {**weapon, **step.weapon_state}
        if step.attack_state is not None:
            attack = {**attack, **step.attack_state}
    return ChainState(shooter=shooter, weapon=weapon, targets=targets, attack=attack, steps=state.steps + steps,
                      shooter_as_target=state.shooter_as_target)


def _combine(partial: Partial, delta: Partial) -> Partial:
    """``partial`` with an outcome's ``delta`` added, as a new dict."""
    out = dict(partial)
    for who, (p, s, q) in delta.items():
        base = out.get(who)
        if base is None:
            out[who] = Block(set(p), dict(s), dict(q))
            continue
        positive, sums, pools = set(base.positive) | p, dict(base.sums), dict(base.pools)
        for k, v in s.items():
            sums[k] = sums.get(k, 0) + v
        for k, v in q.items():
            pools[k] = pools.get(k, 0) + v
        out[who] = Block(positive, sums, pools)
    return out


def _block_print(part: Block | None) -> list[Any]:
    if part is None:
        return [[], [], []]
    positive, sums, pools = part
    return [sorted(positive), sorted(sums.items()), sorted(pools.items())]


def _frozen(partial: Partial) -> list[list[Any]]:
    rows = ([b or "", b is None, *_block_print(part)] for b, part in partial.items())
    return sorted(rows, key=lambda x: (x[0], x[1]))


#: Merge keys: MessagePack tells int from str dict keys and NaN from None (JSON
#: does not); it writes tuples and sets as lists, which a state rarely mixes.
_encode = msgspec.msgpack.Encoder().encode

#: The result of a phase that did not run (no wound step after a miss).
NOTHING = [HookResult(1.0, [], [], None)]


class _Child:
    """A path part-way through a stage: weight, state, partial summaries, the step
    the next hook is handed, and how many steps came from earlier stages."""

    __slots__ = ("weight", "state", "partial", "arg", "old")

    def __init__(self, weight: float, state: ChainState, partial: Partial, arg: Step | None, old: int) -> None:
        self.weight, self.state, self.partial, self.arg, self.old = weight, state, partial, arg, old

    def then(self, outcome: HookResult, arg: Step | None) -> _Child:
        return _Child(
            self.weight * outcome.weight,
            _apply(self.state, outcome.steps),
            _combine(self.partial, outcome.delta),
            arg,
            self.old,
        )


#: A phase: the hook call, given a state, the step it is handed and the dice.
Call = Callable[[ChainState, Any, Any], tuple[list[Step], str]]
#: What ends a target's stage: each path, with the results of its last phase.
Closing = list[tuple[_Child, list[HookResult]]]


class _Merged:
    """Paths merged at a stage boundary: their summed weight, their shared state and
    partial summaries."""

    __slots__ = ("weight", "state", "partial")

    def __init__(self, weight: float, state: ChainState, partial: Partial) -> None:
        self.weight, self.state, self.partial = weight, state, partial


#: The paths after a stage, by merge key.
Frontier = dict[bytes, _Merged]


class _Run:
    """One staged enumeration of an attack (see the module)."""

    def __init__(
        self,
        stack: RulesStack,
        attack: Attack,
        prior: ChainState | None,
        budget: int,
        with_steps: bool,
        with_finished: bool,
        clock: Clock | None = None,
    ) -> None:
        self.attack, self.budget, self.with_steps = attack, budget, with_steps
        self.clock = clock
        self._tick_at = TICK
        self.with_finished = with_finished
        #: While the scout walks its path, a read that needs a larger merge key
        #: enlarges it instead of stopping the walk.
        self.scouting = False
        self.names = [t.name for t in attack.targets]
        if len(set(self.names)) != len(self.names):
            raise Unstageable("two targets share a name")
        self.callers = callers_of(stack)
        initial = start_state(stack, attack, prior)
        if type(initial) is not ChainState:
            raise Unstageable("the start state is a ChainState subclass")
        parts = (initial.shooter, initial.weapon, initial.attack, initial.targets, *initial.targets.values())
        if any(type(part) is not dict for part in parts):
            raise Unstageable("a start state dict is a dict subclass (the stages copy plain dicts)")
        initial.steps = []
        self.initial = initial
        self.finished: frozenset[str] = frozenset()
        self.work = 0
        self.memos: dict[tuple[Any, ...], Memo] = {}
        self.marginals = Marginals(len(self.names))

    # -- the phases ------------------------------------------------------------------
    def stages(self) -> list[tuple[str, int | None]]:
        return [("begin", None), *[("target", i) for i in range(len(self.names))], ("ammo", None)]

    def call(self, phase: str, index: int | None) -> Call:
        callers, attack = self.callers, self.attack
        if phase == "begin":
            return lambda state, arg, dice: begin_steps(callers, attack, state, dice)
        if phase == "ammo":
            return lambda state, arg, dice: ammo_steps(callers, attack, state, dice)
        assert index is not None  # a target's phases are numbered
        target = attack.targets[index]
        if phase == "pool":
            return lambda state, arg, dice: pool_steps(callers, attack, target, state)
        if phase == "hit":
            return lambda state, arg, dice: hit_steps(callers, attack, target, arg, state, dice)
        return lambda state, arg, dice: wound_steps(callers, attack, target, arg, state, dice)

    def spend(self, n: int = 1) -> None:
        self.work += n
        if self.work > self.budget:
            raise TreeTooLarge(f"more than {self.budget} outcomes")
        if self.work >= self._tick_at and self.clock is not None:
            self._tick_at = self.work + TICK
            self.clock.tick()

    def _check(self, reads: Reads, old: int, outs: list[HookResult]) -> None:
        """Stop (or, while scouting, enlarge the merge keys) when a hook used what the
        keys leave out: the steps of earlier stages, a finished target (read, aimed
        at, or credited with a pool)."""
        finished = self.finished
        if finished and not self.with_finished and (
            any(p[0] == "targets" and (p[1] is ALL or p[1] in finished) for p in reads)
            or any(step.target in finished for out in outs for step in out.steps)
            or any(block in finished for out in outs for block in out.delta)
        ):
            if not self.scouting:
                raise FinishedRead("a hook used a target whose stage was over")
            self.with_finished = True
        if old and ("steps", ALL) in reads:
            self._steps_read()

    def _steps_read(self) -> None:
        if self.with_steps:
            return
        if not self.scouting:
            raise StepsRead("a hook read the steps of an earlier stage")
        self.with_steps = True

    def outcomes(
        self, key: tuple[Any, ...], call: Call, child: _Child, name: str | None, first: bool = False
    ) -> list[HookResult]:
        """The results of one hook call on ``child`` (from the memo when a call
        that read the same has been made)."""
        memo = self.memos.setdefault(key, Memo())
        if not first:
            found = memo.find(child.state, child.arg)
            if found is not None:
                # the call it repeats was checked in this same phase; only whether
                # earlier steps were there to read can differ
                known, paths = found
                if child.old and ("steps", ALL) in paths:
                    self._steps_read()
                results: list[HookResult] = known
                return results
        reads: Reads = set()
        view = seen_state(child.state, reads)
        arg = seen_step(child.arg, reads) if child.arg is not None else None
        outs: list[HookResult] = []

        def run(dice: BranchingDice) -> tuple[list[Step], str]:
            return call(view, arg, dice)

        if first:
            dice = BranchingDice([])
            steps, plugin = run(dice)
            steps = _fill(steps, plugin, name)
            outs.append(HookResult(1.0, steps, dice.pool_rolls, name))
        else:
            try:
                for count, (w, (steps, plugin), dice) in enumerate(
                    leaves(run, max(1, self.budget - self.work)), 1
                ):
                    if count in PROBE_AT:
                        too_large(run, self.budget)
                    self.spend()
                    steps = _fill(steps, plugin, name)
                    outs.append(HookResult(w, steps, dice.pool_rolls, name))
            except TreeTooLarge as exc:
                if exc.estimated or isinstance(exc, TooSlow):
                    raise
                raise TreeTooLarge(f"more than {self.budget} outcomes") from None
        self._check(reads, child.old, outs)
        if not first:
            memo.add(reads, child.state, child.arg, outs)
        return outs

    def _projected(self, start: int, done: int, total: int) -> None:
        """Give up early when the paths so far project the phase past the budget."""
        spent = self.work - start
        if done and spent > PROBE_AT[0] and start + spent * total / done > self.budget:
            raise TreeTooLarge(
                f"the paths resolved so far project about {int(start + spent * total / done)} outcomes",
                estimated=True,
            )
        if done and spent and self.clock is not None:
            self.clock.project(self.work / (start + spent * total / done))

    # -- a stage ----------------------------------------------------------------------
    def target_stage(self, index: int, children: list[_Child], first: bool = False) -> Closing:
        """A target's pool, hit and wound phases: the paths at its last phase, each
        with the results of that phase."""
        name = self.names[index]
        pool, hit, wound = (self.call(p, index) for p in ("pool", "hit", "wound"))
        kids: list[_Child] = []
        start = self.work
        for done, child in enumerate(children):
            self._projected(start, done, len(children))
            for out in self.outcomes(("pool", index), pool, child, name, first):
                kids.append(child.then(out, out.steps[-1]))
        self.spend(len(kids))
        missed: list[_Child] = []
        wounded: list[_Child] = []
        start = self.work
        for done, child in enumerate(kids):
            self._projected(start, done, len(kids))
            for out in self.outcomes(("hit", index), hit, child, name, first):
                step = hit_of(out.steps)
                kid = child.then(out, step)
                (wounded if step is not None and step.value else missed).append(kid)
        self.spend(len(wounded) + len(missed))
        closing: Closing = [(kid, NOTHING) for kid in missed]
        start = self.work
        for done, child in enumerate(wounded):
            self._projected(start, done, len(wounded))
            closing.append((child, self.outcomes(("wound", index), wound, child, name, first)))
        return closing

    def key(self, state: ChainState, partial: Partial, finished: frozenset[str]) -> bytes:
        try:
            return _encode(
                [
                    state.shooter,
                    state.weapon,
                    state.attack,
                    {n: d for n, d in state.targets.items() if self.with_finished or n not in finished},
                    _frozen(partial),
                    state.steps if self.with_steps else None,
                ]
            )
        except (TypeError, msgspec.EncodeError) as exc:
            raise Unstageable(f"the state cannot be compared: {exc}") from None

    def close(self, closing: Closing, name: str | None) -> Frontier:
        """The frontier after a stage: its paths merged by what later hooks can see,
        the finished target ``name`` tallied."""
        after = self.finished | {name} if name is not None else self.finished
        frontier: Frontier = {}

        def merge(weight: float, state: ChainState, partial: Partial) -> None:
            key = self.key(state, partial, after)
            entry = frontier.get(key)
            if entry is None:
                frontier[key] = _Merged(weight, state, partial)
            else:
                entry.weight += weight

        if self.with_finished:  # every target stays in the state; tallied at the end
            name = None
        table: dict[TargetLeaf, float] = self.marginals.targets[self.names.index(name)] if name is not None else {}
        #: local results by (their list, the target's state and summary before them):
        #: [weight, state before, summary before, results]
        groups: dict[tuple[int, Hashable], list[Any]] = {}
        for child, outs in closing:
            local = name is not None and not self.with_steps and not self.with_finished and all(o.local for o in outs)
            if local and name is not None:
                partial = dict(child.partial)
                part = partial.pop(name, None)
                merge(child.weight * sum(o.weight for o in outs), child.state, partial)
                before = child.state.targets.get(name, {})
                gkey = fingerprint([before, _block_print(part)])
                if gkey is None:
                    raise Unstageable("a target's state cannot be compared")
                group = groups.get((id(outs), gkey))
                if group is None:
                    groups[(id(outs), gkey)] = [child.weight, before, part, outs]
                else:
                    group[0] += child.weight
                continue
            self.spend(len(outs))
            for out in outs:
                state = _apply(child.state, out.steps)
                partial = _combine(child.partial, out.delta)
                weight = child.weight * out.weight
                if name is not None:
                    leaf = target_leaf(final_of(state.targets.get(name, {})), partial.pop(name, None))
                    table[leaf] = table.get(leaf, 0.0) + weight
                    self.marginals.outcomes += 1
                merge(weight, state, partial)
        for weight, before, part, outs in groups.values():
            for out in outs:
                final = final_of({**before, **out.status} if out.status else before)
                block = _combine({name: part} if part is not None else {}, out.delta).get(name)
                leaf = target_leaf(final, block)
                table[leaf] = table.get(leaf, 0.0) + weight * out.weight
                self.marginals.outcomes += 1
        self.finished = after
        return frontier

    def scout(self) -> None:
        """Walk one path (every request's first class) through every phase and raise
        what the enumeration would raise on that path, before any enumeration: a hook
        that reads a finished target only at the last stage (a casualty count) would
        otherwise be found after every earlier stage was enumerated for nothing. A
        path that shows nothing proves nothing; the enumeration still checks every
        path. Reads that need the steps or the finished targets in the merge keys
        put them there at once."""
        self.scouting = True
        child = _Child(1.0, self.initial, {}, None, 0)
        for kind, index in self.stages():
            child = _Child(1.0, child.state, child.partial, None, len(child.state.steps))
            if index is not None:
                ((last, outs),) = self.target_stage(index, [child], first=True)
                child = last.then(outs[0], None)
                self.finished = self.finished | {self.names[index]}
            else:
                (out,) = self.outcomes(("scout", kind), self.call(kind, None), child, None, first=True)
                child = child.then(out, None)
        self.finished = frozenset()
        self.memos.clear()
        self.work = 0
        self.scouting = False

    def run(self) -> Marginals:
        self.scout()
        return self.run_stages()

    def run_stages(self) -> Marginals:
        frontier: Frontier = {b"": _Merged(1.0, self.initial, {})}
        for kind, index in self.stages():
            children = [_Child(m.weight, m.state, m.partial, None, len(m.state.steps)) for m in frontier.values()]
            if index is not None:
                frontier = self.close(self.target_stage(index, children), self.names[index])
                continue
            call = self.call(kind, None)
            closing: Closing = []
            start = self.work
            for done, child in enumerate(children):
                self._projected(start, done, len(children))
                closing.append((child, self.outcomes((kind,), call, child, None)))
            frontier = self.close(closing, None)
        marginals = self.marginals
        for merged in frontier.values():
            weight, state, partial = merged.weight, merged.state, merged.partial
            if self.with_finished:
                for name, table in zip(self.names, marginals.targets):
                    leaf = target_leaf(final_of(state.targets.get(name, {})), partial.get(name))
                    table[leaf] = table.get(leaf, 0.0) + weight
                    marginals.outcomes += 1
            leaf = target_leaf("", partial.get(None))
            marginals.attack[leaf] = marginals.attack.get(leaf, 0.0) + weight
            attack = partial.get(None)
            rounds = attack.sums.get("ammo", 0) if attack is not None else 0
            key = (str(state.weapon.get("status", "")), rounds)
            marginals.weapon[key] = marginals.weapon.get(key, 0.0) + weight
            shooter = final_of(state.shooter)
            marginals.shooter[shooter] = marginals.shooter.get(shooter, 0.0) + weight
        return marginals


def staged_marginals(
    stack: RulesStack,
    attack: Attack,
    prior: ChainState | None,
    budget: int,
    with_steps: bool,
    with_finished: bool = False,
    clock: Clock | None = None,
) -> Marginals:
    """Exact marginals by stages; raises :class:`Unstageable`, :class:`StepsRead`
    when ``with_steps`` is false and a hook reads earlier steps, :class:`FinishedRead`
    when ``with_finished`` is false and a hook reads a finished target (the merge
    keys then need the steps, or the finished targets' dicts), or
    :class:`TreeTooLarge`."""
    run = _Run(stack, attack, prior, budget, with_steps, with_finished, clock)
    return run.run()


def staged(
    stack: RulesStack, attack: Attack, prior: ChainState | None, budget: int, clock: Clock | None = None
) -> Marginals:
    """:func:`staged_marginals` with the merge keys as small as the rules allow:
    started without the steps and the finished targets, and started again with
    what a hook turned out to read (every start spending from one ``budget``).
    Raises :class:`Unstageable` when even that fails."""
    with_steps = with_finished = False
    left = budget
    while True:
        run = _Run(stack, attack, prior, left, with_steps, with_finished, clock)
        try:
            return run.run()
        except StepsRead:
            if with_steps:
                raise Unstageable("a hook read the steps") from None
            with_steps = True
        except FinishedRead:
            if with_finished:
                raise Unstageable("a hook read a finished target") from None
            with_finished = True
        left -= run.work
        if left <= 0:
            raise TreeTooLarge(f"more than {budget} outcomes")
