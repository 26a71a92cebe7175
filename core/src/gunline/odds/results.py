"""What one hook call gave, down one path of its dice: the unit a staged enumeration
(:mod:`.stages`) keeps, memoises and tallies.

Every leaf of every hook's dice tree becomes one :class:`HookResult`, so its making
is on the enumeration's hottest path: one pass over the steps, nothing copied that
is not kept.
"""

from __future__ import annotations

from typing import Any

from ..contract import STATE_FIELDS
from ..models import Roll, Step
from .leaf import FINAL_KEYS, Blocks, add_steps
from .reads import _VIEWS, SeenStep, launder
from .shared import added


class HookResult:
    """One result of one hook call: its probability, its steps (source and target
    filled in, as the engine's merge does), what it adds to each block's summary,
    whether it is ``local`` (touches nothing but the target ``name`` of its stage)
    and, if so, what it changes of that target's final status (``status`` and
    ``models``, the keys :func:`.leaf.final_of` reads; empty: unchanged)."""

    __slots__ = ("weight", "steps", "_delta", "local", "status", "change", "head", "rest")

    _delta: Blocks | None

    def __init__(
        self, weight: float, steps: list[Step], pool_rolls: list[tuple[Roll, str | None]], name: str | None
    ) -> None:
        self.weight = weight
        self.steps = steps
        #: A result joined from two (:meth:`joined`): the steps before a shared body's
        #: and the body's own, whose summaries make :attr:`delta` when it is asked.
        self.head: HookResult | None = None
        self.rest: HookResult | None = None
        delta = self._delta = add_steps({}, steps, pool_rolls)
        local = name is not None or not steps
        if local:
            for who in delta:
                if who != name:
                    local = False
                    break
        if local:
            for s in steps:
                if (
                    s.target != name
                    or s.shooter_state is not None
                    or s.weapon_state is not None
                    or s.attack_state is not None
                ):
                    local = False
                    break
        self.local = local
        status: dict[str, Any] = {}
        #: a local result's changes to its target's dict, all its steps' in one
        #: (``{**base, **change}`` is that dict after them); None: no change
        self.change: dict[str, Any] | None = None
        if local:
            for s in steps:
                change = s.target_state
                if change is not None:
                    self.change = change if self.change is None else {**self.change, **change}
                if change:
                    status.update((k, change[k]) for k in FINAL_KEYS if k in change)
        self.status = status

    @classmethod
    def joined(cls, weight: float, before: HookResult, after: HookResult) -> HookResult:
        """The result of ``before``'s steps then ``after``'s, with their pools, as
        ``HookResult(weight, before.steps + after.steps, pools of both, name)``
        would make it, from the two results of the same target ``name`` (not None)
        made apart: no step of either shows a pool of the other, and ``after``'s
        steps add at most one value to each sum unless they are all integers
        (the staged enumeration makes sure of both, :mod:`.tails`), so every summed
        value is the same float."""
        out = cls.__new__(cls)
        out.weight = weight
        out.steps = before.steps + after.steps
        out.head, out.rest = before, after
        out._delta = None  # made when asked (:attr:`delta`)
        local = out.local = before.local and after.local
        if local:
            a, b = before.change, after.change
            out.change = b if a is None else a if b is None else {**a, **b}
            first, then = before.status, after.status
            out.status = then if not first else {**first, **then}
        else:
            out.change = None
            out.status = {}
        return out

    @property
    def delta(self) -> Blocks:
        """What the steps add to each block's summary (:func:`.leaf.add_steps`)."""
        delta = self._delta
        if delta is None:
            assert self.head is not None and self.rest is not None  # a joined result
            first, then = self.head.delta, self.rest.delta
            delta = dict(first)
            for who, block in then.items():
                old = delta.get(who)
                delta[who] = block if old is None else added(old, block)
            self._delta = delta
        return delta

    def lighten(self) -> None:
        """Drop the steps: a local result of a target's last phase is tallied from
        its summary and ``status`` alone, and a memo may keep thousands of them."""
        self.steps = []


def _has_views(value: Any) -> bool:
    """:func:`.reads.holds_views`, inlined for the values a step's state fields hold."""
    kind = type(value)
    if kind in _VIEWS:
        return True
    if kind is dict:
        for v in value.values():
            if type(v) in _VIEWS:
                return True
        return False
    if kind is list:
        for v in value:
            if type(v) in _VIEWS:
                return True
    return False


def fill(steps: list[Step], plugin: str, name: str | None) -> list[Step]:
    """What :meth:`ChainState.merge` fills in: the source and, in a target's stage,
    the target of every step that names none. Views a hook handed on (the step it
    was given, a state dict in a step's ``data``) are replaced by plain values and
    count as read whole (:func:`.reads.launder`)."""
    for step in steps:
        if isinstance(step, SeenStep):
            steps = [launder(s) if isinstance(s, SeenStep) else s for s in steps]
            break
    for step in steps:
        for field in STATE_FIELDS:
            value = getattr(step, field)
            if value is not None and _has_views(value):
                setattr(step, field, launder(value))
        if not step.source:
            step.source = plugin
        if step.target is None and name is not None:
            step.target = name
    return steps
