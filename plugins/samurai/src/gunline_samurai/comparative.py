"""The comparative test («сравнительный тест»): both sides roll, one side wins.

The seed states two things: Lucky Chances of the two sides cancel one for one, and
a side left holding Lucky Chances wins with them (the bushido master's one Lucky
Chance "cancels all of the ninja's successes"). The rest is the notes' reading,
Pendragon-style, for dice thrown in numbers on both sides:

1. each side's ordinary dice are sorted best first: successes by face, higher first,
   then failures;
2. the dice are paired in that order; a success beats a failure, of two successes
   the higher face wins, equal faces follow the ``comparative_ties`` setting, two
   failures win nothing;
3. the side with more won pairs wins (when they are equal, the side whose unpaired
   dice hold successes); its won pairs and its unpaired successes are its wins;
4. the loser scores nothing.

A side that rolls a «Катастрофический Провал» (Catastrophic Failure) in the test
scores nothing with any of its dice, Lucky Chances included (it «forbids strikes»,
notes SRC 1), unless the test is compared with ``catastrophe`` off (the
``samurai.catastrophe-one-die`` reading: one failed die, no more).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Literal

import msgspec

from .characteristic import FAILED, Die, judge
from .schema import Settings

Side = Literal["attacker", "defender"]
Ties = Literal["cancel", "attacker", "defender"]


class Verdict(msgspec.Struct, frozen=True, kw_only=True):
    """The result of a comparative test: who won, with how many net Lucky Chances
    (each one a wound at once in an exchange of fire, a kill in a wound test) and how
    many ordinary wins."""

    winner: Side | None
    lucky: int = 0
    wins: int = 0


def _ranked(dice: Sequence[Die]) -> list[Die]:
    """Ordinary dice, best first."""
    ordinary = [d for d in dice if not d.lucky]
    return sorted(ordinary, key=lambda d: (d.succeeded, d.face if d.succeeded else -d.face), reverse=True)


def _pair_winner(a: Die, d: Die, ties: Ties) -> Side | None:
    if a.succeeded and not d.succeeded:
        return "attacker"
    if d.succeeded and not a.succeeded:
        return "defender"
    if not a.succeeded:
        return None
    if a.face != d.face:
        return "attacker" if a.face > d.face else "defender"
    return None if ties == "cancel" else ties


def voided(dice: Sequence[Die], catastrophe: bool) -> Sequence[Die]:
    """A side's dice as the test counts them: all failed when one of them is a
    Catastrophic Failure (and ``catastrophe`` says it forbids the side's strikes)."""
    if catastrophe and any(d.catastrophic for d in dice):
        return [FAILED] * len(dice)
    return dice


def compare(
    attacker: Sequence[Die], defender: Sequence[Die], ties: Ties = "cancel", catastrophe: bool = False
) -> Verdict:
    """Resolve a comparative test between the attacker's and the defender's dice."""
    attacker, defender = voided(attacker, catastrophe), voided(defender, catastrophe)
    net = sum(d.lucky for d in attacker) - sum(d.lucky for d in defender)
    if net > 0:
        return Verdict(winner="attacker", lucky=net, wins=sum(d.succeeded and not d.lucky for d in attacker))
    if net < 0:
        return Verdict(winner="defender", lucky=-net, wins=sum(d.succeeded and not d.lucky for d in defender))

    a_dice, d_dice = _ranked(attacker), _ranked(defender)
    won = {"attacker": 0, "defender": 0}
    for a, d in zip(a_dice, d_dice):
        side = _pair_winner(a, d, ties)
        if side is not None:
            won[side] += 1
    paired = min(len(a_dice), len(d_dice))
    unpaired = {
        "attacker": sum(d.succeeded for d in a_dice[paired:]),
        "defender": sum(d.succeeded for d in d_dice[paired:]),
    }
    if won["attacker"] != won["defender"]:
        winner: Side = "attacker" if won["attacker"] > won["defender"] else "defender"
    elif unpaired["attacker"] != unpaired["defender"]:
        winner = "attacker" if unpaired["attacker"] > unpaired["defender"] else "defender"
    else:
        return Verdict(winner=None)
    return Verdict(winner=winner, wins=won[winner] + unpaired[winner])


def against(
    attacker: Sequence[Die],
    value: int,
    settings: Settings,
    then: Callable[[Verdict], Hashable] | None = None,
    catastrophe: bool = False,
) -> Callable[[int], Hashable]:
    """What the defender's single die on ``value``, rolled after the attacker's
    dice, reads: only the verdict it brings about against them (or ``then`` of the
    verdict, when the rule makes no more of it: a wound test's kill, wound or
    nothing). ``catastrophe``: a Catastrophic Failure voids its side's dice (a hit
    test; a wound test, one die a side, needs no such rule)."""
    attacker = tuple(attacker)
    ties = settings.comparative_ties

    def verdict(face: int) -> Hashable:
        result = compare(attacker, [judge(face, value, settings)], ties, catastrophe)
        return result if then is None else then(result)

    return verdict
