"""Fire modes: one row per mode of the seed's autofire rules.

``max_targets`` counts every target, bystanders included (a medium burst covers at
most three people side by side); ``max_intended`` counts the targets the shooter
chose (a short burst takes one, anyone else is hit only for standing close).
``None`` means no limit (the Storyteller may set one for a long burst).
"""

from __future__ import annotations

from typing import NamedTuple

from gunline.language import N_

from .messages import _


class FireMode(NamedTuple):
    label: str
    rounds: int
    bonus: int
    autofire: bool
    max_targets: int | None
    max_intended: int | None


FIRE_MODES: dict[str, FireMode] = {
    "single": FireMode(N_("single shot"), 1, 0, False, 1, 1),
    "short": FireMode(N_("short burst"), 3, 1, True, None, 1),
    "medium": FireMode(N_("medium burst"), 10, 2, True, 3, None),
    "long": FireMode(N_("long burst"), 20, 3, True, None, None),
}

#: Each mode as what a shooter may fire instead ("reload, or fire a single shot").
TO_FIRE: dict[str, str] = {
    "single": N_("a single shot"),
    "short": N_("a short burst"),
    "medium": N_("a medium burst"),
    "long": N_("a long burst"),
}


def mode_label(mode: str) -> str:
    """The mode's name in the language in use ("long burst")."""
    return _(FIRE_MODES[mode].label)


def to_fire(mode: str) -> str:
    """The mode as what to fire, in the language in use ("a long burst")."""
    return _(TO_FIRE[mode])
