"""A pool's reading is made once for every replay that takes the same branch of the
same request at the same place, and only then: another place, another branch, another
language or a read that cannot be hashed gets a reading of its own."""

from __future__ import annotations

import pytest

from gunline.dice import at_least, faces
from gunline.dice.meaning import pool as read_pool
from gunline.language import use
from gunline.odds import readings
from gunline.odds.branches import forget
from gunline.odds.explore import leaves
from gunline.odds.interpreter import BranchingDice

INJURY = faces({1: "flesh", range(2, 6): "down", 6: "out"})


@pytest.fixture(autouse=True)
def cold():
    forget()
    yield
    forget()


def _pools(dice: BranchingDice) -> tuple[object, object]:
    """Two requests alike at two places: the first rolled for a wound of 1 or 2 hits."""
    hits = dice.roll(2, "hits").value
    first = dice.pool(hits + 1, "injury dice", sides=6, success=at_least(6), read=INJURY)
    second = dice.pool(2, "injury dice", sides=6, success=at_least(6), read=INJURY)
    return first, second


def test_the_same_branch_at_the_same_place_is_handed_one_reading_in_every_tree():
    once = [second for _, (_, second), _ in leaves(_pools, 1000)]  # kept alive: ids stay theirs
    again = {id(second) for _, (_, second), _ in leaves(_pools, 1000)}
    # six branches of the second pool, under whichever first pool and walk: each made
    # afresh the first time, then one reading kept from the second time on
    assert len({id(second) for second in once}) == 12
    assert len(again) == 6 and again <= {id(second) for second in once}


def test_what_is_kept_lasts_as_long_as_the_computation():
    @readings.scoped
    def compute() -> int:
        [second for _, (_, second), _ in leaves(_pools, 1000)]
        return len(readings._READINGS)

    assert compute() == 6
    assert readings._READINGS == {} and readings._SEEN == set()


def test_a_reading_made_once_is_not_kept():
    def single(dice: BranchingDice) -> object:
        return dice.pool(3, "bullets", sides=100, success=at_least(40))

    list(leaves(single, 1000))
    assert readings._READINGS == {}


def test_a_reading_is_what_the_faces_of_its_branch_read():
    for _, (_first, second), dice in leaves(_pools, 1000):
        fresh = BranchingDice(list(dice.path))
        fresh._feed = tuple(dice.consumed[-2:])
        made = read_pool(fresh, 2, "injury dice", 6, at_least(6), INJURY, None, True, None, None, None, False, None)
        assert second.value == made.value and second.roll == made.roll


def test_a_roll_shown_at_two_places_of_one_chain_stays_two_rolls():
    def twice(dice: BranchingDice) -> tuple[object, object]:
        one = dice.pool(2, "injury dice", sides=6, success=at_least(6), read=INJURY)
        two = dice.pool(2, "injury dice", sides=6, success=at_least(6), read=INJURY)
        return one, two

    for _, (one, two), dice in leaves(twice, 1000):
        assert one is not two
        assert [roll for roll, _ in dice.pool_rolls] == [one.roll, two.roll]


def test_the_words_of_a_reading_are_in_the_language_of_the_walk():
    def under(dice: BranchingDice) -> object:
        from gunline.dice import at_most

        return dice.pool(2, "pool", sides=6, success=at_most(3))

    english = [rolled.roll.need for _, rolled, _ in leaves(under, 100)]
    use("ru")
    try:
        russian = [rolled.roll.need for _, rolled, _ in leaves(under, 100)]
    finally:
        use("en")
    assert english != russian


def test_a_read_that_cannot_be_hashed_is_read_every_time():
    class Unhashable:
        __hash__ = None  # type: ignore[assignment]

        def __call__(self, face: int) -> str:
            return "high" if face > 3 else "low"

    def run(dice: BranchingDice) -> object:
        return dice.pool(2, "pool", sides=6, read=Unhashable())

    first = [rolled.value for _, rolled, _ in leaves(run, 100)]
    second = [rolled.value for _, rolled, _ in leaves(run, 100)]
    assert first == second and len(first) == 3
    assert readings.reading(readings.key(("pool",), 0, None, Unhashable(), 0)) is None
