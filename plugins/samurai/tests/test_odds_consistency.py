"""The odds agree with themselves: every model's final statuses sum to 1, and the
odds of each step agree with the odds of the statuses it leads to.

The bug this guards against: on a unit the odds showed "wound 19.8%" beside
"unharmed 100%". A unit was ``unharmed`` while one of its models stood, and a
model that lost one of two wounds stayed ``unharmed``, so the wound step's odds
had no status to show up in. Now a hurt model is ``wounded``, a unit is
``unharmed`` only while every model is, and the odds give each model's own final
status beside the unit's.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from pathlib import Path

import pytest

from gunline import DiceNeeded, ScriptedDice
from gunline.engine import resolve as run_engine
from gunline.odds import compute_odds
from gunline_samurai import losses

EXAMPLES = Path(__file__).parents[1] / "src" / "gunline_samurai" / "examples"
EXAMPLE_NAMES = sorted(p.stem for p in EXAMPLES.glob("*.toml"))
VARIANTS = [(), ("samurai.alert-exceeds-stealth",), ("samurai.lucky-hit-wounds",)]


def _odds(registry, attack_of, example, stem, variants):
    return compute_odds(registry, attack_of(example(stem), variants), method="exact")


@pytest.mark.parametrize("variants", VARIANTS, ids=lambda v: "+".join(v) or "base")
@pytest.mark.parametrize("stem", EXAMPLE_NAMES)
def test_every_model_s_final_statuses_sum_to_one(registry, attack_of, example, stem, variants):
    doc = example(stem)
    odds = _odds(registry, attack_of, example, stem, variants)
    assert odds.exact
    for t in doc["targets"]:
        target = odds.targets[t["name"]]
        assert sum(target.status.values()) == pytest.approx(1, abs=1e-12)
        assert set(target.status) == set(losses.STATUSES)
        models = [m["name"] for m in t.get("models", [])]
        assert sorted(target.models) == sorted(models)  # a unit lists every model, a model none
        for model, statuses in target.models.items():
            assert set(statuses) == set(losses.STATUSES)
            assert sum(statuses.values()) == pytest.approx(1, abs=1e-12), model


@pytest.mark.parametrize("variants", VARIANTS, ids=lambda v: "+".join(v) or "base")
@pytest.mark.parametrize("stem", EXAMPLE_NAMES)
def test_each_step_s_odds_agree_with_the_status_odds(registry, attack_of, example, stem, variants):
    """From a fresh start a target is hurt exactly when a wound step puts a wound
    through: P(wound) = 1 - P(unharmed); a unit is unharmed only when each of its
    models is; and the shooter is hurt exactly when return fire gets through."""
    doc = example(stem)
    odds = _odds(registry, attack_of, example, stem, variants)
    for t in doc["targets"]:
        target = odds.targets[t["name"]]
        assert target.wound == pytest.approx(1 - target.status["unharmed"], abs=1e-12)
        assert target.wound <= target.hit + 1e-12
        for model, statuses in target.models.items():
            hurt = 1 - statuses["unharmed"]
            assert hurt <= target.wound + 1e-12, model  # a model is hurt only by a wound to the unit
            assert target.status["unharmed"] <= statuses["unharmed"] + 1e-12, model
            # the unit is killed only when every model is, stunned only when none stands
            assert target.status["killed"] <= statuses["killed"] + 1e-12, model
            assert target.status["stunned"] + target.status["killed"] <= (
                statuses["stunned"] + statuses["killed"] + 1e-12
            ), model
    returned = [odds.targets[t["name"]].steps.get("return_fire", 0.0) for t in doc["targets"]]
    if len(doc["targets"]) == 1:
        assert odds.shooter.status["unharmed"] == pytest.approx(1 - returned[0], abs=1e-12)


def test_the_unit_the_odds_got_wrong(registry, attack_of, example):
    """The unit returning fire: when the ninja wins, his one hit can only wound the
    nearest archer, never the whole unit. The unit is wounded exactly as often as a
    wound goes through, and only Taro, nearest, can be hurt."""
    odds = _odds(registry, attack_of, example, "unit_returns_fire", ())
    archers = odds.targets["Archers"]
    assert archers.wound > 0.1
    assert archers.status["unharmed"] == pytest.approx(1 - archers.wound, abs=1e-12)
    taro = archers.models["Taro"]
    assert 1 - taro["unharmed"] == pytest.approx(archers.wound, abs=1e-12)
    assert archers.models["Jiro"]["unharmed"] == 1.0
    assert archers.models["Saburo"]["unharmed"] == 1.0


# -- an independent computation: every die of a small unit scenario, by hand -----------


def _small_unit(doc):
    """The ashigaru unit on a d4: two shots at Shooting 3, Body 1 + shuriken 0 against
    Body 1, models of 1 wound (Goro), 2 (Hachi) and 2 (the sergeant, Body 2: outvoted).
    Every die's faces can be walked through the engine: 4^2 hit dice, 4^2 per wound test."""
    doc = copy.deepcopy(doc)
    doc["die"] = 4
    doc["catastrophic_failure"] = "never"  # the d4's 4 is a plain failure here
    doc["shooter"].update(shooting=3, attacks=2, body=1)
    unit = doc["targets"][0]
    unit.update(body=1, wounds=2)
    unit["models"][1]["wounds"] = 1  # Goro, nearest
    unit["models"][2]["body"] = 2
    return doc


