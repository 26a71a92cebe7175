"""Several D6 read only as counts: rolled as one pool, shown die by die.

Several shots at one fighter, the wound rolls of several hits, the saves of several
wounds, the injury dice of one wound step: each die only passes or fails a
threshold, and the rules read how many passed and how many showed a listed face
(the 6s that force ammo rolls, the 1s that are flesh wounds). Asking the dice for a
pool with those ``special`` faces is the promise that lets exact odds branch over
the counts (a multinomial) instead of over every die: 6 injury dice are 28
outcomes, not 729. The dice are rolled in the same order as one roll each, and the
chain still shows one ``1d6`` roll per die, as a GM reads them at the table.

A single die stays a plain ``dice.roll`` (its prompt reads "needs 4+").
"""

from __future__ import annotations

from typing import Any

from gunline import Roll


def d6_each(
    dice: Any,
    count: int,
    label: str,
    *,
    at_least: int,
    special: tuple[int, ...] = (),
    need: str | None = None,
    target: str | None = None,
) -> list[Roll]:
    """``count`` rolls of 1d6 with threshold ``at_least``, one Roll per die. The
    caller promises to read them only through ``total >= at_least`` and the faces
    in ``special``."""
    if count <= 0:
        return []
    if count == 1:
        return [dice.roll(6, label, at_least=at_least, special=special, need=need, target=target)]
    pool = dice.pool(count, label, sides=6, at_least=at_least, again=None, chance=False,
                     special=special, target=target)
    shown = pool.need if need is None else need
    return [Roll(label=label, dice="1d6", values=[face], total=face, need=shown, manual=pool.manual)
            for face in pool.values]
