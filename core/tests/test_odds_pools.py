"""Success pools in the odds interpreter, against independent computations: the
closed form P(>= 1) = 1 - 0.7**n (10-again cannot change "at least one"), icepool
for whole distributions with 10-again and 9-again, binomials for pools that do not
roll again, brute force over every face for pools read by their counts, and the
scripted interpreter for the faces each branch shows."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import icepool
import pytest

from gunline.dice import RandomDice, ScriptedDice, Tally, at_least, at_most, faces
from gunline.odds.branches import FOLD, pool_branches
from gunline.odds.distributions import chance_distribution, pool_distribution
from gunline.odds.interpreter import BranchingDice

COUNTS = range(1, 31)


@pytest.mark.parametrize("count", COUNTS)
def test_at_least_one_success_is_the_closed_form(count):
    dist = pool_distribution(count, 10, 8, None, 10)
    assert 1 - dist[0] == pytest.approx(1 - 0.7**count, abs=1e-13)


def _icepool_die(again: int):
    """One d10 of a pool as a success count; a face at or above ``again`` scores
    (it is 8+) and rolls again. Depth 24 leaves less than 1e-16 unaccounted."""
    return icepool.d10.map(
        lambda x: 0 if x < 8 else (1 if x < again else 1 + icepool.Again), again_depth=24
    )


@pytest.mark.parametrize("again", [10, 9])
def test_whole_distribution_matches_icepool(again):
    die = _icepool_die(again)
    for count in COUNTS:
        ours = pool_distribution(count, 10, 8, None, again)
        theirs = count @ die
        assert sum(ours) == pytest.approx(1.0, abs=1e-13)
        for k in range(len(ours) + 5):
            p = float(theirs.probability(k)) if k in theirs else 0.0
            mine = ours[k] if k < len(ours) else 0.0
            assert mine == pytest.approx(p, abs=1e-12), (count, again, k)


def test_eight_again_matches_the_hand_formula():
    """8-again: every success rolls again, so one die scores k with probability
    0.3**k * 0.7 (a geometric count): the pool is a negative binomial."""
    for count in (1, 4, 9):
        dist = pool_distribution(count, 10, 8, None, 8)
        for k in range(12):
            expected = comb(count + k - 1, k) * 0.3**k * 0.7**count
            assert dist[k] == pytest.approx(expected, rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("count,chance", [(1, 45), (3, 60), (10, 73), (25, 5)])
def test_percentile_pool_without_again_is_binomial(count, chance):
    dist = pool_distribution(count, 100, None, chance, None)
    assert len(dist) == count + 1
    p = Fraction(chance, 100)
    for k, mine in enumerate(dist):
        assert mine == pytest.approx(float(comb(count, k) * p**k * (1 - p) ** (count - k)), abs=1e-14)


def test_chance_die_separates_the_dramatic_failure():
    one, other, successes = chance_distribution(10, 10)
    assert one == pytest.approx(0.1)
    assert other == pytest.approx(0.8)
    # a 10 succeeds and rolls again; the reroll still needs a 10
    for k, p in enumerate(successes, start=1):
        assert p == pytest.approx(0.1**k * 0.9, rel=1e-9)
    # the chance die as a game rolls it: one die, 10 succeeds and rolls again, the
    # 1 counted apart; only its own branch shows a 1 with no success
    branches = pool_branches(1, 10, at_least(10), faces({1: "one"}), 10)
    assert sum(w for w, _ in branches) == pytest.approx(1.0, abs=1e-15)
    one = Tally(0, frozenset({("one", 1)}))
    dramatic = [b for b in branches if _pool(b.faces, 1, 10, at_least(10), faces({1: "one"}), 10)[0] == one]
    assert [b.weight for b in dramatic] == [pytest.approx(0.1)]


def test_chance_die_with_nine_again():
    """9-again on a chance die: a 9 rolls again but does not score."""
    _, _, successes = chance_distribution(10, 9)
    # one die: P(k successes) = sum over chains; P(score 1 then stop) etc. by hand:
    # G(z) = (0.8 + 0*z)/(1 - 0.1 - 0.1 z) -> P(0) = 0.8/0.9, P(k) = (0.8/0.9)(0.1/0.9)**k
    for k, p in enumerate(successes, start=1):
        assert p == pytest.approx((0.8 / 0.9) * (0.1 / 0.9) ** k, rel=1e-9)


def _pool(shown, count, sides, success, read, again):
    """Feed a branch's faces to the scripted interpreter: the pool must take every
    face given; returns its reading and its record."""
    dice = ScriptedDice(list(shown))
    pool = dice.pool(count, "pool", sides=sides, success=success, read=read, again=again)
    assert dice.unused == 0
    return pool.value, pool.roll


@pytest.mark.parametrize(
    "count,sides,success,again",
    [
        (5, 10, at_least(8), 10),
        (7, 10, at_least(8), 9),
        (4, 10, at_least(8), 8),
        (6, 10, at_least(10), 9),  # 9 rolls again without scoring
        (6, 100, at_most(45), None),
        (3, 10, at_most(3), 10),  # roll under, 10s roll again without scoring
        (0, 10, at_least(8), 10),
    ],
)
def test_each_branch_shows_faces_the_random_interpreter_could_roll(count, sides, success, again):
    branches = pool_branches(count, sides, success, None, again)
    assert sum(w for w, _ in branches) == pytest.approx(1.0, abs=1e-14)
    readings = [_pool(b.faces, count, sides, success, None, again)[0] for b in branches]
    assert len(set(readings)) == len(branches)  # every branch a distinct success count
    assert [r.successes for r in readings] == sorted(r.successes for r in readings)
    threshold = success.n
    for (weight, _), reading in zip(branches, readings):
        at = reading.successes
        if again is None and isinstance(success, at_most):
            expected = comb(count, at) * (threshold / sides) ** at * (1 - threshold / sides) ** (count - at)
            assert weight == pytest.approx(expected, abs=1e-14)


def test_negligible_tail_is_folded_not_lost():
    branches = pool_branches(30, 10, at_least(8), None, 8)
    assert branches[-1].weight >= FOLD
    assert sum(w for w, _ in branches) == pytest.approx(1.0, abs=1e-15)


# -- pools read by their counts (dice.pool(..., read=...)) ---------------------------------

from itertools import product  # noqa: E402


def _counted_brute(count, sides, success, read):
    """P(reading) by listing every face tuple (no rerolls)."""
    out: dict = {}
    for shown in product(range(1, sides + 1), repeat=count):
        k = sum(bool(success(f)) for f in shown) if success is not None else 0
        counts: dict = {}
        for f in shown:
            r = read(f)
            if r is not None:
                counts[r] = counts.get(r, 0) + 1
        key = Tally(k, frozenset(counts.items()))
        out[key] = out.get(key, 0.0) + sides**-count
    return out


INJURY = faces({1: "flesh wound", range(2, 6): "down", 6: "out of action"})


@pytest.mark.parametrize(
    "count,sides,success,read",
    [
        (3, 6, at_least(6), faces({1: "one"})),
        (4, 6, at_least(5), faces({1: "one", 6: "six"})),
        (3, 10, at_most(4), faces({4: "lucky", 10: "catastrophic"})),
        (0, 6, at_least(6), faces({1: "one"})),
        (4, 6, None, INJURY),
        (3, 6, None, lambda f: f % 2 == 0),
    ],
)
def test_a_pool_read_by_counts_is_the_multinomial(count, sides, success, read):
    expected = _counted_brute(count, sides, success, read)
    branches = pool_branches(count, sides, success, read, None)
    got = {}
    for w, shown in branches:
        reading, _ = _pool(shown, count, sides, success, read, None)
        assert reading not in got
        got[reading] = w
    assert got.keys() == expected.keys()
    for key, p in expected.items():
        assert got[key] == pytest.approx(p, abs=1e-14)
    assert len(branches) < max(sides**count, 2) or count <= 1


@pytest.mark.parametrize("again", [10, 9])
def test_counting_with_rerolls_keeps_the_success_distribution(again):
    """Counting the 1s must not change the distribution of successes (closed form)."""
    one = faces({1: "one"})
    branches = pool_branches(6, 10, at_least(8), one, again)
    marginal: dict = {}
    no_one = 0.0
    for w, shown in branches:
        reading, _ = _pool(shown, 6, 10, at_least(8), one, again)
        marginal[reading.successes] = marginal.get(reading.successes, 0.0) + w
        if not reading["one"]:
            no_one += w
    for k, p in enumerate(pool_distribution(6, 10, 8, None, again)):
        assert marginal.get(k, 0.0) == pytest.approx(p, abs=1e-12)
    # P(no die, rerolls included, shows a 1)
    rerolls = (11 - again) / 10  # a die rolls again on these faces
    per_die = (0.9 - rerolls) / (1 - rerolls)  # no 1 before the chain stops
    assert no_one == pytest.approx(per_die**6, abs=1e-12)


def test_a_branching_pool_branches_over_counts():
    dice = BranchingDice([])
    dice.pool(4, "injury dice", sides=6, success=at_least(6), read=faces({1: "one"}))
    assert dice.sizes == [15]  # (k, ones) with k + ones <= 4: 5 * 6 / 2
    dice = BranchingDice([])
    dice.pool(6, "injury dice", sides=6, read=INJURY)
    assert dice.sizes == [28]  # 6 dice into 3 readings: C(8, 2)
    assert RandomDice(3).pool(4, "injury dice", sides=6, success=at_least(6)).roll.dice == "4d6"


def test_grouped_faces_are_counted_together():
    """Criticals of 3d100 at 60 or less, faces 1-5 counted together: (hits,
    criticals), 10 branches, by a list of every face tuple."""
    def bullet(face: int) -> str | None:
        return "critical" if face <= 5 else None

    expected: dict = {}
    for shown in product(range(1, 101), repeat=3):
        key = (sum(f <= 60 for f in shown), sum(f <= 5 for f in shown))
        expected[key] = expected.get(key, 0) + 1
    branches = pool_branches(3, 100, at_most(60), bullet, None)
    assert len(branches) == len(expected)
    for w, shown in branches:
        reading, _ = _pool(shown, 3, 100, at_most(60), bullet, None)
        assert w == pytest.approx(expected[(reading.successes, reading["critical"])] / 100**3, abs=1e-12)


@pytest.mark.parametrize("read_added", [True, False])
def test_a_chance_die_read_alone_or_with_its_added_dice_against_every_face(read_added):
    """One d10, 10 succeeds and adds a die, the 1s counted (on the first die only,
    without ``read_added``): every face sequence up to four dice, by hand."""
    one = faces({1: "one"})
    expected: dict = {}

    def walk(shown: tuple, p: float) -> None:
        if len(shown) == 4:  # cut: its mass is 1e-4, checked below
            return
        for face in range(1, 11):
            seq = shown + (face,)
            if face == 10:
                walk(seq, p / 10)
                continue
            successes = sum(f == 10 for f in seq)
            ones = sum(f == 1 for f in (seq if read_added else seq[:1]))
            key = Tally(successes, frozenset({("one", ones)}) if ones else frozenset())
            expected[key] = expected.get(key, 0.0) + p / 10

    walk((), 1.0)
    branches = pool_branches(1, 10, at_least(10), one, 10, read_added)
    got = {}
    for w, shown in branches:
        dice = ScriptedDice(list(shown))
        reading = dice.pool(1, "chance", sides=10, success=at_least(10), read=one, again=10,
                            read_added=read_added).value
        got[reading] = w
    for key, p in expected.items():
        assert got[key] == pytest.approx(p, abs=1e-4 + 1e-12), key
    # read alone, the 1 splits only the no-success branch: one branch per success
    # count and one more; read on the added dice too, it splits every count
    counts = len({r.successes for r in got})
    assert len(branches) == counts + 1 if not read_added else len(branches) > counts + 1


@pytest.mark.parametrize("order", [range(13), range(12, -1, -1), [5, 0, 12, 3, 7, 1, 11, 2, 9, 4, 8, 6, 10]])
def test_pools_that_add_no_dice_share_one_programme_to_the_last_bit(order):
    """Pools of every size read by their counts go on from the states of the largest
    programme so far: in any order of sizes, every branch is the one a programme of
    its own gives, weight for weight (compared as floats, not to a tolerance)."""
    from gunline.odds import branches as b

    injury = faces({1: "flesh", range(2, 6): "down", 6: "out"})
    b.forget()
    for count in order:
        kinds = b._kinds(6, at_least(6), injury, None)
        assert b.pool_branches(count, 6, at_least(6), injury, None) == b._counted_branches(count, kinds, kinds)
    assert len(b._UNADDED) == 1
