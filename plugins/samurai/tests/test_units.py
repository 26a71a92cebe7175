"""Units: wounds to the nearest models until Stunned, the majority's values, and
a unit returning fire together."""

from gunline import ChainState, RandomDice
from gunline.engine import refusals, start_state
from gunline.engine import resolve as resolve_chain
from gunline.scenario import build_attack
from gunline_samurai import losses


def test_sam7_three_wounds_nearest_first_until_stunned(example, resolve, step_of):
    # three hits (1, 2, 3 on 7), three wound tests won (1 vs 9)
    chain = resolve(example("ashigaru_unit"), [1, 2, 3, 1, 9, 1, 9, 1, 9])
    models = chain.targets["Ashigaru"]["models"]
    assert models["Goro"] == {"status": "stunned", "wounds_left": 0}   # 6", nearest
    assert models["Hachi"] == {"status": "wounded", "wounds_left": 1}  # 8"
    assert models["Sergeant Ichiro"] == {"status": "unharmed", "wounds_left": 2}
    assert step_of(chain, "wound", "Ashigaru").value == 3
    assert chain.targets["Ashigaru"]["status"] == "wounded"  # one model down, two standing
    assert chain.targets["Ashigaru"]["wounds_left"] == 3


def test_tests_use_the_majority_s_body(example, resolve, step_of):
    chain = resolve(example("ashigaru_unit"), [1, 9, 9, 1, 9])
    (_, d) = step_of(chain, "wound", "Ashigaru").rolls
    assert d.need.startswith("3 or less")  # Body 3 of two models, not the sergeant's 4
    doc = example("ashigaru_unit")
    doc["targets"][0]["models"][0]["body"] = 4  # now two of three have Body 4
    (_, d) = step_of(resolve(doc, [1, 9, 9, 1, 9]), "wound", "Ashigaru").rolls
    assert d.need.startswith("4 or less")


def test_a_lucky_chance_kills_the_model_taking_the_wounds(example, resolve):
    # one hit; its wound test: 3 on Body 3 + shuriken Damage 0 = 3 is a Lucky Chance
    chain = resolve(example("ashigaru_unit"), [1, 9, 9, 3, 9])
    models = chain.targets["Ashigaru"]["models"]
    assert models["Goro"]["status"] == "killed"
    assert models["Hachi"]["status"] == "unharmed"


def test_a_unit_of_stunned_and_dead_models_is_down():
    state = losses.unit_state({"A": losses.model_state(1), "B": losses.model_state(1)})
    order = ["A", "B"]
    state, who = losses.wound(state, order)
    assert who == "A" and state["status"] == "wounded"
    state, who = losses.wound(state, order)
    assert who == "B" and state["status"] == "stunned"
    state, who = losses.wound(state, order)  # nobody left standing to take it
    assert who is None
    state, who = losses.kill(state, order)  # a Lucky Chance still kills the nearest
    assert who == "A" and state["models"]["A"]["status"] == "killed"
    state, _ = losses.kill(state, order)
    assert state["status"] == "killed"


def test_a_unit_returns_fire_with_every_model_that_can(example, resolve, step_of):
    chain = resolve(example("unit_returns_fire"), [3, 7, 9])
    reaction = step_of(chain, "reaction", "Archers")
    assert reaction.data["firing"] == ["Taro", "Jiro"]  # Saburo does not see the ninja
    assert reaction.value == 2
    hit = step_of(chain, "hit", "Archers")
    assert len(hit.rolls) == 3
    assert chain.shooter["status"] == "stunned"
    assert all(m["status"] == "unharmed" for m in chain.targets["Archers"]["models"].values())


def test_only_one_side_is_hurt_by_the_exchange(example, resolve, step_of):
    # the ninja's 6 is a Lucky Chance on his 6: the archers' 5 and 4 count for nothing
    chain = resolve(example("unit_returns_fire"), [6, 5, 4])
    assert chain.shooter["status"] == "unharmed"
    assert step_of(chain, "wound", "Archers").value == 1
    assert chain.targets["Archers"]["models"]["Taro"]["status"] == "stunned"
    assert not [s for s in chain.steps if s.kind == "return_fire"]


# -- a unit whose models change between two attacks of an encounter --------------------


def _unit(example, *names: str) -> dict:
    """The ashigaru unit with only the models named, in the example's order."""
    doc = example("ashigaru_unit")
    unit = doc["targets"][0]
    unit["models"] = [m for m in unit["models"] if m["name"] in names]
    return doc


def test_a_model_that_joins_a_unit_between_two_attacks_starts_fresh(registry, example):
    """The encounter saved the unit as two ashigaru, both dead; their sergeant joins it
    for the next attack. The unit stands (it was refused as already killed, and before
    that the attack failed in the rules: no state for the sergeant), the sergeant
    comes fresh, and the dead stay dead."""
    prior = ChainState(targets={"Ashigaru": {"status": "killed", "wounds_left": 0, "models": {
        "Goro": {"status": "killed", "wounds_left": 0}, "Hachi": {"status": "killed", "wounds_left": 0}}}})
    attack = build_attack(registry, _unit(example, "Goro", "Hachi", "Sergeant Ichiro"))
    stack = registry.stack("samurai")
    state = start_state(stack, attack, prior)
    assert state.targets["Ashigaru"]["models"] == {
        "Goro": {"status": "killed", "wounds_left": 0}, "Hachi": {"status": "killed", "wounds_left": 0},
        "Sergeant Ichiro": {"status": "unharmed", "wounds_left": 2}}
    assert refusals(stack, attack, state) == []
    for seed in range(20):
        chain = resolve_chain(stack, attack, RandomDice(seed), prior=prior)
        models = chain.targets["Ashigaru"]["models"]
        assert models["Goro"]["status"] == models["Hachi"]["status"] == "killed"
        hurt = models["Sergeant Ichiro"]["status"] != "unharmed"
        assert hurt == any(s.kind == "wound" and s.value for s in chain.steps), seed
        assert "Sergeant Ichiro" in chain.outcomes["Ashigaru"]


def test_a_model_taken_out_of_a_unit_between_two_attacks_is_not_reported_with_it(registry, example):
    prior = ChainState(targets={"Ashigaru": {"status": "wounded", "wounds_left": 5, "models": {
        "Goro": {"status": "wounded", "wounds_left": 1}, "Hachi": {"status": "unharmed", "wounds_left": 2},
        "Sergeant Ichiro": {"status": "unharmed", "wounds_left": 2}}}})
    attack = build_attack(registry, _unit(example, "Goro", "Hachi"))
    chain = resolve_chain(registry.stack("samurai"), attack, RandomDice(4), prior=prior)
    assert set(chain.targets["Ashigaru"]["models"]) == {"Goro", "Hachi"}
    assert "Sergeant" not in chain.outcomes["Ashigaru"]
    # the same unit as saved is the saved one, whole: nothing changes for it
    same = build_attack(registry, _unit(example, "Goro", "Hachi", "Sergeant Ichiro"))
    chain = resolve_chain(registry.stack("samurai"), same, RandomDice(4), prior=prior)
    assert chain.targets["Ashigaru"]["models"]["Goro"]["wounds_left"] <= 1
