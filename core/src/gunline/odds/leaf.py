"""What the odds keep of one resolved chain: a small hashable summary.

Many leaves of a tree (and many Monte Carlo samples) end the same way; tallying their
summaries instead of their chains keeps memory flat and lets exact enumeration and
sampling share every later step.
"""

from __future__ import annotations

from ..models import Chain, Roll

#: Per target (and once for the attack-level steps, target None):
#: (final status, kinds with a step valued >= 1, kinds present, (kind, sum of values),
#:  (pool label, successes)).
TargetLeaf = tuple[str, tuple[str, ...], tuple[str, ...], tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]
#: (per-target leaves in scenario order, attack-level leaf, weapon status, rounds
#: spent, shooter status)
Leaf = tuple[tuple[TargetLeaf, ...], TargetLeaf, str, int, str]


#: The partial summary of one block (a target, or None for the attack-level steps):
#: (kinds valued >= 1, kind -> summed value, pool label -> successes).
Block = tuple[set[str], dict[str, int], dict[str, int]]


def add_steps(blocks: dict, steps, pool_rolls) -> dict:
    """``blocks`` (block -> :data:`Block`) with ``steps`` and the pools rolled for
    them added, as a new dict; only the blocks they touch are copied. A pool counts
    for the target of the first step that shows it, else the target its request
    named. The one definition of a summary: whole chains (:func:`summarize`) and
    the staged enumeration, which adds an attack's steps a hook at a time, use it."""
    out = dict(blocks)
    fresh: set = set()
    owner: dict[int, str | None] = {}
    for step in steps:
        who = step.target
        if who in fresh:
            positive, sums, _ = out[who]
        else:
            positive, sums, pools = out.get(who, ((), {}, {}))
            positive, sums = set(positive), dict(sums)
            out[who] = (positive, sums, dict(pools))
            fresh.add(who)
        value = step.value
        if value.__class__ is not int and not isinstance(value, int):
            value = 0
        kind = step.kind
        sums[kind] = sums.get(kind, 0) + value
        if value >= 1:
            positive.add(kind)
        for roll in step.rolls:
            owner.setdefault(id(roll), who)
    for roll, target in pool_rolls:
        who = owner.get(id(roll), target)
        if who not in fresh:
            positive, sums, pools = out.get(who, ((), {}, {}))
            out[who] = (set(positive), dict(sums), dict(pools))
            fresh.add(who)
        pools = out[who][2]
        pools[roll.label] = pools.get(roll.label, 0) + roll.total
    return out


def target_leaf(status: str, block: Block | None) -> TargetLeaf:
    """A block's summary as the tally keys it, with the final ``status``."""
    positive, sums, pools = block if block is not None else ((), {}, {})
    return (status, tuple(sorted(positive)), tuple(sorted(sums)), tuple(sorted(sums.items())), tuple(sorted(pools.items())))


def summarize(chain: Chain, names: tuple[str, ...], pool_rolls: list[tuple[Roll, str | None]]) -> Leaf:
    """The summary of one chain; ``pool_rolls`` are the pools the dice handed out."""
    blocks = add_steps({}, chain.steps, pool_rolls)
    attack = blocks.get(None)
    return (
        tuple(target_leaf(str(chain.targets.get(name, {}).get("status", "")), blocks.get(name)) for name in names),
        target_leaf("", attack),
        str(chain.weapon.get("status", "")),
        attack[1].get("ammo", 0) if attack is not None else 0,
        str(chain.shooter.get("status", "")),
    )
