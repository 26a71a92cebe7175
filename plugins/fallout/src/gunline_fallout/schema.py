"""The scenario vocabulary of Fallout PnP: shooter, weapon, target and the attack's
settings, with the game's own limits (attributes 1–10, percentages, hexes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

import msgspec

from gunline import Attack

from .damage import parse_damage
from .tables import AREA_ROWS, LIGHTING

Attribute = Annotated[int, msgspec.Meta(ge=1, le=10, description="S.P.E.C.I.A.L. attribute, 1-10")]
Hexes = Annotated[int, msgspec.Meta(ge=0, description="distance in hexes (1 hex = 1 m)")]
Percent = Annotated[int, msgspec.Meta(ge=0, le=100)]
DamageExpr = Annotated[str, msgspec.Meta(description="dice as printed: 2d12+8, 1d6, or +6 over the ammo's dice")]
FixedDamage = Annotated[int, msgspec.Meta(ge=0, le=200, description="a fixed damage, no dice")]

if TYPE_CHECKING:  # the names are data (tables.py); a type checker sees strings
    Lighting = str
    AreaRow = str
else:
    Lighting = Literal[tuple(LIGHTING)]
    AreaRow = Literal[AREA_ROWS]


class Shooter(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Who shoots: the weapon skill % is the base chance to hit."""

    name: str
    skill: Annotated[
        int, msgspec.Meta(ge=0, le=300, description="weapon skill %: Small Guns, Big Guns, Energy Weapons ...")
    ]
    perception: Attribute = 5
    strength: Attribute = 5
    luck: Attribute = 5
    agility: Annotated[int, msgspec.Meta(
        ge=1, le=10, description="S.P.E.C.I.A.L. Agility, 1-10: action points 5 + Agility ÷ 2"
    )] = 5
    action_points: Annotated[int, msgspec.Meta(
        ge=1, le=30, description="action points a turn; unset, 5 + Agility ÷ 2 (rounded down)"
    )] | None = None
    hp: Annotated[int, msgspec.Meta(
        ge=1, description="hit points, for what a critical failure does to the shooter (unset: not tracked)"
    )] | None = None


class Weapon(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A weapon profile, from the catalogue by ``name`` or given inline."""

    name: str
    #: A whole number is a fixed damage (``damage = 5`` is ``damage = "5"``).
    damage: DamageExpr | FixedDamage
    range: Annotated[int, msgspec.Meta(ge=1, description="weapon range in hexes")]
    #: Bullets per burst; no burst mode when absent.
    burst: Annotated[int, msgspec.Meta(ge=2, le=100)] | None = None
    bursts_only: bool = False
    min_strength: Attribute = 1
    #: The seed's free weapon-condition term: a scope +10, a worn gun −10.
    condition: Annotated[int, msgspec.Meta(ge=-100, le=100)] = 0
    #: Multi-barrel and mounted machine guns: a cluster burst always rounds up.
    rounds_up: bool = False
    magazine: Annotated[int, msgspec.Meta(ge=1)] | None = None
    #: Rounds loaded at the start; the full magazine when absent.
    rounds: Annotated[int, msgspec.Meta(ge=0)] | None = None
    calibre: Annotated[str, msgspec.Meta(description=(
        "the ammunition the weapon takes (10mm, .223, small energy cell): any catalogue ammunition of this "
        "calibre may be chosen for an attack; unset, any"
    ))] | None = None
    ammo: Annotated[str, msgspec.Meta(description=(
        "the ammunition this attack fires, by name (10mm JHP, 10mm AP): its damage dice, AC and DR modifiers, "
        "damage multiplier and divisor, whether it ignores DT; a magazine holds one kind"
    ))] | None = None
    #: Overrides of the ammunition's modifiers.
    ac_mod: Annotated[int, msgspec.Meta(
        ge=-100, le=100, description="the ammunition's shift of the target's AC"
    )] | None = None
    dr_mod: Annotated[int, msgspec.Meta(
        ge=-100, le=100, description="the ammunition's shift of the target's DR %"
    )] | None = None
    ignores_dt: Annotated[bool, msgspec.Meta(description="the ammunition ignores Damage Threshold")] | None = None
    damage_multiplier: Annotated[int, msgspec.Meta(
        ge=1, le=10, description="the ammunition's damage multiplier: roll × multiplier ÷ divisor, before armor"
    )] | None = None
    damage_divisor: Annotated[int, msgspec.Meta(
        ge=1, le=10, description="the ammunition's damage divisor: roll × multiplier ÷ divisor, before armor"
    )] | None = None
    wear: Annotated[int, msgspec.Meta(ge=0, le=10, description=(
        "condition boxes filled, of 10 (10% of the weapon's condition each): a failed attack fills one; "
        "with 8 or more the weapon is -10% to hit, with all 10 (0%) it is jammed"
    ))] = 0
    melee: bool = False
    #: Thrown weapons reach by Strength rather than Perception.
    thrown: bool = False
    ap_single: Annotated[int, msgspec.Meta(
        ge=0, le=20, description="action points a single shot (or blow) costs; an aimed one costs 1 more"
    )] = 5
    ap_burst: Annotated[int, msgspec.Meta(ge=0, le=20, description="action points a burst costs")] = 6

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

    name: str
    distance: Hexes
    ac: Annotated[int, msgspec.Meta(ge=0, le=300, description="Armor Class")] = 0
    dt: Annotated[int, msgspec.Meta(ge=0, description="Damage Threshold")] = 0
    dr: Annotated[Percent, msgspec.Meta(description="Damage Resistance %")] = 0
    cover: Annotated[Percent, msgspec.Meta(description="% of the body hidden")] = 0
    hp: Annotated[int, msgspec.Meta(ge=1)] | None = None
    #: Whether stray bullets of a burst can reach it (the first target always can).
    in_area: bool = True
    #: The creature's own areas and the row of the aimed tables each stands for
    #: (``{tracks = "legs"}``, ``{tail = "groin"}``).
    areas: dict[str, AreaRow] = {}


class Settings(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Top-level keys of a Fallout scenario."""

    #: Aimed shot: head, eyes, torso, groin, left_arm, right_arm, left_leg,
    #: right_leg, or an area the target names itself.
    aim: str | None = None
    lighting: Lighting = "sunny"
    #: Roll even at 0% or less (the default calls the attack off).
    fire_anyway: bool = False
    #: Percent lost per point of Strength below the weapon's minimum.
    strength_penalty: Annotated[int, msgspec.Meta(ge=0, le=100)] = 20
    crippled_arm_penalty: Annotated[int, msgspec.Meta(ge=0, le=100, description=(
        "percent to hit a shooter loses for each crippled arm (the notes give no figure)"
    ))] = 20
    critical_failure_chance: Annotated[int, msgspec.Meta(ge=0, le=100, description=(
        "percent chance that an attack which hits nothing is a critical failure (a d100 at or under it); "
        "unset, 10 - Luck"
    ))] | None = None


#: An attack as the ruleset's hooks see it.
FalloutAttack = Attack[Shooter, Weapon, Target, Settings]
