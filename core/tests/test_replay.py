"""Dice entry one die at a time, replaying a chain under other rules, comparing chains."""

import importlib.util
from pathlib import Path

import pytest

from gunline import Modifier, Registry, Variant, hookimpl
from gunline.dice import BadFace
from gunline.replay import compare, next_die, replay
from gunline.runner import run
from gunline.scenario import build_attack


def _toy():
    spec = importlib.util.spec_from_file_location("toy_ruleset_replay", Path(__file__).with_name("toy_ruleset.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Steady:
    """A house rule: +1 to every roll to hit (lowers the score needed by one)."""

    @hookimpl
    def gunline_variant(self):
        return Variant(name="toy.steady", ruleset="toy", api=2)

    @hookimpl
    def modify_pool(self):
        return [Modifier(label="steady aim", value=1)]


@pytest.fixture
def registry():
    reg = Registry()
    reg.add("toy", _toy())
    reg.add("toy.steady", Steady())
    return reg


DOC = {
    "ruleset": "toy",
    "mode": "double",
    "shooter": {"name": "Ada", "skill": 4},
    "weapon": {"name": "pistol"},
    "targets": [{"name": "Bo"}, {"name": "Cy", "wounds": 2, "cover": True}],
}


def attack(registry, variants=()):
    return build_attack(registry, {**DOC, "variants": list(variants)})


def test_next_die_names_each_die_then_gives_the_cli_chain(registry):
    a = attack(registry)
    chain, needed, used = next_die(registry, a, [], seed=1)
    assert used == []
    assert chain is None and needed.request.describe() == "Bo, to hit: 1d6, needs 4+"
    chain, needed, used = next_die(registry, a, [4, 2, 6], seed=1)
    assert used == [4, 2, 6]
    # Cy is in cover: skill 4 - (-1) = needs 5+
    assert needed.request.describe() == "Cy, to hit: 1d6, needs 5+" and needed.position == 3
    faces = [4, 2, 6, 5]
    chain, needed, _ = next_die(registry, a, faces, seed=1)
    expected, _ = run(registry, a, faces=faces)  # what `resolve --dice 4,2,6,5` gives
    assert needed is None and chain == expected
    assert chain.manual == [0, 1, 2, 3]


def test_blank_faces_are_rolled_from_the_seed_like_manual_dice(registry):
    a = attack(registry)
    faces = [None, 3, None, 6]
    chain, _, used = next_die(registry, a, faces, seed=99)
    expected, _ = run(registry, a, faces=faces, seed=99)
    assert chain.dice == expected.dice == used and chain.manual == [1, 3]


def test_a_face_the_die_cannot_show_is_refused(registry):
    with pytest.raises(BadFace):
        next_die(registry, attack(registry), [7], seed=1)


def test_seeded_chain_replays_as_the_cli_would_with_the_variant(registry):
    original, _ = run(registry, attack(registry), seed=7)
    again = replay(registry, attack(registry, ["toy.steady"]), original, seed=0)
    expected, _ = run(registry, attack(registry, ["toy.steady"]), seed=7)
    assert again == expected


def test_typed_dice_replay_under_the_variant_and_keep_their_marks(registry):
    # Bo: 3 and 2 miss a 4+; Cy (cover, 5+): 4 misses, 6 hits.
    original, _ = run(registry, attack(registry), faces=[3, 2, 4, 6])
    assert original.outcomes["Bo"].startswith("Bo: missed")
    steady = replay(registry, attack(registry, ["toy.steady"]), original, seed=5)
    assert steady.dice == [3, 2, 4, 6] and steady.manual == [0, 1, 2, 3]
    # steady aim: Bo needs 3+ (the 3 hits), Cy needs 4+ (both hit)
    hits = {s.target: s.value for s in steady.steps if s.kind == "hit"}
    assert hits == {"Bo": 1, "Cy": 2}

    diff = compare(original, steady)
    marks = {(s.target, s.kind): m for s, m in zip(steady.steps, diff.steps)}
    assert marks[("Bo", "pool")] == "changed" and marks[("Bo", "hit")] == "changed"
    assert marks[("Bo", "wound")] == "new"
    assert marks[(None, "ammo")] == ""
    assert set(diff.outcomes) == {"Bo", "Cy"} and diff.any
    assert not compare(original, original).any


def test_replay_rolls_extra_dice_from_the_seed(registry):
    single = build_attack(registry, {**DOC, "mode": "single"})
    original, _ = run(registry, single, faces=[1, 1])
    double = attack(registry)
    again = replay(registry, double, original, seed=3)
    assert again.dice[:2] == [1, 1] and len(again.dice) == 4
    assert again.manual == [0, 1]
    assert compare(original, again).steps.count("changed") >= 1
