"""The dice a hook is handed: every die a rule rolls goes through these methods.

Three requests cover the rulesets gunline knows, each stating what the rule reads
of its dice (:mod:`.reads`):

* :meth:`Dice.roll`: one die, or a sum of several, read as one value
  ("to hit: 1d6, 4+", "damage: 2d6");
* :meth:`Dice.pool`: several dice counted by how each one reads ("attack pool:
  7d10, 8+ succeeds, 10-again", "injury dice: 1 flesh wound, 2-5 down, 6 out of
  action");
* :meth:`Dice.repeat`: the same few rolls made again and again, their results
  combined as the game says ("each bullet's damage adds up"); and
  :meth:`Dice.scored`, a few rolls read together as one result (a wound test's
  three dice: kill, wound or nothing);
* :meth:`Dice.then`: the rest of a hook's steps, made by a function of a few plain
  values (the injury dice of so many wounds), which the odds work out once for
  every call that passes the same values.

What a roll means lives in :mod:`.meaning`, once; an interpreter only says where
faces come from (:meth:`Dice._faces`): a seeded generator, the GM's typing, or, in
the odds, the faces of one outcome of each roll, weighed by its probability.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from ..models import Roll, Step
from . import meaning
from .results import Rolled, Tally

S = TypeVar("S", bound=Hashable)
D = TypeVar("D")
V = TypeVar("V", bound=Hashable)

#: One run of a repeated body: what it scores (all the rule reads of it) and the
#: details it shows (rolls, words).
Body = Callable[["Dice"], tuple[S, D]]


class Dice:
    """Base class of every dice interpreter (see the module)."""

    def __init__(self) -> None:
        #: Every face consumed, in order: the chain's ``dice`` list.
        self.consumed: list[int] = []
        #: Positions in ``consumed`` of faces typed by the GM.
        self.manual: list[int] = []
        #: Every pool rolled, with the target its request named (for the odds of
        #: each pool's success count).
        self.pool_rolls: list[tuple[Roll, str | None]] = []

    #: Whether faces are asked of a person (typed by the GM): such an interpreter is
    #: told more about each die (:attr:`.requests.DieRequest.counted`).
    asks = False

    # -- where faces come from: the one thing an interpreter supplies -------------------
    def _faces(
        self,
        n: int,
        sides: int,
        label: str,
        need: str,
        target: str | None,
        reroll: bool,
        success: bool,
        counted: tuple[int, int] | None = None,
    ) -> list[int]:  # pragma: no cover - abstract
        """The faces of ``n`` dice of ``sides`` sides rolled together, appended to
        ``consumed``. The other arguments say what they are for, so that a GM typing
        dice is asked for the right ones (:class:`.requests.DieRequest`); an
        interpreter that asks nobody (``asks`` false) is given the roll's own label,
        the words of whom it is asked at being made only for one that asks."""
        raise NotImplementedError

    # -- what hooks call --------------------------------------------------------------
    def roll(
        self,
        sides: int,
        label: str,
        *,
        count: int = 1,
        read: Callable[[int], Any] | None = None,
        need: str | None = None,
        target: str | None = None,
        by: str | None = None,
    ) -> Rolled[Any]:
        """Roll ``count`` dice of ``sides`` sides and sum them.

        ``read`` is what the rule reads of the total (``at_least(4)``, a
        :func:`~.reads.faces` table, any pure function returning something hashable);
        the result's ``value`` is ``read(total)``, or the total itself without a
        read. ``need`` is what the GM is told the roll needs (default: the read's own
        words, "4+"); ``target`` names who the roll is for, and ``by`` the model who
        rolls it when that is another (the shooter's to-hit die at a target), so that
        a GM typing dice is asked for the right model's die ("Ninja, to hit at
        Ashigaru").
        """
        return meaning.roll(self, sides, label, count, read, need, target, by)

    def pool(
        self,
        count: int,
        label: str,
        *,
        sides: int,
        success: Callable[[int], Any] | None = None,
        read: Callable[[int], Hashable] | None = None,
        again: int | None = None,
        read_added: bool = True,
        need: str | None = None,
        ask: str | None = None,
        shown: str | None = None,
        chance: bool = False,
        target: str | None = None,
        by: str | None = None,
    ) -> Rolled[Tally]:
        """Roll ``count`` dice of ``sides`` sides and count them die by die.

        The result's ``value`` is a :class:`~.results.Tally`: ``successes``, the dice
        that pass ``success`` (the roll's ``total`` in the chain), and, for each
        reading of ``read`` other than ``None``, how many dice read that way. A face
        at or above ``again`` adds a die to the pool (10-again), rolled after its
        batch and counted like the others; with ``read_added`` false the added dice
        count toward the successes only, and ``read`` reads the first ``count`` dice
        alone (a 1 on a chance die itself, not on a die it added). ``need`` is what
        the chain shows the roll needed (default: the success read's words and the
        again rule), ``ask`` the name of each die when a GM is asked for it (default:
        ``label``), ``shown`` the notation shown (default: ``7d10``) and ``chance``
        marks the record as a chance die; ``target`` and ``by`` as for :meth:`roll`.
        """
        return meaning.pool(
            self, count, label, sides, success, read, again, read_added, need, ask, shown, chance, target, by
        )

    def repeat(
        self,
        times: int,
        label: str,
        body: Callable[[Dice], tuple[S, D]],
        *,
        fold: Callable[[V, S], V],
        start: V,
    ) -> tuple[V, list[D]]:
        """Run ``body`` ``times`` times, one run after the other, and combine what
        the runs score: the bullets of a burst, each rolling its damage.

        ``body(dice)`` rolls one run and returns ``(score, detail)``; the scores are
        combined in order, ``fold(fold(start, s1), s2) ...``, and the result is
        ``(combined, [detail of each run])``. Decide with the combined value alone;
        the details are for showing (rolls, words). Every run rolls the same way (the
        body does not depend on which run it is), ``fold`` is pure and its values
        hashable. Dice are taken run by run, exactly as in a plain loop.
        """
        folded = start
        details: list[D] = []
        pools = len(self.pool_rolls)
        for _ in range(max(times, 0)):
            score, detail = body(self)
            folded = fold(folded, score)
            details.append(detail)
        # a pool rolled in a run counts toward the run's score, not the pool tables
        del self.pool_rolls[pools:]
        return folded, details

    def scored(self, label: str, body: Callable[[Dice], tuple[S, D]]) -> tuple[S, D]:
        """Roll what ``body`` rolls, read only through the score it returns:
        ``body(dice)`` returns ``(score, detail)``, and the rule decides with the
        score alone (the detail is for showing). A wound test made of an armour
        roll and two opposed dice, read as kill, wound or nothing."""
        score, (detail,) = self.repeat(1, label, body, fold=_last, start=None)
        return score, detail

    def then(self, before: Sequence[Step], body: Callable[..., Sequence[Step]], *args: Any) -> list[Step]:
        """The hook's steps: ``before``, then the steps ``body(dice, *args)`` rolls
        and returns, as one new list. A hook returns it as it is (``return
        dice.then(steps, injury, strength, count)``), and its last dice are
        ``body``'s.

        ``body`` depends on nothing but ``args`` (numbers, strings, booleans,
        ``None``, tuples of them), never on the hook's other values: the odds
        work its outcomes out once for every call with equal ``args`` (the injury
        dice of five wounds, however many hits made them) and join each to each
        outcome of the hook so far, without running the hook again. Random and
        typed dice just call it."""
        return [*before, *body(self, *args)]


def _last(_: Any, score: Any) -> Any:
    return score
