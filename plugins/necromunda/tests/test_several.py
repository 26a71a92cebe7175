"""Dice rolled together are shown one roll per die, the same whether the rolls were
made for this chain or shared with another that showed the same faces."""

from __future__ import annotations

from gunline import Roll
from gunline_necromunda.several import die_by_die
from gunline_necromunda.tables import DOWN, FLESH_WOUND, OUT_OF_ACTION
from gunline_necromunda.wounds import _shown_injury_dice


def _pool(values: list[int], label: str = "injury dice", need: str = "") -> Roll:
    return Roll(label=label, dice=f"{len(values)}d6", values=values, total=values.count(6), need=need)


def test_each_die_is_its_own_roll_in_the_order_rolled():
    shown = die_by_die(_pool([3, 6, 1]), 6)
    assert shown == [
        Roll(label="injury dice", dice="1d6", values=[face], total=face, need="") for face in (3, 6, 1)
    ]


def test_a_chain_that_changes_its_list_of_rolls_changes_no_other_chain():
    first = die_by_die(_pool([2, 2]), 6)
    first.append(Roll(label="x", dice="1d6", values=[1], total=1))
    assert len(die_by_die(_pool([2, 2]), 6)) == 2


def test_the_label_and_need_of_the_pool_are_each_die_s():
    assert die_by_die(_pool([4], label="to wound", need="3+"), 6)[0].need == "3+"
    assert die_by_die(_pool([4], label="save", need="5+"), 6)[0].label == "save"


def test_injury_dice_show_each_die_s_result():
    rolls, results = _shown_injury_dice(_pool([1, 5, 6, 2]))
    assert [roll.total for roll in rolls] == [1, 5, 6, 2]
    assert results == [FLESH_WOUND, DOWN, OUT_OF_ACTION, DOWN]
