"""Exact odds of every step of an attack, before the roll: the third dice interpreter.

No ruleset writes probability code: the attack is re-run over every branch of every
dice request (see :mod:`.stages` and :mod:`.explore`), which the reads keep small (a
pool branches over its counts, a read roll over its readings). Too large a tree falls
back to seeded Monte Carlo, which says so.

Public API::

    from gunline.odds import compute_odds
    odds = compute_odds(registry, attack)          # -> Odds (msgspec Struct)
    odds.targets["Goliath"].status["down"]
    odds.step_probability("Goliath", "wound")      # beside a chain's step
    odds_json(odds)                                # the ``odds --json`` contract
    action_odds(registry, attack, "recovery", "Bo")  # an action between attacks
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import exports

if TYPE_CHECKING:
    from .actions import action_odds
    from .api import DEFAULT_PRECISION, DEFAULT_WORK, MAX_SAMPLES, compute_odds
    from .distributions import pool_distribution
    from .model import Odds, TargetOdds, WeaponOdds, odds_json

__getattr__, __dir__ = exports(__name__, {
    "action_odds": ".actions",
    "DEFAULT_PRECISION": ".api",
    "DEFAULT_WORK": ".api",
    "MAX_SAMPLES": ".api",
    "compute_odds": ".api",
    "pool_distribution": ".distributions",
    "Odds": ".model",
    "TargetOdds": ".model",
    "WeaponOdds": ".model",
    "odds_json": ".model",
})


__all__ = [
    "DEFAULT_PRECISION",
    "DEFAULT_WORK",
    "MAX_SAMPLES",
    "Odds",
    "TargetOdds",
    "WeaponOdds",
    "action_odds",
    "compute_odds",
    "odds_json",
    "pool_distribution",
]
