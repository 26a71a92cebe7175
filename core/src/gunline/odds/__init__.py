"""Exact odds of every step of an attack, before the roll: the third dice interpreter.

No ruleset writes probability code: the engine is re-run over every outcome class
of every dice request (see :mod:`.explore`), which the dice promises keep small (a
pool branches over its success count, a thresholded roll over pass, fail and its
special faces). Too large a tree falls back to seeded Monte Carlo, which says so.

Public API::

    from gunline.odds import compute_odds
    odds = compute_odds(registry, attack)          # -> Odds (msgspec Struct)
    odds.targets["Goliath"].status["down"]
    odds.step_probability("Goliath", "wound")      # beside a chain's step
    odds_json(odds)                                # the ``odds --json`` contract
"""

from .api import DEFAULT_BUDGET, DEFAULT_SAMPLES, compute_odds, promise_breaks
from .distributions import pool_distribution
from .model import Odds, TargetOdds, WeaponOdds, odds_json

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_SAMPLES",
    "Odds",
    "TargetOdds",
    "WeaponOdds",
    "compute_odds",
    "odds_json",
    "pool_distribution",
    "promise_breaks",
]
