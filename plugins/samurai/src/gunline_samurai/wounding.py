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
        armour = dice.roll(settings.die, f"armour test ({tag})", read=passed(defence.protection),
                           need=need_text(defence.protection, settings), target=defence.name)
        rolls.append(armour.roll)
        where = "armour" if armour.value else "body"
        body += defence.durability if armour.value else 0
    attacking = dice.roll(settings.die, f"wound test ({tag}): Body + Damage", read=ranked(strength, settings),
                          target=defence.name)
    label = "Body + Durability" if where == "armour" else "Body"
    defending = dice.roll(settings.die, f"wound test ({tag}): {label}",
                          read=against([attacking.value], body, settings, then=wound_test_result),
                          need=need_text(body, settings), target=defence.name)
    rolls += [attacking.roll, defending.roll]
    vs = (f"{shown(attacking.roll.values, strength, settings)} vs {shown(defending.roll.values, body, settings)} "
          f"({strength} vs {body}, {where})")
    return defending.value, (rolls, vs)


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
    for _ in range(lucky):
        out.state, who = losses.wound(out.state, order)
        out.wounds += 1
        out.lines.append(f"{_who(who, defence.name)} takes a wound at once (Lucky Chance, no further rolls)")
    for i in range(1, hits + 1):
        if losses.all_dead(out.state):
            out.lines.append(f"{hits - i + 1} hit(s) left unrolled: nobody left alive")
            break
        tag = f"hit {i} of {hits}" if hits > 1 else "hit"
        # the armour test and the wound test are read together: kill, wound or nothing
        test = partial(armour_and_wound_test, settings=settings, strength=strength, defence=defence, tag=tag)
        result, (rolls, vs) = dice.scored(f"wound test ({tag})", test)
        out.rolls += rolls
        if result == "kill":
            out.state, who = losses.kill(out.state, order)
            out.wounds += 1
            out.kills += 1
            out.lines.append(f"{tag}: {vs}: Lucky Chance, {_who(who, defence.name)} is killed")
        elif result == "wound":
            out.state, who = losses.wound(out.state, order)
            out.wounds += 1
            out.lines.append(f"{tag}: {vs}: a wound to {_who(who, defence.name)}")
        else:
            out.lines.append(f"{tag}: {vs}: no wound")
    return out
