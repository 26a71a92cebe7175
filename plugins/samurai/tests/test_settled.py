"""What an attack settles before any die is worked out once per attack: an attack
changed in place since gets answers of its own, every chain gets steps of its own,
and the words follow the language in use."""

import msgspec

from gunline import RandomDice
from gunline.engine import resolve
from gunline.language import speaking
from gunline_samurai import settled as kept_answers
from gunline_samurai.messages import kept


def step(chain, kind, target=None):
    return next(s for s in chain.steps if s.kind == kind and (target is None or s.target == target))


def test_an_attack_changed_in_place_is_worked_out_afresh(registry, attack_of, example):
    attack = attack_of(example("ninja_and_bushido_master"))
    stack = registry.stack("samurai")
    before = resolve(stack, attack, RandomDice(3), seed=3)
    assert step(before, "pool", "General").value == 4
    # the scenario's Structs are not frozen: a front end may change one in place
    attack.shooter.shooting = 7
    attack.targets[0].reactor.name = "Sensei"
    after = resolve(stack, attack, RandomDice(3), seed=3)
    assert step(after, "pool", "General").value == 5
    assert step(after, "reaction", "General").data["by"] == "Sensei"
    assert "Sensei" in step(after, "reaction", "General").text
    fresh = resolve(stack, attack_of(_changed(example("ninja_and_bushido_master"))), RandomDice(3), seed=3)
    assert msgspec.json.encode(after) == msgspec.json.encode(fresh)


def test_a_lone_shooter_changed_in_place_fires_as_it_now_is(registry, attack_of, example):
    # a lone shooter's volley and pool are kept by their values, not by the attack
    attack = attack_of(example("ninja_and_bushido_master"))
    stack = registry.stack("samurai")
    before = resolve(stack, attack, RandomDice(5), seed=5)
    assert [r.label for r in step(before, "hit", "General").rolls[:-1]] == [
        "to hit, shot 1 of 2", "to hit, shot 2 of 2"
    ]
    attack.shooter.attacks = 3
    attack.shooter.shooting = 8
    attack.targets[0].partly_hidden = False
    after = resolve(stack, attack, RandomDice(5), seed=5)
    doc = example("ninja_and_bushido_master")
    doc["shooter"].update(attacks=3, shooting=8)
    doc["targets"][0]["partly_hidden"] = False
    fresh = resolve(stack, attack_of(doc), RandomDice(5), seed=5)
    assert msgspec.json.encode(after) == msgspec.json.encode(fresh)
    assert step(after, "pool", "General").value == 8
    assert [r.label for r in step(after, "hit", "General").rolls[:-1]] == [
        "to hit, shot 1 of 3", "to hit, shot 2 of 3", "to hit, shot 3 of 3"
    ]


def _changed(doc):
    doc["shooter"]["shooting"] = 7
    doc["targets"][0]["reactor"]["name"] = "Sensei"
    return doc


def test_answers_are_kept_per_attack_and_question(attack_of, example):
    attack = attack_of(example("ninja_and_bushido_master"))
    made = []
    assert kept_answers.settled(attack, ("test", 1), lambda: made.append(1) or "one") == "one"
    assert kept_answers.settled(attack, ("test", 1), lambda: made.append(2) or "two") == "one"
    assert kept_answers.settled(attack, ("test", 2), lambda: made.append(3) or "three") == "three"
    attack.targets[0].body = 5
    assert kept_answers.settled(attack, ("test", 1), lambda: made.append(4) or "four") == "four"
    assert made == [1, 3, 4]


def test_each_chain_gets_steps_of_its_own(registry, attack_of, example):
    attack = attack_of(example("ninja_and_bushido_master"))
    stack = registry.stack("samurai")
    first = resolve(stack, attack, RandomDice(1), seed=1)
    reaction = step(first, "reaction", "General")
    reaction.data["firing"].append("somebody")
    first.steps[0].attack_state["reactions"]["General"]["by"] = "somebody"
    second = resolve(stack, attack, RandomDice(1), seed=1)
    assert step(second, "reaction", "General").data["firing"] == ["Bushido master"]
    assert second.steps[0].attack_state["reactions"]["General"]["by"] == "Bushido master"


def test_answers_follow_the_language(registry, attack_of, example):
    attack = attack_of(example("ninja_and_bushido_master"))
    stack = registry.stack("samurai")
    english = resolve(stack, attack, RandomDice(2), seed=2)
    with speaking("ru"):
        russian = resolve(stack, attack, RandomDice(2), seed=2)
    again = resolve(stack, attack, RandomDice(2), seed=2)
    assert step(english, "declaration").text == step(again, "declaration").text == (
        "Ninja declares shooting: 2 shots at General"
    )
    assert step(russian, "declaration").text == "Ninja объявляет стрельбу: 2 выстрела по General"


def test_kept_words_are_made_once_per_language_and_values():
    made = []

    @kept
    def words(n):
        made.append(n)
        return f"{n} arrows"

    assert words(2) == words(2) == "2 arrows"
    with speaking("ru"):
        assert words(2) == "2 arrows"
    assert made == [2, 2]
