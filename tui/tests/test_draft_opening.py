"""The app's opening never loses a GM's work: a relaunch after a dropped session,
with or without the file, a draft that cannot be read, a second app on the same
data directory (see gunline_tui.opening)."""

from __future__ import annotations

import os

from textual.widgets import OptionList

from gunline import draftfallback, drafts
from gunline.draftlock import claim_draft
from gunline_tui.app import make_app
from gunline_tui.model import Source
from gunline_tui.opening import kept_to_open, opening
from gunline_tui.screens.dialogs import ChoiceDialog, PickDialog, PromptDialog
from gunline_tui.testing import answer, run_async, screen_text, set_field, settle

PIT = '# the pit fight\nruleset = "toy"\nmode = "single"\n\n[shooter]\nname = "Ada"\nskill = 4\n\n' \
      '[weapon]\nname = "pistol"\n\n[[targets]]\nname = "Bo"\n'


def scenario(tmp_path, name="pit.toml", text=PIT):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _listed(dialog) -> list[tuple[str, str]]:
    """What a pick dialog lists: (label, id) of each option, in order."""
    options = dialog.query_one("#pick-list", OptionList)
    return [(str(o.prompt), o.id) for o in (options.get_option_at_index(i) for i in range(options.option_count))]


async def edit_and_drop(registry, file, value="Zed"):
    """Open ``file``, change the shooter's name, and lose the connection (the app
    ends as a hang-up ends it: the draft written, nothing saved)."""
    app = make_app(registry, file=file)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "shooter.name", value)
        await settle(pilot)
        app.flush_draft()


@run_async
async def test_gunline_file_after_a_dropped_session_restores_the_unsaved_changes_to_it(tmp_path, toy_registry):
    pit = scenario(tmp_path)
    await edit_and_drop(toy_registry, pit)
    app = make_app(toy_registry, file=pit)  # the command the GM ran before
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        main = app.main
        assert main.draft.doc["shooter"]["name"] == "Zed"
        assert main.model.source.path == pit and main.model.dirty  # pit.toml *, its changes unsaved
        status = str(main.query_one("#status").render())
        assert "pit.toml *" in status and "unsaved changes to pit.toml restored" in status
        assert any("unsaved changes to pit.toml restored" in str(n.message) for n in app._notifications)  # whole
        await pilot.press("ctrl+s")  # to the file, not to a new name
        await settle(pilot)
    text = open(pit, encoding="utf-8").read()
    assert 'name = "Zed"' in text and text.startswith("# the pit fight")


@run_async
async def test_gunline_other_file_keeps_the_unsaved_draft_under_a_dated_name_and_says_where(tmp_path,
                                                                                            toy_registry):
    pit = scenario(tmp_path)
    other = scenario(tmp_path, "alley.toml", PIT.replace("Bo", "Cy"))
    await edit_and_drop(toy_registry, pit)
    app = make_app(toy_registry, file=other)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.main.draft.doc["targets"] == [{"name": "Cy"}] and app.main.model.source.path == other
        [kept] = drafts.other_drafts()
        said = [str(n.message) for n in app._notifications]
        assert any(str(kept) in n and pit in n for n in said), said
        await set_field(pilot, "shooter.name", "Kim")  # the next edit's draft replaces nothing
        await settle(pilot)
        app.flush_draft()
    assert drafts.load_draft(kept)["shooter"]["name"] == "Zed"
    assert drafts.load_source(kept).path == pit
    assert drafts.load_draft()["shooter"]["name"] == "Kim"


def test_a_draft_equal_to_the_file_is_the_file(tmp_path, toy_registry):
    pit = scenario(tmp_path)
    drafts.save_draft(drafts.tomllib.loads(PIT))
    start = opening(toy_registry, pit)
    assert start.file == pit and not start.restored and not start.notes
    assert drafts.other_drafts() == []


@run_async
async def test_a_restored_draft_is_saved_to_the_file_it_came_from(tmp_path, toy_registry):
    pit = scenario(tmp_path)
    await edit_and_drop(toy_registry, pit)
    app = make_app(toy_registry)  # plain `gunline`
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.main.model.source.path == pit
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is app.main  # no question where to save
    assert 'name = "Zed"' in open(pit, encoding="utf-8").read()


