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


def marks(conditions) -> tuple[bool, bool]:
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


def _bullet(attack, target, dice, damage, ammo, crit_chance: int, critical: bool | None):
    """One bullet's damage and critical: ``((through, unconscious, marked), (rolled,
    through, critical effect, rolls, new conditions))``. ``critical`` None rolls the
    critical d100."""
    rolls = []
    rolled = damage.bonus
    if damage.has_dice:
        roll = dice.roll(damage.sides, "damage", count=damage.count, target=target.name)
        rolls.append(roll)
        rolled += roll.total
    if critical is None:
        check = dice.roll(100, "critical", at_most=crit_chance, target=target.name)
        rolls.append(check)
        critical = check.total <= crit_chance
    factor, bypass, effect, conditions = (1, 1), False, None, []
    if critical:
        factor, conditions, bypass, effect = _critical(attack, target, dice, rolls)
    if bypass:
        through = rolled
    else:
        through = through_armor(rolled, target.dt, target.dr + ammo.dr_mod, ignores_dt=ammo.ignores_dt)
    through = multiply(max(0, through), factor)
    unconscious, marked = marks(conditions)
    return (through, unconscious, marked and not through), (rolled, through, effect, tuple(rolls), tuple(conditions))


#: What the hits on a target come to, as far as the rule decides anything by it:
#: (hit points lost, unconscious, marked, the hit points it had (``None`` where the
#: scenario tracks none), how many hits one bullet's damage stands for (1, or every
#: hit under ``fallout.burst-damage-once``)).
Tally = tuple[int, bool, bool, "int | None", int]


def _add(so_far: Tally, bullet: tuple[int, bool, bool]) -> Tally:
    """One more bullet: the hit points lost add up, to no more than the target had
    (once it is dead, more damage and its conditions decide nothing: every dead
    target's tally is the same); the marks gather, and a mark that wounds stops
    counting once damage has wounded anyway. Keeping only what decides the status
    and the hit points is what makes the odds of a 20-bullet burst a few hundred
    outcomes (the bullets' own damage and conditions are in the details)."""
    lost, unconscious, marked, cap, times = so_far
    through, knocked_out, mark = bullet
    lost += through * times
    if cap is not None and lost >= cap:
        return (cap, False, False, cap, times)
    return (lost, unconscious or knocked_out, (marked or mark) and not lost, cap, times)


def resolve_damage(attack, target, hit: Step, state, dice, *, once: bool = False) -> Step:
    """The wound step for the hits on ``target``. With ``once``, one bullet's damage
    and critical are rolled and every hit deals the same (``fallout.burst-damage-once``).

    The step's ``value`` is the hit points the hits took off the target: the damage
    through, up to the hit points it had (all of it where hit points are not
    tracked); the text and ``data`` give every bullet's damage in full.

    Bullets that roll alike are one ``dice.repeat`` (the rule reads only the tally
    of :func:`_add`): exact odds branch over the hit points the burst takes, not over
    every bullet's dice. Where the hit roll decided which bullets are critical
    (``fallout.critical-on-hit-roll``), the critical ones are one repeat and the rest
    another, in that order.
    """
    damage = shot_damage(attack.weapon)
    ammo = ammo_profile(attack.weapon)
    crit_chance = critical_chance(attack, target)
    decided = (hit.data or {}).get("criticals")
    before = state.targets.get(target.name, {})
    hp = before.get("hp")
    cap = None if hp is None else max(0, hp)
    hits = hit.value or 0
    row = aimed_row(attack, target)
    key = ("fallout bullet", damage, ammo, crit_chance, row, aim_of(attack) if row else None,
           target.name, target.dt, target.dr)

    def bullets(count: int, tally: Tally, critical: bool | None) -> tuple[Tally, list]:
        return dice.repeat(
            count, "bullet",
            lambda d: _bullet(attack, target, d, damage, ammo, crit_chance, critical),
            fold=_add, start=tally, key=(*key, critical),
        )

    start: Tally = (0, False, False, cap, hits if once else 1)
    if once:
        tally, details = bullets(1, start, None if decided is None else bool(decided[0]))
    elif decided is None:
        tally, details = bullets(hits, start, None)
    else:  # the hit roll said which are critical: those first, then the rest
        critical = sum(bool(c) for c in decided)
        tally, first = bullets(critical, start, True)
        tally, rest = bullets(hits - critical, tally, False)
        details = first + rest
    lost, unconscious, marked, _, _ = tally
    # The tally says what the bullets decide; the bullets, what each one did.
    conditions = list(before.get("conditions", []))
    for detail in details:
        conditions.extend(c for c in detail[4] if c not in conditions)
    rolls = [roll for detail in details for roll in detail[3]]
    shots = [{"rolled": rolled, "through": through, "critical": effect} for rolled, through, effect, _, _ in details]
    if once:  # one bullet rolled, every hit dealing the same
        shots = shots * hits
    through = sum(b["through"] for b in shots)
    hp_after = None if hp is None else hp - lost
    status = status_after(before.get("status", STATUSES[0]), hp_after, lost, unconscious, marked)
    parts = [f"{b['through']}" + (f" (critical: {b['critical']})" if b["critical"] else "") for b in shots]
    text = f"{through} damage through" + (f": {' + '.join(parts)}" if len(parts) > 1 or shots[0]["critical"] else "")
    if hp_after is not None:
        text += f"; {hp_after} hp left" if through <= lost else f"; {lost} hp lost, {hp_after} left"
    text += f", {status.replace('_', ' ')}"
    return Step(
        kind="wound",
        value=lost,
        text=text,
        rolls=rolls,
        target_state={"hp": hp_after, "status": status, "conditions": conditions},
        data={"damage": str(damage), "critical_chance": crit_chance, "bullets": shots, "through": through},
    )
