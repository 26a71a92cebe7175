"""SAM-1, SAM-1a and SAM-2: the seed's ninja, general and bushido master."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

FILE = Path(__file__).parents[1] / "src" / "gunline_samurai" / "examples" / "ninja_and_bushido_master.toml"


def test_sam1_master_lucky_chance_stuns_the_ninja_at_once(example, resolve, step_of):
    chain = resolve(example("ninja_and_bushido_master"), [2, 3, 9])
    hit = step_of(chain, "hit", "General")
    assert [r.values for r in hit.rolls] == [[2], [3], [9]]
    assert hit.value == 0
    # the ninja takes one wound at once, with no further rolls: the three dice are all
    fire = step_of(chain, "return_fire", "General")
    assert fire.value == 1 and fire.rolls == []
    assert chain.dice == [2, 3, 9]
    assert chain.shooter["status"] == "stunned" and chain.shooter["wounds_left"] == 0
    # the general is saved: unharmed, never wounded
    assert chain.targets["General"]["status"] == "unharmed"
    assert chain.targets["General"]["wounds_left"] == 2
    assert not [s for s in chain.steps if s.kind == "wound"]


@pytest.mark.parametrize("shooting", [6, 7, 8, 9, 10])
def test_sam1a_any_skill_where_2_and_3_are_ordinary_successes(example, resolve, step_of, shooting):
    doc = example("ninja_and_bushido_master")
    doc["shooter"]["shooting"] = shooting
    chain = resolve(doc, [2, 3, 9])
    assert step_of(chain, "pool", "General").value == shooting - 2
    assert chain.shooter["status"] == "stunned"
    assert chain.targets["General"]["status"] == "unharmed"


def test_general_cannot_react_but_the_master_can(example, resolve, step_of):
    chain = resolve(example("ninja_and_bushido_master"), [2, 3, 9])
    check = step_of(chain, "reaction_check", "General")
    assert check.data["target_may_react"] is False
    assert check.value == 1  # the bushido master reacts in his place
    reaction = step_of(chain, "reaction", "General")
    assert reaction.data["by"] == "Bushido master"
    assert reaction.data["effective"] == "return_fire"
    assert reaction.value == 1  # the yumi fires only one shot


def test_cover_is_minus_two_to_the_shooter(example, resolve, step_of):
    chain = resolve(example("ninja_and_bushido_master"), [2, 3, 9])
    pool = step_of(chain, "pool", "General")
    assert [(m.label, m.value, m.source) for m in pool.modifiers] == [("partly hidden", -2, "samurai")]
    assert pool.value == 4


def test_sam2_general_alone_two_plain_tests(example, resolve, step_of):
    doc = example("ninja_and_bushido_master")
    del doc["targets"][0]["reactor"]
    # 2 ≤ 4 hits, 5 misses; then the one hit's armour and wound tests (7: body; 9 vs 9: fail)
    chain = resolve(doc, [2, 5, 7, 9, 9])
    hit = step_of(chain, "hit", "General")
    assert hit.value == 1
    assert hit.data["test"] == "plain"
    assert chain.shooter["status"] == "unharmed"


def test_the_example_file_through_the_command_line():
    out = subprocess.run(
        [sys.executable, "-m", "gunline.cli", "resolve", str(FILE), "--dice", "2,3,9", "--json"],
        capture_output=True, text=True, check=True,
    )
    chain = json.loads(out.stdout)
    assert chain["shooter"]["status"] == "stunned"
    assert chain["targets"]["General"] == {"status": "unharmed", "wounds_left": 2}
    assert chain["weapon"]["rounds_left"] is None
    assert chain["dice"] == [2, 3, 9]


def test_sam3_through_the_engine_two_lucky_against_one(example, resolve, step_of):
    # the archer (hankyu, 2 shots, Shooting 6) rolls 6 and 6, both Lucky Chances; the
    # target returns fire and rolls its 5 on Shooting 5, one Lucky Chance: one net
    # Lucky for the archer, one wound at once and no further rolls
    doc = example("teppo_duel")
    doc["weapon"] = {"name": "hankyu"}
    doc["shooter"]["attacks"] = 2
    doc["targets"][0]["wounds"] = 2
    chain = resolve(doc, [6, 6, 5])
    hit = step_of(chain, "hit", "Archer")
    assert hit.data["lucky"] == 1 and hit.data["hits"] == 0
    wound = step_of(chain, "wound", "Archer")
    assert wound.value == 1 and wound.rolls == []
    assert chain.targets["Archer"] == {"status": "wounded", "wounds_left": 1}
    assert chain.shooter["status"] == "unharmed"


def test_a_stunned_target_cannot_react(registry, attack_of, example):
    from gunline import ChainState, ScriptedDice
    from gunline.engine import resolve as run_engine

    attack = attack_of(example("teppo_duel"))
    prior = ChainState(targets={"Archer": {"status": "stunned", "wounds_left": 0}})
    chain = run_engine(registry.stack("samurai"), attack, ScriptedDice([9]), prior=prior)
    check = next(s for s in chain.steps if s.kind == "reaction_check")
    assert check.value == 0 and "stunned" in check.text


def test_a_partly_hidden_shooter_gives_return_fire_minus_two(example, resolve, step_of):
    doc = example("ninja_and_bushido_master")
    doc["shooter"]["partly_hidden"] = True
    # the master now needs 7: his 9 fails, the ninja's 2 and 3 win (a pair and an
    # unpaired success): two hits on the general, each armour 9 (body), wound 9 vs 9
    chain = resolve(doc, [2, 3, 9, 9, 9, 9, 9, 9, 9])
    hit = step_of(chain, "hit", "General")
    assert [(m.value, m.label) for m in hit.modifiers] == [(-2, "Ninja partly hidden, to Bushido master's return fire")]
    assert hit.data["skill"] == 7
    assert hit.value == 2 and hit.data["winner"] == "Ninja"
    assert chain.shooter["status"] == "unharmed"
