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

    name: Annotated[str, msgspec.Meta(
        title="Character",
        description="the one who fires, by the name the chain and the encounter know",
    )]
    skill: Annotated[int, msgspec.Meta(
        ge=0, le=300, title="Weapon skill %",
        description="weapon skill %: Small Guns, Big Guns, Energy Weapons ...",
    )]
    perception: Annotated[Attribute, msgspec.Meta(
        title="Perception (PE)",
        description="S.P.E.C.I.A.L., 1-10: range and the chance to hit",
    )] = 5
    strength: Annotated[Attribute, msgspec.Meta(
        title="Strength (ST)",
        description="S.P.E.C.I.A.L., 1-10: below the weapon's minimum costs 20% a point",
    )] = 5
    luck: Annotated[Attribute, msgspec.Meta(
        title="Luck (LK)",
        description="S.P.E.C.I.A.L., 1-10: the chance of criticals",
    )] = 5
    agility: Annotated[int, msgspec.Meta(
        ge=1, le=10, title="Agility (AG)",
        description="S.P.E.C.I.A.L. Agility, 1-10: action points 5 + Agility ÷ 2",
    )] = 5
    action_points: Annotated[int, msgspec.Meta(
        ge=1, le=30, title="Action points (AP)",
        description="action points a turn; unset, 5 + Agility ÷ 2 (rounded down)",
    )] | None = None
    hp: Annotated[int, msgspec.Meta(
        ge=1, title="Hit points (HP)",
        description="hit points, for what a critical failure does to the shooter (unset: not tracked)",
    )] | None = None


