"""``fallout.cluster-burst``: the seed's clustered burst («Кучная стрельба Очередью»).

Instead of a d100 per bullet, the chance is rounded to tens, up for a burst of 5
bullets or fewer and down for more (always up for weapons marked ``rounds_up``:
multi-barrel and mounted machine guns), and one d10 is rolled per bullet: a face N hits
when N ≤ chance/10. The 0 face (read as 10) always misses, so even 100% hits on 1–9.
The misses go on to the next object in the burst area, rounded and rolled the same
way; the rounding direction follows the burst's size for every object.

Dice order: one d10 per bullet still flying, object by object in line-of-fire order
(a pool of d10s; the GM may type 0 for the 0 face).
"""

from __future__ import annotations

from gunline import ChainState, Dice, Step, Variant, hookimpl
from gunline.dice import at_most

from ..chance import TOP_HITTING_FACE, rounded_chance  # noqa: F401  (the rounding rule, named here too)
from ..fire import bullets_reaching, flight
from ..messages import _
from ..ruleset import bullets_hit, not_rolled
from ..schema import FalloutAttack, Target

NAME = "fallout.cluster-burst"


@hookimpl
def gunline_variant() -> Variant:
    return Variant(name=NAME, ruleset="fallout", api=2,
                   description=_("Clustered burst: chance rounded to tens, one d10 per bullet, 0 misses."))


def hits_on_d10(chance: int) -> at_most:
    """«кидает столько 10-гранных кубиков, сколько пуль в очереди ... Любой выброс
    нуля означает провал»: a face N hits when N ≤ chance/10 (the pool's chance is
    already rounded, and 90% at most: the 0 face, read as 10, never hits)."""
    return at_most(min(TOP_HITTING_FACE, chance // 10))


@hookimpl
def resolve_hit(attack: FalloutAttack, target: Target, pool: Step, state: ChainState, dice: Dice) -> Step | None:
    if attack.mode != "burst":
        return None
    skipped = not_rolled(attack, target, pool, state)
    if skipped is not None:
        return skipped
    chance = int(pool.value or 0)
    rounded = (pool.data or {}).get("rounded", chance)
    bullets = bullets_reaching(attack, target, state)
    rolled = dice.pool(bullets, _("to hit, d10 per bullet"), sides=10, success=hits_on_d10(chance),
                       target=target.name)
    hits = rolled.value.successes
    text = (_("a d10 per bullet hits on 1-{top}: {hits}", top=chance // 10, hits=bullets_hit(bullets, hits)) if chance
            else bullets_hit(bullets, hits))
    return Step(kind="hit", value=hits, text=text, rolls=[rolled.roll], **flight(bullets, hits, rounded=rounded))
