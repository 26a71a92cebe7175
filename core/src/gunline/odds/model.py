"""The odds of an attack: the contract of ``gunline odds --json``.

Probabilities are floats. With ``exact`` true they are the exact odds (to about
1e-12); with ``exact`` false they are Monte Carlo estimates over ``samples`` chains
and every one has a 95% interval in the ``ci95`` block beside it, in the same shape.

Per target, keyed by the target's name:

* ``hit``: P(at least one hit), ``wound``: P(at least one wound or damage point
  through), ``status``: distribution of the final status (sums to 1; every status of
  the ruleset's vocabulary is listed);
* ``steps[kind]``: P(some step of that kind for this target has value >= 1), and
  ``reached[kind]``: P(the chain has a step of that kind for this target at all):
  what the TUI shows beside each step of a chain, keyed by (target, kind) — use
  :meth:`Odds.step_probability` (the ``pool`` step's value is what the roll is made
  against, not a count: show ``pools`` or ``hit`` beside it instead);
  ``expected[kind]``: the mean of the summed values of that kind (hits, wounds);
* ``pools[label]``: for each success pool of that label rolled for this target,
  ``[P(>= 0), P(>= 1), ...]`` successes, given that the pool was rolled;
* ``distributions[kind]``: for ``hit`` and ``wound`` (counts: hits scored, wounds
  or damage points through), the distribution of the summed value over every chain
  (a chain without such a step counts 0), as ``[value, probability]`` pairs by
  value; it sums to 1 and its mean is ``expected[kind]``;
* ``models[model]``: for a target made of several models (its state lists them
  under ``models``, each with its own ``status``), each model's final status
  distribution, like ``status``; absent for a single model.

Attack-level steps (``target`` null: ammo, declarations) have their own top-level
``steps``/``reached``/``expected``; ``weapon`` has the distribution of the weapon's
final ``status`` and ``rounds_spent``, the expected rounds spent; ``shooter`` the
distribution of the shooter's final ``status`` (targets that shoot back) and, for a
shooting unit, each model's (``models``).
"""

from __future__ import annotations

import msgspec

Interval = tuple[float, float]


class TargetInterval(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """95% intervals of a target's Monte Carlo estimates, field by field."""

    hit: Interval
    wound: Interval
    status: dict[str, Interval]
    steps: dict[str, Interval]
    reached: dict[str, Interval]
    expected: dict[str, Interval]
    pools: dict[str, list[Interval]]
    models: dict[str, dict[str, Interval]] = {}
    #: One interval per pair of ``distributions``, in the same order.
    distributions: dict[str, list[Interval]] = {}


class TargetOdds(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """The odds of one target (see the module docstring)."""

    hit: float
    wound: float
    status: dict[str, float]
    steps: dict[str, float]
    reached: dict[str, float]
    expected: dict[str, float]
    pools: dict[str, list[float]]
    #: A target made of several models (a unit): each model's final status
    #: distribution, like ``status`` (sums to 1); absent for a single model.
    models: dict[str, dict[str, float]] = {}
    #: kind (``hit``, ``wound``) -> [(summed value, P(that value))] by value.
    distributions: dict[str, list[tuple[int | float, float]]] = {}
    ci95: TargetInterval | None = None


class WeaponInterval(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    status: dict[str, Interval]
    rounds_spent: Interval


class WeaponOdds(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """The weapon after the attack: final status distribution, expected rounds spent."""

    status: dict[str, float]
    rounds_spent: float
    ci95: WeaponInterval | None = None


class ShooterInterval(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    status: dict[str, Interval]
    models: dict[str, dict[str, Interval]] = {}


class ShooterOdds(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """The shooter after the attack (it changes where targets shoot back); for a
    shooting unit, each model's final status too (``models``, as for a target)."""

    status: dict[str, float]
    models: dict[str, dict[str, float]] = {}
    ci95: ShooterInterval | None = None


class AttackInterval(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    steps: dict[str, Interval]
    reached: dict[str, Interval]
    expected: dict[str, Interval]


#: Version of the JSON that ``odds --json`` prints; bump it when a field changes
#: meaning or goes away (a new field alone keeps it).
ODDS_SCHEMA_VERSION = 1


class Odds(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """Odds of every step and of each final status of one attack."""

    #: The shape of this JSON (:data:`ODDS_SCHEMA_VERSION`), described by
    #: docs/schemas/odds.schema.json. Required, so that it is always written
    #: (the struct omits fields at their defaults).
    schema_version: int
    exact: bool
    #: Monte Carlo sample count, null when exact.
    samples: int | None
    targets: dict[str, TargetOdds]
    weapon: WeaponOdds
    shooter: ShooterOdds
    ruleset: str
    variants: list[str]
    #: Attack-level steps (target null), as for a target.
    steps: dict[str, float]
    reached: dict[str, float]
    expected: dict[str, float]
    #: Distinct outcomes tallied (leaves of the tree, or distinct sampled chains).
    outcomes: int
    ci95: AttackInterval | None = None
    #: Why the odds are not exact, when they are not.
    note: str = ""

    def step_probability(self, target: str | None, kind: str) -> float | None:
        """P(a step of ``kind`` for ``target`` has value >= 1); ``target`` None for
        attack-level steps. None if the chain never has such a step."""
        block = self if target is None else self.targets.get(target)
        if block is None or kind not in block.reached:
            return None
        return block.steps.get(kind, 0.0)

    def step_interval(self, target: str | None, kind: str) -> Interval | None:
        """The 95% interval of :meth:`step_probability` (None when exact)."""
        block = self if target is None else self.targets.get(target)
        if block is None or block.ci95 is None:
            return None
        return block.ci95.steps.get(kind)


_encoder = msgspec.json.Encoder()


def odds_json(odds: Odds) -> bytes:
    """The odds as the JSON contract of ``odds --json``."""
    return _encoder.encode(odds)
