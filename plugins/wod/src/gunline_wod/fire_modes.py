"""Fire modes: one row per mode of the seed's autofire rules.

``max_targets`` counts every target, bystanders included (a medium burst covers at
most three people side by side); ``max_intended`` counts the targets the shooter
chose (a short burst takes one, anyone else is hit only for standing close).
``None`` means no limit (the Storyteller may set one for a long burst).
"""

from __future__ import annotations

from typing import NamedTuple


class FireMode(NamedTuple):
    label: str
    rounds: int
    bonus: int
    autofire: bool
    max_targets: int | None
    max_intended: int | None


FIRE_MODES: dict[str, FireMode] = {
    "single": FireMode("single shot", 1, 0, False, 1, 1),
    "short": FireMode("short burst", 3, 1, True, None, 1),
    "medium": FireMode("medium burst", 10, 2, True, 3, None),
    "long": FireMode("long burst", 20, 3, True, None, None),
}
