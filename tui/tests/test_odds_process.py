"""The app's odds in a process of their own: a newer edit ends the stale computation
and the newer odds are those of the edited scenario; sampling shows its progress as
a bar; where the platform cannot fork, a thread computes the same odds."""

from __future__ import annotations

import multiprocessing
import sys

import msgspec
import pytest

from gunline.odds import compute_odds
from gunline.scenario import build_attack
from gunline_tui.app import make_app
from gunline_tui.screens.main import MainScreen
from gunline_tui.testing import run_async, set_field, settle
from gunline_tui.widgets.odds_view import OddsView

DOC = {
    "ruleset": "toy",
    "mode": "single",
    "shooter": {"name": "Ada", "skill": 4},
    "weapon": {"name": "pistol"},
    "targets": [{"name": "Bo"}],
}

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="no fork")


def _odds_children() -> list:
    return [p for p in multiprocessing.active_children() if p.name == "gunline odds"]


async def _odds_settled(pilot) -> None:
    """The screen settled, the odds (started a moment after the last edit) in."""
    await settle(pilot)
    await pilot.pause(0.3)
    await settle(pilot)


async def _odds_in(pilot, app) -> None:
    """Wait (20 s at most) until the app has odds to show."""
    for _ in range(400):
        await settle(pilot)
        if app.main.odds is not None:
            break
        await pilot.pause(0.05)
    assert app.main.odds is not None


@run_async
async def test_a_newer_edit_ends_the_stale_odds_process_and_shows_the_new_odds(toy_registry, monkeypatch):
    import gunline.odds.background as background

    started = []
    start = background.start

    def watched(*args, **kwargs):
        job = start(*args, **kwargs)
        started.append(job)
        return job

    monkeypatch.setattr(background, "start", watched)
    monkeypatch.setattr(MainScreen, "ODDS_DELAY", 0.01)
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await _odds_settled(pilot)
        first = len(started)
        assert first >= 1 and all(job.closed for job in started)  # answered, and closed
        await set_field(pilot, "shooter.skill", "2")
        await set_field(pilot, "shooter.skill", "3")  # before the odds of skill 2 are back
        await _odds_settled(pilot)
        assert len(started) > first
        for job in started:
            assert job.closed and not job.process.is_alive()  # none left behind
        assert _odds_children() == []
        attack = build_attack(toy_registry, {**DOC, "shooter": {"name": "Ada", "skill": 3}}, "toy.toml")
        expected = compute_odds(toy_registry, attack)
        assert msgspec.json.encode(app.main.odds) == msgspec.json.encode(expected)


@run_async
async def test_sampling_odds_show_a_bar_of_samples_done(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        # the opening odds in first: arriving later (a busy machine), they would be
        # shown over the progress this test sets
        await _odds_in(pilot, app)
        view = app.main.query_one(OddsView)
        view.pending()
        view.progress(8192, 32768)
        await pilot.press("f6")  # the odds pane
        await settle(pilot)
        shown = str(view.render())
        assert "sampling" in shown and "8,192 of 32,768" in shown
        assert "█████░░░░░░░░░░░░░░░" in shown  # a quarter of a 20-cell bar
        view.enumerating(3, 12)
        await settle(pilot)
        shown = str(view.render())
        assert "every outcome" in shown and "3 of 12 targets" in shown and "sampling" not in shown
        assert "█████░░░░░░░░░░░░░░░" in shown  # a quarter of the bar
        view.show(app.main.odds or compute_odds(toy_registry, app.main.attack))
        view.progress(16384, 32768)  # late progress of a finished computation: ignored
        view.enumerating(12, 12)
        shown = str(view.render())
        assert "sampling" not in shown and "every outcome" not in shown


@run_async
async def test_without_fork_the_odds_are_computed_in_a_thread_alike(toy_registry, monkeypatch):
    import gunline.odds.background as background

    monkeypatch.setattr(background, "start", lambda *args, **kwargs: None)
    monkeypatch.setattr(MainScreen, "ODDS_DELAY", 0.01)
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await _odds_settled(pilot)
        assert _odds_children() == []
        expected = compute_odds(toy_registry, build_attack(toy_registry, DOC, "toy.toml"))
        assert msgspec.json.encode(app.main.odds) == msgspec.json.encode(expected)


@run_async
async def test_the_targets_enumerated_reach_the_odds_pane(toy_registry, monkeypatch):
    """The child's reports of targets enumerated are shown as they come, before the odds."""
    import gunline.odds.background as background

    shown: list[tuple[int, int]] = []
    enumerating = OddsView.enumerating

    def watched(view, done, total):
        shown.append((done, total))
        enumerating(view, done, total)

    monkeypatch.setattr(background, "EVERY", 0.0)
    monkeypatch.setattr(OddsView, "enumerating", watched)
    monkeypatch.setattr(MainScreen, "ODDS_DELAY", 0.01)
    doc = {**DOC, "targets": [{"name": "Bo"}, {"name": "Cy"}, {"name": "Di"}]}
    app = make_app(toy_registry, doc=doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await _odds_in(pilot, app)
    assert shown == [(1, 3), (2, 3), (3, 3)]
