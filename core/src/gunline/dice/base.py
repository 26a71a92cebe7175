"""The dice interface that hooks see, built on one primitive: the next face.

Hooks ask for whole rolls (:meth:`Dice.roll`, :meth:`Dice.pool`, and
:meth:`Dice.repeat` for the same few rolls made again and again). The random and
scripted interpreters only differ in where each physical die's face comes from
(:meth:`Dice.face`); the odds interpreter overrides the whole-roll methods instead,
so that it can branch over a roll's outcomes (a pool's success count, a sum's total)
rather than over every face.

The contract for hooks: every die goes through the dice object; the result of a
roll is used only as its documented meaning. In particular, when a hook passes
``at_least``/``at_most`` to :meth:`Dice.roll`, it promises to use the face only by
comparing it with that threshold and with the faces listed in ``special``: that
promise is what lets the odds be computed over a handful of outcomes.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable

from ..models import Roll
from .requests import DieRequest, need_text


class Dice:
    """Base class of every dice interpreter."""

    def __init__(self) -> None:
        #: Every face consumed, in order: the chain's ``dice`` list.
        self.consumed: list[int] = []
        #: Positions in ``consumed`` of faces typed by the GM.
        self.manual: list[int] = []

    # -- the one primitive an interpreter supplies --------------------------------
    def face(self, request: DieRequest) -> int:  # pragma: no cover - abstract
        """Return the face of one physical die."""
        raise NotImplementedError

    def _take(self, request: DieRequest) -> tuple[int, bool]:
        """Return a face and whether the GM typed it; records it in ``consumed``."""
        before = len(self.manual)
        value = self.face(request)
        self.consumed.append(value)
        return value, len(self.manual) > before

    # -- what hooks call ------------------------------------------------------------
    def roll(
        self,
        sides: int,
        label: str,
        *,
        count: int = 1,
        at_least: int | None = None,
        at_most: int | None = None,
        special: Iterable[int] = (),
        need: str | None = None,
        target: str | None = None,
    ) -> Roll:
        """Roll ``count`` dice of ``sides`` sides and sum them.

        ``at_least``/``at_most`` state the threshold the total is compared with and
        ``special`` the faces that matter on their own (a natural 1 that always
        misses, a 6 that forces an ammo roll). ``need`` overrides the rendered need.
        """
        need = need if need is not None else need_text(at_least, at_most)
        values = []
        manual = False
        for i in range(count):
            request = DieRequest(
                label=label, sides=sides, need=need, target=target, index=i + 1, of=count
            )
            value, typed = self._take(request)
            values.append(value)
            manual = manual or typed
        return Roll(
            label=label,
            dice=f"{count}d{sides}",
            values=values,
            total=sum(values),
            need=need,
            manual=manual,
        )

    def pool(
        self,
        count: int,
        label: str,
        *,
        sides: int = 10,
        at_least: int | None = 8,
        at_most: int | None = None,
        again: int | None = 10,
        chance: bool = True,
        special: Iterable[int | Iterable[int]] = (),
        target: str | None = None,
    ) -> Roll:
        """Roll a success pool: ``count`` dice, each meeting the threshold is a success.

        ``again``: a face at or above it is rolled again and the new die counts too
        (10-again, 9-again); rerolls that show it roll again. A pool of 0 or fewer
        dice becomes one *chance die* when ``chance`` is set: only the top face
        succeeds, and the roll is marked ``chance`` (a 1 on it is the game's to
        interpret). The Roll's ``total`` is the number of successes.

        ``special``: faces whose *count* the rule reads from ``values`` (the 1s among
        several injury dice, the Lucky Chances of a unit's tests). Like ``roll``'s,
        it is a promise: the rule uses the pool only through ``total`` and how many
        of its dice show each special face, so exact odds branch over those counts
        (a multinomial) instead of over every face. An entry may be a group of faces
        (``range(1, crit + 1)``: how many bullets are critical) whose dice the rule
        counts together and never tells apart. It changes nothing in the roll.
        """
        is_chance = count <= 0 and chance
        if is_chance:
            count, at_least, at_most = 1, sides, None
        elif count < 0:
            count = 0
        success_need = need_text(at_least, at_most)
        need = success_need + (f", {again}-again" if again is not None else "")
        values: list[int] = []
        successes = 0
        manual = False
        pending, batch, rerolls = count, 0, False
        while pending:
            batch_size, pending = pending, 0
            for i in range(batch_size):
                request = DieRequest(
                    label=("chance die" if is_chance else label),
                    sides=sides,
                    need=success_need,
                    target=target,
                    index=i + 1,
                    of=batch_size,
                    reroll=rerolls,
                    success=True,
                )
                value, typed = self._take(request)
                manual = manual or typed
                values.append(value)
                if (at_least is not None and value >= at_least) or (
                    at_most is not None and value <= at_most
                ):
                    successes += 1
                if again is not None and value >= again:
                    pending += 1
            batch += 1
            rerolls = True
        return Roll(
            label=label,
            dice=("chance die" if is_chance else f"{count}d{sides}"),
            values=values,
            total=successes,
            need=need,
            manual=manual,
            chance=is_chance,
        )

    def repeat(
        self,
        times: int,
        label: str,
        body: Callable[["Dice"], tuple[Hashable, Any]],
        *,
        fold: Callable[[Any, Any], Any],
        start: Any,
        key: Hashable | None = None,
    ) -> tuple[Any, list[Any]]:
        """Run ``body`` ``times`` times, one run after the other, and fold what the
        runs score: every bullet of a burst rolling its damage and its critical.

        ``body(dice)`` rolls one run's dice and returns ``(score, detail)``; the runs'
        scores are folded in order, ``fold(fold(start, s1), s2) ...``, and the result
        is ``(folded, [detail of each run])``. Dice are taken in order, run by run, so
        random and typed dice are exactly those of a plain loop.

        Like ``roll``'s threshold, it is a promise: the rule reads the runs only
        through the folded value (the details only to show them), ``body`` rolls the
        same way on every run (it does not depend on which run it is), ``fold`` is
        pure and its values hashable. Exact odds then work out one run's outcomes
        once, fold their distribution ``times`` times and branch over the folded
        values (a sum of 20 bullets' damage: its totals, not each bullet's faces).
        ``key``, when given, names the body with everything it depends on (equal keys,
        equal bodies), so that the odds reuse that work across replays.
        """
        folded = start
        details = []
        for _ in range(max(times, 0)):
            score, detail = body(self)
            folded = fold(folded, score)
            details.append(detail)
        return folded, details
