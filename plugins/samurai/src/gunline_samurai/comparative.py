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

The test is made on each side's :class:`Side`: its dice as the steps above count
them, sorted once. The defender's single die of a return fire or a wound test reads
the verdict it brings about against the attacker's side: a table of every face's
verdict, worked out once for that side.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from functools import lru_cache
from typing import Literal, NamedTuple

import msgspec

from gunline.dice import FaceTable

from .characteristic import Die, judge
from .schema import Settings

Winner = Literal["attacker", "defender"]
Ties = Literal["cancel", "attacker", "defender"]


class Verdict(msgspec.Struct, frozen=True, kw_only=True):
    """The result of a comparative test: who won, with how many net Lucky Chances
    (each one a wound at once in an exchange of fire, a kill in a wound test) and how
    many ordinary wins."""

    winner: Winner | None
    lucky: int = 0
    wins: int = 0


class Side(NamedTuple):
    """One side's dice as the test counts them: its Lucky Chances, the faces of its
    ordinary successes best first, and its failures (any failure is as good as
    another)."""

    lucky: int
    successes: tuple[int, ...]
    failures: int


def side(dice: Iterable[Die], catastrophe: bool = False) -> Side:
    """A side's dice, counted; with ``catastrophe``, all failed when one of them is a
    Catastrophic Failure (it forbids the side's strikes)."""
    return counted(dice, catastrophe)[0]


def counted(dice: Iterable[Die], catastrophe: bool = False) -> tuple[Side, bool]:
    """:func:`side`, and whether a Catastrophic Failure voided the side's dice."""
    lucky = failures = 0
    faces = []
    voided = False
    for die in dice:
        result = die.result
        if result == "lucky":
            lucky += 1
        elif result == "success":
            faces.append(die.face)
        else:
            failures += 1
            voided = voided or die.catastrophic
    if voided and catastrophe:
        return Side(0, (), lucky + len(faces) + failures), True
    faces.sort(reverse=True)
    return Side(lucky, tuple(faces), failures), False


def joined(sides: Iterable[Side]) -> Side:
    """Several models' dice as one side of the test (each already counted, so that a
    model's Catastrophic Failure voids its own dice only)."""
    lucky = failures = 0
    faces: list[int] = []
    for part in sides:
        lucky += part.lucky
        faces += part.successes
        failures += part.failures
    faces.sort(reverse=True)
    return Side(lucky, tuple(faces), failures)


#: The verdict where nobody wins (two failing sides, equal pairs).
NOBODY = Verdict(winner=None)


def decide(attacker: Side, defender: Side, ties: Ties = "cancel") -> Verdict:
    """The comparative test between two counted sides (see the module)."""
    a_lucky, mine, a_failures = attacker
    d_lucky, theirs, d_failures = defender
    net = a_lucky - d_lucky
    if net > 0:
        return Verdict(winner="attacker", lucky=net, wins=len(mine))
    if net < 0:
        return Verdict(winner="defender", lucky=-net, wins=len(theirs))
    a_n, d_n = len(mine), len(theirs)
    paired = min(a_n + a_failures, d_n + d_failures)
    won_a = won_d = 0
    for a, d in zip(mine, theirs):  # two successes: the higher face wins
        if a > d:
            won_a += 1
        elif d > a:
            won_d += 1
        elif ties == "attacker":
            won_a += 1
        elif ties == "defender":
            won_d += 1
    # then the successes of the side that has more, each paired with a failure
    # (pairs past both sides' successes are two failures: nobody wins them)
    against_failures = min(max(a_n, d_n), paired) - min(a_n, d_n)
    if against_failures > 0:
        if a_n > d_n:
            won_a += against_failures
        else:
            won_d += against_failures
    unpaired_a, unpaired_d = max(a_n - paired, 0), max(d_n - paired, 0)
    if won_a > won_d or (won_a == won_d and unpaired_a > unpaired_d):
        return Verdict(winner="attacker", wins=won_a + unpaired_a)
    if won_d > won_a or unpaired_d > unpaired_a:
        return Verdict(winner="defender", wins=won_d + unpaired_d)
    return NOBODY


def compare(
    attacker: Sequence[Die], defender: Sequence[Die], ties: Ties = "cancel", catastrophe: bool = False
) -> Verdict:
    """Resolve a comparative test between the attacker's and the defender's dice."""
    return decide(side(attacker, catastrophe), side(defender, catastrophe), ties)


def against(
    attacker: Side | Sequence[Die],
    value: int,
    settings: Settings,
    then: Callable[[Verdict], Hashable] | None = None,
    catastrophe: bool = False,
) -> FaceTable:
    """What the defender's single die on ``value``, rolled after the attacker's
    dice (or their counted :class:`Side`), reads: only the verdict it brings about
    against them (or ``then`` of the verdict, when the rule makes no more of it: a
    wound test's kill, wound or nothing). ``catastrophe``: a Catastrophic Failure
    voids its side's dice (a hit test; a wound test, one die a side, needs no such
    rule; a single die that fails fails the same either way)."""
    mine = attacker if isinstance(attacker, Side) else side(attacker, catastrophe)
    return _verdicts(mine, value, settings, then)


@lru_cache(maxsize=4096)
def _verdicts(mine: Side, value: int, settings: Settings, then: Callable[[Verdict], Hashable] | None) -> FaceTable:
    # the verdict of every face the die can show, worked out once for each side it
    # meets (a few dozen in a scenario): the die is then read by its table
    readings = []
    for face in range(1, settings.die + 1):
        verdict = decide(mine, single(judge(face, value, settings)), settings.comparative_ties)
        readings.append(verdict if then is None else then(verdict))
    return FaceTable(tuple(readings))


#: A side of one die that shows a Lucky Chance, and one whose die failed.
_LUCKY, _FAILED = Side(1, (), 0), Side(0, (), 1)


@lru_cache(maxsize=256)
def single(die: Die) -> Side:
    """A side of one die (a failure fails the same whether or not it voids its side).
    A die of a wound test is made a side on every hit of every chain, and a die
    reads one of a few ways: each made once."""
    result = die.result
    if result == "success":
        return Side(0, (die.face,), 0)
    return _LUCKY if result == "lucky" else _FAILED
