"""Nothing a GM has is lost by saving: examples are copies, other files are asked
for, the default place is the data folder of the ruleset, comments stay."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gunline import discover
from gunline_tui.app import make_app
from gunline_tui.screens.dialogs import ChoiceDialog, ConfirmDialog, PromptDialog
from gunline_tui.testing import answer, run_async, screen_text, set_field, settle

ROOT = Path(__file__).resolve().parents[2]
LASGUN = ROOT / "examples" / "necromunda" / "lasgun-long-range.toml"
THREE = ROOT / "examples" / "wod" / "three-successes.toml"


@pytest.fixture
def registry():
    return discover()


@run_async
async def test_an_example_opens_as_a_copy_and_saving_it_asks_where(registry, home):
    before = LASGUN.read_bytes()
    app = make_app(registry, file=str(LASGUN))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "copy of lasgun-long-range.toml" in screen_text(app)
        await set_field(pilot, "shooter.bs", "4")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, PromptDialog)
        line = app.screen.query_one("#prompt-input").value
        assert line == str(home / "scenarios" / "necromunda" / "lasgun-long-range.toml")
        await answer(pilot, str(LASGUN))  # the example itself: refused
        await settle(pilot)
        assert isinstance(app.screen, PromptDialog) and "read-only" in screen_text(app)
        await answer(pilot, line)
        await settle(pilot)
        saved = Path(line).read_text()
    assert LASGUN.read_bytes() == before
    assert saved.startswith("# BS 3 with a lasgun")  # the example's comments kept
    assert "bs = 4" in saved


@run_async
async def test_a_file_opened_here_is_saved_at_once_keeping_its_comments(registry, tmp_path):
    mine = tmp_path / "raid.toml"
    shutil.copy(LASGUN, mine)
    app = make_app(registry, file=str(mine))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "targets[0].distance", "7")
        await settle(pilot)
        assert "raid.toml *" in screen_text(app)  # unsaved changes
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert not isinstance(app.screen, PromptDialog)
        assert "saved raid.toml" in screen_text(app)
    text = mine.read_text()
    assert text == LASGUN.read_text().replace("distance = 18", "distance = 7")


@run_async
async def test_save_as_over_a_file_not_opened_here_asks_first(registry, tmp_path):
    other = tmp_path / "other.toml"
    other.write_text("# the other GM's notes\n")
    app = make_app(registry, file=str(THREE))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f12")
        await settle(pilot)
        await answer(pilot, str(other))
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog) and "was not opened or saved in this session" in screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        assert other.read_text() == "# the other GM's notes\n"
        await pilot.press("f12")
        await settle(pilot)
        await answer(pilot, str(other))
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert other.read_text() == THREE.read_text()
        await set_field(pilot, "shooter.firearms", "1")
        await pilot.press("ctrl+s")  # now it is this session's: no question
        await settle(pilot)
        assert not isinstance(app.screen, (ConfirmDialog, PromptDialog))
    assert "firearms = 1" in other.read_text()


@run_async
async def test_after_switching_ruleset_the_default_is_not_the_other_games_file(registry, tmp_path, home):
    mine = tmp_path / "raid.toml"
    shutil.copy(LASGUN, mine)
    app = make_app(registry, file=str(mine))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "ruleset", "wod")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        line = app.screen.query_one("#prompt-input").value
        assert line.startswith(str(home / "scenarios" / "wod"))
        await pilot.press("escape")
    assert mine.read_text() == LASGUN.read_text()


@run_async
async def test_save_over_a_file_changed_on_disk_asks_and_enter_keeps_the_other_version(registry, tmp_path):
    mine = tmp_path / "raid.toml"
    shutil.copy(LASGUN, mine)
    app = make_app(registry, file=str(mine))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "targets[0].distance", "7")
        await settle(pilot)
        theirs = LASGUN.read_text().replace("distance = 18", "distance = 9")
        mine.write_text(theirs)  # another editor, or another gunline, saved it meanwhile
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        assert "changed on disk since gunline last opened or saved it" in screen_text(app)
        await pilot.press("enter")  # out of habit: nothing is overwritten
        await settle(pilot)
        assert mine.read_text() == theirs and "not saved" in screen_text(app)
        await pilot.press("ctrl+s")
        await settle(pilot)
        await pilot.press("a")  # save as another file
        await settle(pilot)
        assert isinstance(app.screen, PromptDialog)
        await answer(pilot, str(tmp_path / "raid-mine.toml"))
        await settle(pilot)
        assert "distance = 7" in (tmp_path / "raid-mine.toml").read_text()
    assert mine.read_text() == theirs


@run_async
async def test_overwriting_a_file_changed_on_disk_takes_its_own_key(registry, tmp_path):
    mine = tmp_path / "raid.toml"
    shutil.copy(LASGUN, mine)
    app = make_app(registry, file=str(mine))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "targets[0].distance", "7")
        mine.write_text(LASGUN.read_text().replace("distance = 18", "distance = 9"))
        await pilot.press("ctrl+s")
        await settle(pilot)
        await pilot.press("o")
        await settle(pilot)
        assert "distance = 7" in mine.read_text()
        await set_field(pilot, "targets[0].distance", "6")
        await pilot.press("ctrl+s")  # what is on disk is what this session wrote: no question
        await settle(pilot)
        assert not isinstance(app.screen, ChoiceDialog)
    assert "distance = 6" in mine.read_text()


@run_async
async def test_the_overwrite_question_says_no_on_enter(registry, tmp_path):
    other = tmp_path / "other.toml"
    other.write_text("ruleset = 'wod'  # the other GM's\n")
    app = make_app(registry, file=str(THREE))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f12")
        await settle(pilot)
        await answer(pilot, str(other))
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog) and "n / Esc / Enter: no" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmDialog)
    assert other.read_text() == "ruleset = 'wod'  # the other GM's\n"


@run_async
async def test_save_as_refuses_the_journal_and_a_file_that_is_no_scenario(registry, tmp_path, home):
    from gunline.journal import Journal

    journal = tmp_path / "table.sqlite3"
    Journal(str(journal)).close()
    kept = journal.read_bytes()
    app = make_app(registry, file=str(THREE), journal=str(journal))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f12")
        await settle(pilot)
        await answer(pilot, str(journal))
        await settle(pilot)
        assert isinstance(app.screen, PromptDialog)  # still asking where: the line says why not there
        assert f"{journal} is the encounter journal: a scenario never goes there" in screen_text(app)
        copy = tmp_path / "copy.sqlite3"
        shutil.copy(journal, copy)
        await answer(pilot, str(copy))
        await settle(pilot)
        assert isinstance(app.screen, PromptDialog)
        assert f"{copy} is not a scenario (an SQLite database)" in screen_text(app)
        await pilot.press("escape")
    assert journal.read_bytes() == kept and copy.read_bytes() == kept


@run_async
async def test_ctrl_s_on_a_scenario_read_from_a_pipe_offers_save_as(toy_registry, tmp_path):
    import os

    read, write = os.pipe()  # gunline <(cat a.toml)
    os.write(write, b'ruleset = "toy"\n\n[shooter]\nname = "Ada"\n\n[weapon]\nname = "pistol"\nrounds = 3\n\n'
                    b'[[targets]]\nname = "Bo"\n')
    os.close(write)
    pipe = f"/dev/fd/{read}"
    try:
        app = make_app(toy_registry, file=pipe)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert app.main.model.doc["shooter"]["name"] == "Ada"
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert isinstance(app.screen, PromptDialog)  # Save as, not "✗ not saved"
            assert "Save scenario as" in screen_text(app)
            assert not pilot.app.focused.value.startswith("/dev/fd")  # a name to save to, not the pipe
            assert any("is a pipe or a device, no file to save to" in str(n.message) for n in app._notifications)
            await answer(pilot, str(tmp_path / "a.toml"))
            await settle(pilot)
            assert app.main.model.source.path == str(tmp_path / "a.toml")
        assert 'name = "Ada"' in (tmp_path / "a.toml").read_text(encoding="utf-8")
    finally:
        os.close(read)


@run_async
async def test_ctrl_s_on_a_file_deleted_on_disk_asks_before_writing_it_again(registry, tmp_path):
    mine = tmp_path / "raid.toml"
    shutil.copy(LASGUN, mine)
    app = make_app(registry, file=str(mine))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "targets[0].distance", "7")
        await settle(pilot)
        mine.unlink()  # the GM, or a tidy-up, removed it meanwhile
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        assert "Save raid.toml again?" in screen_text(app)
        assert "was deleted on disk since gunline last opened or saved it" in screen_text(app)
        await pilot.press("enter")  # out of habit: nothing is written
        await settle(pilot)
        assert not mine.exists() and "not saved" in screen_text(app)
        await pilot.press("ctrl+s")
        await settle(pilot)
        await pilot.press("o")  # put it back, with this scenario
        await settle(pilot)
        assert "distance = 7" in mine.read_text()
        await set_field(pilot, "targets[0].distance", "6")
        await pilot.press("ctrl+s")  # what is on disk is what this session wrote: no question
        await settle(pilot)
        assert not isinstance(app.screen, ChoiceDialog)
    assert "distance = 6" in mine.read_text()


@run_async
async def test_ctrl_s_on_a_file_replaced_by_a_folder_says_so_and_offers_save_as(registry, tmp_path):
    mine = tmp_path / "raid.toml"
    shutil.copy(LASGUN, mine)
    app = make_app(registry, file=str(mine))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "targets[0].distance", "7")
        await settle(pilot)
        mine.unlink()
        mine.mkdir()  # a folder by that name now
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, PromptDialog) and "Save scenario as" in screen_text(app)
        said = [str(n.message) for n in app._notifications]
        assert f"{mine} is now a folder, not the file it was: save the scenario elsewhere" in said
        await answer(pilot, str(tmp_path / "raid-mine.toml"))
        await settle(pilot)
    assert "distance = 7" in (tmp_path / "raid-mine.toml").read_text()
    assert mine.is_dir() and not any(mine.iterdir())


@run_async
async def test_a_target_moved_by_keys_is_saved_with_its_own_comments(toy_registry, tmp_path):
    from gunline_tui.widgets.form import TargetHeader

    bo = '# Bo: the sentry, asleep\n[[targets]]  # first through the door\nname = "Bo"\nwounds = 2  # tough\n'
    cy = '# Cy: behind the crates\n[[targets]]\nname = "Cy"\ncover = true\n'
    head = '# The night raid.\nruleset = "toy"\n\n[shooter]\nname = "Ada"\n\n[weapon]\nname = "pistol"\nrounds = 5\n\n'
    mine = tmp_path / "raid.toml"
    mine.write_text(head + bo + "\n" + cy)
    app = make_app(toy_registry, file=str(mine))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.set_focus(app.screen.query(TargetHeader).last())
        await pilot.press("k")  # Cy up, above Bo
        await settle(pilot)
        assert [t["name"] for t in app.main.model.doc["targets"]] == ["Cy", "Bo"]
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "saved raid.toml" in screen_text(app)
    assert mine.read_text() == head + cy + "\n" + bo
