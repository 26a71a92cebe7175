"""Several D6 at once: a wound roll per hit, a save per wound, an injury dice per wound.

The rules read such dice by how many pass, or how many show each result, never by
which die showed what: they are rolled together as one pool and read by its counts.
The chain still shows one ``1d6`` roll per die (:func:`die_by_die`), as the GM reads
them off the table. A lone die is asked for as a roll of its own ("to wound: 1d6,
needs 4+"), not as die 1 of 1 of a pool.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gunline import Dice, Roll

#: The dice of a roll as the chain shows them, by the roll's label, sides, need,
#: whether typed, and faces: a roll is frozen, so every chain that shows the same
#: dice shares them (the odds replay a wound for every outcome, and each shows its
#: wound, damage and injury dice this way).
_SHOWN: dict[tuple[str, int, str, bool, tuple[int, ...]], tuple[Roll, ...]] = {}


#: One die of such a roll for each face, by the roll's label, sides, need and
#: whether typed: the dice of every roll with that label share them.
_FACES: dict[tuple[str, int, str, bool], tuple[Roll, ...]] = {}


def die_by_die(rolled: Roll, sides: int) -> list[Roll]:
    """Dice rolled together, shown one ``1d6`` roll per die, in the order rolled."""
    key = (rolled.label, sides, rolled.need, rolled.manual, tuple(rolled.values))
    shown = _SHOWN.get(key)
    if shown is None:
        if len(_SHOWN) > 8192:
            _SHOWN.clear()
            _FACES.clear()
        kind = (rolled.label, sides, rolled.need, rolled.manual)
        faces = _FACES.get(kind)
        if faces is None:
            notation = f"1d{sides}"
            faces = _FACES[kind] = tuple(
                Roll(label=rolled.label, dice=notation, values=[face], total=face, need=rolled.need,
                     manual=rolled.manual)
                for face in range(1, sides + 1)
            )
        shown = _SHOWN[key] = tuple(
            faces[face - 1] if 1 <= face <= sides else
            Roll(label=rolled.label, dice=f"1d{sides}", values=[face], total=face, need=rolled.need,
                 manual=rolled.manual)
            for face in rolled.values
        )
    return list(shown)


def each_against(
    dice: Dice, count: int, label: str, passes: Callable[[int], Any], target: str
) -> tuple[int, list[Roll]]:
    """One D6 for each of ``count`` hits (or wounds), each passing by ``passes`` (a
    read such as ``at_least(4)``): how many passed, and the rolls the chain shows."""
    if count <= 0:
        return 0, []
    if count == 1:
        die = dice.roll(6, label, read=passes, target=target)
        return int(bool(die.value)), [die.roll]
    pool = dice.pool(count, label, sides=6, success=passes, target=target)
    return pool.value.successes, die_by_die(pool.roll, 6)
