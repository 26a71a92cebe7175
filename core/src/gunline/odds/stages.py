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
with the state it had; those outcomes keep only what the tally reads
(:meth:`.HookResult.lighten`), and a target's memos are dropped when its stage ends.
Where every target stays in the keys, the key of each path such an outcome leads to
is its child's, made once, with the target's dict and block as the outcome leaves
them (:meth:`_Run._close_kept`). The parts of the paths' states are shared, and
encoded for the keys once per object (:mod:`.shared`). Anything that defeats the
staging (a state that cannot be encoded, a ChainState subclass) sends the caller back
to replaying whole chains (:mod:`.explore`), which assumes nothing.

Every phase runs the engine's own helpers (``gunline.engine.*_steps``) in the
engine's order; tests check the result against replaying whole chains.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import msgspec

from ..engine import ammo_steps, begin_steps, hit_of, hit_steps, pool_steps, start_state, wound_steps
from ..models import Attack, Step
from ..stack import RulesStack, callers_of
from ..state import ChainState
from .clock import Clock, TooSlow
from .explore import PROBE_AT, leaves, too_large
from .interpreter import BranchingDice, TreeTooLarge
from .leaf import Blocks, TargetLeaf, final_of, target_leaf
from .reads import ALL, Memo, Reads, seen_state, seen_step
from .results import HookResult, fill
from .shared import EMPTY, Shared, added, block_print, encode
from .tails import Memo as TailMemo
from .tails import snapshot
from .tally import Marginals


class Unstageable(Exception):
    """The attack cannot be run in stages (see the module)."""


class StepsRead(Unstageable):
    """A hook read the steps of an earlier stage."""


class FinishedRead(Unstageable):
    """A hook read the state of a target whose stage was over."""


#: Work (hook runs and paths) between two looks at the clock.
TICK = 64
#: Paths between two projections of a phase's cost while no hook runs.
PROJECT = 32
#: Target stages measured before the work of the later ones is projected against the
#: work cap.
MEASURED = 2

#: The partial summaries of the blocks still open (:func:`.leaf.add_steps`).
Partial = Blocks


#: No target left out of the keys (they all stay in when a later hook reads them).
NOTHING_FINISHED: frozenset[str] = frozenset()

#: The result of a phase that did not run (no wound step after a miss).
NOTHING = [HookResult(1.0, [], [], None)]

#: The hook each phase with dice calls (its ``dice.then`` is joined, :mod:`.tails`).
HOOKS = {"begin": "begin_attack", "hit": "resolve_hit", "wound": "resolve_wound", "ammo": "spend_ammo"}


