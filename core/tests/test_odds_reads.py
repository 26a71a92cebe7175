"""The views that record what a hook read, and the memo that hands a hook's outcomes
to a later call that agrees on all of it (gunline.odds.reads)."""

from __future__ import annotations

import pytest

from gunline import ChainState, Step
from gunline.odds.reads import ALL, FILLED, MISSING, PRESENT, Memo, fingerprint, seen_state, seen_step, value_at


def _state() -> ChainState:
    return ChainState(
        shooter={"name": "Vic", "status": "unharmed"},
        weapon={"rounds_left": 30, "status": "ok"},
        targets={"raider": {"status": "unharmed", "hp": 30}, "dog": {"status": "unharmed", "hp": 15}},
        attack={"flying": 4},
        steps=[Step(kind="pool", value=60, target="raider")],
    )


def test_a_key_read_is_recorded_with_its_path_and_reads_back_the_same():
    reads: set = set()
    view = seen_state(_state(), reads)
    assert view.weapon["rounds_left"] == 30
    assert view.attack.get("flying", 0) == 4
    assert view.attack.get("called_off") is None
    assert "hp" in view.targets["raider"]
    assert reads == {
        ("weapon", "rounds_left"),
        ("attack", "flying"),
        ("attack", "called_off"),
        ("targets", "raider", PRESENT),
        ("targets", "raider", "hp"),
    }
    state = _state()
    assert value_at(("attack", "called_off"), state, None) is MISSING
    assert value_at(("weapon", "rounds_left"), state, None) == 30
    assert value_at(("targets", "raider", PRESENT), state, None) is True
    assert value_at(("targets", "ghoul", PRESENT), state, None) is False


def test_whole_reads_truth_values_and_steps_are_recorded_as_such():
    reads: set = set()
    view = seen_state(_state(), reads)
    assert sorted(view.shooter) == ["name", "status"]
    assert bool(view.attack)
    assert dict(view.targets["dog"]) == {"status": "unharmed", "hp": 15}
    assert view.steps_of("pool")
    assert ("shooter", ALL) in reads
    assert ("attack", FILLED) in reads and ("attack", ALL) not in reads
    assert ("targets", "dog", ALL) in reads
    assert ("steps", ALL) in reads
    assert value_at(("attack", FILLED), ChainState(), None) is False


def test_the_handed_step_records_its_fields_and_data_keys():
    reads: set = set()
    hit = Step(kind="hit", value=3, text="3 of 10 bullets hit", data={"bullets": 10, "passed_on": 7})
    seen = seen_step(hit, reads)
    assert isinstance(seen, Step)
    assert seen.value == 3
    assert (seen.data or {}).get("criticals") is None
    assert reads == {("arg", "value"), ("arg", "data", PRESENT), ("arg", "data", FILLED), ("arg", "data", "criticals")}
    # the text and the bullets that reached were never read
    other = Step(kind="hit", value=3, text="3 of 4 bullets hit", data={"bullets": 4, "passed_on": 1})
    assert all(value_at(p, ChainState(), hit) == value_at(p, ChainState(), other) for p in reads)


def test_the_memo_answers_only_calls_that_agree_on_every_path_read():
    memo = Memo()
    hit = Step(kind="hit", value=3, data={"passed_on": 7})
    state = _state()
    memo.add({("arg", "value"), ("targets", "raider", "hp")}, state, hit, "three hits on 30 hp")
    found, paths = memo.find(_state(), Step(kind="hit", value=3, data={"passed_on": 1}))
    assert found == "three hits on 30 hp" and set(paths) == {("arg", "value"), ("targets", "raider", "hp")}
    assert memo.find(_state(), Step(kind="hit", value=2)) is None
    hurt = _state()
    hurt.targets["raider"] = {"status": "wounded", "hp": 12}
    assert memo.find(hurt, hit) is None


def test_fingerprints_tell_types_apart():
    assert fingerprint([1]) != fingerprint([True])
    assert fingerprint([1]) != fingerprint([1.0])
    assert fingerprint([MISSING]) != fingerprint([None]) != fingerprint(["\x00missing"])
    assert fingerprint([(1, 2)]) != fingerprint([[1, 2]])
    assert fingerprint([{1: "a"}]) != fingerprint([{"1": "a"}])
    assert fingerprint([float("nan")]) != fingerprint([None]) != fingerprint([float("inf")])
    assert fingerprint([{"hp": 3}]) == fingerprint([{"hp": 3}])
    assert fingerprint([Step(kind="hit", value=1)]) == fingerprint([Step(kind="hit", value=1)])


def test_the_handed_step_stands_in_for_the_step_and_its_own_class():
    class Burst(Step, kw_only=True):
        crits: int = 0

        def doubled(self) -> int:
            return 2 * (self.value or 0)

    reads: set = set()
    hit = Burst(kind="hit", value=3, crits=1)
    seen = seen_step(hit, reads)
    assert isinstance(seen, Burst) and seen.crits == 1 and seen.doubled() == 6
    assert seen == hit and ("arg", ALL) in reads
    with pytest.raises(AttributeError):
        seen.value = 4


def test_whole_step_uses_and_msgspec_refusals():
    import copy

    import msgspec

    reads: set = set()
    seen = seen_step(Step(kind="hit", value=2), reads)
    assert copy.copy(seen) == Step(kind="hit", value=2)
    assert ("arg", ALL) in reads
    with pytest.raises(TypeError):  # a whole-step operation msgspec cannot be watched doing
        msgspec.structs.replace(seen, kind="wound")


def test_views_handed_on_are_laundered_and_count_as_read_whole():
    from gunline.odds.reads import SeenDict, holds_views, launder

    reads: set = set()
    view = seen_state(_state(), reads)
    data = {"left": view.attack, "more": [view.weapon]}
    assert holds_views(data)
    plain = launder(data)
    assert not holds_views(plain) and plain == {"left": {"flying": 4}, "more": [{"rounds_left": 30, "status": "ok"}]}
    assert type(plain["left"]) is dict and not isinstance(plain["left"], SeenDict)
    assert ("attack", ALL) in reads and ("weapon", ALL) in reads


@pytest.mark.parametrize("use", [lambda d: list(d.items()), lambda d: d.copy(), lambda d: d == {}, lambda d: repr(d)])
def test_every_way_of_reading_a_whole_dict_is_recorded(use):
    reads: set = set()
    view = seen_state(_state(), reads)
    use(view.weapon)
    assert ("weapon", ALL) in reads


def test_a_targets_view_is_made_only_when_it_is_handed_out():
    """A hook reads a target or two; an attack has up to a thousand: a view of every
    target for every hook call made the enumeration cost the targets' number over."""
    from gunline.odds.reads import SeenDict

    targets = {f"t{i}": {"wounds": i} for i in range(1000)}
    state = ChainState(shooter={}, weapon={}, targets=targets, attack={}, steps=[])
    reads: set = set()
    view = seen_state(state, reads)
    assert view.targets["t7"]["wounds"] == 7
    made = [name for name in targets if type(dict.__getitem__(view.targets, name)) is SeenDict]
    assert made == ["t7"]
    assert reads == {("targets", "t7", PRESENT), ("targets", "t7", "wounds")}
    # every target handed out at once is a view too, and records what is read of it
    assert [d["wounds"] for name, d in view.targets.items() if name == "t9"] == [9]
    assert ("targets", "t9", "wounds") in reads and ("targets", ALL) in reads
    assert view.targets.get("nobody", "none") == "none"
    assert view.targets["t7"] is view.targets.get("t7")  # made once
    assert targets["t7"] == {"wounds": 7} and type(targets["t7"]) is dict  # the state untouched