def _walk(stack, attack):
    """Every chain of the attack, with its probability: each die's every face."""
    pending = [([], Fraction(1))]
    while pending:
        faces, weight = pending.pop()
        try:
            chain = run_engine(stack, attack, ScriptedDice(list(faces)))
        except DiceNeeded as need:
            sides = need.request.sides
            pending.extend((faces + [f], weight / sides) for f in range(1, sides + 1))
            continue
        yield chain, weight


def test_model_odds_against_every_die_through_the_engine(registry, attack_of, example):
    attack = attack_of(_small_unit(example("ashigaru_unit")))
    stack = registry.stack("samurai")
    models: dict[tuple[str, str], Fraction] = {}
    unit: dict[str, Fraction] = {}
    wounded = Fraction(0)
    total = Fraction(0)
    for chain, weight in _walk(stack, attack):
        total += weight
        state = chain.targets["Ashigaru"]
        unit[state["status"]] = unit.get(state["status"], Fraction(0)) + weight
        for name, s in state["models"].items():
            models[(name, s["status"])] = models.get((name, s["status"]), Fraction(0)) + weight
        if any(s.kind == "wound" and s.value for s in chain.steps):
            wounded += weight
    assert total == 1
    odds = compute_odds(registry, attack, method="exact")
    target = odds.targets["Ashigaru"]
    assert target.wound == pytest.approx(float(wounded), abs=1e-12)
    for status in losses.STATUSES:
        assert target.status[status] == pytest.approx(float(unit.get(status, 0)), abs=1e-12), status
        for name in ("Goro", "Hachi", "Sergeant Ichiro"):
            want = float(models.get((name, status), 0))
            assert target.models[name][status] == pytest.approx(want, abs=1e-12), (name, status)


def test_model_odds_by_hand(registry, attack_of, example):
    """The same small unit, by hand. On a d4: a shot hits on 1-3 (3 is Lucky, a hit
    like any other here), 3/4. A wound test, Body 1 + 0 against Body 1: the attacker's
    1 is a Lucky Chance (kill, unless the defender's 1 cancels it: 1/4 · 3/4 = 3/16),
    the attacker's other faces fail, so it never wounds without killing; the
    defender's roll decides nothing else. Goro (1 wound, nearest) takes the first
    hit's result; the second goes to him too while he stands, else to Hachi.

    P(kill per hit) = 3/16. Two hits (9/16): the first kills Goro with 3/16; if it
    does, the second kills Hachi with 3/16; if it does not, the second kills Goro
    with 3/16. One hit (2·3/4·1/4 = 6/16): Goro killed with 3/16.
    """
    kill = Fraction(3, 16)
    two, one = Fraction(9, 16), Fraction(6, 16)
    goro_killed = two * (kill + (1 - kill) * kill) + one * kill
    hachi_killed = two * kill * kill
    odds = compute_odds(registry, attack_of(_small_unit(example("ashigaru_unit"))), method="exact")
    target = odds.targets["Ashigaru"]
    assert target.models["Goro"]["killed"] == pytest.approx(float(goro_killed), abs=1e-12)
    assert target.models["Hachi"]["killed"] == pytest.approx(float(hachi_killed), abs=1e-12)
    assert target.models["Sergeant Ichiro"]["unharmed"] == 1.0
    # the unit: wounded while a model is hurt and one stands (never all three here)
    assert target.status["wounded"] == pytest.approx(float(goro_killed), abs=1e-12)
    assert target.wound == pytest.approx(float(goro_killed), abs=1e-12)
