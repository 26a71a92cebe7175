"""Exact odds of the WoD chain against a hand computation.

One die of a 10-again pool scores 0 with probability 0.7 and k >= 1 with probability
0.27 * 0.1**(k-1) (an 8 or 9, or a 10 followed by what its reroll scores); a pool is
the sum of its dice. So P(at least one success on n dice) = 1 − 0.7**n, and the
Health track's statuses follow from the distribution of successes.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from gunline.scenario import build_attack

odds = pytest.importorskip("gunline.odds")


def one_die(k: int) -> Fraction:
    return Fraction(7, 10) if k == 0 else Fraction(27, 100) * Fraction(1, 10) ** (k - 1)


def pool(n: int, upto: int) -> list[Fraction]:
    dist = [Fraction(1)] + [Fraction(0)] * upto
    for _ in range(n):
        dist = [sum(dist[j] * one_die(k - j) for j in range(k + 1)) for k in range(upto + 1)]
    return dist


def test_four_targets_hit_odds(registry, wod):
    attack = build_attack(registry, wod.example("four-targets-long-burst.toml"))
    result = odds.compute_odds(registry, attack)
    assert result.exact
    for name, dice in {"Farrow": 4, "Sykes": 5, "Jones": 5, "Bystander": 8}.items():
        assert result.targets[name].hit == pytest.approx(1 - 0.7**dice, abs=1e-9)


def test_status_odds_follow_the_health_track(registry, wod):
    # Farrow, 4 dice, 7 Health: 7-13 successes leave him bleeding out, 14+ dead
    # (each point past 7 turns a lethal box aggravated).
    attack = build_attack(registry, wod.example("four-targets-long-burst.toml"))
    status = odds.compute_odds(registry, attack).targets["Farrow"].status
    dist = pool(4, 13)
    assert status["unharmed"] == pytest.approx(float(dist[0]), abs=1e-9)
    assert status["injured"] == pytest.approx(float(sum(dist[1:7])), abs=1e-9)
    assert status["bleeding_out"] == pytest.approx(float(sum(dist[7:14])), abs=1e-9)
    assert status["unconscious"] == 0.0


def test_chance_die_odds(registry, wod):
    attack = build_attack(registry, wod.example("chance-die.toml"))
    result = odds.compute_odds(registry, attack)
    assert result.targets["Farrow"].hit == pytest.approx(0.1, abs=1e-12)
    assert result.targets["Farrow"].status["unharmed"] == pytest.approx(0.9, abs=1e-12)
