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

from collections.abc import Hashable, Sequence
from functools import partial
from typing import Any

import msgspec
from gunline import Dice, Roll

from . import losses
from .characteristic import Die, describe, roll_read, roll_test
from .comparative import Outcome, against, compare
from .schema import Settings


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


def _one_hit(dice: Dice, *, settings: Settings, strength: int, defence: Defence, tag: str) -> tuple[Hashable, Any]:
    """One ordinary hit's armour test and wound test: ``(score, (rolls, words))``,
    the score being all the rule reads of it (:func:`verdict`)."""
    rolls: list[Roll] = []
    target_value = defence.body
    on_armour = False
    if defence.protection > 0:
        # read only as struck armour or not: a Lucky Chance here is just a success
        roll, die = roll_read(dice, defence.protection, f"armour test ({tag})", settings,
                              _struck, target=defence.name)
        rolls.append(roll)
        on_armour = die.succeeded
        target_value += defence.durability if on_armour else 0
    a_roll, a_die = roll_test(
        dice, strength, f"wound test ({tag}): Body + Damage", settings, target=defence.name, ranked=True
    )
    d_label = "Body + Durability" if on_armour else "Body"
    d_roll, d_die = roll_read(
        dice, target_value, f"wound test ({tag}): {d_label}", settings,
        against([a_die], settings.comparative_ties, verdict), target=defence.name,
    )
    rolls += [a_roll, d_roll]
    result = compare([a_die], [d_die], settings.comparative_ties)
    where = "armour" if on_armour else ("body" if defence.protection > 0 else "unarmoured")
    vs = f"{describe(a_die)} vs {describe(d_die)} ({strength} vs {target_value}, {where})"
    return verdict(result), (rolls, vs)


def verdict(result: Outcome) -> Hashable:
    """What a wound test comes to: a kill, a wound or nothing."""
    if result.winner != "attacker":
        return "nothing"
    return "kill" if result.lucky else "wound"


def _last(_: Any, score: Any) -> Any:
    return score


def _struck(die: Die) -> bool:
    return die.succeeded


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
        # one hit's three dice read only as kill, wound or nothing: the exact odds
        # branch over those three, not over every face (random and typed dice are
        # rolled as in a plain sequence)
        body = partial(_one_hit, settings=settings, strength=strength, defence=defence, tag=tag)
        key = ("samurai wound test", tag, strength, defence, msgspec.structs.astuple(settings))
        score, (detail,) = dice.repeat(1, f"wound test ({tag})", body, fold=_last, start=None, key=key)
        rolls, vs = detail
        out.rolls += rolls
        if score == "kill":
            out.state, who = losses.kill(out.state, order)
            out.wounds += 1
            out.kills += 1
            out.lines.append(f"{tag}: {vs}: Lucky Chance, {_who(who, defence.name)} is killed")
        elif score == "wound":
            out.state, who = losses.wound(out.state, order)
            out.wounds += 1
            out.lines.append(f"{tag}: {vs}: a wound to {_who(who, defence.name)}")
        else:
            out.lines.append(f"{tag}: {vs}: no wound")
    return out
