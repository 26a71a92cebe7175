"""The test on a characteristic: d10 roll-under, Lucky Chance on the exact value,
Catastrophic Failure and characteristics above the die as the notes say."""

import pytest

from gunline import ScriptedDice
from gunline_samurai.characteristic import judge, roll_test, special_faces
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


def test_plain_dice_promise_only_the_lucky_and_catastrophic_faces():
    assert special_faces(4, DEFAULT) == (4, 10)
    assert special_faces(10, DEFAULT) == (10,)
    assert special_faces(12, DEFAULT) == ()
    # a comparative test ranks successes by face: every success face matters, and
    # a failure is only a failure (the Catastrophic Failure is not read there)
    assert special_faces(4, DEFAULT, ranked=True) == (1, 2, 3, 4)


def test_a_test_rolls_one_d10_and_says_what_it_needs():
    dice = ScriptedDice([9])
    roll, die = roll_test(dice, 9, "return fire", DEFAULT)
    assert (roll.dice, roll.values, die.result) == ("1d10", [9], "lucky")
    assert "9 or less" in roll.need and "Lucky" in roll.need


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
