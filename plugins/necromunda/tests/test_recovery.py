"""N-16 and N-17: the recovery rolls of pinned and down fighters."""

import pytest

from gunline_necromunda.recovery import down_recovery, early_recovery


def test_n16_pinned_fighter_stands_on_initiative_with_a_friend_near():
    assert early_recovery(initiative=3, roll=3, friend_within_2=True) == "standing"
    assert early_recovery(initiative=3, roll=4, friend_within_2=True) == "pinned"


@pytest.mark.parametrize("friend", ["juve", "down", "broken"])
def test_n16_no_early_recovery_without_a_fit_friend(friend):
    assert early_recovery(initiative=6, roll=1, friend_within_2=True, friend=friend) == "pinned"
    assert early_recovery(initiative=6, roll=1, friend_within_2=False) == "pinned"


@pytest.mark.parametrize(
    "roll, status", [(1, "pinned"), (2, "down"), (3, "down"), (4, "down"), (5, "down"), (6, "out_of_action")]
)
def test_n17_down_fighters_recovery_roll(roll, status):
    assert down_recovery(roll) == (status, 0)


def test_n17_other_reading_adds_a_flesh_wound_on_a_1_only():
    assert down_recovery(1, flesh_wound_on_pinned=True) == ("pinned", 1)
    assert down_recovery(6, flesh_wound_on_pinned=True) == ("out_of_action", 0)


def test_a_d6_shows_one_to_six():
    with pytest.raises(ValueError):
        down_recovery(7)
    with pytest.raises(ValueError):
        early_recovery(3, 0, True)
