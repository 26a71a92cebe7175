"""The game's tables, as data: aimed-shot penalties, critical bonuses and effects,
lighting levels, attribute reach, statuses.

Everything a GM might look up in the book lives here so that the rules modules read
as the procedure and the numbers can be checked against the page at a glance.
"""

from __future__ import annotations

import msgspec

from gunline.dice import FaceTable, faces
from gunline.language import N_

#: The eight areas an aimed shot can name, each mapped to its row of the tables
#: below (both arms share a row, both legs share a row).
AREAS: dict[str, str] = {
    "head": "head",
    "eyes": "eyes",
    "torso": "torso",
    "groin": "groin",
    "left_arm": "arms",
    "right_arm": "arms",
    "left_leg": "legs",
    "right_leg": "legs",
}

#: The rows of the aimed tables; a creature's own area (a robot's tracks) names one.
AREA_ROWS: tuple[str, ...] = ("head", "eyes", "torso", "groin", "arms", "legs")

#: Aimed-shot penalty to the chance to hit, by row: (melee, ranged). The seed's table
#: is garbled; the notes' reading puts −60 for the eyes in the ranged column.
AIM_PENALTY: dict[str, tuple[int, int]] = {
    "torso": (0, 0),
    "legs": (-10, -20),
    "arms": (-15, -30),
    "groin": (-15, -30),
    "head": (-20, -40),
    "eyes": (-30, -60),
}

#: Critical chance bonus for an aimed shot, by row (added to the shooter's Luck %).
CRITICAL_BONUS: dict[str, int] = {
    "torso": 0,
    "arms": 10,
    "legs": 20,
    "groin": 20,
    "head": 25,
    "eyes": 30,
}

class Duration(msgspec.Struct, frozen=True):
    """How long a critical's condition lasts: a die of ``sides`` counting ``counts``
    (the roll's label, in English: worded when rolled)."""

    sides: int
    counts: str


#: How long a condition lasts, in turns: a die to roll, a fixed count; a condition
#: not listed lasts until healed. The general table's unconsciousness is "1d4 turns";
#: a knocked-down creature loses its next turn getting up.
CONDITION_LASTS: dict[str, Duration | int] = {
    "unconscious": Duration(4, N_("turns unconscious")),
    "knocked_down": 1,
}


class Critical(msgspec.Struct, frozen=True):
    """One entry of a critical table: its words (in English: the catalogue words
    them when they are told), the damage multiplier (a fraction: ×1.5 is ``(3, 2)``),
    the conditions it leaves (each lasting as :data:`CONDITION_LASTS` says) and
    whether the damage bypasses armor."""

    text: str
    multiplier: tuple[int, int] = (1, 1)
    conditions: tuple[str, ...] = ()
    bypasses_armor: bool = False


#: Critical effect of an aimed shot, by row. ``{area}`` is the area's own name
#: (``crippled_left_arm``, ``crippled_tracks``).
AIMED_CRITICALS: dict[str, Critical] = {
    "torso": Critical(N_("torso: damage ×2"), (2, 1)),
    "arms": Critical(N_("{area} crippled"), conditions=("crippled_{area}",)),
    "legs": Critical(N_("{area} crippled"), conditions=("crippled_{area}",)),
    "groin": Critical(N_("groin: damage ×2, unconscious"), (2, 1), ("unconscious",)),  # 1d4 turns
    "head": Critical(N_("head: damage ×3"), (3, 1)),
    "eyes": Critical(N_("eyes: damage ×3, blinded"), (3, 1), ("blinded",)),
}

#: The general critical table (1d10), for a critical on a shot not aimed at an area.
GENERAL_CRITICALS: FaceTable = faces({
    1: Critical(N_("an arm crippled"), conditions=("crippled_arm",)),
    2: Critical(N_("a leg crippled"), conditions=("crippled_leg",)),
    3: Critical(N_("damage ×3"), (3, 1)),
    4: Critical(N_("damage ×2"), (2, 1)),
    5: Critical(N_("damage ×1.5"), (3, 2)),
    6: Critical(N_("unconscious"), conditions=("unconscious",)),
    7: Critical(N_("bypasses armor (no DT, no DR)"), bypasses_armor=True),
    8: Critical(N_("blinded (Perception 1)"), conditions=("blinded",)),
    9: Critical(N_("knocked down (loses its next turn)"), conditions=("knocked_down",)),
    10: Critical(N_("instant death unless the target passes an Endurance check (GM)"),
                 conditions=("death_check",)),
})

#: Lighting penalty by named level (snake_case of the book's names).
LIGHTING: dict[str, int] = {
    "sunny": 0,
    "well_lit": 0,
    "light_clouds": -5,
    "medium_clouds": -10,
    "heavy_clouds": -15,
    "full_moon": -10,
    "crescent_moon": -20,
    "medium_lit_building": -20,
    "light_rain": -30,
    "light_dust": -30,
    "new_moon": -40,
    "medium_rain": -40,
    "medium_dust": -40,
    "bad_light_indoors": -50,
    "heavy_rain": -60,
    "heavy_dust": -60,
    "downpour": -80,
    "duststorm": -80,
    "blizzard": -150,
    "hurricane": -150,
    "total_darkness": -200,
}

#: Target statuses, least to most severe (the first is untouched).
STATUSES: tuple[str, ...] = ("unharmed", "wounded", "unconscious", "dead")

#: Weapon statuses, the first usable: out of rounds (``empty``: reload), ``jammed``
#: (worn to 0%, or by a critical failure), ``dropped`` or ``broken`` (critical failures).
WEAPON_STATUSES: tuple[str, ...] = ("ok", "empty", "jammed", "dropped", "broken")

#: Condition boxes of a weapon, each 10% of its condition; a failed attack fills one.
CONDITION_BOXES = 10
#: Boxes filled from which a worn weapon is harder to shoot, and by how much.
WORN_AT, WORN_PENALTY = 8, -10

#: Conditions that leave a target at least ``wounded`` even without damage through.
WOUNDING_CONDITIONS: frozenset[str] = frozenset({"blinded", "knocked_down", "death_check"})


def attribute_reach(points: int) -> int:
    """The 2.0 GM reference sheet's AttributeRange: 1→1, 2→3, 3→5 … 10→19 hexes
    (+2 per point)."""
    return 2 * points - 1


def perception_reach(points: int) -> int:
    """The Russian document's Perception table: 1→1, 2→6, 3→9 … 10→30 hexes (3 per
    point; the book prints 1 for Perception 1)."""
    return 1 if points <= 1 else 3 * points
