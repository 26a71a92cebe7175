"""The scenario vocabulary of World of Darkness firearms: what a GM writes in a file.

One declaration gives the validation of scenario files and the TUI's forms, so the
game's limits live in the annotations: dots run 0-5 for ordinary people (up to 10
for the supernatural), concealment is barely/partially/substantially (1-3).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from gunline import Attack

Dots = Annotated[int, msgspec.Meta(ge=0, le=10)]

#: Range bands of the Ranged Weapons Chart; each is twice the previous one.
RangeBand = Literal["short", "medium", "long"]


class Shooter(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The attacker: the Firearms pool is Dexterity + Firearms (untrained: −1)."""

    name: str
    dexterity: Annotated[int, msgspec.Meta(ge=1, le=10)]
    firearms: Dots = 0


class Weapon(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A firearm. ``damage`` is the chart's Damage rating, added to the attack pool;
    ``clip`` what a full clip holds; ``rounds`` what is left in it now (the clip when
    not given); ``ranges`` the short/medium/long bands in yards, for reference."""

    name: str
    damage: Annotated[int, msgspec.Meta(ge=0, le=10)]
    clip: Annotated[int, msgspec.Meta(ge=1, le=1000)]
    rounds: Annotated[int, msgspec.Meta(ge=0, le=1000)] | None = None
    autofire: bool = False
    ranges: str = ""


class Target(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One target of the attack. Each gets its own roll with its own modifiers.

    ``armor`` is the ballistic rating (dice removed from the pool); ``bulletproof``
    armor also turns lethal damage into bashing. ``bystander`` marks someone hit
    because they stand within a yard of a target or in its melee: they count as a
    target, but not as an intended one. ``health`` is Stamina + Size (7 for most
    adults).
    """

    name: str
    range: RangeBand = "short"
    concealment: Annotated[int, msgspec.Meta(ge=0, le=3)] = 0
    armor: Annotated[int, msgspec.Meta(ge=0, le=10)] = 0
    bulletproof: bool = False
    prone: bool = False
    bystander: bool = False
    health: Annotated[int, msgspec.Meta(ge=1, le=20)] = 7


class Settings(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Top-level keys beyond the common ones. The Storyteller caps how many targets
    a long burst may take; none by default."""

    long_burst_max_targets: Annotated[int, msgspec.Meta(ge=1)] | None = None


#: An attack as the hooks see it: these Structs, and the Storyteller's settings.
WodAttack = Attack[Shooter, Weapon, Target, Settings]
