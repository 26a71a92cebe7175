"""The test on a characteristic: one die, roll under.

The seed never states its dice rule; its worked example fixes it: the bushido
master's single die shows 9 and "this is a Lucky Chance", and the ninja's 2 and 3
are "successes". So a test succeeds on a roll at or under the characteristic, and
rolling exactly the characteristic is «Счастливый Случай» (a Lucky Chance).
What the example cannot fix (the die, the Catastrophic Failure, characteristics
above the die) comes from the scenario's settings.
"""

from __future__ import annotations

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
    matters.
    """
    top = settings.die
    faces: set[int] = set()
    if ranked:
        faces.update(range(1, min(value, top) + 1))
    if 1 <= value <= top:
        faces.add(value)
    if value > top and settings.above_die == "top_face_lucky":
        faces.add(top)
    if value < top and settings.catastrophic_failure == "top_face":
        faces.add(top)
    return tuple(sorted(faces))


def need_text(value: int, settings: Settings) -> str:
    """What the die needs, as a GM reads it before rolling."""
    top = settings.die
    if value <= 0:
        return "cannot succeed (characteristic 0)"
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
    """Roll one test die against ``value`` and judge it."""
    roll = dice.roll(
        settings.die,
        label,
        at_most=value,
        special=special_faces(value, settings, ranked=ranked),
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