class _Child:
    """A path part-way through a stage: weight, state, partial summaries, the step
    the next hook is handed, and how many steps came from earlier stages."""

    __slots__ = ("weight", "state", "partial", "arg", "old")

    def __init__(self, weight: float, state: ChainState, partial: Partial, arg: Step | None, old: int) -> None:
        self.weight, self.state, self.partial, self.arg, self.old = weight, state, partial, arg, old

    def then(self, outcome: HookResult, arg: Step | None, shared: Shared) -> _Child:
        return _Child(
            self.weight * outcome.weight,
            shared.apply(self.state, outcome.steps),
            shared.combine(self.partial, outcome.delta),
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
Frontier = dict[Hashable, _Merged]


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
        #: The work at the last projection (:meth:`_projected`).
        self._projected_at = -1
        #: The work the target stages after the current one are projected to take
        #: (:func:`_ahead_of`): without it, each phase of an attack on hundreds of
        #: targets projected itself as nearly the whole, and the clock took the
        #: enumeration for nearly done at every stage.
        self._ahead = 0.0
        #: The clock's reading when the stages began (after the scout).
        self._began = 0.0
        self.with_finished = with_finished
        #: While the scout walks its path, a read that needs a larger merge key
        #: enlarges it instead of stopping the walk.
        self.scouting = False
        self.names = [t.name for t in attack.targets]
        if len(set(self.names)) != len(self.names):
            raise Unstageable("two targets share a name")
        self.callers = callers_of(stack)
        #: The phases whose ``dice.then`` is joined here: those whose hook no
        #: pluggy wrapper may change the result of (:mod:`.tails`).
        self.joins = frozenset(
            phase for phase, hook in HOOKS.items() if type(stack) is RulesStack and not stack.wrapped(hook)
        )
        #: The outcomes of ``dice.then``'s bodies, by phase (dropped with its memos).
        self.tails: dict[tuple[Any, ...], TailMemo] = {}
        #: The plugin whose steps each phase's shared bodies made (:func:`.results.fill`).
        self.fillers: dict[tuple[Any, ...], str] = {}
        #: Each such outcome's result on its own, and whether its steps add at most
        #: one value to each sum or only integers (:meth:`.HookResult.joined`).
        self.tail_parts: dict[int, list[tuple[tuple[float, ...], HookResult, bool, tuple[Any, ...]]]] = {}
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
        #: Parts of the paths' states made and encoded once (:mod:`.shared`).
        self.shared = Shared(frozenset(self.names))
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
        self, key: tuple[Any, ...], call: Call, child: _Child, name: str | None, first: bool = False,
        last: bool = False,
    ) -> list[HookResult]:
        """The results of one hook call on ``child`` (from the memo when a call
        that read the same has been made). ``last``: the target's last phase, whose
        local results are tallied without their steps (:meth:`HookResult.lighten`)."""
        memo = self.memos.get(key)
        if memo is None:
            memo = self.memos[key] = Memo()
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
            steps = fill(steps, plugin, name)
            outs.append(HookResult(1.0, steps, dice.pool_rolls, name))
        else:
            joining: TailMemo | None = None
            if key[0] in self.joins:
                joining = self.tails.get(key)
                if joining is None:
                    joining = self.tails[key] = {}

            def make(path: list[int], known: list[int]) -> BranchingDice:
                dice = BranchingDice(path, known)
                dice.tail_memo = joining
                return dice

            probe = 0
            try:
                for w, (steps, plugin), dice in leaves(run, max(1, self.budget - self.work), make):
                    tail = dice.tail
                    if tail is not None and snapshot(tail.outcomes[tail.taken].steps) != tail.snapshot:
                        # the kept steps were handed over as they are, and changed
                        raise Unstageable("a hook changed the steps dice.then handed it")
                    if tail is not None and self.fillers.setdefault(key, plugin) != plugin:
                        # a shared body's steps get the source of the plugin that
                        # returned them (fill): two plugins cannot share them
                        raise Unstageable("two plugins share the steps of one body of dice.then")
                    if tail is not None and tail.taken == 0 and _as_returned(steps, tail, dice):
                        self._joined(outs, w, steps, plugin, dice, tail, name)
                    else:
                        self.spend()
                        steps = fill(steps, plugin, name)
                        outs.append(HookResult(w, steps, dice.pool_rolls, name))
                    if probe < len(PROBE_AT) and len(outs) >= PROBE_AT[probe]:
                        while probe < len(PROBE_AT) and len(outs) >= PROBE_AT[probe]:
                            probe += 1
                        too_large(run, self.budget)
            except TreeTooLarge as exc:
                if exc.estimated or isinstance(exc, TooSlow):
                    raise
                raise TreeTooLarge(f"more than {self.budget} outcomes") from None
        self._check(reads, child.old, outs)
        if not first:
            if last and not self.with_steps and not self.with_finished and all(o.local for o in outs):
                for out in outs:
                    out.lighten()
            memo.add(reads, child.state, child.arg, outs)
        return outs

    def _joined(
        self, outs: list[HookResult], w: float, steps: list[Step], plugin: str, dice: BranchingDice, tail: Any,
        name: str | None,
    ) -> None:
        """Every outcome of a replay that ended in ``dice.then``'s shared body
        (:mod:`.tails`): the one it took, then the others joined to the same steps
        before, each weighed branch by branch as a replay would; the walk then goes
        on past the body's outcomes (they are all here)."""
        found = tail.outcomes
        self.spend(len(found))
        steps = fill(steps, plugin, name)
        outs.append(HookResult(w, steps, dice.pool_rolls, name))
        before = steps[: len(tail.before)]
        pools = dice.pool_rolls[: tail.pools]
        head = HookResult(1.0, before, pools, name) if name is not None else None
        parts = self.tail_parts.get(id(found))
        if parts is None:
            parts = self.tail_parts[id(found)] = []
            for outcome in found[1:]:
                more = fill(list(outcome.steps), plugin, name)
                parts.append((outcome.factors, HookResult(1.0, more, list(outcome.pool_rolls), name),
                              _one_each(more), outcome.pool_rolls))
        start = tail.start
        joined = HookResult.joined
        for factors, rest, simple, rolled in parts:
            weight = start
            for factor in factors:
                weight *= factor
            if head is not None and simple:
                outs.append(joined(weight, head, rest))
            else:
                outs.append(HookResult(weight, before + rest.steps, [*pools, *rolled], name))
        dice.sizes[tail.pos] = 1

    def _projected(self, start: int, done: int, total: int) -> None:
        """Give up early when the paths so far project the phase past the budget."""
        spent = self.work - start
        if done and spent > PROBE_AT[0] and start + spent * total / done > self.budget:
            raise TreeTooLarge(
                f"the paths resolved so far project about {int(start + spent * total / done)} outcomes",
                estimated=True,
            )
        if done and spent and self.clock is not None and (self.work != self._projected_at or done % PROJECT == 0):
            # the clock reads the process time: asked again once work was done, or
            # every PROJECT paths that were all found in the memos
            self._projected_at = self.work
            self.clock.project(self.work / (start + spent * total / done + self._ahead), self._began)

    # -- a stage ----------------------------------------------------------------------
    def target_stage(self, index: int, children: list[_Child], first: bool = False) -> Closing:
        """A target's pool, hit and wound phases: the paths at its last phase, each
        with the results of that phase."""
        name = self.names[index]
        shared = self.shared
        pool, hit, wound = (self.call(p, index) for p in ("pool", "hit", "wound"))
        kids: list[_Child] = []
        start = self.work
        for done, child in enumerate(children):
            self._projected(start, done, len(children))
            for out in self.outcomes(("pool", index), pool, child, name, first):
                kids.append(child.then(out, out.steps[-1], shared))
        self.spend(len(kids))
        missed: list[_Child] = []
        wounded: list[_Child] = []
        start = self.work
        for done, child in enumerate(kids):
            self._projected(start, done, len(kids))
            for out in self.outcomes(("hit", index), hit, child, name, first):
                step = hit_of(out.steps)
                kid = child.then(out, step, shared)
                (wounded if step is not None and step.value else missed).append(kid)
        self.spend(len(wounded) + len(missed))
        closing: Closing = [(kid, NOTHING) for kid in missed]
        start = self.work
        for done, child in enumerate(wounded):
            self._projected(start, done, len(wounded))
            closing.append((child, self.outcomes(("wound", index), wound, child, name, first, last=True)))
        return closing

    def key(self, state: ChainState, partial: Partial, finished: frozenset[str], without: object = ()) -> Hashable:
        """What later hooks can see of a path (see the module): equal for two paths
        exactly when the MessagePack encodings of every part are, each part encoded
        once per object (:class:`.shared.Shared`). ``without``: the name of a block
        left out (a finished target's)."""
        shared = self.shared
        encoded = shared.encoded
        try:
            targets = shared.targets_key(state.targets, NOTHING_FINISHED if self.with_finished else finished)
            rows = [(b or "", b is None, shared.block_encoded(part)) for b, part in partial.items() if b != without]
            blocks = tuple(sorted(rows) if len(rows) > 1 else rows)
            return (
                encoded(state.shooter),
                encoded(state.weapon),
                encoded(state.attack),
                targets,
                blocks,
                encode(state.steps) if self.with_steps else None,
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

        # every result local to a kept target: keys made part by part (the keys of
        # one frontier must all be made one way)
        kept = name is not None and self.with_finished and not self.with_steps and all(
            o.local for _, outs in closing for o in outs
        )
        stage = name
        if self.with_finished:  # every target stays in the state; tallied at the end
            name = None
        table: dict[TargetLeaf, float] = self.marginals.targets[self.names.index(name)] if name is not None else {}
        #: local results by (their list, the target's state and summary before them):
        #: [weight, state before, summary before, results]
        groups: dict[tuple[int, Hashable, Hashable], list[Any]] = {}
        shared = self.shared
        #: whether each list of results is all local, and its summed weight (lists
        #: are shared by the memos)
        sums: dict[int, tuple[bool, float]] = {}
        plain = name is not None and not self.with_steps and not self.with_finished
        for child, outs in closing:
            known = sums.get(id(outs))
            if known is None:
                known = sums[id(outs)] = (plain and all(o.local for o in outs), sum(o.weight for o in outs))
            local, total = known
            if local and name is not None:
                part = child.partial.get(name)
                key = self.key(child.state, child.partial, after, name)
                entry = frontier.get(key)
                if entry is None:
                    partial = dict(child.partial)
                    partial.pop(name, None)
                    frontier[key] = _Merged(child.weight * total, child.state, partial)
                else:
                    entry.weight += child.weight * total
                before = child.state.targets.get(name, EMPTY)
                printed = shared.fingerprint(before)
                try:
                    summary = shared.block_fingerprint(part)
                except TypeError:
                    printed = None
                if printed is None:
                    raise Unstageable("a target's state cannot be compared")
                gkey = (id(outs), printed, summary)
                group = groups.get(gkey)
                if group is None:
                    groups[gkey] = [child.weight, before, part, outs]
                else:
                    group[0] += child.weight
                continue
            self.spend(len(outs))
            if kept and stage is not None:
                self._close_kept(frontier, child, outs, stage)
                continue
            for out in outs:
                state = shared.apply(child.state, out.steps)
                partial = shared.combine(child.partial, out.delta)
                weight = child.weight * out.weight
                if name is not None:
                    leaf = target_leaf(final_of(state.targets.get(name, EMPTY)), partial.pop(name, None))
                    table[leaf] = table.get(leaf, 0.0) + weight
                    self.marginals.outcomes += 1
                merge(weight, state, partial)
        #: a block made of integers alone, by its id (the blocks live through the
        #: loop): sums of integers are the same in any order
        whole: dict[int, bool] = {}
        #: a child's block with the steps before a shared body, by both blocks' ids
        heads: dict[tuple[int, int], Any] = {}
        for weight, before, part, outs in groups.values():
            integers = _integers(whole, part)
            #: the final status after each change of status (joined results share them)
            finals: dict[int, Any] = {}
            for out in outs:
                status = out.status
                final = finals.get(id(status))
                if final is None:
                    final = finals[id(status)] = final_of({**before, **status} if status else before)
                head = out.head
                if head is not None and integers and out._delta is None:
                    # a joined result (:meth:`.HookResult.joined`): the child's block
                    # and the steps before the body added once for all of its outcomes
                    first = head.delta.get(name)
                    made = (id(part), id(first))
                    start = heads.get(made, _UNMADE)
                    if start is _UNMADE:
                        start = heads[made] = (
                            None if not _integers(whole, first) else part if first is None
                            else added(part, first) if part is not None else first
                        )
                    then = out.rest.delta.get(name) if out.rest is not None else None
                    if (start is not None or first is None) and _integers(whole, then):
                        block = start if then is None else added(start, then)
                        leaf = target_leaf(final, block)
                        table[leaf] = table.get(leaf, 0.0) + weight * out.weight
                        self.marginals.outcomes += 1
                        continue
                more = out.delta.get(name)
                block = part if more is None else added(part, more)
                leaf = target_leaf(final, block)
                table[leaf] = table.get(leaf, 0.0) + weight * out.weight
                self.marginals.outcomes += 1
        shared.clear()
        self.finished = after
        return frontier

    def _rest(self, state: ChainState, partial: Partial, name: str) -> tuple[Hashable, ...]:
        """:meth:`key` of a path without target ``name``'s dict and block: what the
        paths a local result of ``name``'s stage leads to share (the finished targets
        are all in the keys, see :meth:`_close_kept`)."""
        encoded = self.shared.encoded
        try:
            targets = tuple([(n, encoded(d)) for n, d in state.targets.items() if n != name])
            blocks = tuple(sorted(
                [(b or "", b is None, self.shared.block_encoded(part)) for b, part in partial.items() if b != name]
            ))
            return encoded(state.shooter), encoded(state.weapon), encoded(state.attack), targets, blocks
        except (TypeError, msgspec.EncodeError) as exc:
            raise Unstageable(f"the state cannot be compared: {exc}") from None

    def _close_kept(self, frontier: Frontier, child: _Child, outs: list[HookResult], name: str) -> None:
        """Merge into ``frontier`` the paths that ``child`` and its local ``outs`` lead
        to, when every finished target stays in the keys (``with_finished``): the key
        of each is the child's once without ``name`` (:meth:`_rest`), with ``name``'s
        dict and block as each result leaves them; a path's state is built only when
        its key is new. The keys are equal exactly when :meth:`key`'s would be."""
        shared = self.shared
        state, partial = child.state, child.partial
        rest = self._rest(state, partial, name)
        targets = state.targets
        before = targets.get(name)
        place = list(targets).index(name) if name in targets else None
        part = partial.get(name)
        for out in outs:
            change = out.change
            now = before if change is None else shared.merged(before, change)
            more = out.delta.get(name)
            block = part if more is None else added(part, more)
            try:
                key = (
                    rest,
                    place if place is not None or now is None else len(targets),
                    None if now is None and place is None else shared.encoded(now),
                    None if block is None else encode(block_print(block)),
                )
            except (TypeError, msgspec.EncodeError) as exc:
                raise Unstageable(f"the state cannot be compared: {exc}") from None
            weight = child.weight * out.weight
            entry = frontier.get(key)
            if entry is None:
                frontier[key] = _Merged(weight, shared.apply(state, out.steps), shared.combine(partial, out.delta))
            else:
                entry.weight += weight

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
                child = last.then(outs[0], None, self.shared)
                self.finished = self.finished | {self.names[index]}
            else:
                (out,) = self.outcomes(("scout", kind), self.call(kind, None), child, None, first=True)
                child = child.then(out, None, self.shared)
        self.finished = frozenset()
        self.memos.clear()
        self.tails.clear()
        self.tail_parts.clear()
        self.fillers.clear()
        self.work = 0
        self.scouting = False

    def run(self) -> Marginals:
        self.scout()
        return self.run_stages()

    def run_stages(self) -> Marginals:
        if self.clock is not None:
            self._began = self.clock.elapsed()
        frontier: Frontier = {(): _Merged(1.0, self.initial, {})}
        count = len(self.names)
        #: the paths into the last target stage and the work it took
        last: tuple[int, int] | None = None
        for kind, index in self.stages():
            children = [_Child(m.weight, m.state, m.partial, None, len(m.state.steps)) for m in frontier.values()]
            if index is not None:
                self._ahead = _ahead_of(last, len(children), count - index - 1)
                if index >= MEASURED and self.work + self._ahead > self.budget:
                    # the work cap, a guard on memory, would be reached at a later
                    # target: sooner said than after the time it takes to get there
                    raise TreeTooLarge(
                        f"the targets enumerated so far project about {int(self.work + self._ahead)} outcomes",
                        estimated=True,
                    )
                before = self.work
                frontier = self.close(self.target_stage(index, children), self.names[index])
                last = (len(children), self.work - before)
                if self.clock is not None:
                    self.clock.stage(index + 1, count)
                for phase in ("pool", "hit", "wound"):  # no later call can repeat them
                    self.memos.pop((phase, index), None)
                    self.tails.pop((phase, index), None)
                    self.fillers.pop((phase, index), None)
                self.tail_parts.clear()
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


def _ahead_of(last: tuple[int, int] | None, paths: int, left: int) -> float:
    """The work of the ``left`` target stages after one entered by ``paths`` paths,
    projected from the ``last`` stage (the paths into it, the work it took): each
    path costs what one of the last stage's did, and the paths go on growing by as
    many a stage as they last did (an autofire's frontier grows by a path or so a
    target, a casualty count's by a factor, which each stage's projection then
    catches up with)."""
    if last is None or left <= 0:
        return 0.0
    paths_last, work_last = last
    each = work_last / max(1, paths_last)
    growth = max(0, paths - paths_last)
    return each * (left * paths + growth * left * (left + 1) / 2)


def _as_returned(steps: list[Step], tail: Any, dice: BranchingDice) -> bool:
    """Whether the hook returned what ``dice.then`` handed it, as it was (the same
    list, the same steps), and rolled nothing after it (the steps of its other outcomes can then be joined
    without running it again)."""
    result = tail.result
    if steps is not result or len(dice.sizes) != tail.pos + 1:
        return False
    if len(steps) != len(tail.before) + len(tail.outcomes[0].steps):
        return False
    expected = [*tail.before, *tail.outcomes[0].steps]
    return all(a is b for a, b in zip(steps, expected))


#: Not worked out yet (a child's block and the steps before a body may add to None).
_UNMADE = object()


def _integers(known: dict[int, bool], block: Any) -> bool:
    """Whether ``block`` (a :class:`.leaf.Block`, or None) sums integers alone."""
    if block is None:
        return True
    found = known.get(id(block))
    if found is None:
        found = known[id(block)] = all(type(v) is int for v in block.sums.values())
    return found


def _one_each(steps: list[Step]) -> bool:
    """Whether ``steps`` add at most one value to each (target, kind) sum, or only
    integers: added to earlier sums as one, they give the same floats."""
    seen: set[tuple[str | None, str]] = set()
    floats = False
    for step in steps:
        key = (step.target, step.kind)
        if key in seen:
            if floats or type(step.value) is float:
                return False
        seen.add(key)
        floats = floats or type(step.value) is float
    return True


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
