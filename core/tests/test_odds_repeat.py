"""``dice.repeat``: the same runs of dice made again and again, folded.

Random and typed dice run the body in a plain loop; the odds interpreter branches
over the folded values. Checked against brute force over every face."""

from __future__ import annotations

from itertools import product

import pytest

from gunline.dice import RandomDice, ScriptedDice, at_most
from gunline.odds.explore import leaves
from gunline.odds.interpreter import BranchingDice
from gunline.odds.sampling import sample_tree


def bullet(dice):
    """Damage 1d6 against armour 2 (never below 0); a 1d10 critical check at 2 or
    less doubles it and knocks down. Score: (damage through, conditions)."""
    damage = dice.roll(6, "damage")
    check = dice.roll(10, "critical", read=at_most(2))
    through = max(0, damage.value - 2)
    if check.value:
        return (2 * through, ("knocked down",)), (damage.value, check.roll.values[0])
    return (through, ()), (damage.value, check.roll.values[0])


def add(so_far, score):
    return so_far[0] + score[0], so_far[1] | frozenset(score[1])


START = (0, frozenset())


def brute(times):
    """P(folded value) by listing every face of every run."""
    out: dict = {}
    for faces in product(product(range(1, 7), range(1, 11)), repeat=times):
        value = START
        for damage, check in faces:
            through = max(0, damage - 2)
            value = add(value, (2 * through, ("knocked down",)) if check <= 2 else (through, ()))
        out[value] = out.get(value, 0.0) + 60.0**-times
    return out


def test_typed_dice_run_by_run_in_order():
    dice = ScriptedDice([5, 7, 6, 1, 2, 9])
    folded, details = dice.repeat(3, "bullet", bullet, fold=add, start=START)
    assert details == [(5, 7), (6, 1), (2, 9)]
    assert folded == (3 + 8 + 0, frozenset({"knocked down"}))
    assert dice.consumed == [5, 7, 6, 1, 2, 9]


def test_random_dice_take_the_faces_a_loop_would():
    looped, repeated = RandomDice(4), RandomDice(4)
    expected = [bullet(looped)[1] for _ in range(4)]
    assert repeated.repeat(4, "bullet", bullet, fold=add, start=START)[1] == expected
    assert repeated.consumed == looped.consumed


def test_zero_runs_give_the_start():
    assert ScriptedDice([]).repeat(0, "bullet", bullet, fold=add, start=START) == (START, [])
    dice = BranchingDice([])
    assert dice.repeat(0, "bullet", bullet, fold=add, start=START) == (START, [])


@pytest.mark.parametrize("times", [1, 2, 3])
def test_exact_classes_match_brute_force(times):
    expected = brute(times)

    def chain(dice):
        return dice.repeat(times, "bullet", bullet, fold=add, start=START)

    got: dict = {}
    for weight, (value, details), dice in leaves(chain, 10_000):
        got[value] = got.get(value, 0.0) + weight
        # the representative runs reach the value they stand for, with their faces
        again = START
        for damage, check in details:
            through = max(0, damage - 2)
            again = add(again, (2 * through, ("knocked down",)) if check <= 2 else (through, ()))
        assert again == value
        assert dice.consumed == [face for run in details for face in run]
    assert got.keys() == expected.keys()
    for value, p in expected.items():
        assert got[value] == pytest.approx(p, abs=1e-12)


def test_the_tree_sampler_runs_a_repeat_run_by_run():
    times, n = 2, 30_000
    expected = brute(times)
    tally = sample_tree(lambda d: d.repeat(times, "bullet", bullet, fold=add, start=START)[0], n, seed=1)
    assert sum(tally.values()) == n
    for value, p in expected.items():
        observed = tally.get(value, 0.0) / n
        assert abs(observed - p) <= 4.5 * (p * (1 - p) / n) ** 0.5 + 1e-12


@pytest.mark.parametrize("budget", ["FOLDED_BUDGET", "WORK_BUDGET", "RUN_BUDGET"])
def test_too_many_folded_values_branch_run_by_run_with_the_same_odds(monkeypatch, budget):
    from gunline.odds import repeats

    monkeypatch.setattr(repeats, budget, 3)
    monkeypatch.setattr(repeats, "_CACHE", {})
    monkeypatch.setattr(repeats, "_RUNS", {})
    expected = brute(2)
    got: dict = {}
    requests = 0
    for weight, (value, _), dice in leaves(
        lambda d: d.repeat(2, "bullet", bullet, fold=add, start=START), 10_000
    ):
        got[value] = got.get(value, 0.0) + weight
        requests = max(requests, len(dice.sizes))
    assert requests == 4  # each run's two rolls, not one folded branch
    assert got.keys() == expected.keys()
    for value, p in expected.items():
        assert got[value] == pytest.approx(p, abs=1e-12)


def test_bodies_made_alike_are_worked_out_once(monkeypatch):
    """Two repeats over bodies made from the same code over equal values (a fresh
    closure each time, as a rule makes them) share one run's classes; a body over
    other values does not."""
    from gunline.odds import repeats

    monkeypatch.setattr(repeats, "_CACHE", {})
    monkeypatch.setattr(repeats, "_RUNS", {})
    calls = []
    real = repeats.run_classes

    def counting(body):
        calls.append(body)
        return real(body)

    monkeypatch.setattr(repeats, "run_classes", counting)

    def against(armour):
        def run(dice):
            damage = dice.roll(6, "damage")
            return max(0, damage.value - armour), None

        return run

    def plus(a, b):
        return a + b

    for times in (1, 2, 3):
        BranchingDice([]).repeat(times, "bullet", against(2), fold=plus, start=0)
    assert len(calls) == 1
    BranchingDice([]).repeat(2, "bullet", against(3), fold=plus, start=0)
    assert len(calls) == 2
