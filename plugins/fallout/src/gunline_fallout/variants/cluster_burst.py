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

from ..fire import bullets_reaching, flight
from ..ruleset import bullets_hit, not_rolled
from ..schema import FalloutAttack, Target

NAME = "fallout.cluster-burst"
#: Bursts of at most this many bullets round up.
ROUND_UP_AT_MOST = 5
#: The highest face that can hit: the 0 face (10) always misses.
TOP_HITTING_FACE = 9


@hookimpl
def gunline_variant() -> Variant:
    return Variant(name=NAME, ruleset="fallout", api=2,
                   description="Clustered burst: chance rounded to tens, one d10 per bullet, 0 misses.")


def rounded_chance(chance: int, bullets: int, rounds_up: bool = False) -> int:
    """The chance rounded to tens: up for ≤5 bullets or ``rounds_up`` weapons, else down."""
    chance = max(0, chance)
    if rounds_up or bullets <= ROUND_UP_AT_MOST:
        return -(-chance // 10) * 10
    return chance // 10 * 10


def hits_on_d10(rounded: int) -> at_most:
    """«кидает столько 10-гранных кубиков, сколько пуль в очереди ... Любой выброс
    нуля означает провал»: a face N hits when N ≤ chance/10; the 0 face, read as 10,
    never does."""
    return at_most(min(TOP_HITTING_FACE, rounded // 10))


@hookimpl
def resolve_hit(attack: FalloutAttack, target: Target, pool: Step, state: ChainState, dice: Dice) -> Step | None:
    if attack.mode != "burst":
        return None
    skipped = not_rolled(attack, target, pool, state)
    if skipped is not None:
        return skipped
    weapon = attack.weapon
    rounded = rounded_chance(int(pool.value or 0), weapon.burst or 0, weapon.rounds_up)
    bullets = bullets_reaching(attack, target, state)
    rolled = dice.pool(bullets, "to hit, d10 per bullet", sides=10, success=hits_on_d10(rounded), target=target.name)
    hits = rolled.value.successes
    text = f"{pool.value}% rounded to {rounded}%: {bullets_hit(bullets, hits)}"
    return Step(kind="hit", value=hits, text=text, rolls=[rolled.roll], **flight(bullets, hits, rounded=rounded))
