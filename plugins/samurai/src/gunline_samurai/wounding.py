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

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, Literal, NamedTuple

import msgspec

from gunline import Dice, Roll
from gunline.dice import FaceTable, at_most

from . import losses
from .characteristic import need_text, passed, ranked, shown
from .comparative import Verdict, against, single
from .messages import _, _n, kept
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
    settings: Settings, defence: Defence, test: Tests, dice: Dice
) -> tuple[WoundTest, tuple[list[Roll], Faces]]:
    """One ordinary hit: «тест на броню по показателю Защита доспеха» (success: the
    hit struck the armour, failure: the body), then the wound test, a comparative
    test of ``test.strength`` (the attacker's Body + Damage) against the defender's
    Body, + Durability for a hit on the armour. Returns what the test does, with the
    rolls and their faces."""
    die, name = settings.die, defence.name
    rolls: list[Roll] = []
    where, body, label, need = "unarmoured", defence.body, test.body, test.body_needs
    if defence.protection > 0:
        armour = dice.roll(die, test.armour, read=test.armour_read, need=test.armour_needs, target=name)
        rolls.append(armour.roll)
        if armour.value:
            where, body, label, need = "armour", body + defence.durability, test.armoured, test.armoured_needs
        else:
            where = "body"
    attacking = dice.roll(die, test.attacking, read=test.attacking_read, target=name)
    defending = dice.roll(die, label, read=against(single(attacking.value), body, settings, then=wound_test_result),
                          need=need, target=name)
    rolls += [attacking.roll, defending.roll]
    return defending.value, (rolls, (where, attacking.roll.total, defending.roll.total, body))


#: A wound test's dice as its words need them: where the hit struck, the attacker's
#: face, the defender's, and what the defender tested (Body, + Durability on the armour).
Faces = tuple[str, int, int, int]


class Tests(NamedTuple):
    """What one hit's tests are called, need and read: which hit it is (``tag``) and
    its tests read together (``scored``); the armour test, the attacker's die of the
    wound test on ``strength``, the defender's on the body and on the armour."""

    tag: str
    scored: str
    strength: int
    armour: str
    armour_needs: str
    armour_read: at_most
    attacking: str
    attacking_read: FaceTable
    body: str
    body_needs: str
    armoured: str
    armoured_needs: str


#: What rolls one hit's tests, read together (see :meth:`gunline.Dice.scored`).
Body = Callable[[Dice], tuple[WoundTest, tuple[list[Roll], "Faces"]]]


@kept
def _hit(i: int, n: int, strength: int, defence: Defence, settings: Settings) -> tuple[Tests, Body]:
    """The tests of hit ``i`` of ``n``, and what rolls them: the same for every chain
    that wounds this defender with this strength, so made once."""
    test = _tests(i, n, strength, defence, settings)
    return test, partial(armour_and_wound_test, settings, defence, test)


def _tests(i: int, n: int, strength: int, defence: Defence, settings: Settings) -> Tests:
    """The tests of hit ``i`` of ``n`` (``hit 2 of 3``, or ``hit`` when there is one)."""
    tag = _("hit {i} of {n}", i=i, n=n) if n > 1 else _("hit")
    return Tests(
        tag=tag,
        scored=_("wound test ({tag})", tag=tag),
        strength=strength,
        armour=_("armour test ({tag})", tag=tag),
        armour_needs=need_text(defence.protection, settings),
        armour_read=passed(defence.protection),
        attacking=_("wound test ({tag}): Body + Damage", tag=tag),
        attacking_read=ranked(strength, settings),
        body=_("wound test ({tag}): Body", tag=tag),
        body_needs=need_text(defence.body, settings),
        armoured=_("wound test ({tag}): Body + Durability", tag=tag),
        armoured_needs=need_text(defence.body + defence.durability, settings),
    )


#: The dice of a wound test in words, by where the hit struck (``{defence}``: the
#: defender's Body, + Durability on the armour).
VERSUS = _.per_language(lambda: {
    "unarmoured": _("{attacker} vs {defender} ({strength} vs {defence}, unarmoured)"),
    "armour": _("{attacker} vs {defender} ({strength} vs {defence}, armour)"),
    "body": _("{attacker} vs {defender} ({strength} vs {defence}, body)"),
})


@kept
def _took(result: WoundTest | Literal["lucky"], hit: str, faces: Faces | None, strength: int, who: str,
          settings: Settings) -> str:
    """What one hit did, in words: its dice (``faces``), then the kill, the wound or
    nothing (``lucky``: a Lucky Chance won in the exchange, a wound with no further
    rolls)."""
    if result == "lucky" or faces is None:
        return _("{who} takes a wound at once (Lucky Chance, no further rolls)", who=who)
    where, attacker, defender, defence = faces
    dice = VERSUS()[where].format(attacker=shown([attacker], strength, settings),
                                  defender=shown([defender], defence, settings), strength=strength, defence=defence)
    if result == "kill":
        return _("{hit}: {dice}: Lucky Chance, {who} is killed", hit=hit, dice=dice, who=who)
    if result == "wound":
        return _("{hit}: {dice}: a wound to {who}", hit=hit, dice=dice, who=who)
    return _("{hit}: {dice}: no wound", hit=hit, dice=dice)


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
    name = defence.name
    wounds = kills = 0
    rolled: list[Roll] = []
    lines = []
    for _lucky in range(lucky):
        state, who = losses.wound(state, order)
        wounds += 1
        lines.append(_took("lucky", "", None, strength, who or name, settings))
    for i in range(1, hits + 1):
        if losses.all_dead(state):
            left = hits - i + 1
            lines.append(_n("{n} hit(s) left unrolled: nobody left alive",
                            "{n} hit(s) left unrolled: nobody left alive", left, n=left))
            break
        test, body = _hit(i, hits, strength, defence, settings)
        # the armour test and the wound test are read together: kill, wound or nothing
        result, (rolls, faces) = dice.scored(test.scored, body)
        rolled += rolls
        who = None
        if result == "kill":
            state, who = losses.kill(state, order)
            wounds += 1
            kills += 1
        elif result == "wound":
            state, who = losses.wound(state, order)
            wounds += 1
        lines.append(_took(result, test.tag, faces, strength, who or name, settings))
    return Wounding(rolls=rolled, state=state, wounds=wounds, kills=kills, lines=lines)
