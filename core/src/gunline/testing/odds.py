"""The odds check: every distribution sums to 1, and the exact odds agree with a
second method, seeded Monte Carlo (which rolls every face and so relies on no read:
a hook that decides by a face beyond what it reads of it shows up here), and
with a third, replaying every whole chain through the engine (which relies on no
record of what the hooks read, and runs a ``dice.then`` body where it is called: a
hook that reads its arguments by means the odds cannot see, or a body that decides
by more than its arguments, shows up here)."""

from __future__ import annotations

from math import isclose
from typing import Any

from ..dice import Dice
from ..models import Attack
from ..odds.leaf import Leaf
from ..plugins import Registry
from .checks import fail

#: Monte Carlo intervals are 95% ones; a suite compares hundreds of numbers, so each
#: interval is widened to this many standard errors to keep false alarms near nil
#: (a real bug, such as a broken dice promise, moves a probability far further).
WIDEN_TO_Z = 4.5
Z95 = 1.959963984540054


def _sums(odds: Any, ruleset: Any, where: str) -> list[str]:
    problems = []
    for name, target in odds.targets.items():
        total = sum(target.status.values())
        if not isclose(total, 1.0, abs_tol=1e-9):
            problems.append(f"{where}: {name}'s final statuses sum to {total!r}, not 1")
        strays = sorted(set(target.status) - set(ruleset.statuses))
        if strays:
            problems.append(f"{where}: {name} has statuses outside Ruleset.statuses: {strays}")
        for label, p in [("hit", target.hit), ("wound", target.wound), *target.status.items()]:
            if not -1e-12 <= p <= 1 + 1e-12:
                problems.append(f"{where}: {name} {label} has probability {p!r}")
        for model, statuses in target.models.items():
            total = sum(statuses.values())
            if not isclose(total, 1.0, abs_tol=1e-9):
                problems.append(f"{where}: {name}'s model {model}'s final statuses sum to {total!r}, not 1")
            strays = sorted(set(statuses) - set(ruleset.statuses))
            if strays:
                problems.append(f"{where}: {name}'s model {model} has statuses outside Ruleset.statuses: {strays}")
        if target.wound > target.hit + 1e-9:
            problems.append(f"{where}: {name} is wounded ({target.wound:.4f}) more often than hit ({target.hit:.4f})")
    total = sum(odds.weapon.status.values())
    if not isclose(total, 1.0, abs_tol=1e-9):
        problems.append(f"{where}: the weapon's final statuses sum to {total!r}, not 1")
    for model, statuses in odds.shooter.models.items():
        total = sum(statuses.values())
        if not isclose(total, 1.0, abs_tol=1e-9):
            problems.append(f"{where}: the shooter's model {model}'s final statuses sum to {total!r}, not 1")
    return problems


def _widened(estimate: float, interval: tuple[float, float]) -> tuple[float, float]:
    lo, hi = interval
    scale = WIDEN_TO_Z / Z95
    return estimate - (estimate - lo) * scale - 1e-9, estimate + (hi - estimate) * scale + 1e-9


#: Precision (percentage points) that a tree too large to enumerate is sampled to:
#: a suite asks for every example, so it samples a few hundred chains, not tens of
#: thousands.
CHECK_PRECISION = 5.0


