"""The draft is written off the screen's thread a moment after the last change, and
at once when the app closes: a dropped connection loses nothing."""

from __future__ import annotations

from gunline import drafts
from gunline_tui.app import make_app
from gunline_tui.screens.main import MainScreen
from gunline_tui.testing import run_async, set_field, settle

DOC = {
    "ruleset": "toy",
    "shooter": {"name": "Ada", "skill": 4},
    "weapon": {"name": "pistol"},
    "targets": [{"name": "Bo"}],
}


@run_async
async def test_the_draft_is_on_disk_a_moment_after_the_last_keystroke(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "shooter.name", "Zed")
        await pilot.pause(MainScreen.DRAFT_DELAY + 0.3)
        await settle(pilot)
        assert drafts.load_draft()["shooter"]["name"] == "Zed"  # the app still runs


@run_async
async def test_closing_the_app_writes_the_last_change_at_once(toy_registry, monkeypatch):
    monkeypatch.setattr(MainScreen, "DRAFT_DELAY", 3600.0)  # never by the timer
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "shooter.name", "Kim")
        await settle(pilot)
        assert drafts.load_draft() is None or drafts.load_draft()["shooter"]["name"] != "Kim"
        await pilot.press("ctrl+q")
    assert drafts.load_draft()["shooter"]["name"] == "Kim"
