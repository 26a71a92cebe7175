"""The note of an odds result that fell back to Monte Carlo says what is known: a
tree counted past the budget "is" too large, with how many outcomes it passed; a
tree only estimated past it (a sample of paths) "looks" too large, and the estimate
is called one. A larger budget must never contradict the note of a smaller one."""

from __future__ import annotations

import msgspec
import pytest

from gunline import Registry, Step
from gunline.odds import compute_odds
from gunline.scenario import build_attack


def _lopsided(toy):
    """The toy game, but the hit is one d1000 roll whose top face alone leads on to
    twelve d6 rolls, every face mattering: 999 leaves beside 6**12. A sample of 16
    random paths all but always misses that branch, so it estimates about 1000."""

    class Lopsided:
        gunline_ruleset = staticmethod(
            toy.hookimpl(lambda: msgspec.structs.replace(toy.gunline_ruleset(), name="lopsided"))
        )
        start_state = staticmethod(toy.start_state)
        build_pool = staticmethod(toy.build_pool)
        resolve_wound = staticmethod(toy.resolve_wound)
        spend_ammo = staticmethod(toy.spend_ammo)

        @toy.hookimpl
        def resolve_hit(self, target, dice):
            if dice.roll(1000, "which way").value < 1000:
                return Step(kind="hit", value=0)
            total = sum(dice.roll(6, "spray").value for _ in range(12))
            return Step(kind="hit", value=int(total > 42))

    return Lopsided()


@pytest.fixture
def lopsided(toy, doc, monkeypatch):
    reg = Registry()
    reg.add("lopsided", _lopsided(toy))
    doc.update(ruleset="lopsided", targets=[{"name": "Bo"}])
    return build_attack(reg, doc), reg


def test_an_estimate_says_it_is_one(lopsided):
    attack, reg = lopsided
    odds = compute_odds(reg, attack, method="exact", work=600, precision=10)
    assert not odds.exact
    assert odds.note.startswith("Monte Carlo: the outcome tree looks too large to enumerate (")
    assert "estimate about 1e+03 outcomes, an estimate that usually runs low; at most 600 hook runs)" in odds.note


def test_a_larger_budget_counts_and_says_more_than_it(lopsided):
    attack, reg = lopsided
    odds = compute_odds(reg, attack, method="exact", work=3000, precision=10)
    assert not odds.exact
    assert odds.note.startswith(
        "Monte Carlo: the outcome tree is too large to enumerate (more than 3000 outcomes; at most 3,000 hook runs); "
    )
    assert odds.note.endswith(" samples, every figure within ±10 points (95%)")
