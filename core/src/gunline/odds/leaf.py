"""What the odds keep of one resolved chain: a small hashable summary.

Many leaves of a tree (and many Monte Carlo samples) end the same way; tallying their
summaries instead of their chains keeps memory flat and lets exact enumeration and
sampling share every later step.
"""


from collections.abc import Sequence
from typing import Any, NamedTuple

from ..models import Chain, Roll, Step


class TargetLeaf(NamedTuple):
    """How one chain ended for one target (or, with an empty status, for the
    attack-level steps): all the odds count of it."""

    status: str
    #: Kinds with a step valued 1 or more.
    positive: tuple[str, ...]
    #: Kinds with a step at all.
    present: tuple[str, ...]
    #: (kind, sum of its steps' values), by kind.
    sums: tuple[tuple[str, int | float], ...]
    #: (pool label, successes), by label.
    pools: tuple[tuple[str, int], ...]
    #: (model, final status) of each model of a target made of several (a unit):
    #: the ``models`` of its state, in the order the state lists them.
    models: tuple[tuple[str, str], ...] = ()


#: A target's final status and its models' (see :func:`final_of`).
Final = tuple[str, tuple[tuple[str, str], ...]]


#: The keys of a target's state that :func:`final_of` reads.
FINAL_KEYS = ("status", "models")


def final_of(state: Any) -> Final:
    """What the odds count of a target's final state: its ``status`` and, for a
    target made of several models, each model's (``state["models"]``: model name ->
    that model's state, with its own ``status``)."""
    if not isinstance(state, dict):
        return "", ()
    status = str(state.get("status", ""))
    models = state.get("models")
    if not models or not isinstance(models, dict):
        return status, ()
    return status, tuple(
        (str(name), str(part.get("status", "")) if isinstance(part, dict) else "") for name, part in models.items()
    )


class Leaf(NamedTuple):
    """How one chain ended, as the odds tally it."""

    targets: tuple[TargetLeaf, ...]
    attack: TargetLeaf
    weapon_status: str
    rounds_spent: int | float
    #: The shooter's final status and, for a shooting unit, its models' (:data:`Final`).
    shooter_status: Final


class Block(NamedTuple):
    """The summary of one block's steps so far (a target, or the attack-level steps),
    before its final status is known."""

    positive: set[str]
    sums: dict[str, int | float]
    pools: dict[str, int]


#: Block name (a target, or None for the attack) -> its summary so far.
Blocks = dict[str | None, Block]


def new_block(parts: tuple[set[str], dict[str, int | float], dict[str, int]]) -> Block:
    """A :class:`Block` from its three parts, without the named tuple's own
    ``__new__`` (a summary is made for every leaf of every hook's tree)."""
    return tuple.__new__(Block, parts)


def add_steps(blocks: Blocks, steps: Sequence[Step], pool_rolls: Sequence[tuple[Roll, str | None]]) -> Blocks:
    """``blocks`` (block -> :data:`Block`) with ``steps`` and the pools rolled for
    them added, as a new dict; only the blocks they touch are copied. A pool counts
    for the target of the first step that shows it, else the target its request
    named. The one definition of a summary: whole chains (:func:`summarize`) and
    the staged enumeration, which adds an attack's steps a hook at a time, use it."""
    out = dict(blocks)
    fresh: set[str | None] = set()
    for step in steps:
        who = step.target
        if who in fresh:
            positive, sums, _ = out[who]
        else:
            old = out.get(who)
            if old is None:
                positive, sums = set(), {}
                out[who] = new_block((positive, sums, {}))
            else:
                positive, sums = set(old.positive), dict(old.sums)
                out[who] = new_block((positive, sums, dict(old.pools)))
            fresh.add(who)
        value = step.value
        if not isinstance(value, (int, float)):
            value = 0
        kind = step.kind
        sums[kind] = sums.get(kind, 0) + value
        if value >= 1:
            positive.add(kind)
    if not pool_rolls:
        return out
    # the first step that shows a pool's roll owns it
    wanted = {id(roll) for roll, _ in pool_rolls}
    owner: dict[int, str | None] = {}
    for step in steps:
        rolls = step.rolls
        if not rolls or wanted.isdisjoint(map(id, rolls)):  # the usual case, in C
            continue
        for roll in rolls:
            i = id(roll)
            if i in wanted and i not in owner:
                owner[i] = step.target
    for roll, target in pool_rolls:
        who = owner.get(id(roll), target)
        if who not in fresh:
            old = out.get(who)
            out[who] = new_block((set(old.positive), dict(old.sums), dict(old.pools)) if old is not None else (
                set(), {}, {}
            ))
            fresh.add(who)
        pools = out[who].pools
        pools[roll.label] = pools.get(roll.label, 0) + roll.total
    return out


def target_leaf(final: str | Final, block: Block | None) -> TargetLeaf:
    """A block's summary as the tally keys it, with the final status (a string, or
    :data:`Final` with the models' statuses too)."""
    status, models = (final, ()) if isinstance(final, str) else final
    if block is None:
        return TargetLeaf(status, (), (), (), (), models)
    positive, sums, pools = block
    # the named tuple's own __new__ is slow, and a leaf is made for every outcome
    return tuple.__new__(TargetLeaf, (
        status, tuple(sorted(positive)), tuple(sorted(sums)), tuple(sorted(sums.items())),
        tuple(sorted(pools.items())), models,
    ))


def summarize(chain: Chain, names: tuple[str, ...], pool_rolls: list[tuple[Roll, str | None]]) -> Leaf:
    """The summary of one chain; ``pool_rolls`` are the pools the dice handed out."""
    blocks = add_steps({}, chain.steps, pool_rolls)
    attack = blocks.get(None)
    return Leaf(
        tuple(target_leaf(final_of(chain.targets.get(name, {})), blocks.get(name)) for name in names),
        target_leaf("", attack),
        str(chain.weapon.get("status", "")),
        attack.sums.get("ammo", 0) if attack is not None else 0,
        final_of(chain.shooter),
    )
