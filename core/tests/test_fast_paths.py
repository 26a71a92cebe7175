"""The engine's fast paths give what the general paths give: the positional hook
callers of a stack against pluggy-style keyword calls, the state merge against
step-by-step ``apply``, and seeded dice against the same faces typed."""

from __future__ import annotations

import types

import pytest

from gunline import ChainState, PluginFailed, RandomDice, Step, Variant, hookimpl
from gunline.dice import ScriptedDice, at_least, at_most, faces
from gunline.stack import callers_of


def _variant(registry, name, **hooks):
    mod = types.ModuleType(name.replace(".", "_"))
    mod.gunline_variant = hookimpl(lambda: Variant(name=name, ruleset="toy", api=2))
    for hook_name, fn in hooks.items():
        setattr(mod, hook_name, hookimpl(fn))
    registry.add(name, mod)
    return registry.stack("toy", [name])


def test_a_single_implementation_gets_its_arguments_by_name_in_its_own_order(registry):
    # describe_outcome(attack, target, state) in the spec; this one takes two, reversed
    stack = _variant(registry, "toy.words", describe_outcome=lambda state, target: f"{target}|{state}")
    call, _ = callers_of(stack)
    args = {"attack": "A", "target": "T", "state": "S"}
    assert call["describe_outcome"]("A", "T", "S") == ("T|S", "toy.words")
    assert stack.first("describe_outcome", **args) == ("T|S", "toy.words")


def test_several_implementations_answer_in_pluggy_order_with_their_own_arguments(registry):
    def resolve_hit(pool, target):
        return None if pool == "pass" else Step(kind="hit", value=1, text=f"{target} {pool}")

    stack = _variant(registry, "toy.picky", resolve_hit=resolve_hit)
    call, _ = callers_of(stack)
    step, plugin = call["resolve_hit"]("A", "T", "aim", "S", "D")
    assert (step.text, plugin) == ("T aim", "toy.picky")
    # the variant defers: the base ruleset answers (it reads attack, target, pool and dice)
    with pytest.raises(PluginFailed, match=r"plugin 'toy' failed in resolve_hit: AttributeError"):
        call["resolve_hit"]("A", "T", "pass", "S", "D")


def test_a_raising_hook_is_named_as_first_and_each_name_it(registry):
    def begin_attack(dice):
        raise ValueError(f"no dice {dice}")

    def modify_pool(target):
        raise KeyError(target)

    stack = _variant(registry, "toy.broken", begin_attack=begin_attack, modify_pool=modify_pool)
    call, collect = callers_of(stack)
    with pytest.raises(PluginFailed) as fast:
        call["begin_attack"]("A", "S", "D")
    with pytest.raises(PluginFailed) as slow:
        stack.first("begin_attack", attack="A", state="S", dice="D")
    line = begin_attack.__code__.co_firstlineno + 1  # the raise: both paths name it
    assert str(fast.value) == str(slow.value) == (
        f"plugin 'toy.broken' failed in begin_attack: ValueError: no dice D (at tests/test_fast_paths.py:{line})")
    with pytest.raises(PluginFailed, match=r"plugin 'toy.broken' failed in modify_pool: KeyError: 'T'"):
        collect["modify_pool"]("A", "T", "S")


def test_an_object_that_wraps_a_stack_is_called_through_its_first_and_each(registry):
    seen = []

    class Watching:
        def __init__(self, stack):
            self.stack = stack

        def first(self, hook, **kwargs):
            seen.append((hook, sorted(kwargs)))
            return self.stack.first(hook, **kwargs)

        def each(self, hook, **kwargs):
            seen.append((hook, sorted(kwargs)))
            return self.stack.each(hook, **kwargs)

    call, collect = callers_of(Watching(registry.stack("toy")))
    assert call["reload_weapon"]("A", "S") == (None, "")
    assert collect["modify_pool"]("A", type("T", (), {"cover": False})(), "S") == []
    assert seen == [("reload_weapon", ["attack", "state"]), ("modify_pool", ["attack", "state", "target"])]


def _steps():
    return [
        Step(kind="shots", value=2, weapon_state={"rounds_left": 3}),
        Step(kind="hit", value=1, target_state={"status": "pinned"}, shooter_state={"aimed": True}),
        Step(kind="wound", value=1, target="Cy", target_state={"wounds": 0}, source="other"),
    ]


def _state(cls=ChainState):
    return cls(shooter={"name": "Ann"}, weapon={"rounds_left": 5}, targets={"Bo": {"status": "ok"}}, steps=[])


def test_merge_is_apply_step_by_step():
    by_hand, merged = _state(), _state()
    expected = _steps()
    for step in expected:
        step.source = step.source or "toy"
        step.target = step.target or "Bo"
        by_hand.apply(step)
    merged.merge(_steps(), "toy", "Bo")
    assert merged == by_hand
    assert merged.targets == {"Bo": {"status": "pinned"}, "Cy": {"wounds": 0}}
    assert [(s.source, s.target) for s in merged.steps] == [("toy", "Bo"), ("toy", "Bo"), ("other", "Cy")]


def test_merge_goes_through_the_apply_of_a_subclass():
    class Counting(ChainState):
        def apply(self, step):
            self.shooter["applied"] = self.shooter.get("applied", 0) + 1
            super().apply(step)

    state = _state(Counting)
    state.merge(_steps(), "toy", None)
    assert state.shooter["applied"] == 3 and len(state.steps) == 3


POOLS = [
    (5, dict(sides=10, success=at_least(8), again=10)),
    (0, dict(sides=10, success=at_least(8), again=10)),
    (-2, dict(sides=10, success=at_least(10), read=faces({1: "one"}), again=10, shown="chance die", chance=True)),
    (7, dict(sides=10, success=at_least(8), again=9)),
    (12, dict(sides=10, success=at_least(8), again=8)),
    (3, dict(sides=6, success=at_least(4), read=faces({6: "six"}))),
    (4, dict(sides=10, success=at_most(3))),
]


@pytest.mark.parametrize("count, options", POOLS)
def test_random_and_typed_dice_mean_the_same_by_the_same_faces(count, options):
    """The random interpreter and the scripted one differ only in where faces come
    from: given the faces a seed rolled, scripted dice give the same rolls."""
    for seed in range(40):
        rolled = RandomDice(seed)
        typed = ScriptedDice([], manual=False)

        def requests(dice):
            return [
                dice.pool(count, "attack pool", target="Sykes", **options),
                dice.roll(6, "to hit", read=faces({6: "six"}, otherwise="other"), target="Bo"),
                dice.roll(6, "ammo roll", count=2, read=at_least(5)),
                dice.roll(10, "chance", need="10"),
            ]

        first = requests(rolled)
        typed.faces = list(rolled.consumed)
        assert requests(typed) == first
        assert typed.consumed == rolled.consumed and typed.unused == 0 and typed.manual == []


@pytest.mark.parametrize("success", [at_least(4), at_least(1), at_least(11), at_most(35), at_most(0),
                                     faces({5: True, 6: True}), lambda face: face % 2 == 0])
def test_a_pools_successes_are_counted_as_calling_the_read_on_each_face(success):
    from gunline.dice.reads import passing

    for n in (0, 1, 7, 60):
        rolled = [(seed * 7919 + 13 * i) % 100 + 1 for i, seed in enumerate(range(n))]
        assert passing(success, rolled) == sum(1 for face in rolled if success(face))
        assert type(passing(success, rolled)) is int
