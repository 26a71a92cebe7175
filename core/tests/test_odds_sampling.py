"""The tree sampler (Monte Carlo over the lazily expanded outcome tree) draws each
leaf with its probability, reproducibly; checked against hand-computed odds."""

from __future__ import annotations

from math import sqrt

import pytest

from gunline.dice import at_least
from gunline.odds import sampling
from gunline.odds.sampling import sample_tree


def chain(dice):
    """A to-hit 5+ on 1d6; on a hit, damage 2d6 (its total is the leaf)."""
    hit = dice.roll(6, "to hit", read=at_least(5))
    if not hit.value:
        return "miss"
    return dice.roll(6, "damage", count=2).value


#: By hand: P(hit) = 2/6; P(2d6 = t) = (6 - |t - 7|) / 36.
EXPECTED = {"miss": 4 / 6, **{t: 2 / 6 * (6 - abs(t - 7)) / 36 for t in range(2, 13)}}


def _agrees(tally, n):
    assert set(tally) <= set(EXPECTED)
    for leaf, p in EXPECTED.items():
        observed = tally.get(leaf, 0.0) / n
        assert abs(observed - p) <= 4.5 * sqrt(p * (1 - p) / n) + 1e-12, (leaf, observed, p)


def test_tree_samples_have_the_leaf_probabilities():
    n = 40_000
    tally = sample_tree(chain, n, seed=3)
    assert sum(tally.values()) == n
    _agrees(tally, n)


def test_same_seed_same_tally_other_seed_other_tally():
    assert sample_tree(chain, 2000, seed=5) == sample_tree(chain, 2000, seed=5)
    assert sample_tree(chain, 2000, seed=5) != sample_tree(chain, 2000, seed=6)


def test_past_the_node_cap_samples_are_replayed_not_cached(monkeypatch):
    monkeypatch.setattr(sampling, "MAX_NODES", 3)
    n = 20_000
    tally = sample_tree(chain, n, seed=8)
    _agrees(tally, n)


def test_a_chain_without_dice_is_one_leaf():
    assert sample_tree(lambda dice: "sure", 10, seed=0) == {"sure": 10.0}


@pytest.mark.parametrize("seed", [0, 1])
def test_the_tree_sampler_agrees_with_the_face_sampler_in_distribution(seed):
    """Both samplers estimate the same leaves (the face sampler rolls every die)."""
    from gunline.odds.sampling import sample

    n = 20_000
    _agrees(sample(chain, n, seed), n)
    _agrees(sample_tree(chain, n, seed), n)


def test_a_bushy_tree_goes_on_face_by_face_with_the_same_odds(monkeypatch):
    """Nearly every sample of 6d6 (no threshold: its totals) is a new path at first:
    past SETTLE_AT the sampler rolls faces instead; the tally still has the odds."""
    monkeypatch.setattr(sampling, "SETTLE_AT", 50)

    def bushy(dice):
        return chain(dice) if dice.roll(6, "which", count=6).value >= 0 else None

    n = 20_000
    tally = sample_tree(bushy, n, seed=2)
    assert sum(tally.values()) == n
    _agrees(tally, n)
    assert tally == sample_tree(bushy, n, seed=2)
