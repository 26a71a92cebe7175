"""The scenario vocabulary of World of Darkness firearms: what a GM writes in a file.

One declaration gives the validation of scenario files and the TUI's forms, so the
game's limits live in the annotations: dots run 0-5 for ordinary people (up to 10
for the supernatural), concealment is barely/partially/substantially (1-3).

The annotations are evaluated when the module is imported (no ``from __future__
import annotations``): msgspec then reads types, where it would evaluate each string
anew the first time a scenario is read, at every command's start.
"""

from typing import Annotated, Literal

import msgspec

from gunline import Attack
from gunline.language import N_

from .ranges import check_ranges

Dots = Annotated[int, msgspec.Meta(ge=0, le=10)]

#: Range bands of the Ranged Weapons Chart; each is twice the previous one.
RangeBand = Literal["short", "medium", "long"]


#: Specified targets (p. 163): the body part aimed at, and what it costs.
BodyPart = Literal["torso", "arm", "leg", "head", "hand", "eye"]


class Shooter(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The attacker: the Firearms pool is Dexterity + Firearms (untrained: −1).
    ``aiming``: full turns spent aiming (+1 each, at most +3; not with autofire);
    ``strength``: his Strength, against the weapon's Strength requirement."""

    name: Annotated[str, msgspec.Meta(
        title=N_("Character"),
        description=N_("the character who fires, by the name the chain and the encounter know"),
    )]
    dexterity: Annotated[int, msgspec.Meta(
        ge=1, le=10, title=N_("Dexterity"),
        description=N_("Attribute dots: the pool is Dexterity + Firearms"),
    )]
    firearms: Annotated[Dots, msgspec.Meta(title=N_("Firearms"), description=N_("Skill dots; untrained (0) is −1"))] = 0
    aiming: Annotated[int, msgspec.Meta(
        ge=0, le=10, title=N_("Turns aiming"),
        description=N_("full turns spent aiming: +1 each, at most +3 (not with autofire)"),
    )] = 0
    strength: Annotated[int, msgspec.Meta(
        ge=1, le=10, title=N_("Strength"),
        description=N_("Strength: below the weapon's requirement, −1"),
    )] | None = None


class Weapon(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A firearm. ``damage`` is the chart's Damage rating, added to the attack pool;
    ``clip`` what a full clip holds; ``rounds`` what is left in it now (the clip when
    not given); ``ranges`` the short/medium/long bands in yards: on a map the
    targets' range bands are read against them; blank, the weapon gives none."""

    name: Annotated[str, msgspec.Meta(
        title=N_("Weapon"),
        description=N_("a weapon of the Ranged Weapons Chart, or a custom one with its whole profile"),
    )]
    damage: Annotated[int, msgspec.Meta(
        ge=0, le=10, title=N_("Damage"),
        description=N_("the chart's Damage rating, added to the attack pool"),
    )]
    clip: Annotated[int, msgspec.Meta(ge=1, le=1000, title=N_("Clip"), description=N_("rounds a full clip holds"))]
    rounds: Annotated[int, msgspec.Meta(
        ge=0, le=1000, title=N_("Rounds left"),
        description=N_("rounds in the clip now (unset: a full clip)"),
    )] | None = None
    autofire: Annotated[bool, msgspec.Meta(
        title=N_("Autofire"),
        description=N_("capable of autofire: short, medium and long bursts"),
    )] = False
    ranges: Annotated[str, msgspec.Meta(
        title=N_("Ranges"),
        description=N_("short/medium/long in yards, as the chart prints them (for reference)"),
    )] = ""
    #: The chart's Strength requirement: a weaker shooter takes −1.
    strength: Annotated[int, msgspec.Meta(
        ge=1, le=10, title=N_("Strength requirement"),
        description=N_("Strength needed to use it well (the chart's Str.)"),
    )] | None = None
    #: n-again: dice showing this or more are rolled again (the chart marks shotguns 9-again).
    again: Annotated[Literal[10, 9, 8], msgspec.Meta(
        title=N_("n-again"),
        description=N_("dice showing this or more are rolled again (shotguns: 9)"),
    )] = 10
    #: Jammed by an earlier dramatic failure: it cannot fire until cleared (an action).
    jammed: Annotated[bool, msgspec.Meta(
        title=N_("Jammed"),
        description=N_("jammed by an earlier dramatic failure: clear it (an action) to fire again"),
    )] = False
    #: Armor-piercing ammunition: the armor it meets counts this much less.
    armor_piercing: Annotated[int, msgspec.Meta(
        ge=0, le=10, title=N_("Armor piercing"),
        description=N_("armor-piercing rating: armor counts this much less"),
    )] = 0

    def __post_init__(self) -> None:
        check_ranges(self.ranges)


class Target(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One target of the attack. Each gets its own roll with its own modifiers.

    ``armor`` is the ballistic rating (dice removed from the pool); ``bulletproof``
    armor also turns lethal damage into bashing. ``bystander`` marks someone hit
    because they stand within a yard of a target or in its melee: they count as a
    target, but not as an intended one. ``health`` is Stamina + Size (7 for most
    adults).

    Shooting into close combat with a single shot: ``avoided`` marks a combatant
    fighting the target whom the shooter tries not to hit (−2 on the target's roll,
    −4 if ``grappling``); on a dramatic failure one of them, at random, is hit.
    ``cover_durability``: the target is wholly behind a barrier of that Durability,
    which the shot must go through. ``specified``: the body part aimed at.
    ``point_blank``: within a yard or so of the shooter (a prone target then gives
    +2, not −2, and his ``defense`` applies).
    """

    name: Annotated[str, msgspec.Meta(
        title=N_("Character"),
        description=N_("the one shot at (or a bystander hit by the spray)"),
    )]
    range: Annotated[RangeBand, msgspec.Meta(
        title=N_("Range"),
        description=N_("the range band: short, medium (−2) or long (−4)"),
    )] = "short"
    concealment: Annotated[int, msgspec.Meta(
        ge=0, le=3, title=N_("Concealment"),
        description=N_("0 none, 1 barely (−1), 2 partially (−2), 3 substantially (−3)"),
    )] = 0
    armor: Annotated[int, msgspec.Meta(
        ge=0, le=10, title=N_("Armor"),
        description=N_("ballistic rating: dice taken from the pool"),
    )] = 0
    bulletproof: Annotated[bool, msgspec.Meta(
        title=N_("Bulletproof armor"),
        description=N_("turns lethal damage into bashing"),
    )] = False
    prone: Annotated[bool, msgspec.Meta(
        title=N_("Prone"),
        description=N_("lying down: −2 to hit him (+2 at point blank)"),
    )] = False
    bystander: Annotated[bool, msgspec.Meta(
        title=N_("Bystander"),
        description=N_("within a yard of a target or in its melee: hit by the spray, not aimed at"),
    )] = False
    health: Annotated[int, msgspec.Meta(
        ge=1, le=20, title=N_("Health"),
        description=N_("Stamina + Size (7 for most adults): the Health track's boxes"),
    )] = 7
    avoided: Annotated[bool, msgspec.Meta(
        title=N_("Avoided in close combat"),
        description=N_("in close combat with the target; the single shot tries not to hit him"),
    )] = False
    grappling: Annotated[bool, msgspec.Meta(
        title=N_("Grappling"),
        description=N_("an avoided combatant in a grapple with the target: −4, not −2"),
    )] = False
    cover_durability: Annotated[int, msgspec.Meta(
        ge=0, le=30, title=N_("Behind cover (Durability)"),
        description=N_("wholly behind cover of this Durability: the shot goes through it"),
    )] | None = None
    specified: Annotated[BodyPart, msgspec.Meta(
        title=N_("Specified target"),
        description=N_("the part aimed at: torso −1, arm/leg −2, head −3, hand −4, eye −5"),
    )] | None = None
    point_blank: Annotated[bool, msgspec.Meta(
        title=N_("Point blank"),
        description=N_("within a yard or so: a prone target is +2 (not −2) and Defense applies"),
    )] = False
    defense: Annotated[int, msgspec.Meta(
        ge=0, le=10, title=N_("Defense"),
        description=N_("Defense: counts against a shot at a prone target at point blank"),
    )] = 0


class Settings(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Top-level keys beyond the common ones. The Storyteller caps how many targets
    a long burst may take; none by default."""

    long_burst_max_targets: Annotated[int, msgspec.Meta(
        ge=1, title=N_("Long burst: most targets"),
        description=N_("the Storyteller's cap on a long burst's targets (unset: none)"),
    )] | None = None


#: An attack as the hooks see it: these Structs, and the Storyteller's settings.
WodAttack = Attack[Shooter, Weapon, Target, Settings]
