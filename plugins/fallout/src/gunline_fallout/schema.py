"""The scenario vocabulary of Fallout PnP: shooter, weapon, target and the attack's
settings, with the game's own limits (attributes 1–10, percentages, hexes).

The annotations are evaluated when the module is imported (no ``from __future__
import annotations``): msgspec then reads types, where it would evaluate each string
anew the first time a scenario is read, at every command's start.
"""

from typing import TYPE_CHECKING, Annotated, Literal

import msgspec

from gunline import Attack
from gunline.language import N_

from .damage import parse_damage
from .tables import AREA_ROWS, LIGHTING

Attribute = Annotated[int, msgspec.Meta(ge=1, le=10, description=N_("S.P.E.C.I.A.L. attribute, 1-10"))]
Hexes = Annotated[int, msgspec.Meta(ge=0, description=N_("distance in hexes (1 hex = 1 m)"))]
Percent = Annotated[int, msgspec.Meta(ge=0, le=100)]
DamageExpr = Annotated[str, msgspec.Meta(description=N_("dice as printed: 2d12+8, 1d6, or +6 over the ammo's dice"))]
FixedDamage = Annotated[int, msgspec.Meta(ge=0, le=200, description=N_("a fixed damage, no dice"))]

if TYPE_CHECKING:  # the names are data (tables.py); a type checker sees strings
    Lighting = str
    AreaRow = str
else:
    Lighting = Literal[tuple(LIGHTING)]
    AreaRow = Literal[AREA_ROWS]


