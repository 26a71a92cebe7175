"""A step's headline value is a number: a whole one almost always, a float where the
rule measures something that falls between (a scatter of 2.5"). Floats travel the
chain JSON, replay, and count in the odds like whole numbers; anything else is
refused naming the plugin."""

from __future__ import annotations

import json

import pytest

from gunline import PluginFailed, Step, Variant, hookimpl
from gunline.dice import faces
from gunline.odds import compute_odds
from gunline.runner import chain_json, run
from gunline.scenario import build_attack

#: The d6 of a drift: 1-3 half an inch, 4-6 two and a half inches.
DRIFT = faces({range(1, 4): 0.5, range(4, 7): 2.5})


class Drift:
    def __init__(self, value=None):
        self.value = value

    @hookimpl
    def gunline_variant(self):
        return Variant(name="toy.drift", ruleset="toy", api=2)

    @hookimpl
    def begin_attack(self, dice):
        roll = dice.roll(6, "drift", read=DRIFT, need="")
        value = roll.value if self.value is None else self.value
        return [Step(kind="drift", value=value, text=f"drifts {value}\"", rolls=[roll.roll])]


@pytest.fixture
def drifting(registry, doc):
    def make(value=None):
        registry.add("toy.drift", Drift(value))
        return build_attack(registry, {**doc, "variants": ["toy.drift"]})

    return make


def test_a_float_value_travels_the_chain_and_replays(registry, drifting):
    attack = drifting()
    chain, _ = run(registry, attack, faces=[5, 6, 6])
    assert chain.steps[0].value == 2.5
    data = json.loads(chain_json(chain))
    assert data["steps"][0]["value"] == 2.5
    again, _ = run(registry, attack, faces=chain.dice)
    assert chain_json(again) == chain_json(chain)


def test_a_float_value_counts_in_the_odds(registry, drifting):
    odds = compute_odds(registry, drifting())
    assert odds.exact
    assert odds.expected["drift"] == pytest.approx((0.5 + 2.5) / 2, abs=1e-12)
    assert odds.steps["drift"] == pytest.approx(0.5, abs=1e-12)  # P(value >= 1)


def test_a_value_that_is_no_number_is_refused_naming_the_plugin(registry, drifting):
    attack = drifting(value="2.5")
    with pytest.raises(PluginFailed, match="toy.drift.*begin_attack.*value is str, expected int, float or None"):
        run(registry, attack, faces=[5, 6, 6])