@run_async
async def test_a_restored_drafts_file_changed_since_the_draft_was_made_is_not_saved_over_unasked(tmp_path,
                                                                                              toy_registry):
    pit = scenario(tmp_path)
    await edit_and_drop(toy_registry, pit)
    theirs = open(pit, encoding="utf-8").read() + "# the other GM's note\n"
    with open(pit, "w", encoding="utf-8") as f:  # changed between the sessions
        f.write(theirs)
    app = make_app(toy_registry)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is not app.main  # asked
        await pilot.press("enter")  # the safe answer: nothing saved
        await settle(pilot)
    assert open(pit, encoding="utf-8").read() == theirs


def test_a_draft_that_is_not_toml_or_not_utf8_is_kept_and_said_never_over_an_earlier_one(toy_registry):
    home = drafts.data_dir()
    home.mkdir(parents=True)
    (home / "draft.toml").write_text('[shooter\nname = "Ada"')
    start = opening(toy_registry, None)
    first = home / "draft.toml.unusable"
    assert start.notice == f"✗ draft: not valid TOML: Expected ']' at the end of a table declaration " \
                           f"(at line 1, column 9); kept as {first}"
    assert start.notice in start.notes  # said in a notification too, whole
    start.claim.release()
    (home / "draft.toml").write_bytes(b'ruleset = "t\xefy"')
    start = opening(toy_registry, None)
    assert start.notice == f"✗ draft: not a text file (expected UTF-8 TOML); kept as {home / 'draft-2.toml.unusable'}"
    assert first.read_text() == '[shooter\nname = "Ada"'
    assert (home / "draft-2.toml.unusable").read_bytes() == b'ruleset = "t\xefy"'


@run_async
async def test_a_second_app_on_the_same_data_directory_keeps_its_own_draft_and_says_so(tmp_path, toy_registry):
    pit = scenario(tmp_path)
    first = claim_draft()  # the first app, still running
    drafts.save_draft({"ruleset": "toy", "shooter": {"name": "First"}, "weapon": {"name": "pistol"},
                       "targets": [{"name": "Bo"}]})
    app = make_app(toy_registry, file=pit)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        mine = app.main.draft_file
        assert mine is not None and mine != drafts.draft_path()
        assert "another gunline has the draft" in str(app.main.query_one("#status").render())
        assert any(str(mine) in str(n.message) for n in app._notifications)
        await set_field(pilot, "shooter.name", "Second")
        await settle(pilot)
        app.flush_draft()
    assert drafts.load_draft()["shooter"]["name"] == "First"  # the first app's, untouched
    assert drafts.load_draft(mine)["shooter"]["name"] == "Second"
    first.release()
    later = opening(toy_registry, None)  # the next launch finds both
    assert later.doc["shooter"]["name"] == "First"
    assert any(mine.name in note for note in later.notes)


@run_async
async def test_relaunching_while_the_dropped_session_still_runs_brings_back_its_work_in_a_draft_of_its_own(
        tmp_path, toy_registry):
    """The app of a dropped session may live on (a hang-up that never reached it):
    the relaunch still gets the unsaved changes, and writes them elsewhere."""
    pit = scenario(tmp_path)
    await edit_and_drop(toy_registry, pit)
    old = claim_draft()  # the old session, still holding the draft
    start = opening(toy_registry, pit)
    assert start.restored and start.doc["shooter"]["name"] == "Zed" and start.source.path == pit
    assert start.draft != drafts.draft_path()
    assert "unsaved changes to pit.toml restored from the draft" in start.notes
    old.release()


@run_async
async def test_a_relaunch_from_another_folder_never_puts_the_draft_on_a_file_of_the_same_name(
        tmp_path, toy_registry, monkeypatch):
    """``cd c1 && gunline pit.toml``, an edit, a dropped session; then from ``c2``,
    which has a pit.toml of its own: that file opens as it is, the work is kept, and
    plain ``gunline`` saves the work to c1's file, wherever it is started."""
    (tmp_path / "c1").mkdir()
    (tmp_path / "c2").mkdir()
    one, two = scenario(tmp_path / "c1"), scenario(tmp_path / "c2")
    monkeypatch.chdir(tmp_path / "c1")
    await edit_and_drop(toy_registry, "pit.toml")
    monkeypatch.chdir(tmp_path / "c2")
    start = opening(toy_registry, "pit.toml")
    assert start.doc["shooter"]["name"] == "Ada" and not start.restored  # c2's file, as it is
    assert any("is kept as" in note for note in start.notes)
    start.claim.release()
    kept = drafts.other_drafts()[-1]
    os.replace(kept, drafts.draft_path())  # the kept draft back in place: plain `gunline` from c2
    os.replace(drafts.source_path(kept), drafts.source_path(drafts.draft_path()))
    app = make_app(toy_registry)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.main.model.source.path == one
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert 'name = "Zed"' in open(one, encoding="utf-8").read()
    assert open(two, encoding="utf-8").read() == PIT and not os.path.exists(tmp_path / "c2" / "c1")


