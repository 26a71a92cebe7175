"""A whole roll typed on one line, as a GM reads it off the table.

``7 9 2 7`` or ``7,9,2,7`` are four faces; on a die whose faces are one digit (up to
a d10, where 0 is 10) they may run together: ``7927``. A pool the rules read by its
count of successes alone may be given as that count, ``3s``, alone or beside the
faces of the dice that matter (``3s 10``: a 10 that rolls again, three successes
among the rest); ``.`` is a die rolled for the GM. Rerolls and explosions the roll
causes are further dice the chain asks for next, typed the same way.

No Textual and no interpreter here: :func:`read_line` turns the text into faces for
:class:`~gunline.dice.scripted.ScriptedDice`, and says what is wrong in a sentence
the GM can act on.
"""

from __future__ import annotations

import re

from ..language import _, _n
from .requests import DieRequest

_SPLIT = re.compile(r"[\s,;]+")
_COUNT = re.compile(r"(\d+)s$", re.IGNORECASE)
_COUNT_WORDS = re.compile(r"(\d+)\s*(?:s|succ|successes?|hits?)\b", re.IGNORECASE)


class LineError(ValueError):
    """The line cannot be read as faces of the die asked for (the message says why)."""


def left_in_roll(request: DieRequest) -> int:
    """The dice of the roll still to come, this one included."""
    return request.of - request.index + 1


def read_line(text: str, request: DieRequest) -> list[int | None]:
    """The faces a line gives, starting at the die ``request`` asks for (``None``: roll
    it for me). An empty line is one die rolled for the GM."""
    text = text.strip()
    if not text:
        return [None]
    faces: list[int | None] = []
    count: int | None = None
    text = _COUNT_WORDS.sub(r"\1s", text)  # "3 successes" is "3s"
    for token in _SPLIT.split(text):
        if not token:
            continue
        if token in (".", "?", "-"):
            faces.append(None)
            continue
        counted = _COUNT.match(token)
        if counted:
            if count is not None:
                raise LineError(_("{token}: give the count of successes once", token=repr(token)))
            count = int(counted.group(1))
            continue
        faces += _faces_of(token, request.sides)
    if count is None:
        return faces
    return _with_count(faces, count, request)


#: The faces the examples show, each brought within the die's sides (a d6's prompt
#: said "7 9 2 7", two faces it cannot show).
_EXAMPLE = (7, 9, 2, 7)


def example_faces(sides: int, count: int = 4) -> list[int]:
    """Faces to show as an example of a roll of ``count`` dice of ``sides`` (at most
    four), each one the die can show."""
    return [(face - 1) % max(sides, 1) + 1 for face in _EXAMPLE[:max(1, min(count, len(_EXAMPLE)))]]


def _faces_of(token: str, sides: int) -> list[int | None]:
    if not token.isdigit():
        shown = " ".join(map(str, example_faces(sides)))
        raise LineError(_("{token} is not a face: type the faces shown, e.g. {faces} (or . to roll one for me)",
                           token=repr(token), faces=shown))
    value = int(token)
    one_digit = sides <= 10
    if len(token) > 1 and one_digit and (value > sides or token.startswith("0")):
        return [_checked(int(d), sides, d) for d in token]  # run together: one digit a die
    return [_checked(value, sides, token)]


def _checked(value: int, sides: int, token: str) -> int:
    if value == 0 and sides == 10:
        return 10
    if not 1 <= value <= sides:
        if sides == 10:
            raise LineError(_("{token} is not a face of a d{sides}: it shows 1 to {sides} (0 is 10)", token=token,
                              sides=sides))
        raise LineError(_("{token} is not a face of a d{sides}: it shows 1 to {sides}", token=token, sides=sides))
    return value


def _with_count(faces: list[int | None], count: int, request: DieRequest) -> list[int | None]:
    """``count`` successes among the dice of the roll not given as faces."""
    if request.counted is None:
        raise LineError(_("{roll}: these dice are read one by one, not by their count: type each face",
                          roll=request.label))
    hit, miss = request.counted
    left = left_in_roll(request) - len(faces)
    if count > left:
        said = _("{count} successes among {left} dice: the roll has {dice} dice left", count=count, left=left,
                 dice=left_in_roll(request))
        if faces:
            said += _(", {given} of them given as faces", given=len(faces))
        raise LineError(said)
    return faces + [hit] * count + [miss] * (left - count)


def hint(request: DieRequest) -> str:
    """What the GM may type for ``request``, in a line."""
    n = left_in_roll(request)
    if n == 1:
        text = _("the face shown")
    elif request.sides <= 10:
        # Translators: always more than one face; English says "faces" whatever the count.
        together = "".join(str(f % 10) for f in example_faces(request.sides, n))
        text = _n("the {count} faces, apart (or run together: {together})",
                  "the {count} faces, apart (or run together: {together})", n, count=n, together=together)
    else:
        text = _n("the {count} faces, apart", "the {count} faces, apart", n, count=n)
    if request.counted is not None and n > 1:
        text += _(", or the successes alone: 3s")
    zero = _(" · 0 is 10") if request.sides == 10 else ""
    return text + _(" · . rolls one for you · blank: roll this die") + zero
