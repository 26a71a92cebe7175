"""``dice.roll`` in the odds interpreter: the outcome classes a rule that keeps its
promise can tell apart, checked against brute force over every face."""

from __future__ import annotations

from itertools import product

import pytest

from gunline.dice import ScriptedDice
from gunline.odds.interpreter import BranchingDice
from gunline.odds.outcomes import roll_outcomes

CASES = [
    # sides, count, at_least, at_most, special
    (6, 1, 4, None, (1, 6)),
    (6, 1, 7, None, (1, 6)),
    (6, 1, None, None, ()),
    (6, 2, 5, None, ()),  # 2D6 ammo roll against 5+
    (6, 2, None, None, ()),
    (6, 3, 10, None, (6,)),
    (10, 1, None, 4, (4, 10)),  # roll under 4, 4 is lucky, 10 catastrophic
    (100, 1, None, 45, ()),
    (3, 2, None, None, ()),  # sustained fire D3s
    (6, 2, 4, 9, (1,)),
]


def _brute(sides, count, at_least, at_most, special):
    """P(class) by listing every face tuple; the class is what the promise lets a
    rule see: the comparison of the total with the thresholds (or the total itself
    without one) and how many dice show each special face."""
    out: dict[tuple, float] = {}
    for faces in product(range(1, sides + 1), repeat=count):
        total = sum(faces)
        seen = (
            (total,)
            if at_least is None and at_most is None
            else (at_least is None or total >= at_least, at_most is None or total <= at_most)
        )
        key = (seen, tuple(faces.count(s) for s in sorted(special)))
        out[key] = out.get(key, 0.0) + sides**-count
    return out


def _class_of(faces, at_least, at_most, special):
    total = sum(faces)
    seen = (
        (total,)
        if at_least is None and at_most is None
        else (at_least is None or total >= at_least, at_most is None or total <= at_most)
    )
    return (seen, tuple(faces.count(s) for s in sorted(special)))


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("high", [False, True])
def test_classes_match_brute_force(case, high):
    sides, count, at_least, at_most, special = case
    expected = _brute(*case)
    classes = roll_outcomes(sides, count, at_least, at_most, special, high)
    got = {}
    for w, faces, total in classes:
        assert total == sum(faces) and len(faces) == count
        assert all(1 <= f <= sides for f in faces)
        key = _class_of(faces, at_least, at_most, special)
        assert key not in got, "two outcomes of one class"
        got[key] = w
    assert got.keys() == expected.keys()
    for key, p in expected.items():
        assert got[key] == pytest.approx(p, abs=1e-14)


def test_a_threshold_collapses_a_d100_to_two_outcomes():
    assert len(roll_outcomes(100, 1, None, 45, (), False)) == 2


def test_branching_dice_walks_the_path_and_multiplies_weights():
    dice = BranchingDice([1, 0])
    a = dice.roll(6, "to hit", at_least=4, special=(1, 6))  # classes: 1, 2-3, 4-5, 6
    b = dice.roll(6, "to wound", at_least=5)
    assert a.total in (2, 3) and b.total < 5
    assert dice.sizes == [4, 2]
    assert dice.weight == pytest.approx((2 / 6) * (4 / 6))
    assert dice.consumed == [a.total, b.total]
    # past the end of the path: the first class, and the path grows
    c = dice.roll(6, "injury")
    assert c.total == 1 and dice.path == [1, 0, 0]


def test_face_outside_roll_and_pool_branches_over_every_face():
    from gunline.dice import DieRequest

    dice = BranchingDice([3])
    assert dice.face(DieRequest(label="scatter", sides=6)) == 4
    assert dice.sizes == [6] and dice.weight == pytest.approx(1 / 6)


def test_roll_faces_replay_through_the_scripted_interpreter():
    for _w, faces, total in roll_outcomes(6, 3, 10, None, (6,), False):
        roll = ScriptedDice(list(faces)).roll(6, "x", count=3, at_least=10, special=(6,))
        assert roll.total == total
