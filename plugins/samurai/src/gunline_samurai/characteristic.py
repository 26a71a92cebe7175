"""The test on a characteristic: one die, roll under.

The seed never states its dice rule; its worked example fixes it: the bushido
master's single die shows 9 and "this is a Lucky Chance", and the ninja's 2 and 3
are "successes". So a test succeeds on a roll at or under the characteristic, and
rolling exactly the characteristic is «Счастливый Случай» (a Lucky Chance).
What the example cannot fix (the die, the Catastrophic Failure, characteristics
above the die) comes from the scenario's settings.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import Literal

import msgspec
from gunline import Dice, Roll

from .schema import Settings

Result = Literal["lucky", "success", "failure"]


class Die(msgspec.Struct, frozen=True):
    """One die of a test, judged: its face, the result and whether the failure is a
    «Катастрофический Провал» (Catastrophic Failure)."""

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


def special_faces(value: int, settings: Settings, *, ranked: bool = False) -> tuple[int, ...]:
    """The faces the rule looks at on their own, promised to the dice.

    A plain test needs only the Lucky face and the catastrophic face; in a
    comparative test (``ranked``) the higher success wins, so every success face
    matters, while a failure is only a failure (the comparison never reads the
    Catastrophic Failure: it forbids strikes, not shots).
    """
    top = settings.die
    faces: set[int] = set()
    if ranked:
        faces.update(range(1, min(value, top) + 1))
    if 1 <= value <= top:
        faces.add(value)
    if value > top and settings.above_die == "top_face_lucky":
        faces.add(top)
    if not ranked and value < top and settings.catastrophic_failure == "top_face":
        faces.add(top)
    return tuple(sorted(faces))


def ranked_reading(die: Die) -> Hashable:
    """What a comparative test reads of one die: a Lucky Chance, the face of an
    ordinary success (the higher wins), or a failure (any failure is as good)."""
    return (die.result, die.face if die.result == "success" else 0)


@lru_cache(maxsize=4096)
def grouping(readings: tuple[Hashable, ...]) -> tuple[int, int, tuple[int, ...]]:
    """The tightest dice promise for a die whose face ``f`` the rule reads only as
    ``readings[f - 1]``: ``(at_least, at_most, special)`` such that faces in one
    outcome class of the promise always read the same, with the fewest classes.

    A promise splits the faces into three runs (below ``at_least``, between, above
    ``at_most``) less the ``special`` faces, each its own class; every run keeps
    its most common reading and names the others special.
    """
    top = len(readings)
    best: tuple[int, tuple[int, int, tuple[int, ...]]] | None = None
    for low in range(1, top + 2):
        for high in range(low - 1, top + 1):
            special: list[int] = []
            runs = 0
            for run in (range(1, low), range(low, high + 1), range(high + 1, top + 1)):
                if not run:
                    continue
                kinds = [readings[f - 1] for f in run]
                keep = max(kinds, key=kinds.count)
                special += [f for f in run if readings[f - 1] != keep]
                runs += 1
            size = runs + len(special)
            if best is None or size < best[0]:
                best = (size, (low, high, tuple(special)))
    assert best is not None
    return best[1]


def need_text(value: int, settings: Settings) -> str:
    """What the die needs, as a GM reads it before rolling."""
    top = settings.die
    if value <= 0:  # read after "needs": "needs -2 or less (no face can succeed)"
        return f"{value} or less (no face can succeed)"
    if value > top:
        lucky = f", {top} is a Lucky Chance" if settings.above_die == "top_face_lucky" else ""
        return f"any face ({value} is above the d{top}){lucky}"
    return f"{value} or less, {value} is a Lucky Chance"


def roll_test(
    dice: Dice,
    value: int,
    label: str,
    settings: Settings,
    *,
    target: str | None = None,
    ranked: bool = False,
) -> tuple[Roll, Die]:
    """Roll one test die against ``value`` and judge it. ``ranked``: the die is the
    first of a comparative test, read as :func:`ranked_reading`."""
    if ranked:
        return roll_read(dice, value, label, settings, ranked_reading, target=target)
    roll = dice.roll(
        settings.die,
        label,
        at_most=value,
        special=special_faces(value, settings),
        need=need_text(value, settings),
        target=target,
    )
    return roll, judge(roll.total, value, settings)


def roll_read(
    dice: Dice,
    value: int,
    label: str,
    settings: Settings,
    read: Callable[[Die], Hashable],
    *,
    target: str | None = None,
) -> tuple[Roll, Die]:
    """Roll one test die against ``value`` that the rule reads only through
    ``read(judged die)``, and judge it.

    The promise given to the dice is the tightest one :func:`grouping` finds for
    those readings: the defending die of a wound test is read only as whether it
    beats, ties or loses to the attacking die already rolled, so its ten faces are
    three or four outcomes for the exact odds. The faces, their order and the need
    shown to a GM are those of any other test.
    """
    readings = tuple(read(judge(face, value, settings)) for face in range(1, settings.die + 1))
    at_least, at_most, special = grouping(readings)
    roll = dice.roll(
        settings.die,
        label,
        at_least=at_least,
        at_most=at_most,
        special=special,
        need=need_text(value, settings),
        target=target,
    )
    return roll, judge(roll.total, value, settings)


def describe(die: Die) -> str:
    """A judged die in words: ``9 (Lucky Chance)``, ``3 (success)``."""
    if die.lucky:
        return f"{die.face} (Lucky Chance)"
    if die.catastrophic:
        return f"{die.face} (Catastrophic Failure)"
    return f"{die.face} ({die.result})"
