"""The recovery phase's two rolls, for the fighters shooting leaves pinned or down.

They are not part of the shooting chain (they happen at the start of the fighter's
own turn), but a GM who has just pinned or downed a fighter asks them next, so the
ruleset keeps them beside the injury table, as data, for tools built on it.
"""

from __future__ import annotations

#: A down fighter's D6 in the recovery phase: 1 pinned (he recovers), 2-5 stays
#: down, 6 out of action.
DOWN_RECOVERY: dict[int, str] = {1: "pinned", 2: "down", 3: "down", 4: "down", 5: "down", 6: "out_of_action"}

#: Fighters who cannot help a pinned friend stand up early.
NO_HELP = frozenset({"juve", "down", "broken"})


def early_recovery(initiative: int, roll: int, friend_within_2: bool, friend: str = "ganger") -> str:
    """A pinned fighter with a friend within 2" (not a juve, not down or broken) takes
    an Initiative test at the start of his turn: a D6 at or under I stands him up.
    Returns ``"standing"`` or ``"pinned"``."""
    if not 1 <= roll <= 6:
        raise ValueError(f"a D6 shows 1 to 6, not {roll}")
    if not friend_within_2 or friend in NO_HELP:
        return "pinned"
    return "standing" if roll <= initiative else "pinned"


def down_recovery(roll: int, flesh_wound_on_pinned: bool = False) -> tuple[str, int]:
    """A down fighter's recovery roll: the new status and the flesh wounds it adds.

    ``flesh_wound_on_pinned`` is the other published reading, in which recovering to
    pinned also costs a flesh wound; the seed's reading (the default) adds none.
    """
    if roll not in DOWN_RECOVERY:
        raise ValueError(f"a D6 shows 1 to 6, not {roll}")
    status = DOWN_RECOVERY[roll]
    return status, int(flesh_wound_on_pinned and status == "pinned")
