"""What a hook asks of the dice, in words a GM can act on.

A request carries the rule's label and what it needs, so that a GM typing dice by
hand is told what to roll ("Goliath, to hit: 1d6, needs 5+"), and so that the odds
interpreter knows which faces the rule can tell apart.
"""

from __future__ import annotations

import msgspec


class DieRequest(msgspec.Struct, frozen=True, kw_only=True):
    """One physical die the chain needs next."""

    label: str
    sides: int
    need: str = ""
    target: str | None = None
    #: Position of this die within its roll (1-based) and the roll's size so far,
    #: for messages such as "attack pool, die 4 of 7".
    index: int = 1
    of: int = 1
    reroll: bool = False
    #: A die of a success pool: ``need`` is what this one die must show to count as
    #: a success, and is read "8+ succeeds" rather than "needs 8+".
    success: bool = False
    #: For a pool the rules read by its count of successes alone: a face that
    #: succeeds and one that fails, neither rolling again, so that a GM who only
    #: counts may type "3s" and the dice are filled with faces that read the same.
    counted: tuple[int, int] | None = None

    def describe(self) -> str:
        """The request as a GM reads it: ``Sykes, attack pool, die 4 of 7: d10, 8+
        succeeds``, ``Goliath, to hit: 1d6, needs 5+``, or, naming the model who
        rolls it (``by``), ``Ninja, to hit at General, die 1 of 2: d10, 4 or less
        succeeds``."""
        from ..language import _

        # whose die it is, unless the roll's own label already starts by saying so
        # ("Sentry, return fire")
        said = self.target and self.label.startswith(f"{self.target}, ")
        who = f"{self.target}, " if self.target and not said else ""
        if self.of > 1 or self.reroll:
            if self.reroll:
                what = _("{roll}, reroll {index} of {count}: d{sides}", roll=self.label, index=self.index,
                         count=self.of, sides=self.sides)
            else:
                what = _("{roll}, die {index} of {count}: d{sides}", roll=self.label, index=self.index,
                         count=self.of, sides=self.sides)
        else:
            what = f"{self.label}: 1d{self.sides}"
        if not self.need:
            need = ""
        elif self.success:
            need = _(", {need} succeeds", need=self.need)
        else:
            need = _(", needs {need}", need=self.need)
        return f"{who}{what}{need}"


def need_text(at_least: int | None, at_most: int | None) -> str:
    """Render a threshold the way rulebooks write it."""
    if at_least is not None:
        return f"{at_least}+"
    if at_most is not None:
        from ..language import _

        return _("{face} or less", face=at_most)
    return ""


class DiceInterrupt(Exception):
    """Base of the exceptions a dice interpreter raises to stop a chain (faces ran
    out, a face is impossible, an odds interpreter branching). The engine lets them
    through untouched instead of blaming the plugin whose hook was rolling."""


class DiceNeeded(DiceInterrupt):
    """Raised by the scripted interpreter when its faces run out."""

    def __init__(self, request: DieRequest, position: int):
        self.request = request
        self.position = position
        super().__init__(request.describe())


class BadFace(DiceInterrupt, ValueError):
    """A scripted face that the die it was given to cannot show."""

    def __init__(self, request: DieRequest, face: int, position: int):
        self.request = request
        self.face = face
        self.position = position
        super().__init__(
            f"die {position + 1} is {face}, but {request.describe()} "
            f"takes a face from 1 to {request.sides}"
        )