@run_async
async def test_a_restored_draft_whose_file_is_gone_is_unsaved_work(tmp_path, toy_registry):
    """Moved or deleted since: the draft is all that holds the work, so New asks."""
    pit = scenario(tmp_path)
    await edit_and_drop(toy_registry, pit)
    os.rename(pit, tmp_path / "moved.toml")
    app = make_app(toy_registry)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.main.model.unsaved
        await pilot.press("f9")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)


def test_a_pipe_is_no_file_for_the_draft_to_come_back_to():
    read, write = os.pipe()
    try:
        piped = Source(path=f"/dev/fd/{read}", text="ruleset = 'toy'\n")
        assert piped.for_draft() == drafts.DraftSource(path=None, text="ruleset = 'toy'\n")
    finally:
        os.close(read)
        os.close(write)


@run_async
async def test_a_draft_its_file_holds_is_not_kept_as_unsaved_work(tmp_path, toy_registry):
    """Edit, Ctrl+S, quit, then ``gunline OTHER``: the work is in its file, so no
    kept draft says "unsaved" and none piles up in the data folder."""
    pit, other = scenario(tmp_path), scenario(tmp_path, "other.toml")
    app = make_app(toy_registry, file=pit)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "shooter.name", "Zed")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        app.flush_draft()
    assert 'name = "Zed"' in open(pit, encoding="utf-8").read()
    start = opening(toy_registry, other)
    start.claim.release()
    assert not any("kept as" in note for note in start.notes), start.notes
    assert drafts.other_drafts() == []


def test_gunline_file_finds_its_unsaved_changes_in_a_kept_draft_and_the_list_says_whose(tmp_path, toy_registry):
    """A second app's draft (or one kept aside) holding changes to b.toml: ``gunline
    b.toml`` brings them back, not b.toml as it is on disk beside "1 other draft
    kept"; the drafts still kept are listed with the file each belongs to."""
    a, b = scenario(tmp_path, "a.toml"), scenario(tmp_path, "b.toml")
    edited = {"ruleset": "toy", "mode": "single", "shooter": {"name": "Bea", "skill": 4},
              "weapon": {"name": "pistol"}, "targets": [{"name": "Bo"}]}
    home = drafts.data_dir()
    second = home / "draft-20261204-220000.toml"
    drafts.save_draft(edited, second, drafts.DraftSource(path=b))  # the second app's
    drafts.save_draft({**edited, "shooter": {"name": "Al", "skill": 4}}, source=drafts.DraftSource(path=a))
    start = opening(toy_registry, b)
    start.claim.release()
    assert start.restored and start.doc["shooter"]["name"] == "Bea" and start.clean["shooter"]["name"] == "Ada"
    assert start.source.path == b and start.draft == drafts.draft_path()
    assert any("unsaved changes to b.toml restored from the draft" in note for note in start.notes)
    assert drafts.load_draft()["shooter"]["name"] == "Bea" and not second.exists()  # the draft again
    [kept] = drafts.other_drafts()  # a.toml's work, kept aside for it
    assert drafts.load_draft(kept)["shooter"]["name"] == "Al"
    assert any(f"{kept.name} (a.toml)" in note for note in start.notes), start.notes


def test_a_kept_draft_its_file_holds_is_removed_and_one_with_work_in_no_file_stays(tmp_path, toy_registry):
    """Kept drafts saved to their files since (or never edited) leave the launch list
    and the data folder; one whose file differs, or that has no file, is kept."""
    a, b, c = scenario(tmp_path, "a.toml"), scenario(tmp_path, "b.toml"), scenario(tmp_path, "c.toml")
    as_on_disk = drafts.read_draft(drafts.save_draft(
        {"ruleset": "toy", "mode": "single", "shooter": {"name": "Ada", "skill": 4},
         "weapon": {"name": "pistol"}, "targets": [{"name": "Bo"}]}, drafts.data_dir() / "probe.toml"))[0]
    home = drafts.data_dir()
    saved = home / "draft-20261204-210000.toml"
    drafts.save_draft(as_on_disk, saved, drafts.DraftSource(path=a))  # a.toml holds it
    changed = home / "draft-20261204-210001.toml"
    drafts.save_draft({**as_on_disk, "shooter": {"name": "Al", "skill": 4}}, changed, drafts.DraftSource(path=b))
    untitled = home / "draft-20261204-210002.toml"
    drafts.save_draft(as_on_disk, untitled)
    start = opening(toy_registry, c)
    start.claim.release()
    assert not saved.exists() and not drafts.source_path(saved).exists()
    assert changed.exists() and untitled.exists()
    assert any("2 other drafts kept" in note for note in start.notes), start.notes
    assert not any(saved.name in note for note in start.notes), start.notes


