"""Open, New, an example or a ruleset switch never silently replace work that is in
no file: the app asks, Enter keeps working, and Save first saves and goes on; a
scenario as it was opened, or an example's copy never edited, is replaced at once."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gunline import discover, drafts
from gunline.scenario import read_document
from gunline_tui.app import make_app
from gunline_tui.screens.dialogs import ChoiceDialog, PromptDialog
from gunline_tui.testing import answer, editor_of, run_async, screen_text, set_field, settle

ROOT = Path(__file__).resolve().parents[2]
LASGUN = ROOT / "examples" / "necromunda" / "lasgun-long-range.toml"
THREE = ROOT / "examples" / "wod" / "three-successes.toml"


@pytest.fixture
def registry():
    return discover()


def distance(app) -> int:
    return app.main.model.doc["targets"][0]["distance"]


@run_async
async def test_open_over_unsaved_changes_asks_and_enter_keeps_working(registry, tmp_path):
    mine, other = tmp_path / "raid.toml", tmp_path / "other.toml"
    shutil.copy(LASGUN, mine)
    shutil.copy(THREE, other)
    app = make_app(registry, file=str(mine))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "targets[0].distance", "7")
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        await answer(pilot, str(other))
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        assert "Unsaved changes to raid.toml" in screen_text(app)
        await pilot.press("enter")  # the safe answer
        await settle(pilot)
        assert app.main.model.source.path == str(mine) and distance(app) == 7
        assert "kept working on raid.toml" in screen_text(app)
        app.main.flush_draft()
        assert drafts.load_draft()["targets"][0]["distance"] == 7  # the draft holds the edit still
        await pilot.press("ctrl+o")
        await settle(pilot)
        await answer(pilot, str(other))
        await settle(pilot)
        await pilot.press("r")  # replace it without saving
        await settle(pilot)
        assert app.main.model.source.path == str(other) and app.main.model.doc["ruleset"] == "wod"
        await pilot.press("ctrl+z")  # the session's undo still brings it back, unsaved
        await settle(pilot)
        assert app.main.model.source.path == str(mine) and distance(app) == 7 and app.main.model.unsaved
    assert mine.read_text() == LASGUN.read_text()


@run_async
async def test_new_over_unsaved_changes_saves_first_then_goes_on(registry, tmp_path):
    mine = tmp_path / "raid.toml"
    shutil.copy(LASGUN, mine)
    app = make_app(registry, file=str(mine))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "targets[0].distance", "7")
        await settle(pilot)
        await pilot.press("f9")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("s")
        await settle(pilot)
        assert "distance = 7" in mine.read_text()
        assert app.main.model.source.path is None and app.main.model.doc["targets"] == [{}]  # the new one
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert distance(app) == 7 and not app.main.model.unsaved  # as saved


@run_async
async def test_save_first_of_an_untitled_scenario_asks_where_and_cancelling_replaces_nothing(registry, tmp_path):
    app = make_app(registry, file=str(LASGUN))  # an example's copy: untitled
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "targets[0].distance", "7")
        await settle(pilot)
        await pilot.press("f9")
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, PromptDialog)  # where to save it
        await pilot.press("escape")
        await settle(pilot)
        assert distance(app) == 7  # nothing saved, nothing replaced
        await pilot.press("f9")
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        await answer(pilot, str(tmp_path / "saved.toml"))
        await settle(pilot)
        assert "distance = 7" in (tmp_path / "saved.toml").read_text()
        assert app.main.model.doc["targets"] == [{}]


@run_async
async def test_a_scenario_as_opened_or_an_example_never_edited_is_replaced_at_once(registry, tmp_path):
    mine = tmp_path / "raid.toml"
    shutil.copy(THREE, mine)
    app = make_app(registry, file=str(LASGUN))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        await answer(pilot, str(mine))
        await settle(pilot)
        assert not isinstance(app.screen, ChoiceDialog) and app.main.model.source.path == str(mine)
        await set_field(pilot, "shooter.firearms", "1")
        await set_field(pilot, "shooter.firearms", "0")  # as it was in the file
        await pilot.press("f9")
        await settle(pilot)
        assert not isinstance(app.screen, ChoiceDialog) and app.main.model.source.path is None


@run_async
async def test_a_ruleset_switch_over_unsaved_changes_asks_and_keeping_shows_the_old_ruleset(registry, tmp_path):
    mine = tmp_path / "raid.toml"
    shutil.copy(LASGUN, mine)
    app = make_app(registry, file=str(mine))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "targets[0].distance", "7")
        await settle(pilot)
        await set_field(pilot, "ruleset", "wod")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog) and "Switching to wod" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert app.main.model.doc["ruleset"] == "necromunda" and distance(app) == 7
        assert editor_of(app, "ruleset").value == "necromunda"  # the picker too
        await set_field(pilot, "ruleset", "wod")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert app.main.model.doc["ruleset"] == "wod"


@run_async
async def test_a_draft_restored_from_an_earlier_session_is_asked_for(registry):
    drafts.save_draft(read_document(LASGUN))
    app = make_app(registry)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "restored draft" in screen_text(app)
        await pilot.press("f9")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)  # its changes may be in no file
        await pilot.press("enter")
        await settle(pilot)
        assert app.main.model.source.restored


@run_async
async def test_open_refuses_a_named_pipe_in_one_line_and_the_screen_goes_on(registry, tmp_path):
    """Reading a pipe nobody writes waits for ever: on the screen's loop that was a
    frozen app, with a line written over the screen. It is refused, named."""
    import os

    pipe = tmp_path / "raid.toml"
    os.mkfifo(pipe)
    app = make_app(registry, file=str(LASGUN))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        await answer(pilot, str(pipe))
        await settle(pilot)
        assert isinstance(app.screen, PromptDialog)  # still asking which file
        assert "not a regular file" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is app.main and app.main.model.source.example == str(LASGUN)


PIT = 'ruleset = "toy"\nmode = "single"\n\n[shooter]\nname = "Ada"\n\n[weapon]\nname = "pistol"\nrounds = 3\n\n' \
      '[[targets]]\nname = "Bo"\n'


async def replace_edited(pilot, mine, other) -> None:
    """Edit ``mine``, open ``other`` over it and answer r (replace without saving)."""
    await settle(pilot)
    await set_field(pilot, "weapon.name", "Kim")
    await pilot.press("ctrl+o")
    await settle(pilot)
    await answer(pilot, str(other))
    await settle(pilot)
    assert isinstance(pilot.app.screen, ChoiceDialog)
    assert "kept beside the draft under a dated name" in screen_text(pilot.app)
    await pilot.press("r")
    await settle(pilot)


@run_async
async def test_work_replaced_without_saving_is_kept_on_disk_first_and_said_where(toy_registry, tmp_path):
    mine, other = tmp_path / "a.toml", tmp_path / "b.toml"
    mine.write_text(PIT, encoding="utf-8")
    other.write_text(PIT.replace("Bo", "Cy"), encoding="utf-8")
    app = make_app(toy_registry, file=str(mine))
    async with app.run_test(size=(80, 24)) as pilot:
        await replace_edited(pilot, mine, other)
        assert app.main.model.source.path == str(other)
        [kept] = drafts.other_drafts()  # a dropped connection now loses nothing
        assert drafts.load_draft(kept)["weapon"]["name"] == "Kim"
        assert drafts.load_source(kept).path == str(mine)  # it knows its file: Ctrl+S saves it there
        said = f"a.toml kept as {kept}: Ctrl+O opens it"
        assert said in str(app.main.query_one("#status").render())
        assert said in [str(n.message) for n in app._notifications]
    assert mine.read_text(encoding="utf-8") == PIT


@run_async
async def test_work_that_cannot_be_kept_on_disk_is_not_replaced(toy_registry, tmp_path, monkeypatch):
    mine, other, blocked = tmp_path / "a.toml", tmp_path / "b.toml", tmp_path / "a-file"
    mine.write_text(PIT, encoding="utf-8")
    other.write_text(PIT.replace("Bo", "Cy"), encoding="utf-8")
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setattr(drafts, "fresh_draft_path", lambda folder=None: blocked / "draft-1.toml")
    app = make_app(toy_registry, file=str(mine))
    async with app.run_test(size=(80, 24)) as pilot:
        await replace_edited(pilot, mine, other)
        assert app.main.model.source.path == str(mine) and app.main.model.doc["weapon"]["name"] == "Kim"
        status = str(app.main.query_one("#status").render())
        assert f"✗ a.toml could not be kept as {blocked / 'draft-1.toml'}" in status
        assert "nothing replaced" in status
