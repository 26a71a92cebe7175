"""The scenario vocabulary: shooter, weapon and target, as validated Structs.

Core validates scenario files against these and the TUI builds its forms from them,
so every limit lives in an annotation. Names are the game's: ``bs`` (Ballistic
Skill), ``toughness``, ``save`` (the X of an X+ armour save), ``ammo_roll``.

The annotations here are evaluated when the module is imported (no ``from __future__
import annotations``): msgspec then reads types, where it would evaluate each string
anew the first time a scenario is read, two milliseconds of every command's start.
"""

from typing import TYPE_CHECKING, Annotated, Literal

import msgspec

from gunline import Attack
from gunline.language import N_

from .tables import ARMOUR

Stat = Annotated[int, msgspec.Meta(ge=1, le=10, description=N_("characteristic, 1 to 10"))]
Score = Annotated[int, msgspec.Meta(ge=2, le=6, description=N_("the X of a D6 roll of X+"))]
Inches = Annotated[float, msgspec.Meta(ge=0, le=1000, description=N_("inches"))]
HitModifier = Annotated[int, msgspec.Meta(ge=-3, le=3)]
if TYPE_CHECKING:
    ArmourName = str
else:  # one of the armour table's names, checked when a scenario is read
    ArmourName = Literal[tuple(ARMOUR)]
Coverage = Literal["wholly", "partly", "none"]


