"""Success pools in the odds interpreter, against independent computations: the
closed form P(>= 1) = 1 - 0.7**n (10-again cannot change "at least one"), icepool
for whole distributions with 10-again and 9-again, binomials for pools that do not
roll again, and the scripted interpreter for the faces each outcome class shows."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import icepool
import pytest

from gunline.dice import ScriptedDice
from gunline.odds.distributions import chance_distribution, pool_distribution
from gunline.odds.outcomes import FOLD, chance_outcomes, pool_outcomes

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
    classes = chance_outcomes(10, 10)
    assert sum(w for w, _, _ in classes) == pytest.approx(1.0, abs=1e-15)
    dramatic = [c for c in classes if 1 in c[1]]
    assert dramatic == [(pytest.approx(0.1), (1,), 0)]


def test_chance_die_with_nine_again():
    """9-again on a chance die: a 9 rolls again but does not score."""
    _, _, successes = chance_distribution(10, 9)
    # one die: P(k successes) = sum over chains; P(score 1 then stop) etc. by hand:
    # G(z) = (0.8 + 0*z)/(1 - 0.1 - 0.1 z) -> P(0) = 0.8/0.9, P(k) = (0.8/0.9)(0.1/0.9)**k
    for k, p in enumerate(successes, start=1):
        assert p == pytest.approx((0.8 / 0.9) * (0.1 / 0.9) ** k, rel=1e-9)


def _replayed_total(faces, count, sides, at_least, at_most, again, chance=True):
    """Feed a class's faces to the scripted interpreter: the pool must come out with
    the class's success count, and take every face given."""
    dice = ScriptedDice(list(faces))
    roll = dice.pool(count, "pool", sides=sides, at_least=at_least, at_most=at_most, again=again, chance=chance)
    assert dice.unused == 0
    return roll


@pytest.mark.parametrize(
    "count,sides,at_least,at_most,again",
    [
        (5, 10, 8, None, 10),
        (7, 10, 8, None, 9),
        (4, 10, 8, None, 8),
        (6, 10, 10, None, 9),  # 9 rolls again without scoring
        (6, 100, None, 45, None),
        (3, 10, None, 3, 10),  # roll under, 10s roll again without scoring
        (0, 10, 8, None, 10),
    ],
)
@pytest.mark.parametrize("high", [False, True])
def test_each_class_shows_faces_the_random_interpreter_could_roll(count, sides, at_least, at_most, again, high):
    classes = pool_outcomes(count, sides, at_least, at_most, again, high)
    assert sum(w for w, _, _ in classes) == pytest.approx(1.0, abs=1e-14)
    for _, faces, total in classes:
        assert _replayed_total(faces, count, sides, at_least, at_most, again, chance=False).total == total
    # every class is a distinct success count
    assert len({t for _, _, t in classes}) == len(classes)


@pytest.mark.parametrize("again", [10, 9, None])
def test_chance_classes_replay(again):
    for _, faces, total in chance_outcomes(10, again):
        roll = _replayed_total(faces, 0, 10, 8, None, again)
        assert roll.chance and roll.total == total


def test_negligible_tail_is_folded_not_lost():
    classes = pool_outcomes(30, 10, 8, None, 8)
    assert classes[-1][0] >= FOLD
    assert sum(w for w, _, _ in classes) == pytest.approx(1.0, abs=1e-15)


# -- pools whose special faces are counted (dice.pool(..., special=...)) ------------------

from itertools import product  # noqa: E402

from gunline.dice import RandomDice  # noqa: E402
from gunline.odds.interpreter import BranchingDice  # noqa: E402
from gunline.odds.outcomes import counted_pool_outcomes  # noqa: E402


def _counted_brute(count, sides, at_least, at_most, special):
    """P(successes, special counts) by listing every face tuple (no rerolls)."""
    out = {}
    for faces in product(range(1, sides + 1), repeat=count):
        k = sum((at_least is not None and f >= at_least) or (at_most is not None and f <= at_most) for f in faces)
        key = (k, tuple(faces.count(s) for s in special))
        out[key] = out.get(key, 0.0) + sides**-count
    return out


