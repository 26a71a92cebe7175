"""``action_odds``: the odds of an action between attacks, as an attack's odds.

An action is run by the same third interpreter: its whole chain replayed over every
outcome class of every dice request it makes (:func:`.api.whole_marginals`), weighed
and tallied by the code that tallies an attack, into the same :class:`~.model.Odds`
(the target's final status for an action on a target, the shooter's and the
weapon's for the others, every step's probability). Actions roll a few dice, so the
tree is small; past :data:`ACTION_WORK` replays it falls back to seeded Monte Carlo
and says so, as an attack's odds do.
"""

from __future__ import annotations

from typing import Any

from ..actions import action_refusals, action_start, declared, resolve_action, who_for
from ..dice import Dice
from ..errors import AttackRefused, PluginFailed
from ..language import _
from ..models import Attack
from ..state import ChainState
from . import readings
from .api import _shape, whole_marginals
from .interpreter import NotReplayable, TreeTooLarge
from .leaf import Leaf, summarize
from .model import Odds
from .sampling import sample, sample_tree
from .tally import build_odds, marginals_of

#: Most replays of an action's whole chain before Monte Carlo (an action rolls a few
#: dice: its tree is a handful of leaves, far under it).
ACTION_WORK = 100_000
#: Samples drawn when an action's tree is too large to enumerate.
ACTION_SAMPLES = 10_000


@readings.scoped
def action_odds(
    registry: Any,
    attack: Attack,
    action: str,
    who: str | None = None,
    *,
    prior: ChainState | None = None,
    samples: int | None = None,
    seed: int = 0,
    work: int | None = None,
    every_face: bool = False,
) -> Odds:
    """The odds of action ``action`` for ``who`` in ``attack`` (from ``prior``, an
    encounter's saved state, when given). ``targets`` holds ``who`` for an action
    on a target and nothing otherwise. Raises :class:`AttackRefused` when the rules
    refuse the action, as :func:`gunline.odds.compute_odds` does for an attack.
    ``samples`` forces Monte Carlo with that many samples (``every_face``: rolling
    every face, the independent check); ``work`` caps the replays of an exact
    enumeration (default :data:`ACTION_WORK`)."""
    stack = registry.stack(attack.ruleset, attack.variants)
    who = who_for(stack, attack, action, who)
    problems = action_refusals(stack, attack, action, who, action_start(stack, attack, prior))
    if problems:
        raise AttackRefused("; ".join(problems))
    names = (who,) if declared(stack, action).applies_to == "target" else ()

    def run(dice: Dice) -> Leaf:
        chain = resolve_action(stack, attack, action, who, dice, prior=prior, check=False)
        return summarize(chain, names, dice.pool_rolls)

    shape = _shape(stack, names)
    work = ACTION_WORK if work is None else work
    if samples is None:
        try:
            return build_odds(whole_marginals(run, work, len(names)), **shape)
        except TreeTooLarge as exc:
            note = _("Monte Carlo: the outcome tree is too large to enumerate ({why}; at most {work} replays)",
                     why=exc, work=format(work, ","))
        except NotReplayable as exc:
            raise PluginFailed(stack.name, "dice", str(exc)) from None
        samples = ACTION_SAMPLES
    else:
        note = _("Monte Carlo: {samples} samples requested", samples=samples)
    sampler = sample if every_face else sample_tree
    return build_odds(marginals_of(sampler(run, samples, seed), len(names)), samples=samples, note=note, **shape)
