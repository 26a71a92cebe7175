"""What a roll means, written once for every dice interpreter.

Each interpreter differs only in where faces come from (a seeded generator, the
GM's typing, a replayed chain, the representative faces of one outcome of the odds)
and in how it weighs them; the faces then go through these functions, which decide
how many dice a pool takes (rerolls), what the rule reads and what the chain
records. Because every interpreter runs this same code, a reading the odds count is
exactly the reading a seeded or typed roll would give for those faces.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from ..language import _
from ..models import Roll
from .reads import need_of, passing
from .results import Rolled, Tally

if TYPE_CHECKING:
    from .base import Dice

#: Notations ("1d6", "2d6", "7d10") by (count, sides): built on every roll.
_NOTATION: dict[tuple[int, int], str] = {}
#: The notation of one die by its sides ("1d6"): the usual roll, found without a key.
_ONE_DIE: dict[int, str] = {}


def notation(count: int, sides: int) -> str:
    text = _NOTATION.get((count, sides))
    if text is None:
        text = _NOTATION[(count, sides)] = f"{count}d{sides}"
        if count == 1:
            _ONE_DIE[sides] = text
    return text


def _asked(label: str, target: str | None, by: str | None) -> tuple[str, str | None]:
    """How a GM typing dice is asked for a die: by whose die it is (``by``, the
    model rolling it) and at whom, when the roller is given ("Ninja, to hit at
    Ashigaru"); else by whom the roll is about ("Goliath, to hit")."""
    if by is None or by == target:
        return label, target if by is None else by
    return (_("{roll} at {target}", roll=label, target=target) if target else label), by


def _counted(sides: int, success: Callable[[int], Any] | None, again: int | None) -> tuple[int, int] | None:
    """A face that succeeds and one that fails, neither rolling again: what a pool
    read by its successes alone is typed with when a GM gives only the count (the
    lowest success, the highest failure). None when the die has no such faces."""
    if success is None:
        return None
    plain = [face for face in range(1, sides + 1) if again is None or face < again]
    hits = [face for face in plain if success(face)]
    misses = [face for face in plain if not success(face)]
    return (hits[0], misses[-1]) if hits and misses else None


#: The most dice one roll or pool may ask for. No game rolls more at once, and a
#: plugin asking for millions (a bug, or worse) would fill memory and the terminal
#: with faces before anything could say so; the odds' exact counts stay within a
#: float for pools of this size.
MAX_DICE = 1000


#: The most sides a die may have. The largest die a game names is a d1000; a die of
#: a trillion sides (a bug, or worse) rolls, but its exact odds would count every
#: face, and fill memory before anything could say so.
MAX_SIDES = 1000


def _too_many(label: str, count: int) -> ValueError:
    return ValueError(f"{label}: {count} dice asked for in one roll; at most {MAX_DICE} are rolled at once")


def checked(label: str, sides: Any, count: Any, pool: bool) -> tuple[int, int]:
    """``sides`` and ``count`` of a dice request as ints, or ``ValueError`` saying what
    a rule may ask for: whole numbers (an ``int``, or what stands for one, as numpy's
    do), a die of 1 to :data:`MAX_SIDES` sides, at most :data:`MAX_DICE` dice and, for
    a roll, at least one (a pool of fewer than none is a pool of none). Called where
    the usual request (ints within bounds) fails a quick look, so it costs that
    request nothing."""
    for what, value in (("sides", sides), ("count", count)):
        try:
            operator.index(value)
        except TypeError:
            raise ValueError(
                f"{label}: {what}={_shown(value)}; a rule asks for a whole number (an int) of {what}"
            ) from None
    sides, count = operator.index(sides), operator.index(count)
    if not 1 <= sides <= MAX_SIDES:
        raise ValueError(f"{label}: a die of {sides} sides asked for; a die has 1 to {MAX_SIDES} sides")
    if pool:
        count = max(count, 0)
    elif count < 1:
        raise ValueError(f"{label}: a roll of {count} dice asked for; a roll is of 1 to {MAX_DICE} dice "
                         "(to roll none, leave the roll out: dice.pool takes 0 dice)")
    if count > MAX_DICE:
        raise _too_many(label, count)
    return sides, count


def _shown(value: Any) -> str:
    """A plugin's value as a message shows it: its repr, cut when long; its type's
    name when its repr fails."""
    try:
        text = repr(value)
    except Exception:
        return f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:39] + "…"


