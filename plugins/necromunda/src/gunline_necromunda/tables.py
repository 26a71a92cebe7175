"""The seed's tables, as data: BS, wound chart, injury dice, statuses, artillery dice.

Kept apart from the code that reads them so that each row can be checked against the
rulebook at a glance. The dice tables (injury, artillery) are the reads their rolls
are made with: what each face means is all a rule learns of it.
"""

from __future__ import annotations

from gunline.dice import faces

#: The score a D6 needs for a shooter of each Ballistic Skill: 7 − BS (BS 1 = 6+,
#: BS 7 = 0, BS 10 = −3). A natural 1 misses whatever the table says.
BASE_TO_HIT = 7

#: Scores of 7, 8 and 9 are made in two steps: a 6, then this on a second D6.
#: 10 or more cannot hit at all.
SECOND_DICE = {7: 4, 8: 5, 9: 6}
IMPOSSIBLE_TO_HIT = 10

#: Wound chart: WOUND_CHART[strength][toughness] is the D6 score that wounds,
#: ``None`` where the chart shows "—" (the hit cannot wound).
_: None = None
WOUND_CHART: dict[int, tuple[int | None, ...]] = {
    #    T: 1  2  3  4  5  6  7  8  9  10
    1: (4, 5, 6, 6, _, _, _, _, _, _),
    2: (3, 4, 5, 6, 6, _, _, _, _, _),
    3: (2, 3, 4, 5, 6, 6, _, _, _, _),
    4: (2, 2, 3, 4, 5, 6, 6, _, _, _),
    5: (2, 2, 2, 3, 4, 5, 6, 6, _, _),
    6: (2, 2, 2, 2, 3, 4, 5, 6, 6, _),
    7: (2, 2, 2, 2, 2, 3, 4, 5, 6, 6),
    8: (2, 2, 2, 2, 2, 2, 3, 4, 5, 6),
    9: (2, 2, 2, 2, 2, 2, 2, 3, 4, 5),
    10: (2, 2, 2, 2, 2, 2, 2, 2, 3, 4),
}
del _


def to_wound(strength: int, toughness: int) -> int | None:
    """The D6 score that wounds, or ``None`` if the hit cannot wound ("—")."""
    return WOUND_CHART[strength][toughness - 1]


#: Injury dice: 1 flesh wound, 2-5 down, 6 out of action.
FLESH_WOUND, DOWN, OUT_OF_ACTION = "flesh wound", "down", "out of action"
INJURY = faces({1: FLESH_WOUND, range(2, 6): DOWN, 6: OUT_OF_ACTION})
#: Strength from which a weapon is high impact: its first injury dice puts the
#: fighter out of action on a 5 as well as a 6.
HIGH_IMPACT_STRENGTH = 7
HIGH_IMPACT_INJURY = faces({1: FLESH_WOUND, range(2, 5): DOWN, range(5, 7): OUT_OF_ACTION})

#: Target statuses in the chain, first = untouched, ordered by severity: a fighter
#: never gets better during a shooting attack, so his status is the worst seen.
STATUSES = ("unharmed", "pinned", "down", "out_of_action")
SEVERITY = {s: i for i, s in enumerate(STATUSES)}
#: The scenario's word for how a fighter stands, as a chain status.
STANDING = {"standing": "unharmed", "pinned": "pinned", "down": "down"}
WEAPON_STATUSES = ("ok", "broken")

#: Artillery dice: a D6 printed 2, 4, 6, 8, 10 (inches) and MISFIRE.
MISFIRE = "misfire"
ARTILLERY = faces({1: 2, 2: 4, 3: 6, 4: 8, 5: 10, 6: MISFIRE})

#: Armour: the seed's list (with the 1995 core's flak, mesh and carapace), as the
#: D6 save it gives; flak saves on 5+ against template weapons.
ARMOUR = {
    "hide": 6,
    "leather": 6,
    "scout": 4,
    "black-shell": 4,
    "carapace": 4,
    "front-line": 4,
    "flak": 6,
    "power": 3,
    "dreadnought": 3,
    "mesh": 5,
}
ARMOUR_VS_TEMPLATE = {"flak": 5}
