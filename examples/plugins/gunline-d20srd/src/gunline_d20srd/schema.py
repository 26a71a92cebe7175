"""The scenario vocabulary of a d20 ranged attack: what a scenario file may say.

gunline validates scenario files against these Structs and builds the app's forms
from them, so every limit is written once, here. Distances are in feet, as the SRD
gives range increments; a weapon's damage is written as the SRD writes it (``1d8``).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from .damage import parse_damage


class Shooter(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Who shoots: the base attack bonus (iterative attacks come from it) and the
    Dexterity score, whose modifier adds to ranged attack rolls."""

    name: str
    base_attack: Annotated[int, msgspec.Meta(ge=0, le=20)] = 1
    dexterity: Annotated[int, msgspec.Meta(ge=1, le=40)] = 10


class Weapon(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What is fired or thrown. ``threat`` is the lowest natural roll that threatens a
    critical (19 for "19-20"), ``multiplier`` the critical's (×3 for a longbow);
    ``increment`` the range increment in feet; ``reload`` what it takes to ready the
    next shot (a bow's is free, a light crossbow's a move action); ``ammunition`` the
    arrows, bolts, bullets or weapons at hand."""

    name: str
    damage: str
    threat: Annotated[int, msgspec.Meta(ge=2, le=20)] = 20
    multiplier: Annotated[int, msgspec.Meta(ge=2, le=4)] = 2
    increment: Annotated[int, msgspec.Meta(ge=5, le=500)]
    thrown: bool = False
    reload: Literal["free", "move", "full-round"] = "free"
    ammunition: Annotated[int, msgspec.Meta(ge=0, le=999)] = 20

    def __post_init__(self) -> None:
        parse_damage(self.damage)  # "damage: expected dice such as 1d8 ..." names the field


class Target(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Who is shot at: Armor Class, hit points now, distance in feet; cover gives +4
    AC; a target in melee with an ally makes the shot -4 (no Precise Shot here)."""

    name: str
    ac: Annotated[int, msgspec.Meta(ge=1, le=60)] = 10
    hp: Annotated[int, msgspec.Meta(ge=1, le=999)] = 6
    distance: Annotated[int, msgspec.Meta(ge=0, le=5000)] = 30
    cover: bool = False
    in_melee: bool = False
