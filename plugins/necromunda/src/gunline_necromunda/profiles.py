"""The scenario vocabulary: shooter, weapon and target, as validated Structs.

Core validates scenario files against these and the TUI builds its forms from them,
so every limit lives in an annotation. Names are the game's: ``bs`` (Ballistic
Skill), ``toughness``, ``save`` (the X of an X+ armour save), ``ammo_roll``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

import msgspec

from gunline import Attack

from .tables import ARMOUR

Stat = Annotated[int, msgspec.Meta(ge=1, le=10, description="characteristic, 1 to 10")]
Score = Annotated[int, msgspec.Meta(ge=2, le=6, description="the X of a D6 roll of X+")]
Inches = Annotated[float, msgspec.Meta(ge=0, le=1000, description="inches")]
HitModifier = Annotated[int, msgspec.Meta(ge=-3, le=3)]
if TYPE_CHECKING:
    ArmourName = str
else:  # one of the armour table's names, checked when a scenario is read
    ArmourName = Literal[tuple(ARMOUR)]
Coverage = Literal["wholly", "partly", "none"]


class Shooter(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The fighter who shoots (or throws a grenade)."""

    name: str
    #: Ballistic Skill: the D6 score to hit is 7 − BS (0 after flesh wounds).
    bs: Annotated[int, msgspec.Meta(ge=0, le=10)]
    #: Strength: how far a grenade is thrown (S × 3 inches).
    strength: Stat = 3
    #: Shooting from overwatch, in the opponent's turn: −1 to hit.
    overwatch: bool = False
    #: A fighter who ran this turn cannot shoot.
    ran: bool = False
    #: A fighter in base contact with an enemy cannot shoot.
    in_combat: bool = False
    #: Flesh wounds taken earlier in the game: each is −1 BS (and WS). In an encounter
    #: the count the encounter holds for him (from attacks on him) is used instead.
    flesh_wounds: Annotated[
        int, msgspec.Meta(ge=0, le=10, description="flesh wounds taken earlier: −1 BS each (an encounter's count wins)")
    ] = 0
    #: The GM lets him shoot at a target who is not the nearest enemy (a skill, the
    #: scenario's own rule, or the GM's call): the nearest-target rule is waived.
    ignore_nearest: Annotated[
        bool, msgspec.Meta(description="the GM waives the nearest-target rule for this shot")
    ] = False


class Weapon(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A weapon profile; catalogue weapons fill every field but ``name``."""

    name: str
    strength: Stat
    #: The X of the weapon's X+ ammo roll, or "auto" for none (grenades).
    ammo_roll: Score | Literal["auto"]
    short_range: Inches | None = None
    long_range: Inches | None = None
    hit_short: HitModifier = 0
    hit_long: HitModifier = 0
    #: Wounds each unsaved hit inflicts: a number, or "D3"/"D6" rolled per wound.
    damage: Annotated[int, msgspec.Meta(ge=1, le=10)] | Literal["D3", "D6"] = 1
    #: Modifier to the target's armour save (−1 makes a 4+ save a 5+).
    save_mod: Annotated[int, msgspec.Meta(ge=-6, le=0)] = 0
    #: Sustained-fire dice: each is a D3 of shots.
    sustained_fire: Annotated[int, msgspec.Meta(ge=0, le=3)] = 0
    template: Literal["none", "small_blast", "large_blast", "flame"] = "none"
    #: Thrown instead of shot: range S × 3, halved scatter with no cap, own cover rule.
    grenade: bool = False
    #: Failed an ammo roll earlier in the game: it cannot shoot.
    broken: bool = False


class Target(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A fighter shot at (the first one) or caught by the same attack (the others)."""

    name: str
    #: Distance from the shooter in inches (range and maximum scatter).
    distance: Inches
    toughness: Stat = 3
    #: Wounds the fighter has left.
    wounds: Annotated[int, msgspec.Meta(ge=1, le=10)] = 1
    #: Armour save as X of X+ (give this or ``armour``).
    save: Score | None = None
    #: Armour by name (flak saves 5+ against template weapons).
    armour: ArmourName | None = None
    #: Invulnerable save, X of X+: takes no modifier; the better of it and armour is used.
    invulnerable: Score | None = None
    cover: Literal["none", "partial", "full"] = "none"
    charging: bool = False
    #: Ran in its previous turn: −1 to hit.
    ran: bool = False
    #: small: under 1" (never a fighter), −1; large: over 2", +1.
    size: Literal["normal", "small", "large"] = "normal"
    status: Literal["standing", "pinned", "down"] = "standing"
    #: Flesh wounds taken earlier (each −1 WS and BS).
    flesh_wounds: Annotated[int, msgspec.Meta(ge=0, le=10)] = 0
    #: The target's own WS and BS, if known: flesh wounds that bring both to 0 put
    #: him out of action.
    ws: Annotated[int, msgspec.Meta(ge=0, le=10)] | None = None
    bs: Annotated[int, msgspec.Meta(ge=0, le=10)] | None = None
    #: Sustained fire: this target is within 4" of the first, so extra shots may go at it.
    near_first: bool = False
    #: Sustained fire, the GM's spread: how many of the shots go at this fighter (the
    #: first target's count includes the first shot). Given for any target, the shots
    #: are dealt as given, in scenario order, and those left over go at the first
    #: target; given for none, they go round in turn.
    shots: Annotated[
        int,
        msgspec.Meta(ge=0, le=9, description="sustained fire: shots the GM puts on this fighter (the rest: the first)"),
    ] | None = None
    #: An enemy the shooter can see but does not shoot at, listed so that the
    #: nearest-target rule knows he is there (his distance, cover and size).
    in_sight_only: Annotated[
        bool, msgspec.Meta(description="an enemy in sight who is not shot at (for the nearest-target rule)")
    ] = False
    #: Fighting hand-to-hand: the nearest-target rule lets the shooter ignore him.
    in_combat: Annotated[
        bool, msgspec.Meta(description="in hand-to-hand combat: may be ignored by the nearest-target rule")
    ] = False
    #: Initiative: a pinned fighter's early recovery test passes on a D6 at or under it.
    initiative: Annotated[
        int, msgspec.Meta(ge=1, le=10, description="Initiative, for a pinned fighter's early recovery test (D6 ≤ I)")
    ] | None = None
    #: Template weapons: how this target lies under the template placed on the first
    #: target (a blast that hits, or a flamer). Unset: "wholly" for the first target,
    #: "none" for the others.
    under_template: Coverage | None = None
    #: Blast weapons: how this target lies under the template where a missed shot
    #: scatters to (the GM marks it after the scatter).
    under_scatter: Coverage = "none"


#: An attack as the hooks see it: these Structs, and no settings of the ruleset's own.
NecromundaAttack = Attack[Shooter, Weapon, Target, None]
