"""What bullets do to a target, as far as its status goes, and the status it ends in.

The statuses, least to most severe: unharmed, wounded (damage taken, or a condition
that wounds: crippled, blinded, knocked down), unconscious, dead (hit points 0 or
less).
"""

from __future__ import annotations

import msgspec

from .tables import STATUSES, WOUNDING_CONDITIONS


class Harm(msgspec.Struct, frozen=True):
    """What bullets have done to a target, as far as its status goes: the hit points
    lost (never more than it ``had``; ``None`` where hit points are not tracked),
    whether one knocked it out, and whether a condition marked it (crippled,
    blinded, knocked down) while no damage got through."""

    lost: int = 0
    had: int | None = None
    knocked_out: bool = False
    marked: bool = False

    def add(self, bullet: Harm) -> Harm:
        """One more bullet: hit points lost add up, to no more than the target had;
        being knocked out or marked by a condition decides the status, and a mark
        stops counting once damage has wounded anyway. A dead target is dead: what
        more bullets do to it decides nothing."""
        lost = self.lost + bullet.lost
        if self.had is not None and lost >= self.had:
            return Harm(lost=self.had, had=self.had)
        knocked_out = self.knocked_out or bullet.knocked_out
        marked = (self.marked or bullet.marked) and not lost
        return Harm(lost, self.had, knocked_out, marked)


def every_hit_alike(hits: int, harm: Harm, one: Harm) -> Harm:
    """``fallout.burst-damage-once``: "(basic damage) × (# shots hit)": the one bullet
    rolled deals its damage for every hit."""
    return harm.add(Harm(one.lost * hits, knocked_out=one.knocked_out, marked=one.marked))


def marks(conditions: tuple[str, ...]) -> tuple[bool, bool]:
    """What conditions decide of the status: whether one leaves the target
    unconscious, and whether one wounds it even with no damage through."""
    return (
        "unconscious" in conditions,
        any(c.startswith("crippled") or c in WOUNDING_CONDITIONS for c in conditions),
    )


def status_after(previous: str, hp: int | None, lost: int, unconscious: bool, marked: bool) -> str:
    """The most severe of the previous status and what this attack did."""
    if hp is not None and hp <= 0:
        now = "dead"
    elif unconscious:
        now = "unconscious"
    elif lost > 0 or marked:
        now = "wounded"
    else:
        now = "unharmed"
    return now if _RANK[now] > _RANK.get(previous, 0) else previous


_RANK = {s: i for i, s in enumerate(STATUSES)}


def worse(a: str, b: str) -> str:
    """The more severe of two statuses."""
    return a if _RANK.get(a, 0) >= _RANK.get(b, 0) else b
