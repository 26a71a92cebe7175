"""The test on a characteristic: one die, roll under.

The seed never states its dice rule; its worked example fixes it: the bushido
master's single die shows 9 and "this is a Lucky Chance", and the ninja's 2 and 3
are "successes". So a test succeeds on a roll at or under the characteristic, and
rolling exactly the characteristic is «Счастливый Случай» (a Lucky Chance).
What the example cannot fix (the die, the Catastrophic Failure, characteristics
above the die) comes from the scenario's settings.

A rule reads of a test die what it decides by, and no more:

* :func:`passed`: whether the test passed (the armour test: on the armour or on the
  body);
* :func:`judged`: a plain test's result: a Lucky Chance, a success, a failure or a
  Catastrophic Failure;
* :func:`ranked`: a die of a comparative test: a Lucky Chance, the face of an
  ordinary success (the higher wins), or a failure.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from functools import lru_cache
from typing import Literal

import msgspec

from gunline.dice import FaceTable, at_most, faces
from gunline.language import language

from .messages import _
from .schema import Settings

Result = Literal["lucky", "success", "failure"]
#: What a plain test reads of its die: its result, with a «Катастрофический Провал»
#: (Catastrophic Failure) told apart from a failure.
Judgement = Literal["lucky", "success", "failure", "catastrophic"]


class Die(msgspec.Struct, frozen=True, cache_hash=True):
    """One die of a test, judged: its face, the result and whether the failure is a
    «Катастрофический Провал» (Catastrophic Failure). A die read by a table is the
    table's own, looked up by value on every roll: its hash is kept."""

    face: int
    result: Result
    catastrophic: bool = False

    @property
    def lucky(self) -> bool:
        return self.result == "lucky"

    @property
    def succeeded(self) -> bool:
        """A Lucky Chance is a success too."""
        return self.result != "failure"

    @property
    def judgement(self) -> Judgement:
        return "catastrophic" if self.catastrophic else self.result


def judge(face: int, value: int, settings: Settings) -> Die:
    """Judge one face against a characteristic."""
    top = settings.die
    if value > top:
        lucky = settings.above_die == "top_face_lucky" and face == top
        return Die(face, "lucky" if lucky else "success")
    if face == value:
        return Die(face, "lucky")
    if face < value:
        return Die(face, "success")
    catastrophic = settings.catastrophic_failure == "top_face" and face == top
    return Die(face, "failure", catastrophic)


#: Any failure of a comparative test, as the comparison reads it.
FAILED = Die(0, "failure")
#: A Catastrophic Failure, where the comparison reads it (it voids its side's dice).
CATASTROPHIC = Die(0, "failure", True)


def rank(die: Die, catastrophe: bool = False) -> Die:
    """A die as a comparative test reads it: a Lucky Chance, an ordinary success
    with its face (of two successes the higher wins), or a failure (any failure is
    as good as another). With ``catastrophe`` a Catastrophic Failure is told apart:
    it voids every die of its side (see :func:`.comparative.compare`)."""
    if die.succeeded:
        return Die(die.face, die.result)
    return CATASTROPHIC if catastrophe and die.catastrophic else FAILED


def passed(value: int) -> at_most:
    """What a test read only as passed or failed reads of its die: a face at or
    under the characteristic passes (a Lucky Chance too; every face, when the
    characteristic is above the die)."""
    return at_most(value)


def judged(value: int, settings: Settings) -> FaceTable:
    """What a plain test on ``value`` reads of its die: its :class:`Judgement`."""
    return _judged(value, settings, language())


@lru_cache(maxsize=1024)
def _judged(value: int, settings: Settings, lang: str) -> FaceTable:
    # ``lang``: the table carries what the die needs in words, made in that language
    table: dict[int | Iterable[int], Hashable] = {
        face: judge(face, value, settings).judgement for face in range(1, settings.die + 1)
    }
    return faces(table, need=need_text(value, settings))


def ranked(value: int, settings: Settings, catastrophe: bool = False) -> FaceTable:
    """What a comparative test on ``value`` reads of a die: its :func:`rank`
    (``catastrophe``: a Catastrophic Failure told from a failure)."""
    return _ranked(value, settings, catastrophe, language())


@lru_cache(maxsize=1024)
def _ranked(value: int, settings: Settings, catastrophe: bool, lang: str) -> FaceTable:
    table: dict[int | Iterable[int], Hashable] = {
        face: rank(judge(face, value, settings), catastrophe) for face in range(1, settings.die + 1)
    }
    return faces(table, need=need_text(value, settings))


def need_text(value: int, settings: Settings) -> str:
    """What the die needs, as a GM reads it before rolling."""
    top = settings.die
    if value <= 0:  # read after "needs": "needs -2 or less (no face can succeed)"
        # Translators: read after "needs"
        return _("{value} or less (no face can succeed)", value=value)
    if value > top:
        if settings.above_die == "top_face_lucky":
            # Translators: read after "needs"; d{top} is the die (d10)
            return _("any face ({value} is above the d{top}), {top} is a Lucky Chance", value=value, top=top)
        # Translators: read after "needs"; d{top} is the die (d10)
        return _("any face ({value} is above the d{top})", value=value, top=top)
    # Translators: read after "needs"
    return _("{value} or less, {value} is a Lucky Chance", value=value)


def describe(die: Die) -> str:
    """A judged die in words: ``9 (Lucky Chance)``, ``3 (success)``."""
    if die.lucky:
        return _("{face} (Lucky Chance)", face=die.face)
    if die.catastrophic:
        return _("{face} (Catastrophic Failure)", face=die.face)
    if die.result == "success":
        return _("{face} (success)", face=die.face)
    return _("{face} (failure)", face=die.face)


def shown(values: Sequence[int], value: int, settings: Settings) -> str:
    """The faces a test's dice show, in words: ``2 (success), 3 (success)``, or
    ``none``. For the chain's text only: the rule decides by what it read."""
    return ", ".join(describe(judge(face, value, settings)) for face in values) or _("none")