class Weapon(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A weapon profile, from the catalogue by ``name`` or given inline."""

    name: Annotated[str, msgspec.Meta(
        title="Weapon",
        description="a weapon of the catalogue, or a custom one with its whole profile",
    )]
    #: A whole number is a fixed damage (``damage = 5`` is ``damage = "5"``).
    damage: Annotated[DamageExpr | FixedDamage, msgspec.Meta(title="Damage")]
    range: Annotated[int, msgspec.Meta(ge=1, title="Range", description="weapon range in hexes")]
    #: Bullets per burst; no burst mode when absent.
    burst: Annotated[int, msgspec.Meta(
        ge=2, le=100, title="Burst",
        description="bullets a burst fires (unset: no burst mode)",
    )] | None = None
    bursts_only: Annotated[bool, msgspec.Meta(
        title="Bursts only",
        description="fires only in bursts (a minigun)",
    )] = False
    min_strength: Annotated[Attribute, msgspec.Meta(
        title="Minimum Strength",
        description="S.P.E.C.I.A.L. Strength the weapon needs; each point short is −20%",
    )] = 1
    #: The seed's free weapon-condition term: a scope +10, a worn gun −10.
    condition: Annotated[int, msgspec.Meta(
        ge=-100, le=100, title="Condition modifier",
        description="the chance's free term for the weapon: a scope +10, a worn gun −10",
    )] = 0
    #: Multi-barrel and mounted machine guns: a cluster burst always rounds up.
    rounds_up: Annotated[bool, msgspec.Meta(
        title="Rounds up",
        description="multi-barrel and mounted guns: a cluster burst always rounds up",
    )] = False
    magazine: Annotated[int, msgspec.Meta(
        ge=1, title="Magazine",
        description="rounds a full magazine holds",
    )] | None = None
    #: Rounds loaded at the start; the full magazine when absent.
    rounds: Annotated[int, msgspec.Meta(
        ge=0, title="Rounds loaded",
        description="rounds in the magazine now (unset: a full magazine)",
    )] | None = None
    calibre: Annotated[str, msgspec.Meta(
        title="Calibre",
        description=(
            "the ammunition the weapon takes (10mm, .223, small energy cell): any catalogue ammunition of this "
            "calibre may be chosen for an attack; unset, any"
        ),
    )] | None = None
    ammo: Annotated[str, msgspec.Meta(
        title="Ammunition",
        description=(
            "the ammunition this attack fires, by name (10mm JHP, 10mm AP): its damage dice, AC and DR modifiers, "
            "damage multiplier and divisor, whether it ignores DT; a magazine holds one kind"
        ),
    )] | None = None
    #: Overrides of the ammunition's modifiers.
    ac_mod: Annotated[int, msgspec.Meta(
        ge=-100, le=100, title="Ammo AC modifier",
        description="the ammunition's shift of the target's AC",
    )] | None = None
    dr_mod: Annotated[int, msgspec.Meta(
        ge=-100, le=100, title="Ammo DR modifier",
        description="the ammunition's shift of the target's DR %",
    )] | None = None
    ignores_dt: Annotated[bool, msgspec.Meta(
        title="Ignores DT",
        description="the ammunition ignores Damage Threshold",
    )] | None = None
    damage_multiplier: Annotated[int, msgspec.Meta(
        ge=1, le=10, title="Damage multiplier",
        description="the ammunition's damage multiplier: roll × multiplier ÷ divisor, before armor",
    )] | None = None
    damage_divisor: Annotated[int, msgspec.Meta(
        ge=1, le=10, title="Damage divisor",
        description="the ammunition's damage divisor: roll × multiplier ÷ divisor, before armor",
    )] | None = None
    wear: Annotated[int, msgspec.Meta(
        ge=0, le=10, title="Condition boxes filled",
        description=(
            "condition boxes filled, of 10 (10% of the weapon's condition each): a failed attack fills one; with 8 or"
            " more the weapon is -10% to hit, with all 10 (0%) it is jammed"
        ),
    )] = 0
    melee: Annotated[bool, msgspec.Meta(
        title="Melee weapon",
        description="a blow, not a shot: no range or lighting modifiers",
    )] = False
    #: Thrown weapons reach by Strength rather than Perception.
    thrown: Annotated[bool, msgspec.Meta(
        title="Thrown",
        description="reaches by Strength rather than Perception",
    )] = False
    ap_single: Annotated[int, msgspec.Meta(
        ge=0, le=20, title="AP, single shot",
        description="action points a single shot (or blow) costs; an aimed one costs 1 more",
    )] = 5
    ap_burst: Annotated[int, msgspec.Meta(
        ge=0, le=20, title="AP, burst",
        description="action points a burst costs",
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
        title="Target",
        description="a target, or an object in the burst's path, by name",
    )]
    distance: Annotated[Hexes, msgspec.Meta(title="Distance", description="hexes from the shooter (1 hex = 1 m)")]
    ac: Annotated[int, msgspec.Meta(
        ge=0, le=300, title="Armor Class (AC)",
        description="taken off the chance to hit",
    )] = 0
    dt: Annotated[int, msgspec.Meta(
        ge=0, title="Damage Threshold (DT)",
        description="damage points each hit loses first",
    )] = 0
    dr: Annotated[Percent, msgspec.Meta(
        title="Damage Resistance (DR) %",
        description="percent of the rest each hit loses",
    )] = 0
    cover: Annotated[Percent, msgspec.Meta(
        title="Cover %",
        description="percent of the body hidden: taken off the chance",
    )] = 0
    hp: Annotated[int, msgspec.Meta(
        ge=1, title="Hit points (HP)",
        description="hit points left (unset: the damage is told, not tracked)",
    )] | None = None
    #: Whether stray bullets of a burst can reach it (the first target always can).
    in_area: Annotated[bool, msgspec.Meta(
        title="In the burst's path",
        description="stray bullets of a burst can reach it (the first target always can)",
    )] = True
    #: The creature's own areas and the row of the aimed tables each stands for
    #: (``{tracks = "legs"}``, ``{tail = "groin"}``).
    areas: Annotated[dict[str, AreaRow], msgspec.Meta(
        title="Body areas",
        description="the creature's own areas and the aimed-shot row each stands for, e.g. { tracks = \"legs\" }",
    )] = {}


class Settings(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Top-level keys of a Fallout scenario."""

    #: Aimed shot: head, eyes, torso, groin, left_arm, right_arm, left_leg,
    #: right_leg, or an area the target names itself.
    aim: Annotated[str | None, msgspec.Meta(
        title="Aimed at",
        description="an aimed shot: head, eyes, torso, groin, arms, legs, or an area the target names",
    )] = None
    lighting: Annotated[Lighting, msgspec.Meta(
        title="Lighting",
        description="the light the shot is taken in: darker is harder",
    )] = "sunny"
    #: On a hex map, the model a burst is fired at: its band runs from the shooter
    #: through it (see :mod:`.measuring`).
    line_of_fire: Annotated[str | None, msgspec.Meta(
        title="Line of fire",
        description=(
            "on a hex map, the model a burst is fired at: the 3-hex band runs from the shooter through it, 1 hex "
            "beyond, and the objects in it take the bullets nearest first; unset, the farthest target"
        ),
    )] = None
    #: Roll even at 0% or less (the default calls the attack off).
    fire_anyway: Annotated[bool, msgspec.Meta(
        title="Fire anyway",
        description="roll even at 0% or less (else the attack is called off)",
    )] = False
    #: Percent lost per point of Strength below the weapon's minimum.
    strength_penalty: Annotated[int, msgspec.Meta(
        ge=0, le=100, title="Strength penalty %",
        description="percent lost per point of Strength below the weapon's minimum",
    )] = 20
    crippled_arm_penalty: Annotated[int, msgspec.Meta(
        ge=0, le=100, title="Crippled arm penalty %",
        description="percent to hit a shooter loses for each crippled arm (the notes give no figure)",
    )] = 20
    critical_failure_chance: Annotated[int, msgspec.Meta(
        ge=0, le=100, title="Critical failure chance %",
        description=(
            "percent chance that an attack which hits nothing is a critical failure (a d100 at or under it); unset, "
            "10 - Luck"
        ),
    )] | None = None


#: An attack as the ruleset's hooks see it.
FalloutAttack = Attack[Shooter, Weapon, Target, Settings]
