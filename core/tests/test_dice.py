"""The dice interpreters and the reads: reproducible random faces, scripted faces,
clear requests, and readings that are exactly what the read says of the faces."""

import pytest

from gunline.dice import (
    BadFace,
    DiceNeeded,
    RandomDice,
    ScriptedDice,
    Tally,
    at_least,
    at_most,
    faces,
    manual_dice,
)

WOD = dict(sides=10, success=at_least(8), again=10)


def test_same_seed_same_faces_different_seed_different_faces():
    a, b, c = RandomDice(11), RandomDice(11), RandomDice(12)

    def rolls(d):
        return [d.roll(6, "x").value for _ in range(50)]

    ra, rb, rc = rolls(a), rolls(b), rolls(c)
    assert ra == rb
    assert ra != rc
    assert set(ra) <= set(range(1, 7))
    assert a.consumed == ra


def test_random_faces_cover_every_side_uniformly_enough():
    d = RandomDice(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[d.roll(6, "x").value - 1] += 1
    assert all(850 < c < 1150 for c in counts), counts


def test_the_random_faces_are_those_of_a_seeded_generator():
    import random

    rng = random.Random(5)
    expected = [int(rng.random() * 6) + 1 for _ in range(3)] + [int(rng.random() * 10) + 1 for _ in range(4)]
    d = RandomDice(5)
    d.roll(6, "a", count=3)
    d.pool(4, "b", sides=10, success=at_least(8))
    assert d.consumed == expected


@pytest.mark.parametrize("seed", [0, 1, 5, 2**31 - 1, 2**32, 2**64 + 3, -7, 10**30])
def test_random_dice_are_the_faces_of_random_random_for_every_seed(seed):
    """RandomDice seeds the C generator random.Random is built on; a seeded chain
    stays the one ``random.Random(seed)`` gives, whatever the seed."""
    import random

    rng = random.Random(seed)
    expected = [int(rng.random() * sides) + 1 for sides in (6, 6, 10, 100, 20) for _ in range(5)]
    d = RandomDice(seed)
    for sides in (6, 6, 10, 100, 20):
        d.roll(sides, "x", count=5)
    assert d.consumed == expected


def test_a_sum_is_read_by_its_total_and_records_every_face():
    d = ScriptedDice([3, 5])
    rolled = d.roll(6, "ammo roll", count=2, read=at_least(4))
    assert rolled.value is True
    assert rolled.roll.values == [3, 5] and rolled.roll.total == 8
    assert rolled.roll.dice == "2d6" and rolled.roll.need == "4+"
    assert d.consumed == [3, 5]


def test_without_a_read_the_reading_is_the_total():
    assert ScriptedDice([2, 6, 1]).roll(6, "damage", count=3).value == 9
    assert ScriptedDice([4]).roll(6, "scatter").roll.need == ""


def test_the_reads_say_what_they_need():
    assert ScriptedDice([40]).roll(100, "to hit", read=at_most(45)).roll.need == "45 or less"
    assert ScriptedDice([40]).roll(100, "to hit", read=at_most(45), need="≤45").roll.need == "≤45"
    assert ScriptedDice([46]).roll(100, "to hit", read=at_most(45)).value is False


def test_a_face_table_reads_as_the_rulebook_lists_it():
    injury = faces({1: "flesh wound", range(2, 6): "down", 6: "out of action"}, need="injury table")
    readings = [injury(f) for f in range(1, 7)]
    assert readings == ["flesh wound", "down", "down", "down", "down", "out of action"]
    assert injury.need == "injury table"
    partial = faces({6: "six"})
    assert [partial(f) for f in (1, 5, 6, 7)] == [None, None, "six", None]
    assert faces({(1, 2): "low"}, otherwise="high")(4) == "high"
    with pytest.raises(ValueError, match="face 3 is given twice"):
        faces({range(1, 4): "a", 3: "b"})
    with pytest.raises(ValueError, match="face 0"):
        faces({0: "x"})


def test_reads_compare_by_value():
    assert at_least(4) == at_least(4) and hash(at_least(4)) == hash(at_least(4))
    assert at_least(4) != at_most(4)
    assert faces({1: "a"}) == faces({1: "a"})


def test_scripted_running_out_names_the_die():
    d = ScriptedDice([4])
    d.roll(6, "to hit", read=at_least(4), target="Goliath")
    with pytest.raises(DiceNeeded) as info:
        d.roll(6, "to wound", read=at_least(3), target="Goliath")
    assert str(info.value) == "Goliath, to wound: 1d6, needs 3+"
    assert info.value.position == 1


def test_scripted_face_out_of_range_is_refused():
    with pytest.raises(BadFace) as info:
        ScriptedDice([7]).roll(6, "to hit", read=at_least(4))
    assert "die 1 is 7" in str(info.value) and "1 to 6" in str(info.value)


def test_zero_reads_as_ten_on_a_d10_only():
    assert ScriptedDice([0]).roll(10, "x").value == 10
    with pytest.raises(BadFace):
        ScriptedDice([0]).roll(6, "x")


def test_pool_counts_successes_and_rerolls_tens_in_order():
    # 4 dice: 8, 10, 3, 9 -> the 10 rerolls: 10 again -> rerolls: 7
    d = ScriptedDice([8, 10, 3, 9, 10, 7])
    pool = d.pool(4, "attack pool", **WOD)
    assert pool.roll.values == [8, 10, 3, 9, 10, 7]
    assert pool.value.successes == pool.roll.total == 4  # 8, 10, 9, 10
    assert pool.roll.need == "8+, 10-again"
    assert pool.roll.dice == "4d10" and not pool.roll.chance


def test_pool_asks_for_rerolls_by_name():
    d = ScriptedDice([10, 2])
    with pytest.raises(DiceNeeded) as info:
        d.pool(2, "attack pool", target="Sykes", **WOD)
    assert str(info.value) == "Sykes, attack pool, reroll 1 of 1: d10, 8+ succeeds"


def test_pool_die_request_counts_dice():
    with pytest.raises(DiceNeeded) as info:
        ScriptedDice([9, 9, 9]).pool(7, "attack pool", target="Sykes", **WOD)
    assert str(info.value) == "Sykes, attack pool, die 4 of 7: d10, 8+ succeeds"


def test_a_pool_counts_each_reading_and_leaves_none_out():
    injury = faces({1: "flesh wound", range(2, 6): "down", 6: "out of action"})
    pool = ScriptedDice([1, 6, 3, 1]).pool(4, "injury dice", sides=6, read=injury, success=at_least(6))
    tally = pool.value
    assert (tally["flesh wound"], tally["down"], tally["out of action"]) == (2, 1, 1)
    assert tally.successes == 1 and pool.roll.total == 1
    sixes = ScriptedDice([6, 2, 6]).pool(3, "to hit", sides=6, read=faces({6: "six"})).value
    assert sixes["six"] == 2 and list(sixes) == ["six"]  # the 2 read None: not counted


def test_a_tally_tells_true_from_one():
    tally = Tally(successes=0, counts=frozenset({(True, 2)}))
    assert tally[True] == 2 and tally[1] == 0 and tally["x"] == 0


def test_an_empty_pool_rolls_nothing():
    d = ScriptedDice([])
    pool = d.pool(0, "bullets", sides=100, success=at_most(40))
    assert pool.value.successes == 0 and pool.roll.values == [] and d.consumed == []
    assert d.pool(-3, "bullets", sides=100).roll.values == []


def test_a_pool_that_would_never_end_is_refused():
    with pytest.raises(ValueError, match="again=1"):
        ScriptedDice([5]).pool(1, "x", sides=6, again=1)


def test_pools_are_recorded_for_the_pool_tables_but_not_inside_a_repeat():
    d = ScriptedDice([8, 2, 9, 9])
    pool = d.pool(2, "attack pool", target="Farrow", **WOD)
    assert d.pool_rolls == [(pool.roll, "Farrow")]
    d.repeat(2, "inner", lambda dd: (dd.pool(1, "x", **WOD).value.successes, None), fold=lambda a, b: a + b, start=0)
    assert d.pool_rolls == [(pool.roll, "Farrow")]


def test_manual_marks_typed_faces_and_rolls_the_blanks():
    d = manual_dice([5, None, 2], seed=3)
    r1 = d.roll(6, "a")
    r2 = d.roll(6, "b")
    r3 = d.roll(6, "c")
    r4 = d.roll(6, "d")  # past the end: rolled from the seed
    assert r1.roll.manual and not r2.roll.manual and r3.roll.manual and not r4.roll.manual
    assert d.manual == [0, 2]
    assert r1.value == 5 and r3.value == 2


def test_unused_faces_are_counted():
    d = ScriptedDice([1, 2, 3])
    d.roll(6, "a")
    assert d.unused == 2


def test_repeat_runs_the_body_in_a_plain_loop_and_scored_reads_one_run():
    d = ScriptedDice([3, 4, 5, 6])

    def bullet(dice):
        damage = dice.roll(6, "damage")
        return damage.value, damage.roll

    total, details = d.repeat(3, "bullet", bullet, fold=lambda a, b: a + b, start=0)
    assert total == 12 and [r.values for r in details] == [[3], [4], [5]]
    score, detail = d.scored("one more", bullet)
    assert score == 6 and detail.values == [6]
    assert d.consumed == [3, 4, 5, 6]


def test_a_pool_can_read_its_own_dice_and_not_those_they_add():
    one = faces({1: "one"})
    added = ScriptedDice([10, 1]).pool(1, "chance", sides=10, success=at_least(10), read=one, again=10)
    assert added.value.successes == 1 and added.value["one"] == 1  # the added die's 1 is read too
    own = ScriptedDice([10, 1]).pool(1, "chance", sides=10, success=at_least(10), read=one, again=10,
                                    read_added=False)
    assert own.value.successes == 1 and own.value["one"] == 0  # only the chance die itself is read
    assert ScriptedDice([1]).pool(1, "chance", sides=10, read=one, again=10, read_added=False).value["one"] == 1