def test_the_open_dialog_lists_the_kept_drafts_with_work_newest_first(tmp_path, toy_registry):
    """What Ctrl+O offers: each kept draft holding work no file holds, newest first,
    by its name and its file's; not one its file holds, nor one that cannot be read."""
    a, b = scenario(tmp_path, "a.toml"), scenario(tmp_path, "b.toml")
    home = drafts.data_dir()
    doc = {"ruleset": "toy", "mode": "single", "shooter": {"name": "Al", "skill": 4},
           "weapon": {"name": "pistol"}, "targets": [{"name": "Bo"}]}
    older, newer, untitled = (home / f"draft-20261204-21000{i}.toml" for i in range(3))
    drafts.save_draft(doc, older, drafts.DraftSource(path=a))
    drafts.save_draft(doc, newer, drafts.DraftSource(path=b))
    drafts.save_draft(doc, untitled)
    held = home / "draft-20261204-210003.toml"
    drafts.save_draft(drafts.read_draft(drafts.save_draft(
        {**doc, "shooter": {"name": "Ada", "skill": 4}}, home / "probe.toml"))[0], held, drafts.DraftSource(path=a))
    (home / "draft-20261204-210004.toml").write_text("ruleset = [unclosed", encoding="utf-8")
    assert kept_to_open() == [
        ("draft-20261204-210002.toml (untitled), unsaved", str(untitled)),
        ("draft-20261204-210001.toml (b.toml), unsaved", str(newer)),
        ("draft-20261204-210000.toml (a.toml), unsaved", str(older)),
    ]
    assert held.exists()  # listing removes nothing: the launch does


@run_async
async def test_a_kept_draft_opened_with_ctrl_o_is_its_files_unsaved_changes(tmp_path, toy_registry):
    """The launch names the kept drafts and says Ctrl+O opens one: opened, it is
    saved to the file it holds changes to, not to the data folder."""
    pit, other = scenario(tmp_path), scenario(tmp_path, "other.toml")
    kept = drafts.data_dir() / "draft-20261204-220000.toml"
    drafts.save_draft({"ruleset": "toy", "mode": "single", "shooter": {"name": "Zed", "skill": 4},
                       "weapon": {"name": "pistol"}, "targets": [{"name": "Bo"}]}, kept,
                      drafts.DraftSource(path=pit, text=PIT))
    app = make_app(toy_registry, file=other)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert any(kept.name in str(n.message) for n in app._notifications)  # the launch names it
        await pilot.press("ctrl+o")
        await settle(pilot)
        # listed, to pick without typing the dated name; the launch's notices are gone
        # from over the dialog (at 80 columns they covered half of it)
        assert isinstance(app.screen, PickDialog) and not app._notifications
        logged = screen_text(app.main)  # what the notices said is in the log, to read again
        assert "draft: 1 other draft kept in" in logged and kept.name in logged, logged
        listed = _listed(app.screen)
        assert listed == [("draft-20261204-220000.toml (pit.toml), unsaved", str(kept)), ("another file…", "")]
        await pilot.press("enter")  # the first: the newest kept draft
        await settle(pilot)
        assert app.screen is app.main
        assert app.main.model.source.path == pit and app.main.model.unsaved
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is app.main  # no question where: its file
    saved = open(pit, encoding="utf-8").read()
    assert 'name = "Zed"' in saved and "# the pit fight" in saved  # its comments kept


