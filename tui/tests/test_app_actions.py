"""Actions between attacks in the app, by keys alone, with the toy ruleset: F2 offers
the ruleset's actions for the encounter with their odds (and says which the rules
refuse now), the one picked is rolled and committed, and Ctrl+Z undoes it."""

from __future__ import annotations

from textual.widgets import OptionList

from gunline.journal import Journal
from gunline.scenario import build_attack
from gunline_tui.app import make_app
from gunline_tui.screens.dialogs import ConfirmDialog, PickDialog
from gunline_tui.testing import run_async, screen_text, settle

ENC = "pit"
DOC = {
    "ruleset": "toy",
    "mode": "single",
    "shooter": {"name": "Ada", "skill": 4},
    "weapon": {"name": "pistol"},
    "targets": [{"name": "Bo"}, {"name": "Cy", "wounds": 2}],
}


def wound_cy(registry, path):
    """One committed attack: Bo missed (a 1), Cy hit (a 6): one of his two wounds."""
    with Journal(path) as journal:
        journal.resolve(ENC, registry, build_attack(registry, DOC), DOC, faces=[1, 6])
        assert journal.state(ENC).targets["Cy"] == {"status": "wounded", "wounds_left": 1}


@run_async
async def test_f3_offers_the_actions_with_their_odds_and_commits_the_one_picked(toy_registry, tmp_path, monkeypatch):
    path = tmp_path / "journal.sqlite3"
    monkeypatch.setenv("GUNLINE_JOURNAL", str(path))
    wound_cy(toy_registry, path)
    app = make_app(toy_registry, doc=DOC, encounter=ENC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "actions (F3): first-aid, new-magazine" in screen_text(app)  # the encounter pane
        await pilot.press("f3")  # the encounter's menu, then its actions
        await settle(pilot)
        assert isinstance(app.screen, PickDialog)
        await pilot.press("down", "down", "down", "enter")
        await settle(pilot)
        assert isinstance(app.screen, PickDialog)
        options = app.screen.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert labels == [
            "first-aid · Bo: not now: Bo is unharmed: first aid is for the wounded",
            "first-aid · Cy: unharmed 50% · wounded 33% · dead 17%",
            "new-magazine · Ada: ok",
        ]
        await pilot.press("down", "enter")  # Cy's first aid
        await settle(pilot)
        with Journal(path) as journal:
            entries = journal.entries(ENC)
            assert [(e.action, e.act, e.who) for e in entries] == [("attack", None, None), ("act", "first-aid", "Cy")]
            cy = journal.state(ENC).targets["Cy"]
        assert cy["status"] in ("unharmed", "wounded", "dead")
        assert entries[-1].summary.startswith("first-aid: Cy: ")
        assert f"Cy: {cy['status']}" in screen_text(app)  # the pane shows the new state
        await app.main.run_action("journal_undo")  # asks first, naming the entry
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog) and "Undo #2 of" in screen_text(app)
        await pilot.press("enter")  # Enter out of habit undoes nothing
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmDialog)
        with Journal(path) as journal:
            assert journal.state(ENC).targets["Cy"] == cy
        await app.main.run_action("journal_undo")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        with Journal(path) as journal:
            assert journal.state(ENC).targets["Cy"] == {"status": "wounded", "wounds_left": 1}


@run_async
async def test_acting_without_an_encounter_says_how_to_choose_one(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.main.run_action("act")
        await settle(pilot)
        assert not isinstance(app.screen, PickDialog)
        assert any("no encounter chosen" in str(n.message) for n in app._notifications)
