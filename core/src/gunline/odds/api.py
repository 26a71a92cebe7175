"""``compute_odds``: exact odds of every step of an attack, before the roll.

The rules program is run by a third interpreter over every outcome class of every
dice request, weighing the leaves: :mod:`.stages` runs the attack hook by hook,
merging paths where the engine moves from one target to the next (the odds of n
targets then cost the sum of their trees, not the product) and running each hook
once per distinct input it reads; where the rules defeat that, :mod:`.explore`
replays whole chains through the engine. Where the tree is larger than the budget it falls back to seeded Monte
Carlo (:mod:`.sampling`: the outcome tree sampled lazily, or with ``every_face`` the
random interpreter rolling every face) and says so (``exact`` false, ``samples``,
``ci95``, ``note``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..dice import Dice
from ..engine import refusals, resolve, start_state
from ..errors import AttackRefused, PluginFailed
from ..models import Attack
from ..stack import RulesStack
from ..state import ChainState
from .explore import PROBE_AT, leaves, too_large
from .interpreter import NotReplayable, TreeTooLarge
from .leaf import Leaf, summarize
from .model import Odds
from .sampling import sample, sample_tree
from .stages import Unstageable, staged
from .tally import Marginals, build_odds, marginals_of

#: Most hook runs and paths (staged), or replays of the whole chain, before falling
#: back to Monte Carlo: about a second with a typical ruleset.
DEFAULT_BUDGET = 10_000
#: Samples drawn when falling back to Monte Carlo without a sample count (95%
#: intervals about ±1 percentage point).
DEFAULT_SAMPLES = 10_000


def _shape(stack: RulesStack, names: tuple[str, ...]) -> dict[str, Any]:
    """What :func:`build_odds` needs to know of the ruleset besides the marginals."""
    return dict(
        names=names,
        statuses=tuple(stack.ruleset.statuses),
        weapon_statuses=tuple(stack.ruleset.weapon_statuses),
        ruleset=stack.name,
        variants=list(stack.variants),
    )


def compute_odds(
    registry: Any,
    attack: Attack,
    *,
    samples: int | None = None,
    seed: int = 0,
    budget: int | None = None,
    prior: ChainState | None = None,
    every_face: bool = False,
    progress: Any = None,
) -> Odds:
    """The odds of ``attack`` under its ruleset and variants.

    Exact unless the outcome tree has more than ``budget`` leaves (default
    :data:`DEFAULT_BUDGET`); then, or whenever ``samples`` is given, ``samples``
    (default :data:`DEFAULT_SAMPLES`) chains are rolled from ``seed``. ``prior`` is
    an encounter's saved state, as for :func:`gunline.engine.resolve`. Monte Carlo
    samples the outcome tree (fast, relies on the reads as the exact odds do);
    ``every_face`` rolls every face with the random interpreter instead (slower:
    the independent check of the exact odds). Raises
    :class:`AttackRefused` for an attack the rules forbid, :class:`PluginFailed`
    for a plugin that raises or is not pure. ``progress(done, total)`` is called as
    Monte Carlo samples are drawn (it may raise to stop them).
    """
    stack = registry.stack(attack.ruleset, attack.variants)
    problems = refusals(stack, attack, start_state(stack, attack, prior))
    if problems:
        raise AttackRefused("; ".join(problems))
    names = tuple(t.name for t in attack.targets)

    def run(dice: Dice) -> Leaf:
        chain = resolve(stack, attack, dice, prior=prior, describe=False, check=False)
        return summarize(chain, names, dice.pool_rolls)

    shape = _shape(stack, names)
    budget = DEFAULT_BUDGET if budget is None else budget
    note = ""
    if samples is None:
        try:
            return build_odds(exact_marginals(stack, attack, prior, run, budget), **shape)
        except TreeTooLarge as exc:
            # counted ("more than N outcomes") or estimated from a sample of paths:
            # the note says which, so that a larger --budget never contradicts it
            verb = "looks" if exc.estimated else "is"
            note = f"Monte Carlo: the outcome tree {verb} too large to enumerate ({exc}; budget {budget})"
        except NotReplayable as exc:
            raise PluginFailed(stack.name, "dice", str(exc)) from None
        samples = DEFAULT_SAMPLES
    else:
        note = f"Monte Carlo: {samples} samples requested"
    sampler = sample if every_face else sample_tree
    marginals = marginals_of(sampler(run, samples, seed, progress), len(names))
    return build_odds(marginals, samples=samples, note=note, **shape)


def exact_marginals(
    stack: RulesStack, attack: Attack, prior: ChainState | None, run: Callable[[Dice], Leaf], budget: int
) -> Marginals:
    """Staged enumeration where the rules allow it (:mod:`.stages`), else whole
    chains replayed (:mod:`.explore`)."""
    try:
        return staged(stack, attack, prior, budget)
    except Unstageable:
        pass
    except PluginFailed:
        # a hook that cannot run on the recording views (msgspec refuses them):
        # whole chains, which name the plugin again if it fails there too
        pass
    return whole_marginals(run, budget, len(attack.targets))


def whole_marginals(run: Callable[[Dice], Leaf], budget: int, count: int) -> Marginals:
    """Every leaf of the whole chain's tree, replayed by the engine itself."""
    tally: dict[Leaf, float] = {}
    for n, (weight, leaf, _) in enumerate(leaves(run, budget), 1):
        tally[leaf] = tally.get(leaf, 0.0) + weight
        if n in PROBE_AT:
            too_large(run, budget)
    return marginals_of(tally, count)
