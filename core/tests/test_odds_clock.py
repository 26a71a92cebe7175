"""The clock that ends an exact enumeration in favour of sampling, on a fake clock:
it weighs what is left of the enumeration, not what is spent, against sampling."""

from __future__ import annotations

import pytest

from gunline.odds import clock
from gunline.odds.clock import MOST_SUNK, Clock, TooSlow


@pytest.fixture
def now(monkeypatch):
    """The process time the clock reads, set by the test."""
    t = [0.0]
    monkeypatch.setattr(clock.time, "process_time", lambda: t[0])
    return t


def at(now, seconds, sampling=1.0, budget=None):
    """A clock started at 0 and read at ``seconds``."""
    now[0] = 0.0
    c = Clock(budget, (lambda: sampling) if sampling is not None else None)
    now[0] = seconds
    return c


def test_within_the_grace_sampling_is_not_even_asked(now):
    asked = []
    c = Clock(None, lambda: asked.append(1) or 0.001)
    now[0] = clock.GRACE / 2
    c.tick()
    assert asked == []


def test_past_the_cost_of_sampling_with_no_projection_it_gives_way(now):
    c = at(now, 1.2)
    with pytest.raises(TooSlow, match=r"took more than 1 s; sampling takes about 1 s"):
        c.tick()


def test_nearly_done_at_the_cost_of_sampling_it_finishes(now):
    c = at(now, 0.9)
    c.project(0.9)  # 0.1 s left by this projection: less than sampling's 1 s
    now[0] = 1.1
    c.tick()  # no TooSlow: finishing costs less than starting to sample
    now[0] = MOST_SUNK * 1.0 + 0.01
    with pytest.raises(TooSlow):  # the projection trusted only so far
        c.tick()


def test_far_from_done_at_the_cost_of_sampling_it_gives_way(now):
    c = at(now, 0.9)
    c.project(0.5)  # 0.9 s more by this projection: still less than 1 s, so it goes on
    now[0] = 1.1
    c.share = 0.3  # a later projection: 2.6 s more
    with pytest.raises(TooSlow):
        c.tick()


def test_a_projection_of_more_left_than_sampling_costs_ends_it_early(now):
    c = at(now, 0.2)
    with pytest.raises(TooSlow, match=r"would take about 4 s; sampling takes about 1 s") as info:
        c.project(0.05)  # 3.8 s left, sampling 1 s
    assert info.value.estimated
    c = at(now, 0.2)
    c.project(0.2)  # 0.8 s left: less than sampling, it goes on


def test_the_callers_budget_is_never_passed_however_near_the_end(now):
    c = at(now, 0.6, sampling=1.0, budget=0.5)
    c.share = 0.99
    with pytest.raises(TooSlow, match="past the time budget|took more than 0.5 s"):
        c.tick()
    c = at(now, 0.3, sampling=None, budget=0.5)
    with pytest.raises(TooSlow, match=r"would take about 0.6 s, past the time budget of 0.5 s"):
        c.project(0.5)


def test_an_enumeration_projected_to_be_short_is_not_weighed_against_sampling(now):
    asked = []
    now[0] = 0.0
    c = Clock(None, lambda: asked.append(1) or 0.01)
    now[0] = clock.GRACE * 2
    c.project(clock.GRACE * 2 / clock.SHORT)  # the whole projected at SHORT: not weighed
    c.tick()
    assert asked == []
    with pytest.raises(TooSlow, match="sampling takes about 0.01 s"):  # past SHORT: weighed, far from done
        c.project(clock.GRACE * 2 / (clock.SHORT * 1.5))
    assert asked == [1]


def test_a_short_projection_still_keeps_to_the_callers_budget(now):
    c = at(now, 0.12, sampling=1.0, budget=0.15)
    with pytest.raises(TooSlow, match="past the time budget of 0.15 s"):
        c.project(0.3)  # 0.4 s in all: short, but past the budget
    c = at(now, 0.12, sampling=1.0, budget=0.15)
    c.project(0.9)  # short and within the budget
    now[0] = 0.16
    with pytest.raises(TooSlow, match="past the time budget"):
        c.tick()


def test_a_short_projection_that_runs_long_is_weighed_once_it_has(now):
    asked = []
    now[0] = 0.0
    c = Clock(None, lambda: asked.append(1) or 1.0)
    now[0] = 0.2
    c.project(0.9)  # short by this projection
    now[0] = clock.SHORT + 0.01  # but it has run longer than SHORT
    c.tick()
    assert asked == [1]


@pytest.fixture
def wall(monkeypatch):
    """The wall clock the clock reads, set by the test (the process time by ``now``)."""
    t = [0.0]
    monkeypatch.setattr(clock.time, "monotonic", lambda: t[0])
    return t


def test_a_budget_is_of_the_callers_seconds_on_a_busy_machine(now, wall):
    """On a busy machine the enumeration gets a share of the CPU: its CPU time is
    within the budget while the caller has waited past it."""
    now[0] = wall[0] = 0.0
    c = Clock(0.5, lambda: 5.0)
    now[0], wall[0] = 0.3, 0.6
    with pytest.raises(TooSlow, match=r"took more than 0.5 s, past the time budget of 0.5 s"):
        c.tick()
    now[0] = wall[0] = 0.0
    c = Clock(0.6, lambda: 5.0)
    now[0], wall[0] = 0.2, 0.4  # half the CPU: a whole of 0.4 s of CPU is 0.8 s waited
    with pytest.raises(TooSlow, match=r"would take about 0.8 s, past the time budget of 0.6 s"):
        c.project(0.5)
    now[0] = wall[0] = 0.0
    c = Clock(0.6, lambda: 5.0)
    now[0], wall[0] = clock.GRACE / 10, clock.GRACE  # a pause at the start: no rate to go by yet
    c.project(0.05)  # 0.2 s of CPU in all
    now[0] = wall[0] = 0.0
    c = Clock(0.6, lambda: 5.0)
    now[0], wall[0] = 0.2, 0.2  # a quiet machine: 0.4 s in all, within it
    c.project(0.5)
    c.tick()


def test_without_a_budget_the_wall_clock_weighs_nothing(now, wall):
    """The choice between enumerating and sampling is by CPU time on both sides (the
    probe of sampling is CPU time too): a busy machine makes the same choice."""
    now[0] = wall[0] = 0.0
    c = Clock(None, lambda: 1.0)
    now[0], wall[0] = 0.9, 30.0
    c.project(0.5)  # 0.9 s of CPU left: less than sampling's 1 s
    c.tick()
