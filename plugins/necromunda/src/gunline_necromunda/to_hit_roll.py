"""The to-hit D6: one shot, several sustained-fire shots, and 7+ in two steps.

"Roll D6. A natural 1 always misses. 7+ required: roll; on a 6, roll again and need
4+ (for 7), 5+ (for 8), 6+ (for 9); 10 or more is impossible. Any to-hit die showing
a natural 6 triggers an ammo roll. The shot still hits." The score needed comes from
:mod:`.to_hit`.
"""

from __future__ import annotations

from functools import cache

from gunline import Dice, Roll
from gunline.dice import FaceTable, at_least, faces

from .messages import _
from .scores import score
from .several import die_by_die
from .tables import SECOND_DICE

MISS, HIT, SIX = "miss", "hit", "hit with a 6"

#: "Any to-hit dice that scores a 6" forces an ammo roll; against 6 or less it hits too.
NATURAL_SIX = faces({6: SIX})


@cache
def to_hit_dice(need: int) -> FaceTable:
    """What one to-hit D6 needing ``need`` (6 or less) shows: a miss, a hit (on
    ``need`` or more, but "a natural 1 always misses"), or a 6, which hits and forces
    an ammo roll."""
    hits = score(need)
    shows = {face: SIX if NATURAL_SIX(face) else HIT if hits(face) else MISS for face in range(1, 7)}
    return faces(shows, need=hits.need)


def roll_to_hit(dice: Dice, need: int, target: str) -> tuple[bool, bool, list[Roll]]:
    """One to-hit roll: (hit, a natural 6 on the first die, rolls). A score of 10+
    rolls nothing; the second D6 of a 7+ is rolled only after a 6."""
    if need <= 6:
        shot = dice.roll(6, _("to hit"), read=to_hit_dice(need), target=target)
        return shot.value != MISS, shot.value == SIX, [shot.roll]
    second = SECOND_DICE.get(need)
    if second is None:
        return False, False, []
    first = dice.roll(6, _("to hit"), read=at_least(6), need=_("6 then {second}+", second=second), target=target)
    if not first.value:
        return False, False, [first.roll]
    again = dice.roll(6, _("to hit, second dice"), read=at_least(second), target=target)
    return bool(again.value), True, [first.roll, again.roll]


def roll_shots(dice: Dice, shots: int, need: int, target: str) -> tuple[int, int, list[Roll]]:
    """Several sustained-fire shots at one fighter, needing 6 or less: (hits,
    natural 6s, one roll per die). "Each shot rolls to hit separately", a natural 1
    missing whatever the score; "any to-hit dice that scores a 6" forces an ammo roll."""
    pool = dice.pool(shots, _("to hit"), sides=6, success=score(need), read=NATURAL_SIX, target=target)
    return pool.value.successes, pool.value[SIX], die_by_die(pool.roll, 6)
