"""``Dice.pool``, the success pool (n d10, 8+ succeeds, 10-again; the chance die a
game builds from it), checked against distributions worked out by hand.

The reference: one die with N-again and threshold 8 scores 0 with probability 0.7;
otherwise it scores 1 and, on a face at or above N, adds another such die. So for
10-again P(one die = k) = 0.27 * 0.1**(k-1) for k >= 1 (0.2 for an 8/9 that stops,
0.1 * 0.7 for a 10 whose reroll fails, and so on); a pool is the sum of its dice.
The pool under test is enumerated face by face through scripted dice instead.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from gunline.dice import DiceNeeded, ScriptedDice, at_least, faces

TENTH = Fraction(1, 10)
#: The chance die as the World of Darkness rolls it: one die, only a 10 succeeds
#: (and rolls again), a 1 on it is the dramatic failure.
ONE = faces({1: "one"})


def wod_pool(dice, count, label="attack pool", *, again=10, target=None):
    """A WoD attack pool: 8+ succeeds, N-again; 0 or fewer dice roll the chance die."""
    if count <= 0:
        return dice.pool(1, label, sides=10, success=at_least(10), read=ONE, again=10, ask="chance die",
                         shown="chance die", chance=True, target=target)
    return dice.pool(count, label, sides=10, success=at_least(8), again=again, target=target)


def one_die(k: int, again: int = 10) -> Fraction:
    """P(one die of an N-again pool scores exactly k successes), by hand."""
    rerolls = (11 - again) * TENTH  # faces at or above `again`
    stops = Fraction(3, 10) - rerolls  # successes that do not reroll
    if k == 0:
        return Fraction(7, 10)
    return rerolls ** (k - 1) * (stops + rerolls * Fraction(7, 10))


def convolve(count: int, upto: int, die) -> dict[int, Fraction]:
    dist = {0: Fraction(1)}
    for _ in range(count):
        new: dict[int, Fraction] = {}
        for total, p in dist.items():
            for k in range(upto + 1 - total):
                new[total + k] = new.get(total + k, 0) + p * die(k)
        dist = new
    return dist


def enumerate_pool(count: int, max_dice: int, **kwargs):
    """Every face sequence the pool can ask for, up to ``max_dice`` faces, through
    ScriptedDice: returns ({successes: probability}, probability cut off, chance-1s)."""
    dist: dict[int, Fraction] = {}
    dramatic = Fraction(0)
    cut = Fraction(0)
    pending: list[list[int]] = [[]]
    while pending:
        faces = pending.pop()
        try:
            pool = wod_pool(ScriptedDice(faces), count, **kwargs)
        except DiceNeeded:
            if len(faces) >= max_dice:
                cut += TENTH ** len(faces)
            else:
                pending.extend(faces + [f] for f in range(1, 11))
            continue
        p = TENTH ** len(faces)
        tally = pool.value
        dist[tally.successes] = dist.get(tally.successes, 0) + p
        if pool.roll.chance and tally.successes == 0 and tally["one"]:
            dramatic += p
    return dist, cut, dramatic


@pytest.mark.parametrize("count", [1, 2, 3])
def test_pool_distribution_matches_the_hand_computation(count):
    max_dice = count + 3
    dist, cut, _ = enumerate_pool(count, max_dice)
    # A sequence cut off after max_dice faces still owes a reroll, so it holds at
    # least max_dice - count + 1 tens: every count below that is exact.
    exact_upto = max_dice - count
    reference = convolve(count, exact_upto, one_die)
    for k in range(exact_upto + 1):
        assert dist.get(k, 0) == reference[k], k
    assert sum(dist.values()) + cut == 1
    assert dist[0] == Fraction(7, 10) ** count  # rerolls never turn a miss into a hit


def test_one_die_reference_sums_to_one():
    # The hand formula itself: 0.7 + 0.27 * (1 + 0.1 + 0.01 + ...) = 1.
    assert one_die(0) + one_die(1) / (1 - TENTH) == 1
    assert one_die(0, 9) + one_die(1, 9) / (1 - 2 * TENTH) == 1


def test_nine_again_distribution():
    dist, _, _ = enumerate_pool(2, 5, again=9)
    reference = convolve(2, 3, lambda k: one_die(k, again=9))
    for k in range(4):
        assert dist[k] == reference[k]
    # One die: P(1 success) = P(8) + P(9 or 10 then a miss) = 0.1 + 0.2 * 0.7.
    single, _, _ = enumerate_pool(1, 4, again=9)
    assert single[1] == Fraction(24, 100)


@pytest.mark.parametrize("count", [0, -3])
def test_chance_die_distribution(count):
    # Only a 10 succeeds, and it rerolls; the reroll too needs a 10 ("a 10 is
    # required to achieve any success on a chance roll", WoD p. 126). A 1 is the
    # game's dramatic failure.
    dist, cut, dramatic = enumerate_pool(count, 4)
    assert dist[0] == Fraction(9, 10)
    assert dist[1] == TENTH * Fraction(9, 10)
    assert dist[2] == TENTH**2 * Fraction(9, 10)
    assert dramatic == TENTH
    assert cut == TENTH**4


def test_rerolls_come_after_the_whole_batch_and_reroll_again():
    # 3 dice: 10 10 2; their two rerolls: 10 3; that 10's reroll: 9.
    roll = wod_pool(ScriptedDice([10, 10, 2, 10, 3, 9]), 3).roll
    assert roll.values == [10, 10, 2, 10, 3, 9]
    assert roll.total == 4
    assert roll.dice == "3d10"


def test_zero_typed_on_a_pool_die_is_ten():
    roll = wod_pool(ScriptedDice([0, 0, 5]), 1).roll
    assert roll.values == [10, 10, 5] and roll.total == 2


def test_a_reroll_is_asked_for_by_name():
    with pytest.raises(DiceNeeded) as info:
        wod_pool(ScriptedDice([8, 10, 10, 4]), 3, target="Farrow")
    assert str(info.value) == "Farrow, attack pool, reroll 2 of 2: d10, 8+ succeeds"
    with pytest.raises(DiceNeeded) as info:
        wod_pool(ScriptedDice([]), -1, target="Farrow")
    assert str(info.value) == "Farrow, chance die: 1d10, 10+ succeeds"
