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

import os
import time
from collections.abc import Callable
from typing import Any

from ..dice import Dice
from ..engine import refusals, resolve, start_state
from ..errors import AttackRefused, BadInput, PluginFailed
from ..language import _, _n
from ..models import Attack
from ..stack import RulesStack
from ..state import ChainState
from . import readings
from .clock import Clock, TooSlow
from .collector import young_only
from .explore import PROBE_AT, leaves, too_large
from .interpreter import NotReplayable, TreeTooLarge
from .leaf import Leaf, summarize
from .model import Odds
from .stages import Unstageable, staged
from .tally import Marginals, build_odds, marginals_of

#: Environment variable naming the method when a caller gives none ("auto", "exact",
#: "sample"); gunline's pytest plugin sets "exact" for test runs.
ENV_METHOD = "GUNLINE_ODDS_METHOD"
#: A guard on memory, not the measure of cost: the most hook runs and paths an exact
#: enumeration may take (time decides when to sample instead; see :mod:`.clock`).
DEFAULT_WORK = 2_000_000
#: Half-width of every figure's 95% interval that Monte Carlo samples to, in
#: percentage points.
DEFAULT_PRECISION = 0.5
#: Most samples drawn to reach a precision.
MAX_SAMPLES = 1_000_000
#: Samples drawn to estimate what sampling would cost, at most: one, then batches of
#: PROBE_BATCH, and no more batches once PROBE_SECONDS of CPU time are spent (a sample
#: of a long chain costs a millisecond, and one of a thousand targets up to a second:
#: the probe would cost as much as the enumeration it is weighed against, or more
#: than the whole time budget).
PROBE = 200
PROBE_BATCH = 25
PROBE_SECONDS = 0.02
#: Monte Carlo that takes over from an enumeration under a time budget samples until
#: the budget is spent, and for at least this share of it however much the
#: enumeration took (its figures must mean something); it says how far it got.
SAMPLING_LEAST = 0.25
#: The 95% quantile of the normal distribution.
Z95 = 1.959963984540054
#: How much of each extra worker process sampling gains (forking, merging).
PARALLEL_EFFICIENCY = 0.7


def _shape(stack: RulesStack, names: tuple[str, ...]) -> dict[str, Any]:
    """What :func:`build_odds` needs to know of the ruleset besides the marginals."""
    return dict(
        names=names,
        statuses=tuple(stack.ruleset.statuses),
        weapon_statuses=tuple(stack.ruleset.weapon_statuses),
        ruleset=stack.name,
        variants=list(stack.variants),
    )


def widest(odds: Odds) -> float:
    """The widest half 95% interval of any probability the odds show (0 when exact)."""
    halves = [0.0]

    def add(p: float, interval: tuple[float, float]) -> None:
        halves.append(max(interval[1] - p, p - interval[0]))

    for target in odds.targets.values():
        ci = target.ci95
        if ci is None:
            continue
        add(target.hit, ci.hit)
        add(target.wound, ci.wound)
        for table, intervals in ((target.status, ci.status), (target.steps, ci.steps)):
            for key, p in table.items():
                add(p, intervals.get(key, (p, p)))
    weapon, shooter = odds.weapon.ci95, odds.shooter.ci95
    ends: list[tuple[dict[str, float], dict[str, tuple[float, float]]]] = []
    if weapon is not None:
        ends.append((odds.weapon.status, weapon.status))
    if shooter is not None:
        ends.append((odds.shooter.status, shooter.status))
    for block, ends_intervals in ends:
        for key, p in block.items():
            add(p, ends_intervals.get(key, (p, p)))
    return max(halves)


def samples_for(odds: Odds, precision: float) -> int:
    """Samples that would bring every figure of these (sampled) odds within
    ``precision`` (a probability, not points): the worst figure's z²p(1−p)/h², with
    p pulled a little towards one half so that a figure never seen is not taken as
    certain."""
    n = odds.samples or 1
    worst = 0.0
    figures: list[float] = []
    for target in odds.targets.values():
        figures += [target.hit, target.wound, *target.status.values(), *target.steps.values()]
    figures += [*odds.weapon.status.values(), *odds.shooter.status.values()]
    for p in figures:
        q = (p * n + 2) / (n + 4)
        worst = max(worst, q * (1 - q))
    return min(MAX_SAMPLES, max(1, int(Z95 * Z95 * worst / (precision * precision)) + 1))