def roll(
    dice: Dice,
    sides: int,
    label: str,
    count: int,
    read: Callable[[int], Any] | None,
    need: str | None,
    target: str | None,
    by: str | None = None,
) -> Rolled[Any]:
    """``count`` dice of ``sides`` sides, summed; the reading is ``read(total)`` (the
    total itself without a read)."""
    # Every roll of every chain comes through here: the usual one (a die rolled by
    # the one it is about, or dice that ask nobody) is asked for without working out
    # who asks.
    if type(count) is not int or type(sides) is not int or not 0 < count <= MAX_DICE or not 0 < sides <= MAX_SIDES:
        sides, count = checked(label, sides, count, False)
    if need is None:
        need = "" if read is None else need_of(read)
    manual = dice.manual
    typed = len(manual)
    if by is None or not dice.asks:
        faces = dice._faces(count, sides, label, need, target if by is None else by, False, False)
    else:
        asked, whose = _asked(label, target, by)
        faces = dice._faces(count, sides, asked, need, whose, False, False)
    if count == 1:
        total = faces[0]
        shown = _ONE_DIE.get(sides) or notation(1, sides)
    else:
        total = sum(faces)
        shown = _NOTATION.get((count, sides)) or notation(count, sides)
    record = Roll(label=label, dice=shown, values=faces, total=total, need=need, manual=len(manual) > typed)
    return Rolled(total if read is None else read(total), record)


def pool(
    dice: Dice,
    count: int,
    label: str,
    sides: int,
    success: Callable[[int], Any] | None,
    read: Callable[[int], Hashable] | None,
    again: int | None,
    read_added: bool,
    need: str | None,
    ask: str | None,
    shown: str | None,
    chance: bool,
    target: str | None,
    by: str | None = None,
) -> Rolled[Tally]:
    """``count`` dice read one by one: each face at or above ``again`` adds a die
    (rolled after the batch it came from, and rolling again itself). The reading
    counts the dice that pass ``success`` and the dice by their ``read`` (the first
    ``count`` alone unless ``read_added``)."""
    if again is not None and again <= 1:
        raise ValueError(f"{label}: again={again} would roll every die again forever")
    if type(count) is not int or type(sides) is not int or not 0 <= count <= MAX_DICE or not 0 < sides <= MAX_SIDES:
        sides, count = checked(label, sides, count, True)
    success_need = need_of(success) if success is not None else ""
    typed = len(dice.manual)
    values: list[int] = []
    pending, reroll = count, False
    words = ask if ask is not None else label
    # the words a GM is asked with are made only for dice that ask one (typed dice):
    # seeded and replayed dice show them to nobody
    asked, whose = _asked(words, target, by) if dice.asks else (words, target if by is None else by)
    # only dice that ask a person for faces need to know how a count is typed
    counted = _counted(sides, success, again) if read is None and dice.asks else None
    while pending:
        batch = dice._faces(pending, sides, asked, success_need, whose, reroll, True, counted)
        values += batch
        pending = 0 if again is None else sum(1 for face in batch if face >= again)
        reroll = True
    successes = 0 if success is None else passing(success, values)
    counts: dict[Hashable, int] = {}
    if read is not None:
        for face in values if read_added else values[:count]:
            reading = read(face)
            if reading is not None:
                counts[reading] = counts.get(reading, 0) + 1
    if need is None:
        need = success_need + (_(", {face}-again", face=again) if again is not None else "")
    record = Roll(
        label=label,
        dice=shown if shown is not None else notation(count, sides),
        values=values,
        total=successes,
        need=need,
        manual=len(dice.manual) > typed,
        chance=chance,
    )
    dice.pool_rolls.append((record, target))
    return Rolled(Tally(successes, frozenset(counts.items())), record)
