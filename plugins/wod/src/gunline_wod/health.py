"""The Health track: how lethal and bashing damage fill it, and the status it gives.

A track has ``health`` boxes (Stamina + Size). Aggravated fills from the left, then
lethal, then bashing. A point that arrives on a full track upgrades the lightest
wound there: bashing to lethal, else lethal to aggravated. Status vocabulary:

``unharmed``      no damage
``injured``       some damage, boxes still free
``unconscious``   track full, the last box bashing
``bleeding_out``  track full, the last box lethal (dying without medical help)
``dead``          track full of aggravated
"""

from __future__ import annotations

STATUSES = ("unharmed", "injured", "unconscious", "bleeding_out", "dead")

#: Damage kinds, from heaviest to lightest: a full track upgrades towards the left.
KINDS = ("aggravated", "lethal", "bashing")


def take_damage(track: dict[str, int], kind: str, points: int, health: int) -> dict[str, int]:
    """The track after ``points`` of ``kind`` damage (a new dict)."""
    track = {k: int(track.get(k, 0)) for k in KINDS}
    for _ in range(points):
        if sum(track.values()) < health:
            track[kind] += 1
            continue
        # Full: the point upgrades the lightest wound on the track instead.
        for lighter, heavier in (("bashing", "lethal"), ("lethal", "aggravated")):
            if track[lighter]:
                track[lighter] -= 1
                track[heavier] += 1
                break
    return track


def status_of(track: dict[str, int], health: int) -> str:
    total = sum(track.get(k, 0) for k in KINDS)
    if total == 0:
        return "unharmed"
    if total < health:
        return "injured"
    if track.get("bashing", 0):
        return "unconscious"
    if track.get("aggravated", 0) >= health:
        return "dead"
    return "bleeding_out"