@readings.scoped
def compute_odds(
    registry: Any,
    attack: Attack,
    *,
    samples: int | None = None,
    precision: float | None = None,
    seed: int = 0,
    budget: float | None = None,
    work: int | None = None,
    prior: ChainState | None = None,
    every_face: bool = False,
    progress: Any = None,
    jobs: int | None = None,
    method: str | None = None,
    enumerating: Callable[[int, int], None] | None = None,
) -> Odds:
    """The odds of ``attack`` under its ruleset and variants.

    Exact when enumerating every outcome is predicted to cost no more than sampling
    to ``precision`` would (:mod:`.clock`), and within ``budget`` seconds when one is
    given (``method="exact"``: whatever the time, up to the ``work`` cap); otherwise
    seeded Monte Carlo, in chunks on ``jobs`` processes (default:
    every core), until every figure's 95% interval is within ``precision``
    percentage points (default :data:`DEFAULT_PRECISION`). ``samples`` forces Monte
    Carlo with that many samples. The same ``seed`` gives the same odds whatever
    ``jobs`` is. ``work`` caps the hook runs and paths of an enumeration (a guard on
    memory). ``prior`` is an encounter's saved state, as for
    :func:`gunline.engine.resolve`. Monte Carlo samples the outcome tree (fast,
    relies on the reads as the exact odds do); ``every_face`` rolls every face with
    the random interpreter instead (slower: the independent check of the exact
    odds). The odds' ``note`` says, in words, why they were sampled. Raises
    :class:`AttackRefused` for an attack the rules forbid, :class:`PluginFailed` for
    a plugin that raises or is not pure. ``progress(done, total)`` is called as
    Monte Carlo samples are drawn, ``enumerating(done, total)`` as the outcomes of
    each target are all enumerated (either may raise to stop them). Under a
    ``budget``, Monte Carlo that takes over samples until the budget is spent (for
    :data:`SAMPLING_LEAST` of it at least), and its note says how far it got.
    """
    started = time.monotonic()
    stack = registry.stack(attack.ruleset, attack.variants)
    problems = refusals(stack, attack, start_state(stack, attack, prior))
    if problems:
        raise AttackRefused("; ".join(problems))
    names = tuple(t.name for t in attack.targets)

    def run(dice: Dice) -> Leaf:
        chain = resolve(stack, attack, dice, prior=prior, describe=False, check=False)
        return summarize(chain, names, dice.pool_rolls)

    shape = _shape(stack, names)
    half = (DEFAULT_PRECISION if precision is None else precision) / 100

    def odds_of(tally: dict[Leaf, float], drawn: int, note: str) -> Odds:
        return build_odds(marginals_of(tally, len(names)), samples=drawn, note=note, **shape)

    def sampling_cost() -> float:
        """Seconds that sampling to ``precision`` would take, from a short probe."""
        from .chunks import CHUNK, chunk_seed, jobs_default
        from .sampling import sample_tree

        workers_most = jobs_default() if jobs is None else max(1, jobs)
        begun = time.process_time()
        probe: dict[Leaf, float] = {}
        drawn = batch = 0
        while drawn < PROBE and (not drawn or time.process_time() - begun < PROBE_SECONDS):
            size = 1 if not drawn else min(PROBE_BATCH, PROBE - drawn)
            for leaf, count in sample_tree(run, size, chunk_seed(seed, -1 - batch)).items():
                probe[leaf] = probe.get(leaf, 0.0) + count
            drawn += size
            batch += 1
        each = (time.process_time() - begun) / drawn
        needed = samples_for(odds_of(probe, drawn, ""), half)
        workers = min(workers_most, max(1, needed // CHUNK))
        return each * needed / (workers * PARALLEL_EFFICIENCY if workers > 1 else 1)

    if method is None:  # a script or a test suite may choose once for all
        method = os.environ.get(ENV_METHOD) or "auto"
        if method not in ("auto", "exact", "sample"):  # the user's setting: bad input, named
            raise BadInput(f"{ENV_METHOD}: expected auto, exact or sample, got {method!r}")
    if method not in ("auto", "exact", "sample"):
        raise ValueError(f"method={method!r}: expected 'auto', 'exact' or 'sample'")
    work = DEFAULT_WORK if work is None else work
    if samples is None and method != "sample":
        clock = Clock(budget, sampling_cost if method == "auto" else None, enumerating)
        try:
            return build_odds(exact_marginals(stack, attack, prior, run, work, clock), **shape)
        except TooSlow as exc:
            note = _("Monte Carlo: {why}", why=exc.why)
        except TreeTooLarge as exc:
            # counted ("more than N outcomes") or estimated from a sample of paths
            most = format(work, ",")
            if exc.estimated:
                note = _("Monte Carlo: the outcome tree looks too large to enumerate ({why}; at most {work} hook runs)",
                         why=exc, work=most)
            else:
                note = _("Monte Carlo: the outcome tree is too large to enumerate ({why}; at most {work} hook runs)",
                         why=exc, work=most)
        except NotReplayable as exc:
            raise PluginFailed(stack.name, "dice", str(exc)) from None
    elif samples is None:
        note = _("Monte Carlo: sampling was asked for")
    # Monte Carlo from here: its modules are loaded only now (an exact answer, the
    # usual one, needs none of them)
    from .chunks import draw, jobs_default

    jobs = jobs_default() if jobs is None else max(1, jobs)
    if samples is None:

        def enough(tally: dict[Leaf, float], drawn: int) -> bool:
            return widest(odds_of(tally, drawn, "")) <= half

        deadline = None
        if budget is not None:
            deadline = max(started + budget, time.monotonic() + SAMPLING_LEAST * budget)
        tally, drawn = draw(run, seed=seed, enough=enough, most=MAX_SAMPLES, jobs=jobs, every_face=every_face,
                            progress=progress, deadline=deadline)
        odds = odds_of(tally, drawn, "")
        reached = widest(odds)
        if budget is not None and reached > half:  # the budget ended it first
            note = _n("{note}; {samples} sample in the time budget of {seconds} s, every figure within ±{points} "
                      "points (95%)",
                      "{note}; {samples} samples in the time budget of {seconds} s, every figure within ±{points} "
                      "points (95%)", drawn, note=note, samples=format(drawn, ","), seconds=format(budget, "g"),
                      points=format(100 * reached, ".2g"))
        else:
            note = _("{note}; {samples} samples, every figure within ±{points} points (95%)", note=note,
                     samples=format(drawn, ","), points=format(100 * half, "g"))
        return odds_of(tally, drawn, note)
    tally, drawn = draw(run, seed=seed, enough=lambda tally, drawn: False, most=samples, jobs=jobs,
                        every_face=every_face, progress=progress)
    return odds_of(tally, drawn, _("Monte Carlo: {samples} samples requested", samples=samples))


def exact_marginals(
    stack: RulesStack,
    attack: Attack,
    prior: ChainState | None,
    run: Callable[[Dice], Leaf],
    budget: int,
    clock: Clock | None = None,
) -> Marginals:
    """Staged enumeration where the rules allow it (:mod:`.stages`), else whole
    chains replayed (:mod:`.explore`); ``budget`` caps the work, ``clock`` the time.
    Only the youngest generation is collected meanwhile (:mod:`.collector`)."""
    with young_only():
        try:
            return staged(stack, attack, prior, budget, clock)
        except Unstageable:
            pass
        except PluginFailed:
            # a hook that cannot run on the recording views (msgspec refuses them):
            # whole chains, which name the plugin again if it fails there too
            pass
        return whole_marginals(run, budget, len(attack.targets), clock)


def whole_marginals(run: Callable[[Dice], Leaf], budget: int, count: int, clock: Clock | None = None) -> Marginals:
    """Every leaf of the whole chain's tree, replayed by the engine itself."""
    tally: dict[Leaf, float] = {}
    for n, (weight, leaf, _dice) in enumerate(leaves(run, budget), 1):
        if clock is not None and n % 64 == 0:
            clock.tick()
        tally[leaf] = tally.get(leaf, 0.0) + weight
        if n in PROBE_AT:
            too_large(run, budget)
    return marginals_of(tally, count)
