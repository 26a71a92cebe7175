"""The terms of the chance to hit, in the book's order:

    chance = skill − range − armor class − lighting − cover ± weapon condition − aimed shot

Each term is a :class:`~gunline.Modifier` (negative makes the shot harder) so the chain
shows where every percent came from. The Strength shortfall belongs to the weapon
condition term in the seed; it is shown as its own modifier.

The chance the hit roll is made against, and the one the chain shows, is then
capped: never below 0% (at 0% the attack may be called off), never above what the
die can give (:func:`chance_cap`), and for a clustered burst rounded to tens with the
d10's 0 face always a miss (:func:`cluster_chance`).
"""

from __future__ import annotations

from typing import Any

from gunline import Modifier

from .ammo import ammo_profile
from .messages import _, _n, word
from .schema import Shooter, Target, Weapon
from .tables import AIM_PENALTY, CONDITION_BOXES, LIGHTING, WORN_AT, WORN_PENALTY, attribute_reach

#: Percent per hex of the 2.0 GM reference sheet's range formula.
RANGE_PERCENT_PER_HEX = 3


def range_term(shooter: Shooter, weapon: Weapon, target: Target, perception: int | None = None) -> list[Modifier]:
    """GM reference sheet: R = 3% × (distance − (AttributeRange + weapon range));
    a negative R is a bonus. Thrown weapons reach by Strength, the rest by Perception
    (``perception``: the shooter's now, 1 when blinded)."""
    if weapon.melee:
        return []
    attribute = shooter.strength if weapon.thrown else (shooter.perception if perception is None else perception)
    reach = attribute_reach(attribute) + weapon.range
    r = RANGE_PERCENT_PER_HEX * (target.distance - reach)
    # Translators: English says "hexes" whatever the count.
    label = _n("range ({distance} hexes, reach {reach})", "range ({distance} hexes, reach {reach})", target.distance,
               distance=target.distance, reach=reach)
    return [Modifier(label=label, value=-r)]


def armor_class_term(weapon: Weapon, target: Target) -> list[Modifier]:
    """The target's AC, shifted by the ammunition's AC modifier (never below 0)."""
    ac_mod = ammo_profile(weapon).ac_mod
    effective = max(0, target.ac + ac_mod)
    if ac_mod:
        shift = f"{ac_mod:+d}"
        label = _("armor class {ac}, ammo {ammo_mod}", ac=target.ac, ammo_mod=shift)
    else:
        label = _("armor class {ac}", ac=target.ac)
    return [Modifier(label=label, value=-effective)]


def lighting_term(lighting: str) -> list[Modifier]:
    return [Modifier(label=_("lighting: {level}", level=word(lighting)), value=LIGHTING[lighting])]


def cover_term(weapon: Weapon, target: Target) -> list[Modifier]:
    """The percentage of the body hidden; ranged attacks only."""
    if weapon.melee:
        return []
    return [Modifier(label=_("cover {cover}%", cover=target.cover), value=-target.cover)]


def condition_terms(shooter: Shooter, weapon: Weapon, strength_penalty: int) -> list[Modifier]:
    """The free weapon-condition bonus or penalty, and the Strength shortfall."""
    return [*weapon_condition_term(weapon), *strength_term(shooter, weapon, strength_penalty)]


def weapon_condition_term(weapon: Weapon) -> list[Modifier]:
    """The seed's free weapon-condition bonus or penalty (a scope, a worn gun)."""
    if not weapon.condition:
        return []
    return [Modifier(label=_("weapon condition"), value=weapon.condition)]


def strength_term(shooter: Shooter, weapon: Weapon, strength_penalty: int) -> list[Modifier]:
    """The Strength shortfall: ``strength_penalty`` % for each point below the
    weapon's minimum."""
    short = weapon.min_strength - shooter.strength
    if short <= 0:
        return []
    label = _("strength {strength} below {minimum}", strength=shooter.strength, minimum=weapon.min_strength)
    return [Modifier(label=label, value=-strength_penalty * short)]


def worn_term(condition: int) -> list[Modifier]:
    """A worn weapon: with 8 or more of its 10 condition boxes filled (20% condition
    or less) it is −10% to hit [notes, SRC 9, 10]."""
    filled = CONDITION_BOXES - condition // 10
    if filled < WORN_AT:
        return []
    label = _("worn: {filled} of {boxes} condition boxes filled", filled=filled, boxes=CONDITION_BOXES)
    return [Modifier(label=label, value=WORN_PENALTY)]


def aimed_term(weapon: Weapon, aim: str | None, row: str | None) -> list[Modifier]:
    """The aimed-shot penalty of the area's row, melee or ranged column."""
    if aim is None or row is None:
        return []
    melee, ranged = AIM_PENALTY[row]
    return [Modifier(label=_("aimed: {area}", area=word(aim)), value=melee if weapon.melee else ranged)]


#: A d100 rolled at or under the chance: above 100% every face hits, so the chance is
#: 100% and no more (the notes' reading: the seed gives no other limit).
D100_CAP = 100
#: Variants that cap the chance lower, by name: the Fallout games' "maximum chance of
#: 95% to hit", and the seed's "any 0 misses" read onto the d100 (its 00, a roll of
#: 100, always misses).
CAPS: dict[str, int] = {"fallout.cap-95": 95, "fallout.zero-misses": 99}
#: Bursts of at most this many bullets round a clustered chance up.
ROUND_UP_AT_MOST = 5
#: The highest d10 face that can hit in a clustered burst: the 0 face (10) misses.
TOP_HITTING_FACE = 9


def chance_cap(variants: Any) -> int:
    """The most the chance can be under the enabled ``variants``."""
    return min([D100_CAP, *(CAPS[v] for v in variants if v in CAPS)])


def capped(raw: int, cap: int) -> int:
    """The computed chance ``raw`` within 0% and ``cap``."""
    return max(0, min(raw, cap))


def rounded_chance(chance: int, bullets: int, rounds_up: bool = False) -> int:
    """«Кучная стрельба»: the chance rounded to tens, up for a burst of 5 bullets or
    fewer and for ``rounds_up`` weapons (multi-barrel, mounted), else down."""
    chance = max(0, chance)
    if rounds_up or bullets <= ROUND_UP_AT_MOST:
        return -(-chance // 10) * 10
    return chance // 10 * 10


def cluster_chance(rounded: int) -> int:
    """The chance a clustered burst's d10 really gives: a face N hits when N ≤
    rounded/10, and «любой выброс нуля означает провал» (the 0 face, 10, misses),
    so 90% at most."""
    return 10 * min(TOP_HITTING_FACE, rounded // 10)
