"""``ChainState.steps_for`` and ``steps_of``: a target's steps in chain order, the
same as going over the whole chain, at the cost of that target's steps."""

from __future__ import annotations

from gunline.models import Step
from gunline.state import ChainState


class CountedSteps(list):
    """A chain's steps that count how many of them are read."""

    read = 0

    def __iter__(self):
        CountedSteps.read += len(self)
        return super().__iter__()

    def __getitem__(self, index):
        got = super().__getitem__(index)
        CountedSteps.read += len(got) if isinstance(index, slice) else 1
        return got


def chain(targets: int, each: int = 4) -> list[Step]:
    kinds = ["pool", "hit", "wound", "hit"]
    out = [Step(kind="declaration", value=1)]
    for i in range(targets):
        out += [Step(kind=kinds[k % len(kinds)], value=k, target=f"T{i}") for k in range(each)]
    return out


def plainly(steps: list[Step], target: str, kind: str | None = None) -> list[Step]:
    return [s for s in steps if s.target == target and (kind is None or s.kind == kind)]


def test_a_targets_steps_are_those_of_the_chain_for_it_in_order_short_or_long():
    for targets in (1, 3, 50):
        steps = chain(targets)
        state = ChainState(steps=steps)
        for i in range(targets):
            name = f"T{i}"
            assert state.steps_for(name) == plainly(steps, name)
            assert state.steps_of("hit", name) == plainly(steps, name, "hit")
        assert state.steps_for("nobody") == []
        assert state.steps_of("hit") == [s for s in steps if s.kind == "hit"]


def test_steps_added_since_are_read_and_another_chain_is_not_taken_for_this_one():
    steps = chain(10)
    state = ChainState(steps=steps)
    assert len(state.steps_for("T3")) == 4
    steps.append(Step(kind="wound", value=9, target="T3"))  # the engine adds a step
    assert [s.value for s in state.steps_for("T3")][-1] == 9
    state.steps_for("T3").append(Step(kind="hit", target="T3"))  # a copy: the chain is not changed
    assert len(state.steps_for("T3")) == 5
    other = ChainState(steps=chain(10, each=5))  # as long, another list
    assert len(other.steps_for("T3")) == 5 and len(state.steps_for("T3")) == 5


def test_the_lines_of_every_target_read_each_step_about_once():
    """The outcome lines of a chain at 200 targets, each reading its target's steps:
    about the chain's 800 steps and each line's own, not 200 times 800."""
    steps = CountedSteps(chain(200))
    state = ChainState(steps=steps)
    CountedSteps.read = 0
    for i in range(200):
        assert len(state.steps_for(f"T{i}")) == 4
    assert CountedSteps.read <= 2 * len(steps), CountedSteps.read
