"""The seed's nine-step shooting sequence in the chain, shots, several targets,
reactions and their loss."""

import pytest

from gunline import AttackRefused

NINE_STEPS = ["declaration", "weapon", "target", "range", "reaction_check", "reaction", "hit", "wound", "casualties"]


def kinds(chain):
    return [s.kind for s in chain.steps]


def test_nine_steps_in_the_seed_order(example, resolve):
    # SAM-2's dice: one hit, and its armour and wound tests
    chain = resolve(example("general_alone"), [2, 5, 7, 9, 9])
    order = [k for k in kinds(chain) if k in NINE_STEPS]
    assert order == NINE_STEPS
    assert kinds(chain)[-1] == "ammo"


def test_return_fire_puts_the_shooter_s_wounds_in_place_of_the_target_s(example, resolve):
    chain = resolve(example("ninja_and_bushido_master"), [2, 3, 9])
    assert kinds(chain) == ["declaration", "weapon", "target", "range", "reaction_check", "reaction",
                            "pool", "hit", "return_fire", "casualties", "ammo"]


def test_shots_are_the_attacks_unless_the_weapon_says(example, resolve, step_of):
    doc = example("ninja_and_bushido_master")
    del doc["targets"][0]["reactor"]
    doc["shooter"]["attacks"] = 3
    chain = resolve(doc, [9, 9, 9])
    assert step_of(chain, "weapon").value == 3
    assert len(step_of(chain, "hit").rolls) == 3
    doc["weapon"] = {"name": "yumi"}  # the yumi fires only one
    chain = resolve(doc, [9])
    assert step_of(chain, "weapon").value == 1
    doc["weapon"] = {"name": "hankyu", "shots": 2}  # weapon data overrides Attacks
    assert step_of(resolve(doc, [9, 9]), "weapon").value == 2


def test_each_shot_may_have_its_own_target(example, resolve, step_of):
    doc = example("several_targets")
    # one shot each: Ronin 8 miss (his dodge die 9), Monk 9 miss, Peasant 10 miss
    chain = resolve(doc, [8, 9, 9, 10])
    for name in ("Ronin", "Monk", "Peasant"):
        assert step_of(chain, "target", name).value == 1
        shots = [r for r in step_of(chain, "hit", name).rolls if r.label == "to hit"]
        assert len(shots) == 1
    doc["targets"][0]["shots"] = 2
    doc["targets"][1]["shots"] = 1
    doc["targets"][2]["shots"] = 1
    with pytest.raises(AttackRefused, match="4 shots aimed but Hunter has 3"):
        resolve(doc, [1])


def test_all_reactions_are_declared_before_any_die(example, resolve):
    chain = resolve(example("several_targets"), [8, 9, 9, 10])
    first_die = next(i for i, s in enumerate(chain.steps) if s.rolls)
    reactions = [i for i, s in enumerate(chain.steps) if s.kind == "reaction"]
    assert len(reactions) == 3 and max(reactions) < first_die


def test_a_target_without_a_weapon_loses_its_return_fire(example, resolve, step_of):
    chain = resolve(example("several_targets"), [8, 9, 9, 10])
    peasant = step_of(chain, "reaction", "Peasant")
    assert peasant.data["declared"] == "return_fire" and peasant.data["effective"] == "none"
    assert "lost" in peasant.text
    assert step_of(chain, "hit", "Peasant").data["test"] == "plain"


def test_a_charge_that_cannot_reach_is_lost(example, resolve, step_of):
    doc = example("several_targets")
    doc["targets"][1]["can_reach"] = False
    monk = step_of(resolve(doc, [8, 9, 9, 10]), "reaction", "Monk")
    assert monk.data["effective"] == "none" and "lost" in monk.text


def test_a_charge_leaves_the_shots_plain(example, resolve, step_of):
    chain = resolve(example("several_targets"), [8, 9, 9, 10])
    monk = step_of(chain, "reaction", "Monk")
    assert monk.data["effective"] == "charge"
    assert step_of(chain, "hit", "Monk").data["test"] == "plain"


def test_a_reactor_who_does_not_see_the_shooter_loses_the_reaction(example, resolve, step_of):
    doc = example("ninja_and_bushido_master")
    doc["targets"][0]["reactor"]["sees_shooter"] = False
    # plain tests now: 9 and 9 miss on 4
    chain = resolve(doc, [9, 9])
    assert step_of(chain, "reaction_check").value == 0
    assert step_of(chain, "reaction").data["effective"] == "none"
    assert chain.shooter["status"] == "unharmed"


def test_return_fire_out_of_range_is_lost(example, resolve, step_of):
    doc = example("ninja_and_bushido_master")
    doc["targets"][0]["reactor"]["weapon"] = {"name": "yumi", "range": 10}
    chain = resolve(doc, [9, 9])
    assert "beyond the range" in step_of(chain, "reaction").text


@pytest.mark.parametrize("alert, stealth, may", [(1, 2, False), (2, 2, True), (3, 2, True), (0, 0, True)])
def test_alert_at_least_stealth_reacts(example, resolve, step_of, alert, stealth, may):
    doc = example("teppo_duel")
    doc["targets"][0]["alert"] = alert
    doc["shooter"]["stealth"] = stealth
    dice = [9, 9] if may else [9]  # return fire adds the archer's die
    chain = resolve(doc, dice)
    assert step_of(chain, "reaction_check").value == int(may)
    assert step_of(chain, "reaction").data["effective"] == ("return_fire" if may else "none")


def test_a_stunned_shooter_cannot_shoot(registry, attack_of, example):
    from gunline import ChainState
    from gunline.runner import check

    attack = attack_of(example("teppo_duel"))
    with pytest.raises(AttackRefused, match="Gunner is stunned and cannot shoot"):
        check(registry, attack, prior=ChainState(shooter={"name": "Gunner", "status": "stunned", "wounds_left": 0}))


def test_out_of_the_weapon_s_range_is_refused(example, resolve):
    doc = example("teppo_duel")
    doc["weapon"]["range"] = 12
    with pytest.raises(AttackRefused, match=r"18\" away, beyond the teppo's range of 12\""):
        resolve(doc, [1])
