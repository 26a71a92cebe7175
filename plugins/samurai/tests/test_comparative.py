"""Comparative tests as the notes read them: Lucky Chances cancel one for one, a
side left with Lucky Chances wins with them, then the sorted dice are paired."""

from gunline_samurai.characteristic import judge
from gunline_samurai.comparative import compare
from gunline_samurai.schema import Settings

S = Settings()


def dice(value, *faces):
    return [judge(f, value, S) for f in faces]


def test_seed_master_lucky_cancels_every_ninja_success():
    # the ninja's 2 and 3 (both successes on 4) against the master's 9 on 9
    out = compare(dice(4, 2, 3), dice(9, 9))
    assert (out.winner, out.lucky, out.wins) == ("defender", 1, 0)


def test_sam3_two_lucky_against_one_leaves_one():
    # SAM-3: A rolls [Lucky, Lucky], B [Lucky]: one net Lucky for A, no ordinary wins
    out = compare(dice(5, 5, 5), dice(7, 7))
    assert (out.winner, out.lucky, out.wins) == ("attacker", 1, 0)


def test_equal_lucky_chances_cancel_and_the_rest_is_compared():
    # A: Lucky + 3, B: Lucky + 6 on 8: the 6 beats the 3
    out = compare(dice(5, 5, 3), dice(8, 8, 6))
    assert (out.winner, out.lucky, out.wins) == ("defender", 0, 1)


def test_net_lucky_winner_keeps_its_ordinary_successes():
    out = compare(dice(6, 6, 2), dice(9, 8))
    assert (out.winner, out.lucky, out.wins) == ("attacker", 1, 1)


def test_success_beats_failure_and_higher_success_wins():
    assert compare(dice(5, 3), dice(5, 9)).winner == "attacker"
    assert compare(dice(5, 3), dice(9, 7)).winner == "defender"


def test_both_failing_nobody_wins():
    out = compare(dice(3, 8, 9), dice(3, 7))
    assert out.winner is None


def test_won_pairs_plus_unpaired_successes():
    # A [8, 3] on 9 against B [5] on 9: 8 beats 5, 3 unpaired: two wins
    out = compare(dice(9, 3, 8), dice(9, 5))
    assert (out.winner, out.wins) == ("attacker", 2)


def test_more_won_pairs_wins_even_against_an_unpaired_success():
    # A [3, 2] on 4 against B [7] on 9: 7 beats 3; A's unpaired 2 does not save it
    out = compare(dice(4, 3, 2), dice(9, 7))
    assert (out.winner, out.wins) == ("defender", 1)


def test_ties_cancel_by_default_and_unpaired_successes_then_decide():
    assert compare(dice(9, 5), dice(9, 5)).winner is None
    out = compare(dice(9, 5, 3), dice(9, 5))
    assert (out.winner, out.wins) == ("attacker", 1)


def test_ties_setting():
    assert compare(dice(9, 5), dice(9, 5), "attacker").winner == "attacker"
    assert compare(dice(9, 5), dice(9, 5), "defender").winner == "defender"


def test_a_single_defending_die_reads_the_verdict_of_each_face():
    """The defender's die reads a table of verdicts against the attacker's side: for
    every pair of attacker's faces and every face of the die, what the test gives."""
    from gunline_samurai.characteristic import rank
    from gunline_samurai.comparative import against, side

    for catastrophe in (False, True):
        for a, b in [(a, b) for a in range(1, 11) for b in range(1, 11)]:
            mine = [rank(judge(face, 4, S), catastrophe) for face in (a, b)]
            read = against(side(mine, catastrophe), 9, S, catastrophe=catastrophe)
            for face in range(1, 11):
                assert read(face) == compare(mine, [judge(face, 9, S)], catastrophe=catastrophe), (a, b, face)
