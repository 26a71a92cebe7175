"""The wound step: every bullet that hit a target, its damage and critical
(:mod:`.bullet`), added up into what they did to it (:class:`.harm.Harm`).

Bursts: every bullet that hits deals its own damage and goes through armor on its
own; the hit points lost come off the target's, to no more than it had.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from gunline import ChainState, Dice, Step

from .bullet import Bullet, bullet, shot_at
from .conditions import merged, normalized
from .harm import Harm, every_hit_alike, status_after
from .messages import _, word
from .schema import FalloutAttack, Target
from .tables import STATUSES


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
    hits = int(hit.value or 0)
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
    conditions = normalized(before.get("conditions"))
    for b in shown:
        conditions = merged(conditions, dict(b.lasting))
    rolls = [roll for b in shown for roll in b.rolls]
    if once:  # one bullet rolled, every hit dealing the same
        shown = shown * hits
    shots: list[dict[str, Any]] = [{"rolled": b.rolled, "through": b.through, "critical": b.critical} for b in shown]
    through = sum(b.through for b in shown)
    lost = harm.lost
    hp_after = None if hp is None else hp - lost
    status = status_after(before.get("status", STATUSES[0]), hp_after, lost, harm.knocked_out, harm.marked)
    if len(shown) > 1 or shown[0].critical:
        parts = [_("{damage} (critical: {effect})", damage=b.through, effect=b.critical) if b.critical
                 else str(b.through) for b in shown]
        text = _("{damage} damage through: {bullets}", damage=through, bullets=" + ".join(parts))
    else:
        text = _("{damage} damage through", damage=through)
    if hp_after is not None:
        text += "; " + (_("{hp} hp left", hp=hp_after) if through <= lost
                        else _("{lost} hp lost, {hp} left", lost=lost, hp=hp_after))
    text += f", {word(status)}"
    return Step(
        kind="wound",
        value=lost,
        text=text,
        rolls=rolls,
        target_state={"hp": hp_after, "status": status, "conditions": conditions},
        data={"damage": str(shot.damage), "critical_chance": shot.critical_chance, "bullets": shots,
              "through": through},
    )