@pytest.mark.parametrize(
    "count,sides,at_least,at_most,special",
    [(3, 6, 6, None, (1,)), (4, 6, 5, None, (1, 6)), (3, 10, None, 4, (4, 10)), (0, 6, 6, None, (1,))],
)
@pytest.mark.parametrize("high", [False, True])
def test_counted_pool_is_the_multinomial(count, sides, at_least, at_most, special, high):
    expected = _counted_brute(count, sides, at_least, at_most, special)
    classes = counted_pool_outcomes(count, sides, at_least, at_most, None, special, high)
    got = {}
    for w, faces, total in classes:
        roll = ScriptedDice(list(faces)).pool(count, "p", sides=sides, at_least=at_least, at_most=at_most,
                                              again=None, chance=False, special=special)
        assert roll.total == total
        got[(total, tuple(roll.values.count(s) for s in special))] = w
    assert got.keys() == expected.keys()
    for key, p in expected.items():
        assert got[key] == pytest.approx(p, abs=1e-14)
    assert len(classes) < max(sides**count, 2) or count <= 1


@pytest.mark.parametrize("again", [10, 9])
def test_counted_pool_with_rerolls_keeps_the_success_distribution(again):
    """Counting the 1s must not change the distribution of successes (closed form)."""
    classes = counted_pool_outcomes(6, 10, 8, None, again, (1,))
    marginal = {}
    for w, faces, k in classes:
        roll = ScriptedDice(list(faces)).pool(6, "p", again=again, special=(1,))
        assert roll.total == k
        marginal[k] = marginal.get(k, 0.0) + w
    for k, p in enumerate(pool_distribution(6, 10, 8, None, again)):
        assert marginal.get(k, 0.0) == pytest.approx(p, abs=1e-12)
    # P(no die, rerolls included, shows a 1): each die chain avoids 1 with 0.9/(1 - 0.1*(11-again)*...)
    p_no_one = sum(w for w, faces, _ in classes if 1 not in faces)
    rerolls = (11 - again) / 10  # a die rolls again on these faces
    per_die = (0.9 - rerolls) / (1 - rerolls)  # no 1 before the chain stops
    assert p_no_one == pytest.approx(per_die**6, abs=1e-12)


def test_branching_pool_with_special_branches_over_counts():
    dice = BranchingDice([])
    dice.pool(4, "injury dice", sides=6, at_least=6, again=None, chance=False, special=(1,))
    assert dice.sizes == [15]  # (k, ones) with k + ones <= 4: 5 * 6 / 2
    # the random interpreter accepts the promise too
    assert RandomDice(3).pool(4, "injury dice", sides=6, at_least=6, again=None, special=(1,)).dice == "4d6"


def _in(face, entry):
    return face == entry if isinstance(entry, int) else face in entry


@pytest.mark.parametrize(
    "count,sides,at_most,special",
    [(3, 100, 60, ((1, 2, 3, 4, 5),)), (4, 10, 6, (1, (2, 3))), (2, 20, 20, ((19, 20), (1,)))],
)
def test_grouped_special_faces_are_counted_together(count, sides, at_most, special):
    """A group counts every die showing any of its faces: 3d100 at 60 or less with
    the faces 1-5 (criticals) counted together is (hits, criticals), 10 classes, by a
    list of every face tuple."""
    from gunline.odds.outcomes import special_groups

    groups = special_groups(special, sides)
    expected = {}
    for faces in product(range(1, sides + 1), repeat=count):
        key = (sum(f <= at_most for f in faces), tuple(sum(_in(f, g) for f in faces) for g in groups))
        expected[key] = expected.get(key, 0) + 1  # counted, then divided: no rounding
    dice = BranchingDice([])
    dice.pool(count, "p", sides=sides, at_least=None, at_most=at_most, again=None, chance=False, special=special)
    assert dice.sizes == [len(expected)]
    got = {}
    for w, faces, total in counted_pool_outcomes(count, sides, None, at_most, None, groups):
        got[(total, tuple(sum(_in(f, g) for f in faces) for g in groups))] = w
    assert got.keys() == expected.keys()
    for key, ways in expected.items():
        assert got[key] == pytest.approx(ways / sides**count, abs=1e-12)


def test_a_face_in_two_groups_is_refused():
    from gunline.odds.outcomes import special_groups

    with pytest.raises(ValueError, match="counted twice"):
        special_groups((1, range(1, 4)), 6)
    assert special_groups((range(1, 4), 6, 9), 6) == (6, (1, 2, 3))