@run_async
async def test_gunline_kept_draft_on_the_command_line_is_its_files_unsaved_changes(tmp_path, toy_registry):
    """``gunline ~/.local/share/gunline/draft-….toml`` (the name the launch notice
    gave) opens it as Ctrl+O does: its file's unsaved changes, saved to that file,
    and the draft again (not left listed as kept beside a copy of itself)."""
    pit = scenario(tmp_path)
    kept = drafts.data_dir() / "draft-20261204-220000.toml"
    drafts.save_draft({"ruleset": "toy", "mode": "single", "shooter": {"name": "Zed", "skill": 4},
                       "weapon": {"name": "pistol"}, "targets": [{"name": "Bo"}]}, kept,
                      drafts.DraftSource(path=pit, text=PIT))
    app = make_app(toy_registry, file=str(kept))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        main = app.main
        assert main.draft.doc["shooter"]["name"] == "Zed"
        assert main.model.source.path == pit and main.model.unsaved
        assert any("unsaved changes to pit.toml restored" in str(n.message) for n in app._notifications)
        assert drafts.other_drafts() == []  # in place: the draft again
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is main  # no question where: its file
    saved = open(pit, encoding="utf-8").read()
    assert 'name = "Zed"' in saved and "# the pit fight" in saved


@run_async
async def test_an_untitled_kept_draft_is_unsaved_work_saved_with_save_as_never_into_the_data_folder(tmp_path,
                                                                                                  toy_registry):
    other = scenario(tmp_path, "other.toml")
    kept = drafts.data_dir() / "draft-20261204-220000.toml"
    drafts.save_draft({"ruleset": "toy", "mode": "single", "shooter": {"name": "Zed", "skill": 4},
                       "weapon": {"name": "pistol"}, "targets": [{"name": "Bo"}]}, kept)
    app = make_app(toy_registry, file=other)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert _listed(app.screen)[0] == ("draft-20261204-220000.toml (untitled), unsaved", str(kept))
        app.screen.query_one("#pick-list", OptionList).highlighted = 1  # another file…, typed
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PromptDialog)
        await answer(pilot, str(kept))  # its name typed opens it too
        await settle(pilot)
        main = app.main
        assert main.draft.doc["shooter"]["name"] == "Zed"
        assert main.model.source.path is None and main.model.unsaved
        before = kept.read_bytes()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is not main  # Save as asks where
        assert kept.read_bytes() == before
    assert drafts.kept_source(kept) is not None and drafts.kept_source(other) is None


#: A file whose values have the wrong types, one of each kind of field: a number as
#: text, a whole number's field holding a fraction, a flag as text, a choice not offered.
MISTYPED = ('ruleset = "necromunda"\n'
            'shooter = {name = "Ganger", bs = 4, overwatch = "yes"}\n'
            'weapon = {name = "Lasgun"}\n'
            'targets = [{name = "Goliath", distance = "18", toughness = 3.5, cover = "bogus"}]\n')


