"""Determining wounds («Определение ранений») for the hits one model scored on another.

Lucky Chances won in an exchange of fire are wounds at once, with no further rolls.
Each ordinary hit then takes, in turn [SEED]:

1. the armour test: a test on the armour's «Защита» (Protection); success means the
   hit struck the armour, failure the body (no armour, no test);
2. the wound test: a comparative test of the attacker's «Сила тела» (Body) + the
   weapon's «Урон» (Damage) against the defender's Body, + the armour's «Прочность»
   (Durability) when the armour took the hit. The attacker's win is one wound; its
   Lucky Chance kills outright.

Hits stop being rolled once there is nobody left alive to hurt.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, Literal

import msgspec

from gunline import Dice, Roll

from . import losses
from .characteristic import need_text, passed, ranked, shown
from .comparative import Verdict, against
from .messages import _, _n
from .schema import Settings

#: What one hit's wound test does: the attacker's Lucky Chance kills, its win
#: wounds, anything else does nothing.
WoundTest = Literal["kill", "wound", "nothing"]


class Defence(msgspec.Struct, frozen=True, kw_only=True):
    """What a wound test reads of the model (or of most of the unit) being hurt."""

    name: str
    body: int
    protection: int = 0
    durability: int = 0


class Wounding(msgspec.Struct, kw_only=True):
    """The result: the dice, the state after, wounds through, and a line per event."""

    rolls: list[Roll]
    state: dict[str, Any]
    wounds: int = 0
    kills: int = 0
    lines: list[str] = []


def wound_test_result(verdict: Verdict) -> WoundTest:
    """What a wound test comes to: «Если атакующая модель выбрасывает в одном из
    тестов Счастливый Случай, то атакуемая ей модель немедленно считается мёртвой»
    (the attacker's Lucky Chance kills at once); the attacker's ordinary win is one
    wound; a draw or the defender's win does nothing."""
    if verdict.winner != "attacker":
        return "nothing"
    return "kill" if verdict.lucky else "wound"


def armour_and_wound_test(
    dice: Dice, *, settings: Settings, strength: int, defence: Defence, tag: str
) -> tuple[WoundTest, tuple[list[Roll], str]]:
    """One ordinary hit: «тест на броню по показателю Защита доспеха» (success: the
    hit struck the armour, failure: the body), then the wound test, a comparative
    test of ``strength`` (the attacker's Body + Damage) against the defender's Body,
    + Durability for a hit on the armour. Returns what the test does, with the rolls
    and the dice in words."""
    rolls: list[Roll] = []
    body = defence.body
    where = "unarmoured"
    if defence.protection > 0:
        armour = dice.roll(settings.die, _("armour test ({tag})", tag=tag), read=passed(defence.protection),
                           need=need_text(defence.protection, settings), target=defence.name)
        rolls.append(armour.roll)
        where = "armour" if armour.value else "body"
        body += defence.durability if armour.value else 0
    attacking = dice.roll(settings.die, _("wound test ({tag}): Body + Damage", tag=tag),
                          read=ranked(strength, settings), target=defence.name)
    if where == "armour":
        label = _("wound test ({tag}): Body + Durability", tag=tag)
    else:
        label = _("wound test ({tag}): Body", tag=tag)
    defending = dice.roll(settings.die, label,
                          read=against([attacking.value], body, settings, then=wound_test_result),
                          need=need_text(body, settings), target=defence.name)
    rolls += [attacking.roll, defending.roll]
    vs = VERSUS()[where].format(attacker=shown(attacking.roll.values, strength, settings),
                                defender=shown(defending.roll.values, body, settings), strength=strength, defence=body)
    return defending.value, (rolls, vs)


#: The dice of a wound test in words, by where the hit struck (``{defence}``: the
#: defender's Body, + Durability on the armour).
VERSUS = _.per_language(lambda: {
    "unarmoured": _("{attacker} vs {defender} ({strength} vs {defence}, unarmoured)"),
    "armour": _("{attacker} vs {defender} ({strength} vs {defence}, armour)"),
    "body": _("{attacker} vs {defender} ({strength} vs {defence}, body)"),
})


def _who(name: str | None, fallback: str) -> str:
    return name if name else fallback


def wound_hits(
    dice: Dice,
    settings: Settings,
    *,
    strength: int,
    defence: Defence,
    state: dict[str, Any],
    hits: int,
    lucky: int = 0,
    order: Sequence[str] = (),
) -> Wounding:
    """Resolve ``lucky`` immediate wounds, then ``hits`` ordinary hits, against the
    model (or unit) whose current ``state`` is given; ``order`` is a unit's models,
    nearest first. ``strength`` is the attacker's Body + Damage."""
    out = Wounding(rolls=[], state=state, lines=[])
    for _lucky in range(lucky):
        out.state, who = losses.wound(out.state, order)
        out.wounds += 1
        out.lines.append(_("{who} takes a wound at once (Lucky Chance, no further rolls)",
                           who=_who(who, defence.name)))
    for i in range(1, hits + 1):
        if losses.all_dead(out.state):
            left = hits - i + 1
            out.lines.append(_n("{n} hit(s) left unrolled: nobody left alive",
                                "{n} hit(s) left unrolled: nobody left alive", left, n=left))
            break
        tag = _("hit {i} of {n}", i=i, n=hits) if hits > 1 else _("hit")
        # the armour test and the wound test are read together: kill, wound or nothing
        test = partial(armour_and_wound_test, settings=settings, strength=strength, defence=defence, tag=tag)
        result, (rolls, vs) = dice.scored(_("wound test ({tag})", tag=tag), test)
        out.rolls += rolls
        if result == "kill":
            out.state, who = losses.kill(out.state, order)
            out.wounds += 1
            out.kills += 1
            out.lines.append(_("{hit}: {dice}: Lucky Chance, {who} is killed", hit=tag, dice=vs,
                               who=_who(who, defence.name)))
        elif result == "wound":
            out.state, who = losses.wound(out.state, order)
            out.wounds += 1
            out.lines.append(_("{hit}: {dice}: a wound to {who}", hit=tag, dice=vs, who=_who(who, defence.name)))
        else:
            out.lines.append(_("{hit}: {dice}: no wound", hit=tag, dice=vs))
    return out
