"""The dice interpreters: reproducible random faces, scripted faces, clear requests."""

import pytest

from gunline.dice import BadFace, DiceNeeded, RandomDice, ScriptedDice, manual_dice


def test_same_seed_same_faces_different_seed_different_faces():
    a, b, c = RandomDice(11), RandomDice(11), RandomDice(12)

    def rolls(d):
        return [d.roll(6, "x").total for _ in range(50)]

    ra, rb, rc = rolls(a), rolls(b), rolls(c)
    assert ra == rb
    assert ra != rc
    assert set(ra) <= set(range(1, 7))


def test_random_faces_cover_every_side_uniformly_enough():
    d = RandomDice(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[d.roll(6, "x").total - 1] += 1
    assert all(850 < c < 1150 for c in counts), counts


def test_sum_roll_records_every_face_and_need_text():
    d = ScriptedDice([3, 5])
    roll = d.roll(6, "ammo roll", count=2, at_least=4)
    assert roll.values == [3, 5] and roll.total == 8
    assert roll.dice == "2d6" and roll.need == "4+"
    assert d.consumed == [3, 5]


def test_at_most_need_text():
    assert ScriptedDice([40]).roll(100, "to hit", at_most=45).need == "45 or less"


def test_scripted_running_out_names_the_die():
    d = ScriptedDice([4])
    d.roll(6, "to hit", at_least=4, target="Goliath")
    with pytest.raises(DiceNeeded) as info:
        d.roll(6, "to wound", at_least=3, target="Goliath")
    assert str(info.value) == "Goliath, to wound: 1d6, needs 3+"
    assert info.value.position == 1


def test_scripted_face_out_of_range_is_refused():
    with pytest.raises(BadFace) as info:
        ScriptedDice([7]).roll(6, "to hit", at_least=4)
    assert "die 1 is 7" in str(info.value) and "1 to 6" in str(info.value)


def test_zero_reads_as_ten_on_a_d10_only():
    assert ScriptedDice([0]).roll(10, "x").total == 10
    with pytest.raises(BadFace):
        ScriptedDice([0]).roll(6, "x")


def test_pool_counts_successes_and_rerolls_tens_in_order():
    # 4 dice: 8, 10, 3, 9 -> the 10 rerolls: 10 again -> rerolls: 7
    d = ScriptedDice([8, 10, 3, 9, 10, 7])
    roll = d.pool(4, "attack pool")
    assert roll.values == [8, 10, 3, 9, 10, 7]
    assert roll.total == 4  # 8, 10, 9, 10
    assert roll.need == "8+, 10-again"
    assert not roll.chance


def test_pool_asks_for_rerolls_by_name():
    d = ScriptedDice([10, 2])
    with pytest.raises(DiceNeeded) as info:
        d.pool(2, "attack pool", target="Sykes")
    assert str(info.value) == "Sykes, attack pool reroll 1 of 1: d10, 8+ succeeds"


def test_pool_die_request_counts_dice():
    with pytest.raises(DiceNeeded) as info:
        ScriptedDice([9, 9, 9]).pool(7, "attack pool", target="Sykes")
    assert str(info.value) == "Sykes, attack pool die 4 of 7: d10, 8+ succeeds"


def test_chance_die_when_pool_empty():
    ok = ScriptedDice([10, 4]).pool(-2, "attack pool")
    assert ok.chance and ok.total == 1 and ok.values == [10, 4]
    fail = ScriptedDice([9]).pool(0, "attack pool")
    assert fail.chance and fail.total == 0 and fail.values == [9]


def test_pool_without_chance_die_rolls_nothing():
    d = ScriptedDice([])
    roll = d.pool(0, "bullets", sides=100, at_least=None, at_most=40, again=None, chance=False)
    assert roll.total == 0 and roll.values == []


def test_manual_marks_typed_faces_and_rolls_the_blanks():
    d = manual_dice([5, None, 2], seed=3)
    r1 = d.roll(6, "a")
    r2 = d.roll(6, "b")
    r3 = d.roll(6, "c")
    r4 = d.roll(6, "d")  # past the end: rolled from the seed
    assert r1.manual and not r2.manual and r3.manual and not r4.manual
    assert d.manual == [0, 2]
    assert r1.total == 5 and r3.total == 2


def test_unused_faces_are_counted():
    d = ScriptedDice([1, 2, 3])
    d.roll(6, "a")
    assert d.unused == 2
