"""The roster in the app: keep a fighter, start a new scenario, take him back by
name (F5); a file naming roster entries opens with them filled in."""

from __future__ import annotations

from pathlib import Path

from gunline import discover
from gunline.journal import Journal
from gunline_tui.app import make_app
from gunline_tui.screens.dialogs import PickDialog
from gunline_tui.testing import editor_of, run_async, settle

ROOT = Path(__file__).resolve().parents[2]
LASGUN = ROOT / "examples" / "necromunda" / "lasgun-long-range.toml"


async def library(pilot, option: str) -> None:
    await pilot.press("f5")
    await settle(pilot)
    dialog = pilot.app.screen
    assert isinstance(dialog, PickDialog)
    ids = [key for _label, key in dialog._options]
    await pilot.press(*["down"] * ids.index(option), "enter")
    await settle(pilot)


@run_async
async def test_keep_a_fighter_and_take_him_into_a_new_scenario(tmp_path, monkeypatch):
    path = tmp_path / "journal.sqlite3"
    monkeypatch.setenv("GUNLINE_JOURNAL", str(path))
    app = make_app(discover(), file=str(LASGUN))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        main = app.main
        await library(pilot, "keep:shooter")
        await library(pilot, "keep:target")
        await pilot.press("enter")  # Goliath, the only target
        await settle(pilot)
        with Journal(path) as j:
            assert j.roster_get("necromunda", "shooter", "Vex") == {"name": "Vex", "bs": 3}
            assert j.roster_names("necromunda", "target") == ["Goliath"]
        await pilot.press("f9")  # a new, empty scenario
        await settle(pilot)
        assert main.model.doc["shooter"] == {}
        await library(pilot, "take:shooter")
        await pilot.press("enter")
        await settle(pilot)
        assert main.model.doc["shooter"] == {"name": "Vex", "bs": 3}
        assert editor_of(app, "shooter.bs").value == "3"
        await library(pilot, "take:target")
        await pilot.press("enter")
        await settle(pilot)
        assert [t.get("name") for t in main.model.doc["targets"]] == [None, "Goliath"]
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert [t.get("name") for t in main.model.doc["targets"]] == [None]


@run_async
async def test_a_file_naming_roster_entries_opens_filled_in(tmp_path, monkeypatch):
    path = tmp_path / "journal.sqlite3"
    monkeypatch.setenv("GUNLINE_JOURNAL", str(path))
    with Journal(path, must_exist=False) as j:
        j.roster_put(discover(), "necromunda", "shooter", {"name": "Vex", "bs": 4})
    scenario = tmp_path / "named.toml"
    scenario.write_text('ruleset = "necromunda"\n[roster]\nshooter = "Vex"\n[weapon]\nname = "lasgun"\n'
                        '[[targets]]\nname = "Bo"\ndistance = 5\n')
    app = make_app(discover(), doc={"ruleset": "necromunda"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        app.screen.query_one("#prompt-input").value = str(scenario)
        await pilot.press("enter")
        await settle(pilot)
        assert app.main.model.doc["shooter"] == {"name": "Vex", "bs": 4}
        assert app.main.problem is None and app.main.chain is not None
