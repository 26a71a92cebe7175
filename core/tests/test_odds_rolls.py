"""``dice.roll`` in the odds interpreter: one branch per distinct reading, checked
against brute force over every face."""

from __future__ import annotations

from itertools import product

import pytest

from gunline.dice import ScriptedDice, at_least, at_most, faces
from gunline.odds.branches import roll_branches
from gunline.odds.interpreter import BranchingDice


def _hit_or_six(face: int) -> tuple[bool, bool]:
    return (face >= 4 and face != 1, face == 6)


CASES = [
    # sides, count, read
    (6, 1, at_least(4)),
    (6, 1, _hit_or_six),
    (6, 1, at_least(7)),  # no face makes it
    (6, 1, None),
    (6, 2, at_least(5)),  # 2D6 ammo roll against 5+
    (6, 2, None),
    (6, 3, faces({range(3, 10): "low", range(10, 19): "high"})),
    (10, 1, faces({range(1, 4): "success", 4: "lucky", 10: "catastrophic"}, otherwise="failure")),
    (100, 1, at_most(45)),
    (3, 2, None),  # sustained fire D3s
    (6, 2, lambda total: total % 3),
]


def _brute(sides, count, read):
    """P(reading), listing every face tuple."""
    out: dict = {}
    for rolled in product(range(1, sides + 1), repeat=count):
        total = sum(rolled)
        reading = total if read is None else read(total)
        out[reading] = out.get(reading, 0.0) + sides**-count
    return out


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[1]}d{c[0]}")
def test_branches_match_brute_force(case):
    sides, count, read = case
    expected = {r: p for r, p in _brute(sides, count, read).items() if p > 0}
    got: dict = {}
    for weight, shown in roll_branches(sides, count, read):
        assert len(shown) == count and all(1 <= f <= sides for f in shown)
        # the reading of a branch is what the dice's own meaning makes of its faces
        reading = ScriptedDice(list(shown)).roll(sides, "x", count=count, read=read).value
        assert reading not in got, "two branches read alike"
        got[reading] = weight
    assert got.keys() == expected.keys()
    for reading, p in expected.items():
        assert got[reading] == pytest.approx(p, abs=1e-14)


def test_a_read_collapses_a_d100_to_two_branches():
    assert len(roll_branches(100, 1, at_most(45))) == 2
    assert len(roll_branches(100, 1, None)) == 100


def test_reads_made_alike_share_their_branches():
    def read_over(n):
        return lambda face: face >= n

    assert roll_branches(6, 1, read_over(4)) is roll_branches(6, 1, read_over(4))
    assert roll_branches(6, 1, read_over(4)) != roll_branches(6, 1, read_over(5))


class _Opaque:
    """Neither hashable nor encodable: a read over it cannot be recognised."""

    __hash__ = None  # type: ignore[assignment]

    def __init__(self, ones: set[int]) -> None:
        self.ones = ones


def test_a_read_over_values_that_cannot_be_compared_is_still_exact():
    table = _Opaque({1})  # no key: worked out afresh every time

    def read(face):
        return "one" if face in table.ones else "other"

    first, second = roll_branches(6, 1, read), roll_branches(6, 1, read)
    assert first == second and first is not second
    assert sorted(w for w, _ in first) == pytest.approx([1 / 6, 5 / 6])


def test_branching_dice_walks_the_path_and_multiplies_weights():
    dice = BranchingDice([1, 0])
    a = dice.roll(6, "to hit", read=_hit_or_six)  # branches: miss, hit, six
    b = dice.roll(6, "to wound", read=at_least(5))
    assert a.value == (True, False) and b.value is False
    assert dice.sizes == [3, 2]
    assert dice.weight == pytest.approx((2 / 6) * (4 / 6))
    assert dice.consumed == a.roll.values + b.roll.values
    # past the end of the path: the first branch, and the path grows
    c = dice.roll(6, "injury")
    assert c.value == 1 and dice.path == [1, 0, 0]
