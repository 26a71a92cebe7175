"""A whole roll on one line (gunline.dice.typed)."""

from __future__ import annotations

import pytest

from gunline.dice.requests import DieRequest
from gunline.dice.typed import LineError, hint, read_line

POOL = DieRequest(label="attack pool", sides=10, need="8+", index=1, of=7, success=True, counted=(8, 7))
D6 = DieRequest(label="to hit", sides=6, need="4+", index=1, of=3, success=True)
D100 = DieRequest(label="to hit", sides=100, need="65 or less")


@pytest.mark.parametrize("text, faces", [
    ("7 9 2 7", [7, 9, 2, 7]),
    ("7,9,2,7", [7, 9, 2, 7]),
    ("7, 9,  2;7", [7, 9, 2, 7]),
    ("7927138", [7, 9, 2, 7, 1, 3, 8]),
    ("11", [1, 1]),  # more than the die shows: two dice run together
    ("10 8", [10, 8]),
    ("7910", [7, 9, 1, 10]),  # run together, 0 is 10
    ("0", [10]),
    ("7 . 2", [7, None, 2]),
    ("", [None]),
])
def test_faces_of_a_d10_pool(text, faces):
    assert read_line(text, POOL) == faces


def test_run_together_on_a_d6_and_never_on_a_d100():
    assert read_line("6641", D6) == [6, 6, 4, 1]
    assert read_line("37", D100) == [37]
    assert read_line("100", D100) == [100]


def test_a_count_fills_the_rest_of_the_roll_with_faces_that_read_alike():
    assert read_line("3s", POOL) == [8, 8, 8, 7, 7, 7, 7]
    assert read_line("0 2s", POOL) == [10, 8, 8, 7, 7, 7, 7]  # a 10 that rolls again, given as a face
    later = DieRequest(label="attack pool", sides=10, index=5, of=7, success=True, counted=(8, 7))
    assert read_line("1 successes", later) == [8, 7, 7]


@pytest.mark.parametrize("text, request_, says", [
    ("7 x", POOL, "'x' is not a face"),
    ("6 8", D6, "8 is not a face of a d6: it shows 1 to 6"),
    ("101", D100, "101 is not a face of a d100: it shows 1 to 100"),
    ("8s", POOL, "8 successes among 7 dice"),
    ("2s 3s", POOL, "give the count of successes once"),
    ("2s", D6, "read one by one, not by their count"),
])
def test_what_cannot_be_read_is_said(text, request_, says):
    with pytest.raises(LineError, match=says.replace("(", r"\(").replace(")", r"\)")):
        read_line(text, request_)


def test_the_hint_says_what_may_be_typed():
    assert hint(POOL).startswith("the 7 faces, apart (or run together: 7927), or the successes alone: 3s")
    assert "0 is 10" in hint(POOL)
    assert hint(D100).startswith("the face shown") and "run together" not in hint(D100)


def test_a_request_names_whose_die_it_is_once():
    """A roll whose label already names the model rolling it ("Sentry, return fire")
    is not introduced by his name a second time."""
    from gunline.dice.requests import DieRequest

    own = DieRequest(label="Sentry, return fire", sides=10, target="Sentry", index=1, of=2, need="4 or less",
                     success=True)
    assert own.describe() == "Sentry, return fire, die 1 of 2: d10, 4 or less succeeds"
    other = DieRequest(label="to hit", sides=6, target="Bo", need="4+")
    assert other.describe() == "Bo, to hit: 1d6, needs 4+"


def test_examples_show_only_faces_the_die_can_show():
    """A d6's prompt said "7 9 2 7" and "run together: 7927": faces it has not."""
    from gunline.dice.typed import example_faces

    assert example_faces(10) == [7, 9, 2, 7] and example_faces(6) == [1, 3, 2, 1] and example_faces(6, 2) == [1, 3]
    assert hint(D6).startswith("the 3 faces, apart (or run together: 132)")
    assert hint(POOL).startswith("the 7 faces, apart (or run together: 7927)")
    with pytest.raises(LineError) as said:
        read_line("x", D6)
    assert str(said.value) == "'x' is not a face: type the faces shown, e.g. 1 3 2 1 (or . to roll one for me)"
    for sides in (2, 3, 4, 6, 8, 10, 12, 20, 100):
        assert read_line(" ".join(map(str, example_faces(sides))), DieRequest(label="x", sides=sides, of=4)) \
            == example_faces(sides)
