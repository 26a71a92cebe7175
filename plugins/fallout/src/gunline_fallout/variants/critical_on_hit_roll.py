"""``fallout.critical-on-hit-roll``: the other reading of the critical chance.

By default a hit rolls a separate d100 for its critical. Here the to-hit roll itself
decides: a hit whose d100 shows at or under Luck % plus the aimed area's bonus is
critical, and no further die is rolled for it. Bursts roll their d100 per bullet as
a pool, object by object, read as how many bullets hit and how many of those are
critical; the damage of the critical ones is rolled first (see
:func:`..wound.resolve_damage`). With ``fallout.cluster-burst`` also enabled the
bursts are rolled on d10s, which cannot tell a critical, and keep the separate d100.
"""

from __future__ import annotations

from gunline import Step, Variant, hookimpl
from gunline.dice import need_text

from ..fire import bullets_reaching, flight
from ..ruleset import not_rolled
from ..wound import critical_chance

NAME = "fallout.critical-on-hit-roll"


@hookimpl
def gunline_variant():
    return Variant(name=NAME, ruleset="fallout", description="A hit is critical when its own to-hit d100 is at or under the critical chance.")


@hookimpl
def resolve_hit(attack, target, pool, state, dice):
    if attack.mode == "burst" and "fallout.cluster-burst" in attack.variants:
        return None
    skipped = not_rolled(attack, target, pool, state)
    if skipped is not None:
        return skipped
    chance = min(100, pool.value)
    crit = min(chance, critical_chance(attack, target))
    bullets = bullets_reaching(attack, target, state)
    if attack.mode == "burst":
        # one d100 a bullet, read only as how many hit and how many of those are
        # critical (the faces 1 to ``crit``, counted together)
        roll = dice.pool(bullets, "to hit, per bullet", sides=100, at_least=None, at_most=chance, again=None,
                         chance=False, special=(tuple(range(1, crit + 1)),) if crit else (), target=target.name)
        faces = roll.values
    else:
        # read only as critical (at or under ``crit``), plain hit, or miss
        roll = dice.roll(100, "to hit", at_least=crit + 1, at_most=chance, need=need_text(None, chance),
                         target=target.name)
        faces = [roll.total]
    criticals = [face <= crit for face in faces if face <= chance]
    hits = len(criticals)
    if attack.mode == "burst":
        text = f"{hits} of {bullets} bullets hit" + (f", {bullets - hits} fly on" if hits < bullets else "")
    else:
        text = "hit" if hits else "miss"
    if any(criticals):
        text += f" ({sum(criticals)} critical: {crit} or less)"
    return Step(kind="hit", value=hits, text=text, rolls=[roll], **flight(bullets, hits, criticals=criticals))
