"""The firearms of the World of Darkness Rulebook's Ranged Weapons Chart (p. 170).

``damage`` is the rating added to the attack pool; ``clip`` the rounds a clip holds
(the chart's "+1" chambered round is left out: a GM who counts it writes
``rounds``); ``ranges`` short/medium/long in yards; ``strength`` the chart's Strength
requirement; ``again`` the shotgun's 9-again (its Special column). The seed's own examples use an
automatic rifle of rating 3 with a 30-round clip: its scenario files say so inline.
"""

from __future__ import annotations

FIREARMS: dict[str, dict[str, object]] = {
    "light revolver": {"damage": 2, "clip": 6, "ranges": "20/40/80", "strength": 2},
    "heavy revolver": {"damage": 3, "clip": 6, "ranges": "35/70/140", "strength": 3},
    "light pistol": {"damage": 2, "clip": 17, "ranges": "20/40/80", "strength": 2},
    "heavy pistol": {"damage": 3, "clip": 7, "ranges": "30/60/120", "strength": 3},
    "rifle": {"damage": 5, "clip": 5, "ranges": "200/400/800", "strength": 2},
    "small SMG": {"damage": 2, "clip": 30, "ranges": "25/50/100", "autofire": True, "strength": 2},
    "large SMG": {"damage": 3, "clip": 30, "ranges": "50/100/200", "autofire": True, "strength": 3},
    "assault rifle": {"damage": 4, "clip": 42, "ranges": "150/300/600", "autofire": True, "strength": 3},
    # the chart's Special column: "9 again"
    "shotgun": {"damage": 4, "clip": 5, "ranges": "20/40/80", "strength": 3, "again": 9},
}
