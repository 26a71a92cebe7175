"""From tallied leaves to :class:`~.model.Odds`.

The same code serves both interpreters: exact enumeration tallies each leaf with its
probability, Monte Carlo with a count of 1 per sample; weights are normalised by
their total. With a sample count, every probability gets a Wilson 95% interval and
every mean a normal one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from math import sqrt
from typing import Any

from .leaf import Final, Leaf, TargetLeaf
from .model import (
    ODDS_SCHEMA_VERSION,
    AttackInterval,
    Interval,
    Odds,
    ShooterInterval,
    ShooterOdds,
    TargetInterval,
    TargetOdds,
    WeaponInterval,
    WeaponOdds,
)

Z95 = 1.959963984540054
#: Pool tables stop where P(>= k) falls below this.
POOL_TABLE_FLOOR = 1e-12
#: Kinds whose summed value (hits scored, wounds or damage points through: counts, by
#: the chain contract) the odds give as a whole distribution, ``distributions``.
DISTRIBUTED = ("hit", "wound")


def wilson(p: float, n: float) -> Interval:
    """Wilson score interval for a proportion ``p`` observed over ``n`` samples."""
    if n <= 0:
        return (0.0, 1.0)
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * sqrt(max(p * (1 - p), 0.0) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if p <= 0.0 else max(0.0, centre - half)
    high = 1.0 if p >= 1.0 else min(1.0, centre + half)
    return (low, high)


def mean_interval(mean: float, second: float, n: float) -> Interval:
    """Normal 95% interval of a mean from its first two moments over ``n`` samples."""
    if n <= 1:
        return (mean, mean)
    var = max(second - mean * mean, 0.0) * n / (n - 1)
    half = Z95 * sqrt(var / n)
    return (mean - half, mean + half)


def _tidy(v: float) -> float:
    return float(f"{v:.15g}")


def _round(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _tidy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_tidy(v) for v in x]
    return _tidy(x)


def _same(x: Any) -> Any:
    return x


class _Block:
    """Accumulates the probabilities of one target (or of the attack-level steps)."""

    def __init__(self, statuses: Iterable[str], distributed: tuple[str, ...] = DISTRIBUTED) -> None:
        self.distributed = distributed
        self.hit = 0.0
        self.wound = 0.0
        self.statuses = tuple(statuses)
        self.status = {s: 0.0 for s in self.statuses}
        #: model -> its final status distribution (targets made of several models)
        self.models: dict[str, dict[str, float]] = {}
        self.steps: dict[str, float] = {}
        self.reached: dict[str, float] = {}
        self.sums: dict[str, list[float]] = {}
        self.pools: dict[str, dict[int, float]] = {}
        #: kind -> summed value -> weight, for the :data:`DISTRIBUTED` kinds (a chain
        #: without such a step counts as 0)
        self.values: dict[str, dict[int | float, float]] = {}

    def add(self, leaf: TargetLeaf, w: float) -> None:
        status, positive, present, sums, pools, models = leaf
        self.status[status] = self.status.get(status, 0.0) + w
        for model, final in models:
            of_model = self.models.get(model)
            if of_model is None:
                of_model = self.models[model] = {s: 0.0 for s in self.statuses}
            of_model[final] = of_model.get(final, 0.0) + w
        for kind in present:
            self.reached[kind] = self.reached.get(kind, 0.0) + w
            self.steps.setdefault(kind, 0.0)
        for kind in positive:
            self.steps[kind] += w
        for kind, value in sums:
            acc = self.sums.setdefault(kind, [0.0, 0.0])
            acc[0] += w * value
            acc[1] += w * value * value
            if value >= 1 and kind == "hit":
                self.hit += w
            elif value >= 1 and kind == "wound":
                self.wound += w
        for label, successes in pools:
            table = self.pools.setdefault(label, {})
            table[successes] = table.get(successes, 0.0) + w
        if self.distributed:
            summed = dict(sums)
            for kind in self.distributed:
                value = summed.get(kind, 0)
                of_kind = self.values.setdefault(kind, {})
                of_kind[value] = of_kind.get(value, 0.0) + w

    def scaled(self, total: float) -> None:
        f = 1.0 / total
        self.hit *= f
        self.wound *= f
        for d in (self.status, self.steps, self.reached, *self.models.values()):
            for k in d:
                d[k] *= f
        for acc in self.sums.values():
            acc[0] *= f
            acc[1] *= f
        for table in self.pools.values():
            for count in table:
                table[count] *= f
        for of_kind in self.values.values():
            for value in of_kind:
                of_kind[value] *= f

    def distributions(self) -> dict[str, list[tuple[int | float, float]]]:
        """kind -> [(summed value, P(that value))] by value, for the
        :data:`DISTRIBUTED` kinds."""
        return {kind: sorted(of_kind.items()) for kind, of_kind in self.values.items()}

    def pool_tables(self) -> dict[str, tuple[list[float], float]]:
        """label -> ([P(>= k | rolled) for k = 0..], P(rolled))."""
        out = {}
        for label, table in self.pools.items():
            rolled = sum(table.values())
            top = max(table)
            at_least, running = [], 0.0
            for k in range(top, -1, -1):
                running += table.get(k, 0.0)
                at_least.append(min(1.0, running / rolled))
            at_least.reverse()
            while len(at_least) > 1 and at_least[-1] < POOL_TABLE_FLOOR:
                at_least.pop()
            out[label] = (at_least, rolled)
        return out

    def expected(self) -> dict[str, float]:
        return {k: acc[0] for k, acc in self.sums.items()}


class Marginals:
    """The tally of one attack, block by block: per target (scenario order) and for
    the attack-level steps, the weight of each :data:`~.leaf.TargetLeaf`; for the
    weapon, the weight of each (final status, rounds spent). Everything the odds
    report is a function of these marginals, which is what lets the staged
    enumeration (:mod:`.stages`) avoid the joint tree of all targets."""

    def __init__(self, count: int) -> None:
        self.targets: list[dict[TargetLeaf, float]] = [{} for _ in range(count)]
        self.attack: dict[TargetLeaf, float] = {}
        self.weapon: dict[tuple[str, int | float], float] = {}
        self.shooter: dict[Final, float] = {}
        #: Leaves (or distinct samples) the marginals were tallied from.
        self.outcomes = 0

    @staticmethod
    def _add(table: dict[Any, float], key: Any, w: float) -> None:
        table[key] = table.get(key, 0.0) + w

    def add_leaf(self, leaf: Leaf, w: float) -> None:
        targets, attack, status, rounds, shooter = leaf
        for table, part in zip(self.targets, targets):
            self._add(table, part, w)
        self._add(self.attack, attack, w)
        self._add(self.weapon, (status, rounds), w)
        self._add(self.shooter, shooter, w)


def marginals_of(tally: dict[Leaf, float], count: int) -> Marginals:
    """The marginals of a tally of whole leaves."""
    out = Marginals(count)
    for leaf, w in tally.items():
        out.add_leaf(leaf, w)
    out.outcomes = len(tally)
    return out


def build_odds(
    marginals: Marginals,
    *,
    names: tuple[str, ...],
    statuses: tuple[str, ...],
    weapon_statuses: tuple[str, ...],
    ruleset: str,
    variants: list[str],
    samples: int | None = None,
    note: str = "",
) -> Odds:
    blocks = [_Block(statuses) for _ in names]
    attack = _Block((), distributed=())
    for block, table in zip(blocks, marginals.targets):
        for leaf, w in table.items():
            block.add(leaf, w)
        block.scaled(sum(table.values()))
    for leaf, w in marginals.attack.items():
        attack.add(leaf, w)
    total = sum(marginals.attack.values())
    attack.scaled(total)
    shooter_status = {s: 0.0 for s in statuses}
    shooter_models: dict[str, dict[str, float]] = {}
    for (status, models), w in marginals.shooter.items():
        shooter_status[status] = shooter_status.get(status, 0.0) + w / total
        for model, final in models:
            of_model = shooter_models.setdefault(model, {s: 0.0 for s in statuses})
            of_model[final] = of_model.get(final, 0.0) + w / total
    weapon_status = {s: 0.0 for s in weapon_statuses}
    rounds = [0.0, 0.0]
    for (wstatus, spent), w in marginals.weapon.items():
        weapon_status[wstatus] = weapon_status.get(wstatus, 0.0) + w / total
        rounds[0] += w * spent / total
        rounds[1] += w * spent * spent / total

    n = samples
    # Exact odds are floats accurate to ~1e-15; 15 significant digits hide the float noise
    # (0.7500000000000001) without losing anything the odds promise, and keep
    # every distribution summing to 1 within 1e-14.
    r: Callable[[Any], Any] = _round if n is None else _same
    target_odds = {}
    for name, block in zip(names, blocks):
        tables = block.pool_tables()
        distributions = block.distributions()
        ci = None
        if n is not None:
            ci = TargetInterval(
                hit=wilson(block.hit, n),
                wound=wilson(block.wound, n),
                status={s: wilson(p, n) for s, p in block.status.items()},
                models={m: {s: wilson(p, n) for s, p in d.items()} for m, d in block.models.items()},
                steps={k: wilson(p, n) for k, p in block.steps.items()},
                reached={k: wilson(p, n) for k, p in block.reached.items()},
                expected={k: mean_interval(a[0], a[1], n) for k, a in block.sums.items()},
                pools={
                    label: [wilson(p, rolled * n) for p in at_least]
                    for label, (at_least, rolled) in tables.items()
                },
                distributions={kind: [wilson(p, n) for _, p in pairs] for kind, pairs in distributions.items()},
            )
        target_odds[name] = TargetOdds(
            hit=r(block.hit),
            wound=r(block.wound),
            status=r(block.status),
            models={m: r(d) for m, d in block.models.items()},
            steps=r(block.steps),
            reached=r(block.reached),
            expected=r(block.expected()),
            pools={label: r(at_least) for label, (at_least, _) in tables.items()},
            distributions={kind: [(v, r(p)) for v, p in pairs] for kind, pairs in distributions.items()},
            ci95=ci,
        )
    weapon = WeaponOdds(
        status=r(weapon_status),
        rounds_spent=r(rounds[0]),
        ci95=None
        if n is None
        else WeaponInterval(
            status={s: wilson(p, n) for s, p in weapon_status.items()},
            rounds_spent=mean_interval(rounds[0], rounds[1], n),
        ),
    )
    shooter = ShooterOdds(
        status=r(shooter_status),
        models={m: r(d) for m, d in shooter_models.items()},
        ci95=None
        if n is None
        else ShooterInterval(
            status={s: wilson(p, n) for s, p in shooter_status.items()},
            models={m: {s: wilson(p, n) for s, p in d.items()} for m, d in shooter_models.items()},
        ),
    )
    return Odds(
        schema_version=ODDS_SCHEMA_VERSION,
        exact=n is None,
        samples=n,
        targets=target_odds,
        weapon=weapon,
        shooter=shooter,
        ruleset=ruleset,
        variants=variants,
        steps=r(attack.steps),
        reached=r(attack.reached),
        expected=r(attack.expected()),
        outcomes=marginals.outcomes,
        ci95=None
        if n is None
        else AttackInterval(
            steps={k: wilson(p, n) for k, p in attack.steps.items()},
            reached={k: wilson(p, n) for k, p in attack.reached.items()},
            expected={k: mean_interval(a[0], a[1], n) for k, a in attack.sums.items()},
        ),
        note=note,
    )
