"""Step 2 and 3 of an attack: damage for every bullet that hit, then its critical.

Per bullet, in this dice order: the damage dice; the critical d100 (at or under Luck %
plus the aimed area's bonus), unless the hit step already decided which hits were
critical; for a critical not aimed at an area, the general table's d10 (and the 1d4
turns of unconsciousness on a 6). Damage goes through Damage Threshold (unless the
ammo ignores it) and Damage Resistance (shifted by the ammo), then the critical's
multiplier, then comes off the target's hit points.
"""

from __future__ import annotations

from gunline import Step

from .ammo import ammo_profile, shot_damage
from .damage import multiply, through_armor
from .fire import aim_of, aimed_row
from .tables import (
    AIMED_CRITICALS,
    CRITICAL_BONUS,
    CRITICAL_DURATIONS,
    GENERAL_CRITICALS,
    STATUSES,
    WOUNDING_CONDITIONS,
)


def critical_chance(attack, target) -> int:
    """Luck % plus the aimed area's bonus."""
    row = aimed_row(attack, target)
    return attack.shooter.luck + (CRITICAL_BONUS[row] if row else 0)


def status_after(previous: str, hp: int | None, lost: int, conditions: list[str]) -> str:
    """The most severe of the previous status and what this attack did."""
    if hp is not None and hp <= 0:
        now = "dead"
    elif "unconscious" in conditions:
        now = "unconscious"
    elif lost > 0 or any(c.startswith("crippled") or c in WOUNDING_CONDITIONS for c in conditions):
        now = "wounded"
    else:
        now = "unharmed"
    rank = {s: i for i, s in enumerate(STATUSES)}
    return max(previous, now, key=lambda s: rank.get(s, 0))


def _critical(attack, target, dice, rolls) -> tuple[tuple[int, int], list[str], bool, str]:
    """The effect of one critical: multiplier, conditions, bypasses armor, text."""
    row = aimed_row(attack, target)
    if row is not None:
        factor, conditions, text = AIMED_CRITICALS[row]
        area = aim_of(attack)
        return factor, [c.format(area=area) for c in conditions], False, text.format(area=area.replace("_", " "))
    effect = dice.roll(10, "critical effect", target=target.name)
    rolls.append(effect)
    factor, conditions, bypass, text = GENERAL_CRITICALS[effect.total]
    if effect.total in CRITICAL_DURATIONS:
        sides, what = CRITICAL_DURATIONS[effect.total]
        length = dice.roll(sides, what, target=target.name)
        rolls.append(length)
        text = f"{text.split(' for ')[0]} for {length.total} turns"
    return factor, list(conditions), bypass, text


def resolve_damage(attack, target, hit: Step, state, dice, *, once: bool = False) -> Step:
    """The wound step for the hits on ``target``. With ``once``, one bullet's damage
    and critical are rolled and every hit deals the same (``fallout.burst-damage-once``)."""
    damage = shot_damage(attack.weapon)
    ammo = ammo_profile(attack.weapon)
    crit_chance = critical_chance(attack, target)
    decided = (hit.data or {}).get("criticals")
    before = state.targets.get(target.name, {})
    conditions = list(before.get("conditions", []))
    rolls, bullets = [], []
    total = 0
    for i in range(1 if once else hit.value or 0):
        rolled = damage.bonus
        if damage.has_dice:
            roll = dice.roll(damage.sides, "damage", count=damage.count, target=target.name)
            rolls.append(roll)
            rolled += roll.total
        if decided is not None:
            critical = bool(decided[i])
        else:
            check = dice.roll(100, "critical", at_most=crit_chance, target=target.name)
            rolls.append(check)
            critical = check.total <= crit_chance
        factor, bypass, effect = (1, 1), False, None
        if critical:
            factor, new_conditions, bypass, effect = _critical(attack, target, dice, rolls)
            conditions.extend(c for c in new_conditions if c not in conditions)
        if bypass:
            through = rolled
        else:
            through = through_armor(rolled, target.dt, target.dr + ammo.dr_mod, ignores_dt=ammo.ignores_dt)
        through = multiply(max(0, through), factor)
        total += through
        bullets.append({"rolled": rolled, "through": through, "critical": effect})
    if once:
        total, bullets = total * (hit.value or 0), bullets * (hit.value or 0)
    hp = before.get("hp")
    hp_after = None if hp is None else hp - total
    status = status_after(before.get("status", STATUSES[0]), hp_after, total, conditions)
    parts = [f"{b['through']}" + (f" (critical: {b['critical']})" if b["critical"] else "") for b in bullets]
    text = f"{total} damage through" + (f": {' + '.join(parts)}" if len(parts) > 1 or bullets[0]["critical"] else "")
    text += f"; {hp_after} hp left" if hp_after is not None else ""
    text += f", {status.replace('_', ' ')}"
    return Step(
        kind="wound",
        value=total,
        text=text,
        rolls=rolls,
        target_state={"hp": hp_after, "status": status, "conditions": conditions},
        data={"damage": str(damage), "critical_chance": crit_chance, "bullets": bullets},
    )
