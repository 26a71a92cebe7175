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


def _block(sums: dict[str, int], positive: set[str], pools: dict[str, int] | None, status: str) -> TargetLeaf:
    # Not sorted: the key only has to be equal for equal chains (which build their
    # dicts in the same order); two keys for one outcome would merely tally apart.
    return (
        status,
        tuple(positive),
        tuple(sums),
        tuple(sums.items()),
        tuple(pools.items()) if pools else (),
    )


def summarize(chain: Chain, names: tuple[str, ...], pool_rolls: list[tuple[Roll, str | None]]) -> Leaf:
    """The summary of one chain; ``pool_rolls`` are the pools the dice handed out,
    attributed to the target of the first step that shows them (else the target the
    request named)."""
    sums: dict[str | None, dict[str, int]] = {}
    positive: dict[str | None, set[str]] = {}
    owner: dict[int, str | None] = {}
    # One pass, no per-step method lookups: this runs once per leaf of every tree.
    for step in chain.steps:
        who = step.target
        block = sums.get(who)
        if block is None:
            block = sums[who] = {}
            kinds = positive[who] = set()
        else:
            kinds = positive[who]
        value = step.value
        if value.__class__ is not int and not isinstance(value, int):
            value = 0
        kind = step.kind
        block[kind] = block.get(kind, 0) + value
        if value >= 1:
            kinds.add(kind)
        if pool_rolls:
            for roll in step.rolls:
                owner.setdefault(id(roll), who)  # the first step that shows it
    pools: dict[str | None, dict[str, int]] = {}
    for roll, target in pool_rolls:
        who = owner.get(id(roll), target)
        counts = pools.setdefault(who, {})
        counts[roll.label] = counts.get(roll.label, 0) + roll.total
    empty: dict[str, int] = {}
    targets = tuple(
        _block(
            sums.get(name, empty),
            positive.get(name, set()),
            pools.get(name),
            str(chain.targets.get(name, {}).get("status", "")),
        )
        for name in names
    )
    attack_sums = sums.get(None, empty)
    attack = _block(attack_sums, positive.get(None, set()), pools.get(None), "")
    return (
        targets,
        attack,
        str(chain.weapon.get("status", "")),
        attack_sums.get("ammo", 0),
        str(chain.shooter.get("status", "")),
    )