def check_odds(registry: Registry, attack: Attack, samples: int, budget: int = 3000) -> None:
    """Odds sum to 1; the exact odds lie in the (widened) interval of ``samples``
    seeded Monte Carlo chains, for each target's hit, wound and final statuses and
    for the weapon's final status. An outcome tree of more than ``budget`` leaves is
    not enumerated: its Monte Carlo odds are checked for sums only."""
    from ..odds import compute_odds

    ruleset = registry.ruleset(attack.ruleset)
    odds = compute_odds(registry, attack, method="exact", work=budget, precision=CHECK_PRECISION)
    mc = compute_odds(registry, attack, samples=samples, seed=0, every_face=True)
    problems = _sums(odds, ruleset, "exact" if odds.exact else "Monte Carlo") + _sums(mc, ruleset, "Monte Carlo")
    if odds.exact:
        pairs: list[tuple[str, float, float, tuple[float, float]]] = []
        for name, target in odds.targets.items():
            other = mc.targets[name]
            ci = other.ci95
            assert ci is not None  # Monte Carlo odds carry their intervals
            pairs += [(f"{name} hit", target.hit, other.hit, ci.hit),
                      (f"{name} wound", target.wound, other.wound, ci.wound)]
            pairs += [(f"{name} {status}", p, other.status.get(status, 0.0), ci.status.get(status, (0.0, 0.0)))
                      for status, p in target.status.items()]
            for model, statuses in target.models.items():
                theirs, model_ci = other.models.get(model, {}), ci.models.get(model, {})
                pairs += [(f"{name}'s {model} {status}", p, theirs.get(status, 0.0),
                           model_ci.get(status, (0.0, 0.0))) for status, p in statuses.items()]
        weapon_ci = mc.weapon.ci95
        assert weapon_ci is not None
        pairs += [(f"weapon {status}", p, mc.weapon.status.get(status, 0.0), weapon_ci.status.get(status, (0.0, 0.0)))
                  for status, p in odds.weapon.status.items()]
        for label, exact, estimate, interval in pairs:
            lo, hi = _widened(estimate, (interval[0], interval[1]))
            if not lo <= exact <= hi:
                problems.append(
                    f"P({label}) is {exact:.4f} exactly but {estimate:.4f} in {samples} seeded runs "
                    f"(interval widened to {WIDEN_TO_Z} standard errors: {max(lo, 0):.4f} to {min(hi, 1):.4f}); "
                    "does a hook decide by a face beyond what it reads of the roll?"
                )
    if odds.exact:
        problems += _against_whole_chains(registry, attack, odds, budget)
    if problems:
        raise fail("; ".join(problems))


def whole_chain_odds(registry: Registry, attack: Attack, budget: int = 1_000_000) -> Any:
    """The exact odds of ``attack`` by replaying every whole chain through the engine
    (no staging, no record of reads, a ``dice.then`` body run where it is called):
    the slow, independent answer the staged enumeration must agree with. None when
    the tree has more than ``budget`` leaves. Its ``outcomes`` count is the method's
    own (whole chains), not the staged one's."""
    from ..engine import resolve
    from ..odds import api
    from ..odds.interpreter import TreeTooLarge
    from ..odds.leaf import summarize
    from ..odds.tally import build_odds

    stack = registry.stack(attack.ruleset, attack.variants)
    names = tuple(t.name for t in attack.targets)

    def run(dice: Dice) -> Leaf:
        return summarize(resolve(stack, attack, dice, describe=False), names, dice.pool_rolls)

    try:
        marginals = api.whole_marginals(run, budget, len(names))
    except TreeTooLarge:
        return None
    return build_odds(marginals, names=names, statuses=tuple(stack.ruleset.statuses),
                      weapon_statuses=tuple(stack.ruleset.weapon_statuses), ruleset=stack.name,
                      variants=list(stack.variants))


def _against_whole_chains(registry: Registry, attack: Attack, odds: Any, budget: int) -> list[str]:
    """Where every whole chain can be replayed within ``budget``, the exact odds must
    be theirs (to 1e-9)."""
    whole = whole_chain_odds(registry, attack, budget)
    if whole is None:
        return []
    problems = []
    for name, target in odds.targets.items():
        other = whole.targets[name]
        pairs = [("hit", target.hit, other.hit), ("wound", target.wound, other.wound)]
        pairs += [(status, p, other.status.get(status, 0.0)) for status, p in target.status.items()]
        pairs += [(f"{model} {status}", p, other.models.get(model, {}).get(status, 0.0))
                  for model, statuses in target.models.items() for status, p in statuses.items()]
        pairs += [(f"expected {kind}", v, other.expected.get(kind, 0.0)) for kind, v in target.expected.items()]
        pairs += [(f"{kind} {v:g}", p, dict(other.distributions.get(kind, [])).get(v, 0.0))
                  for kind, values in target.distributions.items() for v, p in values]
        for label, p, q in pairs:
            if not isclose(p, q, abs_tol=1e-9):
                problems.append(
                    f"{name} {label} is {p:.6f} in the exact odds but {q:.6f} replaying every whole chain; "
                    "does a hook read the state or the step it is handed by means the odds cannot see "
                    "(an unbound dict method, msgspec encoding a state dict), or a dice.then body decide "
                    "by more than its arguments?"
                )
    return problems
