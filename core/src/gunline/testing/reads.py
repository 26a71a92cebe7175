"""The read check: no rule decides by a face beyond what it declared it reads.

Each example is resolved down many paths of its tree with every roll's faces swapped
for others that read the same (:mod:`gunline.odds.swaps`); the chain, as the odds see
it, must not change. A rule that peeks at ``roll.values`` to find a natural 20 it
never declared fails here, naming the roll, the two sets of faces and the step.
"""

from __future__ import annotations

from ..models import Attack
from ..plugins import Registry
from .checks import fail


def check_reads(registry: Registry, attack: Attack, *, paths: int = 150, replays: int = 6000) -> None:
    """Fail when two faces of a roll that read alike lead to different chains."""
    from ..odds.swaps import NotPure, reads_beyond

    stack = registry.stack(attack.ruleset, attack.variants)
    try:
        findings = reads_beyond(stack, attack, paths=paths, replays=replays)
    except NotPure as exc:
        raise fail(str(exc)) from None
    if findings:
        raise fail(
            "a rule decides by faces beyond what it reads of them (decide with the roll's `value`; "
            "read more of the die, or use a `faces` table, if the rule needs it): "
            + "; ".join(f.describe() for f in findings[:5])
        )