class Shooter(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Who shoots: the weapon skill % is the base chance to hit."""

    name: Annotated[str, msgspec.Meta(
        title=N_("Character"),
        description=N_("the one who fires, by the name the chain and the encounter know"),
    )]
    skill: Annotated[int, msgspec.Meta(
        ge=0, le=300, title=N_("Weapon skill %"),
        description=N_("weapon skill %: Small Guns, Big Guns, Energy Weapons ..."),
    )]
    perception: Annotated[Attribute, msgspec.Meta(
        title=N_("Perception (PE)"),
        description=N_("S.P.E.C.I.A.L., 1-10: range and the chance to hit"),
    )] = 5
    strength: Annotated[Attribute, msgspec.Meta(
        title=N_("Strength (ST)"),
        description=N_("S.P.E.C.I.A.L., 1-10: below the weapon's minimum costs 20% a point"),
    )] = 5
    luck: Annotated[Attribute, msgspec.Meta(
        title=N_("Luck (LK)"),
        description=N_("S.P.E.C.I.A.L., 1-10: the chance of criticals"),
    )] = 5
    agility: Annotated[int, msgspec.Meta(
        ge=1, le=10, title=N_("Agility (AG)"),
        description=N_("S.P.E.C.I.A.L. Agility, 1-10: action points 5 + Agility ÷ 2"),
    )] = 5
    action_points: Annotated[int, msgspec.Meta(
        ge=1, le=30, title=N_("Action points (AP)"),
        description=N_("action points a turn; unset, 5 + Agility ÷ 2 (rounded down)"),
    )] | None = None
    hp: Annotated[int, msgspec.Meta(
        ge=1, title=N_("Hit points (HP)"),
        description=N_("hit points, for what a critical failure does to the shooter (unset: not tracked)"),
    )] | None = None


class Weapon(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A weapon profile, from the catalogue by ``name`` or given inline."""

    name: Annotated[str, msgspec.Meta(
        title=N_("Weapon"),
        description=N_("a weapon of the catalogue, or a custom one with its whole profile"),
    )]
    #: A whole number is a fixed damage (``damage = 5`` is ``damage = "5"``).
    damage: Annotated[DamageExpr | FixedDamage, msgspec.Meta(title=N_("Damage"))]
    range: Annotated[int, msgspec.Meta(ge=1, title=N_("Range"), description=N_("weapon range in hexes"))]
    #: Bullets per burst; no burst mode when absent.
    burst: Annotated[int, msgspec.Meta(
        ge=2, le=100, title=N_("Burst"),
        description=N_("bullets a burst fires (unset: no burst mode)"),
    )] | None = None
    bursts_only: Annotated[bool, msgspec.Meta(
        title=N_("Bursts only"),
        description=N_("fires only in bursts (a minigun)"),
    )] = False
    min_strength: Annotated[Attribute, msgspec.Meta(
        title=N_("Minimum Strength"),
        description=N_("S.P.E.C.I.A.L. Strength the weapon needs; each point short is −20%"),
    )] = 1
    #: The seed's free weapon-condition term: a scope +10, a worn gun −10.
    condition: Annotated[int, msgspec.Meta(
        ge=-100, le=100, title=N_("Condition modifier"),
        description=N_("the chance's free term for the weapon: a scope +10, a worn gun −10"),
    )] = 0
    #: Multi-barrel and mounted machine guns: a cluster burst always rounds up.
    rounds_up: Annotated[bool, msgspec.Meta(
        title=N_("Rounds up"),
        description=N_("multi-barrel and mounted guns: a cluster burst always rounds up"),
    )] = False
    magazine: Annotated[int, msgspec.Meta(
        ge=1, title=N_("Magazine"),
        description=N_("rounds a full magazine holds"),
    )] | None = None
    #: Rounds loaded at the start; the full magazine when absent.
    rounds: Annotated[int, msgspec.Meta(
        ge=0, title=N_("Rounds loaded"),
        description=N_("rounds in the magazine now (unset: a full magazine)"),
    )] | None = None
    calibre: Annotated[str, msgspec.Meta(
        title=N_("Calibre"),
        description=N_(
            "the ammunition the weapon takes (10mm, .223, small energy cell): any catalogue ammunition of this "
            "calibre may be chosen for an attack; unset, any"
        ),
    )] | None = None
    ammo: Annotated[str, msgspec.Meta(
        title=N_("Ammunition"),
        description=N_(
            "the ammunition this attack fires, by name (10mm JHP, 10mm AP): its damage dice, AC and DR modifiers, "
            "damage multiplier and divisor, whether it ignores DT; a magazine holds one kind"
        ),
    )] | None = None
    #: Overrides of the ammunition's modifiers.
    ac_mod: Annotated[int, msgspec.Meta(
        ge=-100, le=100, title=N_("Ammo AC modifier"),
        description=N_("the ammunition's shift of the target's AC"),
    )] | None = None
    dr_mod: Annotated[int, msgspec.Meta(
        ge=-100, le=100, title=N_("Ammo DR modifier"),
        description=N_("the ammunition's shift of the target's DR %"),
    )] | None = None
    ignores_dt: Annotated[bool, msgspec.Meta(
        title=N_("Ignores DT"),
        description=N_("the ammunition ignores Damage Threshold"),
    )] | None = None
    damage_multiplier: Annotated[int, msgspec.Meta(
        ge=1, le=10, title=N_("Damage multiplier"),
        description=N_("the ammunition's damage multiplier: roll × multiplier ÷ divisor, before armor"),
    )] | None = None
    damage_divisor: Annotated[int, msgspec.Meta(
        ge=1, le=10, title=N_("Damage divisor"),
        description=N_("the ammunition's damage divisor: roll × multiplier ÷ divisor, before armor"),
    )] | None = None
    wear: Annotated[int, msgspec.Meta(
        ge=0, le=10, title=N_("Condition boxes filled"),
        description=N_(
            "condition boxes filled, of 10 (10% of the weapon's condition each): a failed attack fills one; with 8 or"
            " more the weapon is -10% to hit, with all 10 (0%) it is jammed"
        ),
    )] = 0
    melee: Annotated[bool, msgspec.Meta(
        title=N_("Melee weapon"),
        description=N_("a blow, not a shot: no range or lighting modifiers"),
    )] = False
    #: Thrown weapons reach by Strength rather than Perception.
    thrown: Annotated[bool, msgspec.Meta(
        title=N_("Thrown"),
        description=N_("reaches by Strength rather than Perception"),
    )] = False
    ap_single: Annotated[int, msgspec.Meta(
        ge=0, le=20, title=N_("AP, single shot"),
        description=N_("action points a single shot (or blow) costs; an aimed one costs 1 more"),
    )] = 5
    ap_burst: Annotated[int, msgspec.Meta(
        ge=0, le=20, title=N_("AP, burst"),
        description=N_("action points a burst costs"),
    )] = 6

    def __post_init__(self) -> None:
        if isinstance(self.damage, int):  # the rules read the expression as printed
            self.damage = str(self.damage)
        # Checked here, the message starting with the field, so that a bad
        # expression is reported at ``weapon.damage``.
        try:
            parse_damage(self.damage)
        except ValueError as exc:
            raise ValueError(f"damage: {exc}") from None


class Target(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A target, or an object in the burst area; list them nearest first."""

    name: Annotated[str, msgspec.Meta(
        title=N_("Target"),
        description=N_("a target, or an object in the burst's path, by name"),
    )]
    distance: Annotated[Hexes, msgspec.Meta(
        title=N_("Distance"),
        description=N_("hexes from the shooter (1 hex = 1 m)"),
    )]
    ac: Annotated[int, msgspec.Meta(
        ge=0, le=300, title=N_("Armor Class (AC)"),
        description=N_("taken off the chance to hit"),
    )] = 0
    dt: Annotated[int, msgspec.Meta(
        ge=0, title=N_("Damage Threshold (DT)"),
        description=N_("damage points each hit loses first"),
    )] = 0
    dr: Annotated[Percent, msgspec.Meta(
        title=N_("Damage Resistance (DR) %"),
        description=N_("percent of the rest each hit loses"),
    )] = 0
    cover: Annotated[Percent, msgspec.Meta(
        title=N_("Cover %"),
        description=N_("percent of the body hidden: taken off the chance"),
    )] = 0
    hp: Annotated[int, msgspec.Meta(
        ge=1, title=N_("Hit points (HP)"),
        description=N_("hit points left (unset: the damage is told, not tracked)"),
    )] | None = None
    #: Whether stray bullets of a burst can reach it (the first target always can).
    in_area: Annotated[bool, msgspec.Meta(
        title=N_("In the burst's path"),
        description=N_("stray bullets of a burst can reach it (the first target always can)"),
    )] = True
    #: The creature's own areas and the row of the aimed tables each stands for
    #: (``{tracks = "legs"}``, ``{tail = "groin"}``).
    areas: Annotated[dict[str, AreaRow], msgspec.Meta(
        title=N_("Body areas"),
        description=N_("the creature's own areas and the aimed-shot row each stands for, e.g. { tracks = \"legs\" }"),
    )] = {}


class Settings(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Top-level keys of a Fallout scenario."""

    #: Aimed shot: head, eyes, torso, groin, left_arm, right_arm, left_leg,
    #: right_leg, or an area the target names itself.
    aim: Annotated[str | None, msgspec.Meta(
        title=N_("Aimed at"),
        description=N_("an aimed shot: head, eyes, torso, groin, arms, legs, or an area the target names"),
    )] = None
    lighting: Annotated[Lighting, msgspec.Meta(
        title=N_("Lighting"),
        description=N_("the light the shot is taken in: darker is harder"),
    )] = "sunny"
    #: On a hex map, the model a burst is fired at: its band runs from the shooter
    #: through it (see :mod:`.measuring`).
    line_of_fire: Annotated[str | None, msgspec.Meta(
        title=N_("Line of fire"),
        description=N_(
            "on a hex map, the model a burst is fired at: the 3-hex band runs from the shooter through it, 1 hex "
            "beyond, and the objects in it take the bullets nearest first; unset, the farthest target"
        ),
    )] = None
    #: Roll even at 0% or less (the default calls the attack off).
    fire_anyway: Annotated[bool, msgspec.Meta(
        title=N_("Fire anyway"),
        description=N_("roll even at 0% or less (else the attack is called off)"),
    )] = False
    #: Percent lost per point of Strength below the weapon's minimum.
    strength_penalty: Annotated[int, msgspec.Meta(
        ge=0, le=100, title=N_("Strength penalty %"),
        description=N_("percent lost per point of Strength below the weapon's minimum"),
    )] = 20
    crippled_arm_penalty: Annotated[int, msgspec.Meta(
        ge=0, le=100, title=N_("Crippled arm penalty %"),
        description=N_("percent to hit a shooter loses for each crippled arm (the notes give no figure)"),
    )] = 20
    critical_failure_chance: Annotated[int, msgspec.Meta(
        ge=0, le=100, title=N_("Critical failure chance %"),
        description=N_(
            "percent chance that an attack which hits nothing is a critical failure (a d100 at or under it); unset, "
            "10 - Luck"
        ),
    )] | None = None


#: An attack as the ruleset's hooks see it.
FalloutAttack = Attack[Shooter, Weapon, Target, Settings]