@run_async
async def test_a_file_with_mistyped_values_opens_as_it_is_with_the_commands_message(tmp_path, installed_registry,
                                                                                       capsys):
    """The form filled from the file does not store what it shows back into it: the
    text "18" stayed text (the app said valid, `gunline resolve` refused), 3.5 became
    the text "3.5", and the file was marked changed before any key."""
    import tomllib

    from gunline import cli

    path = scenario(tmp_path, "mistyped.toml", MISTYPED)
    app = make_app(installed_registry, file=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        main = app.main
        assert main.draft.doc == tomllib.loads(MISTYPED) and not main.model.dirty
        status = str(main.query_one("#status").render())
        shown_problem = screen_text(app).splitlines()[1]
    assert "mistyped.toml *" not in status
    assert cli.main(["validate", path]) == 2
    said = capsys.readouterr().err.strip()
    assert said == f"gunline: {path}: shooter.overwatch: expected bool, got str 'yes'"
    assert shown_problem.endswith("On overwatch: expected bool, got str 'yes'")


@run_async
async def test_a_data_folder_that_is_a_file_is_said_once_as_such(tmp_path, toy_registry, monkeypatch):
    """It said "✗ draft: cannot read it: Not a directory; kept as …/draft.toml":
    a draft that is not there, kept where nothing can be."""
    (tmp_path / "home").write_text("x")
    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path / "home"))
    app = make_app(toy_registry, file=scenario(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        said = [str(n.message) for n in app._notifications]
        [place] = draftfallback.found()
        assert said == [f"⚠ drafts cannot be kept in the data folder: the data folder {tmp_path / 'home'} is a "
                        f"file (GUNLINE_HOME or XDG_DATA_HOME names it); they are kept in {place} until it can "
                        "be written"]
        await set_field(pilot, "shooter.name", "Zed")
        app.flush_draft()
        assert app.main.draft_problem is None and app.main.draft_elsewhere == place / "draft.toml"
        assert drafts.load_draft(place / "draft.toml")["shooter"]["name"] == "Zed"


@run_async
async def test_a_data_folder_that_is_a_file_and_no_fallback_folder_of_ones_own_names_both(tmp_path, toy_registry,
                                                                                          monkeypatch):
    (tmp_path / "home").write_text("x")
    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path / "home"))
    [root] = draftfallback.roots()
    root.symlink_to(tmp_path)  # another user's trap in the shared temporary folder
    app = make_app(toy_registry, file=scenario(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        said = [str(n.message) for n in app._notifications]
        assert said == [f"✗ drafts cannot be kept: the data folder {tmp_path / 'home'} is a file (GUNLINE_HOME "
                        f"or XDG_DATA_HOME names it), nor in a folder of their own: {root} is a symbolic link, "
                        "not a folder of this user's; Ctrl+S saves to a file"]
        await set_field(pilot, "shooter.name", "Zed")
        app.flush_draft()
        assert app.main.draft_problem == (f"the data folder {tmp_path / 'home'} is a file; {root} is a symbolic "
                                          "link, not a folder of this user's")
        assert app.main.edits_on_no_disk()
    assert list(tmp_path.glob("draft*")) == []


@run_async
async def test_a_flag_or_a_choice_the_file_gives_no_allowed_value_shows_that_value_until_changed(
        tmp_path, installed_registry):
    """``cover = "bogus"`` showed ‹ none ›, ``overwatch = "yes"`` showed "no": a value
    that looked chosen, the error under it read as about that value."""
    from gunline_tui.testing import editor_of

    app = make_app(installed_registry, file=scenario(tmp_path, "mistyped.toml", MISTYPED))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        cover, overwatch = editor_of(app, "targets[0].cover"), editor_of(app, "shooter.overwatch")
        assert str(cover.render()).startswith("‹ 'bogus' ✗ ›")
        assert str(overwatch.label) == "'yes' ✗"
        app.set_focus(cover)
        await pilot.press("right")  # a step picks the first value, and it is stored
        await settle(pilot)
        assert str(cover.render()).startswith("‹ none ›") and app.main.draft.doc["targets"][0]["cover"] == "none"
        app.set_focus(overwatch)
        await pilot.press("space")
        await settle(pilot)
        assert str(overwatch.label) == "yes" and app.main.draft.doc["shooter"]["overwatch"] is True


def test_a_draft_whose_sidecar_is_damaged_is_restored_saying_its_file_is_not_known(tmp_path, toy_registry):
    """The sidecar naming the draft's file cannot be read (damaged) or is another
    draft's: the draft comes back untitled, and the launch says why, naming the
    sidecar, instead of a plain "draft restored" of a scenario that never had a file."""
    pit = scenario(tmp_path)
    drafts.save_draft({"ruleset": "toy", "shooter": {"name": "Zed"}}, source=drafts.DraftSource(path=pit))
    sidecar = drafts.source_path(drafts.draft_path())
    sidecar.write_text('{"draft": "ab', encoding="utf-8")  # cut short
    start = opening(toy_registry, None)
    start.claim.release()
    assert start.restored and start.doc["shooter"]["name"] == "Zed" and start.source is None
    said = (f"draft restored · which file it holds changes to is not known ({sidecar} is damaged or another "
            "draft's): F12 saves it")
    assert start.notice == said and said in start.notes


def test_a_kept_drafts_file_changed_on_disk_since_is_said_on_restoring_it(tmp_path, toy_registry):
    """A second app's draft of b.toml brought back by ``gunline b.toml`` after b.toml
    was saved by another app: said, as for the draft itself."""
    b = scenario(tmp_path, "b.toml")
    edited = {"ruleset": "toy", "mode": "single", "shooter": {"name": "Bea", "skill": 4},
              "weapon": {"name": "pistol"}, "targets": [{"name": "Bo"}]}
    second = drafts.data_dir() / "draft-20261204-220000.toml"
    drafts.save_draft(edited, second, drafts.DraftSource(path=b, text=PIT))
    with open(b, "w", encoding="utf-8") as f:
        f.write(PIT.replace("skill = 4", "skill = 5"))  # the first app saved it since
    start = opening(toy_registry, b)
    start.claim.release()
    assert start.restored and start.doc["shooter"]["name"] == "Bea"
    assert any(note.endswith("unsaved changes to b.toml restored from the draft "
                             f"{drafts.draft_path()} · b.toml changed on disk since") for note in start.notes), \
        start.notes
