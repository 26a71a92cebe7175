"""Unit shooting: all the models of a unit shoot at once, each at a target of its own,
in one attack (one scenario, one chain, one set of reactions resolved together);
wounds on a unit go to its models nearest the shooter (SAM-7), and return fire that
beats the unit wounds the model that shot at the reacting target."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from gunline import AttackRefused, ChainState, DiceNeeded, ScriptedDice
from gunline.engine import resolve as run_engine
from gunline.odds import compute_odds
from gunline.runner import run

VOLLEY = [2, 3, 1, 9, 1, 9, 4, 8, 1, 9]


def test_every_model_shoots_at_its_own_target_in_one_chain(example, resolve, step_of):
    chain = resolve(example("archers_volley"), VOLLEY)
    assert step_of(chain, "declaration").value == 3
    ashigaru, monk = step_of(chain, "target", "Ashigaru"), step_of(chain, "target", "Monk")
    assert (ashigaru.value, monk.value) == (2, 1)
    assert ashigaru.text.endswith("from Taro 1, Jiro 1") and monk.text.endswith("from Saburo 1")
    # each model's own Shooting: Jiro's 7, the unit's 6 for the others
    assert step_of(chain, "pool", "Ashigaru").data["skills"] == {"Taro": 6, "Jiro": 7}
    labels = [r.label for r in step_of(chain, "hit", "Ashigaru").rolls]
    assert labels == ["to hit (Taro)", "to hit (Jiro)"]
    # every reaction is declared before the first die of the attack
    first_die = next(i for i, s in enumerate(chain.steps) if s.rolls)
    assert max(i for i, s in enumerate(chain.steps) if s.kind == "reaction") < first_die


def test_sam7_wounds_go_to_the_nearest_model_of_the_target_unit(example, resolve):
    chain = resolve(example("archers_volley"), VOLLEY)
    models = chain.targets["Ashigaru"]["models"]
    # Goro (12") takes Taro's wound, then, being stunned, Hachi (14") takes Jiro's
    assert models == {"Goro": {"status": "stunned", "wounds_left": 0},
                      "Hachi": {"status": "stunned", "wounds_left": 0}}
    assert chain.targets["Ashigaru"]["status"] == "stunned"
    assert chain.targets["Monk"]["status"] == "stunned"
    assert chain.shooter["status"] == "unharmed"


def test_return_fire_wounds_the_model_that_shot_at_the_reactor(example, resolve, step_of):
    # Saburo's 8 misses, the monk's 4 (on 5) wins; its wound test 1 against 9
    chain = resolve(example("archers_volley"), [2, 3, 1, 9, 1, 9, 8, 4, 1, 9])
    returned = step_of(chain, "return_fire", "Monk")
    assert returned.value == 1
    models = chain.shooter["models"]
    assert models["Saburo"] == {"status": "stunned", "wounds_left": 0}
    assert models["Taro"]["status"] == models["Jiro"]["status"] == "unharmed"
    assert chain.shooter["status"] == "wounded"  # the unit stands, one of its models is down


def test_a_model_s_catastrophe_voids_its_own_shots_only(example, resolve, step_of):
    doc = example("archers_volley")
    # Taro's 10 is a Catastrophic Failure; Jiro's 3 still hits (wound 1 vs 9)
    chain = resolve(doc, [10, 3, 1, 9, 8, 9])
    hit = step_of(chain, "hit", "Ashigaru")
    assert hit.value == 1
    assert "Taro's Catastrophic Failure forbids its shots" in hit.text
    assert hit.data["volleys"] == [{"model": "Taro", "lucky": 0, "hits": 0, "strength": 5},
                                   {"model": "Jiro", "lucky": 0, "hits": 1, "strength": 5}]


def test_each_model_wounds_with_its_own_body(example, resolve, step_of):
    doc = example("archers_volley")
    doc["shooter"]["models"][1]["body"] = 5  # Jiro: Body 5 + yumi 2 = 7
    chain = resolve(doc, [2, 3, 1, 9, 1, 9, 8, 9])
    tests = [r for r in step_of(chain, "wound", "Ashigaru").rolls if "Body + Damage" in r.label]
    assert [r.need for r in tests] == ["5 or less, 5 is a Lucky Chance", "7 or less, 7 is a Lucky Chance"]


def test_a_model_down_from_an_earlier_attack_does_not_shoot(registry, attack_of, example, step_of):
    attack = attack_of(example("archers_volley"))
    prior = ChainState(shooter={"name": "Archers", "status": "wounded", "wounds_left": 2, "models": {
        "Taro": {"status": "stunned", "wounds_left": 0},
        "Jiro": {"status": "unharmed", "wounds_left": 1},
        "Saburo": {"status": "unharmed", "wounds_left": 1},
    }})
    chain, unused = run(registry, attack, faces=[3, 9, 9, 8, 9], prior=prior)
    assert unused == 0
    assert "Taro down, not shooting" in step_of(chain, "declaration").text
    assert step_of(chain, "target", "Ashigaru").value == 1
    assert [r.label for r in step_of(chain, "hit", "Ashigaru").rolls] == ["to hit (Jiro)"]


@pytest.mark.parametrize("change, message", [
    (lambda d: d["shooter"]["models"][0].update(targets=["General"]),
     r"shooter.models\[0\].targets: 'General' is not a target of this attack; expected one of: Ashigaru, Monk"),
    (lambda d: d["shooter"]["models"][2].update(targets=[]),
     r"shooter.models\[2\].targets: Saburo must name its targets when there are several"),
    (lambda d: d["shooter"]["models"][2].update(targets=["Monk", "Monk"]),
     r"shooter.models\[2\].targets: 2 shots aimed but Saburo has 1 with the yumi"),
    (lambda d: d["targets"][1].update(shots=1),
     r"targets\[1\].shots: a unit's shots are given model by model"),
    (lambda d: d["shooter"]["models"][2].update(targets=["Ashigaru"]),
     r"targets\[1\]: no model of Archers still standing shoots at Monk"),
])
def test_an_impossible_volley_is_refused_naming_the_field(example, resolve, change, message):
    doc = example("archers_volley")
    change(doc)
    with pytest.raises(AttackRefused, match=message):
        resolve(doc, [1])


def test_the_volley_s_odds_by_hand(registry, attack_of, example):
    """Taro at 6 (hit 6/10) and Jiro at 7 (7/10), one plain shot each at the ashigaru:
    P(at least one hit) = 1 - 4/10 · 3/10 = 88/100, both 42/100. Saburo at 6 against
    the monk's 5, a die each (the teppo duel's numbers): the archers win 44/100; the
    monk wins 22/100 with an ordinary hit, 9/100 with a Lucky Chance (a wound at
    once); his wound test (Body 3 + hankyu 1 = 4 against Body 3) kills 9/100 and
    wounds 24/100. Saburo is hurt with 9/100 + 22/100 · 33/100."""
    odds = compute_odds(registry, attack_of(example("archers_volley")), method="exact")
    assert odds.exact
    ashigaru = odds.targets["Ashigaru"]
    assert ashigaru.hit == pytest.approx(0.88, abs=1e-12)
    assert ashigaru.expected["hit"] == pytest.approx(0.6 + 0.7, abs=1e-12)
    assert odds.targets["Monk"].hit == pytest.approx(0.44, abs=1e-12)
    hurt = Fraction(9, 100) + Fraction(22, 100) * Fraction(33, 100)
    saburo = odds.shooter.models["Saburo"]
    assert 1 - saburo["unharmed"] == pytest.approx(float(hurt), abs=1e-12)
    assert saburo["killed"] == pytest.approx(float(Fraction(22, 100) * Fraction(9, 100)), abs=1e-12)
    assert odds.shooter.models["Taro"]["unharmed"] == 1.0
    assert odds.shooter.status["wounded"] == pytest.approx(float(hurt), abs=1e-12)


def _small(doc):
    """The volley on a d4 without Jiro, so that every die can be walked through the
    engine: Taro at Shooting 3 against the ashigaru (Body 1), Saburo at 2 against the
    monk (Shooting 3, Body 1); the archers' Body 2 + yumi 0, the monk's 1 + hankyu 1."""
    doc = copy.deepcopy(doc)
    doc["die"] = 4
    doc["catastrophic_failure"] = "never"
    doc["shooter"].update(shooting=3, body=2)
    doc["shooter"]["models"] = [m for m in doc["shooter"]["models"] if m["name"] != "Jiro"]
    doc["shooter"]["models"][1]["shooting"] = 2
    doc["weapon"] = {"name": "yumi", "damage": 0}
    doc["targets"][0]["body"] = 1
    doc["targets"][1].update(body=1, shooting=3)
    return doc


def test_the_volley_s_odds_against_every_die_through_the_engine(registry, attack_of, example):
    attack = attack_of(_small(example("archers_volley")))
    stack = registry.stack("samurai")
    totals: dict[tuple[str, str, str], Fraction] = {}
    pending = [([], Fraction(1))]
    while pending:
        faces, weight = pending.pop()
        try:
            chain = run_engine(stack, attack, ScriptedDice(list(faces)), describe=False)
        except DiceNeeded as need:
            sides = need.request.sides
            pending.extend((faces + [f], weight / sides) for f in range(1, sides + 1))
            continue
        for side, state in [("shooter", chain.shooter), ("Ashigaru", chain.targets["Ashigaru"])]:
            for model, s in state["models"].items():
                key = (side, model, s["status"])
                totals[key] = totals.get(key, Fraction(0)) + weight
        key = ("Monk", "", chain.targets["Monk"]["status"])
        totals[key] = totals.get(key, Fraction(0)) + weight
    odds = compute_odds(registry, attack, method="exact")
    assert odds.exact
    for (side, model, status), p in totals.items():
        if side == "shooter":
            got = odds.shooter.models[model][status]
        elif side == "Monk":
            got = odds.targets["Monk"].status[status]
        else:
            got = odds.targets[side].models[model][status]
        assert got == pytest.approx(float(p), abs=1e-12), (side, model, status)
    assert sum(p for (side, model, _), p in totals.items() if side == "shooter" and model == "Saburo") == 1


@pytest.mark.parametrize("size", [10, 40])
def test_who_fires_at_whom_is_worked_out_once_a_chain_however_many_targets(registry, monkeypatch, size):
    """A unit of archers, each at a target of its own: the models' aims are read once
    per model in a chain (and once per model again when one goes down), not once per
    model for every question about every target, which made a thousand archers take
    seconds a chain. Counted, not timed: the calls grow with the models alone."""
    from gunline import RandomDice
    from gunline.scenario import build_attack
    from gunline_samurai import volleys

    doc = {"ruleset": "samurai",
           "shooter": {"name": "Archers", "shooting": 6, "body": 3,
                       "models": [{"name": f"A{i}", "targets": [f"T{i}"]} for i in range(size)]},
           "weapon": {"name": "yumi"},
           "targets": [{"name": f"T{i}", "body": 3, "distance": 10 + i % 5} for i in range(size)]}
    attack = build_attack(registry, doc, "archers.toml")
    calls = []
    aims = volleys.aims
    monkeypatch.setattr(volleys, "aims", lambda attack, m: calls.append(m.name) or aims(attack, m))
    chain = run_engine(registry.stack("samurai", ()), attack, RandomDice(3))
    assert sum(s.kind == "hit" for s in chain.steps) == size  # every target shot at
    assert len(calls) == size  # each model's aims read once
    declared = next(s for s in chain.steps if s.kind == "declaration")
    assert declared.value == size
