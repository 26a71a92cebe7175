"""Step 2 and 3 of an attack for one bullet that hit: its damage, then its critical.

«Атака. Шаг 2: Повреждение»: the damage dice, multiplied and divided as the
ammunition says, through Damage Threshold (unless the ammo ignores it) and Damage
Resistance (shifted by the ammo), ``Damage = (Roll − DT) − (Roll − DT) × DR%``. «Шаг 3: Вероятность критического
попадания»: a d100 at or under Luck % plus the aimed area's bonus is a critical
(unless the hit roll already said which hits are critical); an aimed critical has its
area's effect, any other rolls the general table's d10 (and 1d4 turns of
unconsciousness on a 6). The critical's multiplier comes last.
"""

from __future__ import annotations

import msgspec

from gunline import Dice, Roll
from gunline.dice import at_most

from .ammo import ammo_profile, shot_damage
from .damage import DamageDice, multiply, through_armor
from .fire import aim_of, aimed_row
from .harm import Harm, marks
from .messages import _, _n, word
from .schema import FalloutAttack, Target
from .tables import AIMED_CRITICALS, CONDITION_LASTS, CRITICAL_BONUS, GENERAL_CRITICALS, Critical, Duration


def critical_chance(attack: FalloutAttack, target: Target) -> int:
    """Luck % plus the aimed area's bonus."""
    row = aimed_row(attack, target)
    return attack.shooter.luck + (CRITICAL_BONUS[row] if row else 0)


def aimed_critical(attack: FalloutAttack, target: Target) -> Critical | None:
    """The effect of a critical on the area aimed at, in that area's own name, or
    None for a shot not aimed (whose critical rolls on the general table)."""
    row = aimed_row(attack, target)
    area = aim_of(attack)
    if row is None or area is None:
        return None
    effect = AIMED_CRITICALS[row]
    return msgspec.structs.replace(
        effect,
        text=_(effect.text, area=word(area)),
        conditions=tuple(c.format(area=area) for c in effect.conditions),
    )


class Shot(msgspec.Struct, frozen=True):
    """What every bullet of this attack brings to this target: the weapon's (or its
    ammo's) damage dice, the armor they meet after the ammo's modifiers, the critical
    chance and the critical of the area aimed at (None: the general table)."""

    target: str
    damage: DamageDice
    dt: int
    dr: int
    ignores_dt: bool
    critical_chance: int
    aimed: Critical | None
    #: The ammunition's damage multiplier and divisor, applied to the roll before armor.
    multiplier: int = 1
    divisor: int = 1


def shot_at(attack: FalloutAttack, target: Target) -> Shot:
    ammo = ammo_profile(attack.weapon)
    return Shot(
        target=target.name,
        damage=shot_damage(attack.weapon),
        dt=target.dt,
        dr=target.dr + ammo.dr_mod,
        ignores_dt=ammo.ignores_dt,
        critical_chance=critical_chance(attack, target),
        aimed=aimed_critical(attack, target),
        multiplier=ammo.multiplier,
        divisor=ammo.divisor,
    )


class Bullet(msgspec.Struct, frozen=True):
    """One bullet as the chain shows it: damage rolled, damage through, the words of
    its critical, its dice and the conditions it left."""

    rolled: int
    through: int
    critical: str | None
    rolls: tuple[Roll, ...]
    conditions: tuple[str, ...]
    #: Each condition with the turns it lasts (None: until healed).
    lasting: tuple[tuple[str, int | None], ...] = ()


def bullet(shot: Shot, critical: bool | None, dice: Dice) -> tuple[Harm, Bullet]:
    """One bullet that hit: its damage dice; the critical d100 at or under the
    critical chance (``critical`` None; else the hit roll has decided); for a
    critical, the aimed area's effect or the general table's d10 and how long it
    lasts; then DT, DR and the multiplier."""
    rolls: list[Roll] = []
    rolled = shot.damage.bonus
    if shot.damage.has_dice:
        damage = dice.roll(shot.damage.sides, _("damage"), count=shot.damage.count, target=shot.target)
        rolls.append(damage.roll)
        rolled += damage.value
    if critical is None:
        check = dice.roll(100, _("critical"), read=at_most(shot.critical_chance), target=shot.target)
        rolls.append(check.roll)
        critical = check.value
    effect: Critical | None = None
    text = None
    if critical:
        effect = shot.aimed
        if effect is None:
            table = dice.roll(10, _("critical effect"), read=GENERAL_CRITICALS, target=shot.target)
            rolls.append(table.roll)
            effect = table.value
            text = _(effect.text)
        else:  # worded when the shot was aimed
            text = effect.text
    lasting: list[tuple[str, int | None]] = []
    for condition in effect.conditions if effect else ():
        lasts = CONDITION_LASTS.get(condition)
        if isinstance(lasts, Duration):  # a die of turns: "unconscious 1d4 turns"
            length = dice.roll(lasts.sides, _(lasts.counts), target=shot.target)
            rolls.append(length.roll)
            # Translators: English says "turns" whatever the count.
            text = _n("{effect} for {n} turns", "{effect} for {n} turns", int(length.value), effect=text,
                      n=length.value)
            lasting.append((condition, int(length.value)))
        else:
            lasting.append((condition, lasts))
    loaded = multiply(rolled, (shot.multiplier, shot.divisor))  # the ammunition's ×/÷, before armor
    if effect is not None and effect.bypasses_armor:
        through = loaded
    else:
        through = through_armor(loaded, shot.dt, shot.dr, ignores_dt=shot.ignores_dt)
    through = multiply(max(0, through), effect.multiplier if effect else (1, 1))
    conditions = effect.conditions if effect else ()
    knocked_out, marked = marks(conditions)
    harm = Harm(through, knocked_out=knocked_out, marked=marked and not through)
    return harm, Bullet(rolled, through, text, tuple(rolls), conditions, tuple(lasting))
