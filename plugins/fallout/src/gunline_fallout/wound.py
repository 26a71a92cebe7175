"""Step 2 and 3 of an attack: damage for every bullet that hit, then its critical.

«Атака. Шаг 2: Повреждение»: the damage dice, through Damage Threshold (unless the
ammo ignores it) and Damage Resistance (shifted by the ammo),
``Damage = (Roll − DT) − (Roll − DT) × DR%``. «Шаг 3: Вероятность критического
попадания»: a d100 at or under Luck % plus the aimed area's bonus is a critical
(unless the hit roll already said which hits are critical); an aimed critical has its
area's effect, any other rolls the general table's d10 (and 1d4 turns of
unconsciousness on a 6). The critical's multiplier comes last, then the damage comes
off the target's hit points. Bursts: every bullet that hits deals its own damage.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import msgspec

from gunline import ChainState, Dice, Roll, Step
from gunline.dice import at_most

from .ammo import ammo_profile, shot_damage
from .damage import DamageDice, multiply, through_armor
from .fire import aim_of, aimed_row
from .schema import FalloutAttack, Target
from .tables import (
    AIMED_CRITICALS,
    CRITICAL_BONUS,
    GENERAL_CRITICALS,
    STATUSES,
    WOUNDING_CONDITIONS,
    Critical,
)


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
        text=effect.text.format(area=area.replace("_", " ")),
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
    )


class Harm(msgspec.Struct, frozen=True):
    """What bullets have done to a target, as far as its status goes: the hit points
    lost (never more than it ``had``; ``None`` where hit points are not tracked),
    whether one knocked it out, and whether a condition marked it (crippled,
    blinded, knocked down) while no damage got through."""

    lost: int = 0
    had: int | None = None
    knocked_out: bool = False
    marked: bool = False

    def add(self, bullet: Harm) -> Harm:
        """One more bullet: hit points lost add up, to no more than the target had;
        being knocked out or marked by a condition decides the status, and a mark
        stops counting once damage has wounded anyway. A dead target is dead: what
        more bullets do to it decides nothing."""
        lost = self.lost + bullet.lost
        if self.had is not None and lost >= self.had:
            return Harm(lost=self.had, had=self.had)
        knocked_out = self.knocked_out or bullet.knocked_out
        marked = (self.marked or bullet.marked) and not lost
        return Harm(lost, self.had, knocked_out, marked)


class Bullet(msgspec.Struct, frozen=True):
    """One bullet as the chain shows it: damage rolled, damage through, the words of
    its critical, its dice and the conditions it left."""

    rolled: int
    through: int
    critical: str | None
    rolls: tuple[Roll, ...]
    conditions: tuple[str, ...]


def bullet(shot: Shot, critical: bool | None, dice: Dice) -> tuple[Harm, Bullet]:
    """One bullet that hit: its damage dice; the critical d100 at or under the
    critical chance (``critical`` None; else the hit roll has decided); for a
    critical, the aimed area's effect or the general table's d10 and how long it
    lasts; then DT, DR and the multiplier."""
    rolls: list[Roll] = []
    rolled = shot.damage.bonus
    if shot.damage.has_dice:
        damage = dice.roll(shot.damage.sides, "damage", count=shot.damage.count, target=shot.target)
        rolls.append(damage.roll)
        rolled += damage.value
    if critical is None:
        check = dice.roll(100, "critical", read=at_most(shot.critical_chance), target=shot.target)
        rolls.append(check.roll)
        critical = check.value
    effect: Critical | None = None
    text = None
    if critical:
        effect = shot.aimed
        if effect is None:
            table = dice.roll(10, "critical effect", read=GENERAL_CRITICALS, target=shot.target)
            rolls.append(table.roll)
            effect = table.value
        text = effect.text
        if effect.lasts is not None:
            length = dice.roll(effect.lasts.sides, effect.lasts.counts, target=shot.target)
            rolls.append(length.roll)
            text = f"{effect.text} for {length.value} turns"
    if effect is not None and effect.bypasses_armor:
        through = rolled
    else:
        through = through_armor(rolled, shot.dt, shot.dr, ignores_dt=shot.ignores_dt)
    through = multiply(max(0, through), effect.multiplier if effect else (1, 1))
    conditions = effect.conditions if effect else ()
    knocked_out, marked = marks(conditions)
    harm = Harm(through, knocked_out=knocked_out, marked=marked and not through)
    return harm, Bullet(rolled, through, text, tuple(rolls), conditions)


def every_hit_alike(hits: int, harm: Harm, one: Harm) -> Harm:
    """``fallout.burst-damage-once``: "(basic damage) × (# shots hit)": the one bullet
    rolled deals its damage for every hit."""
    return harm.add(Harm(one.lost * hits, knocked_out=one.knocked_out, marked=one.marked))


def marks(conditions: tuple[str, ...]) -> tuple[bool, bool]:
    """What conditions decide of the status: whether one leaves the target
    unconscious, and whether one wounds it even with no damage through."""
    return (
        "unconscious" in conditions,
        any(c.startswith("crippled") or c in WOUNDING_CONDITIONS for c in conditions),
    )


def status_after(previous: str, hp: int | None, lost: int, unconscious: bool, marked: bool) -> str:
    """The most severe of the previous status and what this attack did."""
    if hp is not None and hp <= 0:
        now = "dead"
    elif unconscious:
        now = "unconscious"
    elif lost > 0 or marked:
        now = "wounded"
    else:
        now = "unharmed"
    return now if _RANK[now] > _RANK.get(previous, 0) else previous


_RANK = {s: i for i, s in enumerate(STATUSES)}


def resolve_damage(
    attack: FalloutAttack, target: Target, hit: Step, state: ChainState, dice: Dice, *, once: bool = False
) -> Step:
    """The wound step for the hits on ``target``: every bullet's damage and critical,
    the critical ones first where the hit roll decided them
    (``fallout.critical-on-hit-roll``). With ``once``, one bullet's damage and
    critical are rolled and every hit deals the same (``fallout.burst-damage-once``).

    The step's ``value`` is the hit points the hits took off the target: the damage
    through, up to the hit points it had (all of it where hit points are not
    tracked); the text and ``data`` give every bullet's damage in full.
    """
    shot = shot_at(attack, target)
    decided = (hit.data or {}).get("criticals")
    before = state.targets.get(target.name, {})
    hp = before.get("hp")
    hits = hit.value or 0
    harm = Harm(had=None if hp is None else max(0, hp))

    def bullets(count: int, harm: Harm, critical: bool | None) -> tuple[Harm, list[Bullet]]:
        fold = partial(every_hit_alike, hits) if once else Harm.add
        return dice.repeat(count, "bullet", partial(bullet, shot, critical), fold=fold, start=harm)

    if once:
        harm, shown = bullets(1, harm, None if decided is None else any(decided))
    elif decided is None:
        harm, shown = bullets(hits, harm, None)
    else:  # the hit roll said which are critical: those first, then the rest
        critical = sum(bool(c) for c in decided)
        harm, first = bullets(critical, harm, True)
        harm, rest = bullets(hits - critical, harm, False)
        shown = first + rest
    conditions = list(before.get("conditions", []))
    for b in shown:
        conditions.extend(c for c in b.conditions if c not in conditions)
    rolls = [roll for b in shown for roll in b.rolls]
    if once:  # one bullet rolled, every hit dealing the same
        shown = shown * hits
    shots: list[dict[str, Any]] = [{"rolled": b.rolled, "through": b.through, "critical": b.critical} for b in shown]
    through = sum(b.through for b in shown)
    lost = harm.lost
    hp_after = None if hp is None else hp - lost
    status = status_after(before.get("status", STATUSES[0]), hp_after, lost, harm.knocked_out, harm.marked)
    parts = [f"{b.through}" + (f" (critical: {b.critical})" if b.critical else "") for b in shown]
    text = f"{through} damage through" + (f": {' + '.join(parts)}" if len(parts) > 1 or shown[0].critical else "")
    if hp_after is not None:
        text += f"; {hp_after} hp left" if through <= lost else f"; {lost} hp lost, {hp_after} left"
    text += f", {status.replace('_', ' ')}"
    return Step(
        kind="wound",
        value=lost,
        text=text,
        rolls=rolls,
        target_state={"hp": hp_after, "status": status, "conditions": conditions},
        data={"damage": str(shot.damage), "critical_chance": shot.critical_chance, "bullets": shots,
              "through": through},
    )
