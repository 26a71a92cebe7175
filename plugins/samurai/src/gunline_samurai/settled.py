"""What an attack settles before any die is rolled, worked out once per attack.

Every chain of one attack (a seeded run, each of the odds' replays, the GM's own
rolls) asks it the same questions before the dice: what the opening steps say, what
is refused, what the shots need. The answers depend on the attack and on a few facts
of the state (who still stands), never on the dice, and working them out afresh was
much of a chain's time. They are kept here, per attack and language, under the
question and those facts; a chain takes its own copy of anything it may change.

The answers are kept beside a copy of the attack they were worked out for, and
handed out only while the attack still equals it: an attack changed in place since
(its Structs are not frozen), or a new one that Python gives a freed one's id, gets
answers of its own.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from gunline.language import language

T = TypeVar("T")

#: How many attacks, and answers per attack, are kept before starting afresh.
ATTACKS = 64
ANSWERS = 256

#: (the attack's id, language) -> (a copy of the attack, its answers); an attack
#: that cannot be told by its value is kept as itself, with no answers.
_KEPT: dict[tuple[int, str], tuple[Any, dict[Hashable, Any] | None]] = {}


def settled(attack: Any, question: Hashable, answer: Callable[[], T]) -> T:
    """``answer()`` to ``question`` about ``attack``, worked out once per attack (as
    long as it is unchanged) and language. ``question`` must name everything else the answer depends
    on (the facts of the state it was worked out from), and the answer must not be
    changed by whoever receives it."""
    # the usual call, asked again of an unchanged attack, answered without a call
    found = _KEPT.get((id(attack), language()))
    answers = found[1] if found is not None and found[1] is not None and found[0] == attack else _answers(attack)
    if answers is None:
        return answer()
    try:
        return answers[question]
    except KeyError:
        if len(answers) >= ANSWERS:
            answers.clear()
        made = answers[question] = answer()
        return made


def target_index(attack: Any, target: Any) -> int | None:
    """Which of the attack's targets ``target`` is (a question names it so), or None
    for a target that is none of them."""
    for i, t in enumerate(attack.targets):
        if t is target:
            return i
    return None


def _answers(attack: Any) -> dict[Hashable, Any] | None:
    """The answers kept for ``attack``, or None for an attack that cannot be told
    by its value (one that does not equal a copy of itself)."""
    key = (id(attack), language())
    found = _KEPT.get(key)
    if found is not None:
        if found[0] is attack and found[1] is None:
            return None
        if found[0] == attack:
            return found[1]
    if len(_KEPT) >= ATTACKS:
        _KEPT.clear()
    try:
        kept = copy.deepcopy(attack)
        same = kept == attack
    except Exception:  # noqa: BLE001 - anything that cannot be copied is simply not kept
        same = False
    if not same:
        _KEPT[key] = (attack, None)
        return None
    answers: dict[Hashable, Any] = {}
    _KEPT[key] = (kept, answers)
    return answers
