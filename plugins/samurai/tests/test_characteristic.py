"""The test on a characteristic: d10 roll-under, Lucky Chance on the exact value,
Catastrophic Failure and characteristics above the die as the notes say."""

import pytest

from gunline import ScriptedDice
from gunline_samurai.characteristic import judge, judged, ranked
from gunline_samurai.schema import Settings

DEFAULT = Settings()


@pytest.mark.parametrize("face", range(1, 9))
def test_at_or_under_succeeds(face):
    assert judge(face, 9, DEFAULT).succeeded


def test_exactly_the_characteristic_is_a_lucky_chance():
    # the seed: the bushido master's 9 "is a Lucky Chance"
    assert judge(9, 9, DEFAULT).result == "lucky"
    assert judge(8, 9, DEFAULT).result == "success"
    assert judge(2, 4, DEFAULT).result == "success"


def test_over_fails():
    assert judge(5, 4, DEFAULT).result == "failure"
    assert not judge(5, 4, DEFAULT).catastrophic


def test_catastrophic_failure_is_a_natural_ten_below_ten():
    assert judge(10, 9, DEFAULT).catastrophic
    assert judge(10, 1, DEFAULT).catastrophic
    # at 10 the 10 is the exact value: a Lucky Chance, not a catastrophe
    assert judge(10, 10, DEFAULT).result == "lucky"
    assert not judge(10, 9, Settings(catastrophic_failure="never")).catastrophic


def test_above_ten_always_succeeds_and_cannot_be_lucky():
    for face in range(1, 11):
        assert judge(face, 11, DEFAULT).result == "success"


def test_above_ten_may_take_the_ten_as_lucky():
    other = Settings(above_die="top_face_lucky")
    assert judge(10, 11, other).result == "lucky"
    assert judge(9, 11, other).result == "success"


def test_zero_never_succeeds():
    assert all(not judge(face, 0, DEFAULT).succeeded for face in range(1, 11))


def test_the_die_is_a_setting():
    assert judge(12, 11, Settings(die=12)).catastrophic
    assert not judge(10, 9, Settings(die=12)).catastrophic


def _faces_by_reading(read, top=10) -> list[tuple[int, ...]]:
    out: dict = {}
    for face in range(1, top + 1):
        out.setdefault(read(face), []).append(face)
    return sorted(tuple(faces) for faces in out.values())


def test_a_plain_test_reads_only_the_lucky_chance_and_the_catastrophic_failure_apart():
    assert _faces_by_reading(judged(4, DEFAULT)) == [(1, 2, 3), (4,), (5, 6, 7, 8, 9), (10,)]
    assert judged(4, DEFAULT)(4) == "lucky" and judged(4, DEFAULT)(10) == "catastrophic"
    assert _faces_by_reading(judged(10, DEFAULT)) == [tuple(range(1, 10)), (10,)]
    assert _faces_by_reading(judged(12, DEFAULT)) == [tuple(range(1, 11))]


def test_a_comparative_test_reads_every_success_face_and_any_failure_alike():
    # the higher success wins, so every success face is its own; a failure is only
    # a failure (the Catastrophic Failure is not read there)
    assert _faces_by_reading(ranked(4, DEFAULT)) == [(1,), (2,), (3,), (4,), (5, 6, 7, 8, 9, 10)]


def test_a_test_rolls_one_d10_and_says_what_it_needs():
    dice = ScriptedDice([9])
    shot = dice.roll(DEFAULT.die, "return fire", read=judged(9, DEFAULT))
    assert (shot.roll.dice, shot.roll.values, shot.value) == ("1d10", [9], "lucky")
    assert "9 or less" in shot.roll.need and "Lucky" in shot.roll.need


@pytest.mark.parametrize("value", [0, -2])
def test_a_characteristic_of_nothing_says_no_face_can_succeed(resolve, example, value):
    """Shooting 0 (or below it after cover): the need reads after "needs" and says
    the value it really is."""
    doc = example("general_alone")
    doc["shooter"]["shooting"] = value + 2  # the general's cover takes 2
    chain = resolve(doc, [5, 10])
    pool = next(s for s in chain.steps if s.kind == "pool")
    assert pool.text.endswith(f"= {value}: needs {value} or less (no face can succeed)")
    hit = next(s for s in chain.steps if s.kind == "hit")
    assert hit.value == 0
    assert {r.need for r in hit.rolls} == {f"{value} or less (no face can succeed)"}