class Shooter(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The fighter who shoots (or throws a grenade)."""

    name: Annotated[str, msgspec.Meta(
        title=N_("Fighter"),
        description=N_("the fighter who shoots, by the name the chain and the encounter know him by"),
    )]
    #: Ballistic Skill: the D6 score to hit is 7 − BS (0 after flesh wounds).
    bs: Annotated[int, msgspec.Meta(
        ge=0, le=10, title=N_("Ballistic Skill (BS)"),
        description=N_("0 to 10: the D6 score to hit is 7 − BS, before modifiers"),
    )]
    #: Strength: how far a grenade is thrown (S × 3 inches).
    strength: Annotated[Stat, msgspec.Meta(
        title=N_("Strength (S)"),
        description=N_("how far he throws a grenade: S × 3 inches"),
    )] = 3
    #: Shooting from overwatch, in the opponent's turn: −1 to hit.
    overwatch: Annotated[bool, msgspec.Meta(
        title=N_("On overwatch"),
        description=N_("shooting in the opponent's turn from overwatch: −1 to hit, and the overwatch ends"),
    )] = False
    #: A fighter who ran this turn cannot shoot.
    ran: Annotated[bool, msgspec.Meta(
        title=N_("Ran this turn"),
        description=N_("a fighter who ran this turn cannot shoot"),
    )] = False
    #: A fighter in base contact with an enemy cannot shoot.
    in_combat: Annotated[bool, msgspec.Meta(
        title=N_("In hand-to-hand"),
        description=N_("in base contact with an enemy: he cannot shoot"),
    )] = False
    #: Flesh wounds taken earlier in the game: each is −1 BS (and WS). In an encounter
    #: the count the encounter holds for him (from attacks on him) is used instead.
    flesh_wounds: Annotated[int, msgspec.Meta(
        ge=0, le=10, title=N_("Flesh wounds"),
        description=N_("flesh wounds taken earlier: −1 BS each (an encounter's count wins)"),
    )] = 0
    #: The GM lets him shoot at a target who is not the nearest enemy (a skill, the
    #: scenario's own rule, or the GM's call): the nearest-target rule is waived.
    ignore_nearest: Annotated[bool, msgspec.Meta(
        title=N_("May pass over the nearest"),
        description=N_("the GM waives the nearest-target rule for this shot"),
    )] = False


class Weapon(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A weapon profile; catalogue weapons fill every field but ``name``."""

    name: Annotated[str, msgspec.Meta(
        title=N_("Weapon"),
        description=N_("a weapon of the catalogue, or a custom weapon with its whole profile"),
    )]
    strength: Annotated[Stat, msgspec.Meta(
        title=N_("Strength (S)"),
        description=N_("the weapon's Strength against the target's Toughness on the wound chart"),
    )]
    #: The X of the weapon's X+ ammo roll, or "auto" for none (grenades).
    ammo_roll: Annotated[Score | Literal["auto"], msgspec.Meta(
        title=N_("Ammo roll"),
        description=N_("the X of the 2D6 roll of X+ made on each natural 6 to hit; auto: none"),
    )]
    short_range: Annotated[Inches | None, msgspec.Meta(
        title=N_("Short range"),
        description=N_("inches: up to here the short-range modifier applies"),
    )] = None
    long_range: Annotated[Inches | None, msgspec.Meta(
        title=N_("Long range"),
        description=N_("inches: the weapon's reach"),
    )] = None
    hit_short: Annotated[HitModifier, msgspec.Meta(
        title=N_("To hit, short"),
        description=N_("to-hit modifier at short range (+1 makes it easier)"),
    )] = 0
    hit_long: Annotated[HitModifier, msgspec.Meta(
        title=N_("To hit, long"),
        description=N_("to-hit modifier at long range (+1 makes it easier)"),
    )] = 0
    #: Wounds each unsaved hit inflicts: a number, or "D3"/"D6" rolled per wound.
    damage: Annotated[int, msgspec.Meta(
        ge=1, le=10, title=N_("Damage"),
        description=N_("wounds each unsaved hit does: a number, or D3 / D6 rolled per wound"),
    )] | Literal["D3", "D6"] = 1
    #: Modifier to the target's armour save (−1 makes a 4+ save a 5+).
    save_mod: Annotated[int, msgspec.Meta(
        ge=-6, le=0, title=N_("Save modifier"),
        description=N_("what the weapon takes off the target's armour save (−1 makes 4+ into 5+)"),
    )] = 0
    #: Sustained-fire dice: each is a D3 of shots.
    sustained_fire: Annotated[int, msgspec.Meta(
        ge=0, le=3, title=N_("Sustained fire dice"),
        description=N_("each die is a D3 of shots, the extra ones at fighters within 4\" of the first"),
    )] = 0
    template: Annotated[Literal["none", "small_blast", "large_blast", "flame"], msgspec.Meta(
        title=N_("Template"),
        description=N_("none, a small or large blast template, or the flamer's template"),
    )] = "none"
    #: Thrown instead of shot: range S × 3, halved scatter with no cap, own cover rule.
    grenade: Annotated[bool, msgspec.Meta(
        title=N_("Grenade"),
        description=N_("thrown, not shot: range S × 3, half the scatter with no cap"),
    )] = False
    #: Failed an ammo roll earlier in the game: it cannot shoot.
    broken: Annotated[bool, msgspec.Meta(
        title=N_("Broken"),
        description=N_("failed an ammo roll earlier: it cannot shoot"),
    )] = False


class Target(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A fighter shot at (the first one) or caught by the same attack (the others)."""

    name: Annotated[str, msgspec.Meta(
        title=N_("Fighter"),
        description=N_("the fighter shot at (the first) or caught by the same attack"),
    )]
    #: Distance from the shooter in inches (range and maximum scatter).
    distance: Annotated[Inches, msgspec.Meta(
        title=N_("Distance"),
        description=N_("inches from the shooter: the range band, and the cap on a scatter"),
    )]
    toughness: Annotated[Stat, msgspec.Meta(
        title=N_("Toughness (T)"),
        description=N_("against the weapon's Strength on the wound chart"),
    )] = 3
    #: Wounds the fighter has left.
    wounds: Annotated[int, msgspec.Meta(
        ge=1, le=10, title=N_("Wounds (W)"),
        description=N_("wounds he has left: the one that takes the last rolls an injury"),
    )] = 1
    #: Armour save as X of X+ (give this or ``armour``).
    save: Annotated[Score | None, msgspec.Meta(
        title=N_("Armour save"),
        description=N_("the X of his D6 armour save of X+ (or give his armour by name)"),
    )] = None
    #: Armour by name (flak saves 5+ against template weapons).
    armour: Annotated[ArmourName | None, msgspec.Meta(
        title=N_("Armour"),
        description=N_("his armour by name: its save (flak: 5+ against templates)"),
    )] = None
    #: Invulnerable save, X of X+: takes no modifier; the better of it and armour is used.
    invulnerable: Annotated[Score | None, msgspec.Meta(
        title=N_("Invulnerable save"),
        description=N_("the X of an X+ save no weapon modifies; the better of it and the armour"),
    )] = None
    cover: Annotated[Literal["none", "partial", "full"], msgspec.Meta(
        title=N_("Cover"),
        description=N_("partial: −1 to hit (up to half hidden); full: −2 (more than half)"),
    )] = "none"
    charging: Annotated[bool, msgspec.Meta(
        title=N_("Charging"), description=N_("charging the shooter: −1 to hit"),
    )] = False
    #: Ran in its previous turn: −1 to hit.
    ran: Annotated[bool, msgspec.Meta(
        title=N_("Ran last turn"), description=N_("ran in his previous turn: −1 to hit"),
    )] = False
    #: small: under 1" (never a fighter), −1; large: over 2", +1.
    size: Annotated[Literal["normal", "small", "large"], msgspec.Meta(
        title=N_("Size"),
        description=N_("small (under 1\"): −1 to hit; large (over 2\"): +1"),
    )] = "normal"
    status: Annotated[Literal["standing", "pinned", "down"], msgspec.Meta(
        title=N_("Status"),
        description=N_("standing, pinned, or down (a down fighter takes an injury dice per wound)"),
    )] = "standing"
    #: Flesh wounds taken earlier (each −1 WS and BS).
    flesh_wounds: Annotated[int, msgspec.Meta(
        ge=0, le=10, title=N_("Flesh wounds"),
        description=N_("flesh wounds taken earlier: each −1 WS and BS"),
    )] = 0
    #: The target's own WS and BS, if known: flesh wounds that bring both to 0 put
    #: him out of action.
    ws: Annotated[int, msgspec.Meta(
        ge=0, le=10, title=N_("Weapon Skill (WS)"),
        description=N_("his own WS, if known: flesh wounds that bring WS and BS to 0 take him out"),
    )] | None = None
    bs: Annotated[int, msgspec.Meta(
        ge=0, le=10, title=N_("Ballistic Skill (BS)"),
        description=N_("his own BS, if known: flesh wounds that bring WS and BS to 0 take him out"),
    )] | None = None
    #: Sustained fire: this target is within 4" of the first, so extra shots may go at it.
    near_first: Annotated[bool, msgspec.Meta(
        title=N_("Within 4\" of the first"),
        description=N_("sustained fire may put extra shots on him"),
    )] = False
    #: Sustained fire, the GM's spread: how many of the shots go at this fighter (the
    #: first target's count includes the first shot). Given for any target, the shots
    #: are dealt as given, in scenario order, and those left over go at the first
    #: target; given for none, they go round in turn.
    shots: Annotated[int, msgspec.Meta(
        ge=0, le=9, title=N_("Shots at him"),
        description=N_("sustained fire: shots the GM puts on this fighter (the rest: the first)"),
    )] | None = None
    #: An enemy the shooter can see but does not shoot at, listed so that the
    #: nearest-target rule knows he is there (his distance, cover and size).
    in_sight_only: Annotated[bool, msgspec.Meta(
        title=N_("In sight, not shot at"),
        description=N_("an enemy in sight who is not shot at (for the nearest-target rule)"),
    )] = False
    #: Fighting hand-to-hand: the nearest-target rule lets the shooter ignore him.
    in_combat: Annotated[bool, msgspec.Meta(
        title=N_("In hand-to-hand"),
        description=N_("in hand-to-hand combat: may be ignored by the nearest-target rule"),
    )] = False
    #: Initiative: a pinned fighter's early recovery test passes on a D6 at or under it.
    initiative: Annotated[int, msgspec.Meta(
        ge=1, le=10, title=N_("Initiative (I)"),
        description=N_("Initiative, for a pinned fighter's early recovery test (D6 ≤ I)"),
    )] | None = None
    #: Early recovery: a friend within 2" of this pinned fighter who is not a juve,
    #: down or broken (the GM's call at the table); without one, no early test.
    friend_near: Annotated[bool, msgspec.Meta(
        title=N_("A friend within 2\""),
        description=N_(
            "a friend within 2\" who is not a juve, down or broken: a pinned fighter may test to recover early"
        ),
    )] = False
    #: Template weapons: how this target lies under the template placed on the first
    #: target (a blast that hits, or a flamer). Unset: "wholly" for the first target,
    #: "none" for the others.
    under_template: Annotated[Coverage | None, msgspec.Meta(
        title=N_("Under the template"),
        description=N_("how he lies under a template placed on the first target: wholly, partly (hit on 4+), or not"),
    )] = None
    #: Blast weapons: how this target lies under the template where a missed shot
    #: scatters to (the GM marks it after the scatter).
    under_scatter: Annotated[Coverage, msgspec.Meta(
        title=N_("Under the scattered blast"),
        description=N_("how he lies under the template where a missed blast scatters to"),
    )] = "none"


#: An attack as the hooks see it: these Structs, and no settings of the ruleset's own.
NecromundaAttack = Attack[Shooter, Weapon, Target, None]
