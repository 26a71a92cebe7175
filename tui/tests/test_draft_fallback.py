"""A data folder that cannot take the draft (a full disk, a read-only mount) loses
nothing: the draft goes to a folder of the user's own, the warning says where, a
dropped session's work comes back from there, and once the data folder can be
written the draft is back in it (see gunline.draftfallback)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import gunline.journal.atomic as atomic
from gunline import draftfallback, drafts
from gunline.draftlock import claim_draft
from gunline_tui.app import make_app
from gunline_tui.opening import kept_to_open, opening
from gunline_tui.screens.dialogs import ConfirmDialog
from gunline_tui.testing import run_async, set_field, settle

PIT = 'ruleset = "toy"\nmode = "single"\n\n[shooter]\nname = "Ada"\nskill = 4\n\n[weapon]\nname = "pistol"\n\n' \
      '[[targets]]\nname = "Bo"\n'


def scenario(tmp_path) -> str:
    path = tmp_path / "pit.toml"
    path.write_text(PIT, encoding="utf-8")
    return str(path)


def refuse_data_folder(monkeypatch, err=errno.EROFS, at_launch=True):
    """Every write into the data folder fails with ``err`` (a read-only mount, a full
    disk); with ``at_launch``, the launch's check finds it too."""
    real = atomic.write_atomic
    home = drafts.data_dir()
    home.mkdir(parents=True, exist_ok=True)

    def write(path, data, **kwargs):
        if Path(path).parent == home:
            raise OSError(err, os.strerror(err), str(path))
        return real(path, data, **kwargs)

    monkeypatch.setattr(atomic, "write_atomic", write)
    if at_launch:
        monkeypatch.setattr(drafts, "home_problem", lambda: f"the data folder {home} cannot be written")


def said(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


def status(app) -> str:
    return str(app.main.query_one("#status").render())


async def edit_and_drop(registry, file, value="Zed"):
    """Open ``file``, change the shooter's name, and lose the connection (the app
    ends as a hang-up ends it: the draft written, nothing saved)."""
    app = make_app(registry, file=file)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "shooter.name", value)
        await settle(pilot)
        app.flush_draft()
    return app


@run_async
async def test_a_full_disk_puts_the_draft_in_a_folder_of_ones_own_and_says_where(tmp_path, toy_registry,
                                                                                   monkeypatch):
    pit = scenario(tmp_path)
    app = make_app(toy_registry, file=pit)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        with monkeypatch.context() as full:
            refuse_data_folder(full, errno.ENOSPC, at_launch=False)
            await set_field(pilot, "shooter.name", "Zed")
            await settle(pilot)
            app.main.flush_draft()
            app.main.show_draft_state()
            await settle(pilot)
            [place] = draftfallback.found()
            kept = place / "draft.toml"
            assert app.main.draft_elsewhere == kept and app.main.draft_problem is None
            assert drafts.load_draft(kept)["shooter"]["name"] == "Zed"
            assert drafts.load_source(kept).path == pit  # its sidecar names the scenario's file
            assert f"{drafts.draft_path()}: No space left on device: the draft is kept in {kept} until the data " \
                   "folder can be written; the next launch finds it there" in said(app)
            assert status(app).startswith("gunline · ⚠ draft kept elsewhere")
            await pilot.press("ctrl+q")  # the edits are on a disk: nothing to ask
            await settle(pilot)
            assert not isinstance(app.screen, ConfirmDialog)
    assert drafts.load_draft(kept)["shooter"]["name"] == "Zed"


@run_async
async def test_once_the_data_folder_takes_the_draft_again_the_fallback_one_goes(tmp_path, toy_registry,
                                                                                 monkeypatch):
    app = make_app(toy_registry, file=scenario(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        with monkeypatch.context() as full:
            refuse_data_folder(full, errno.ENOSPC, at_launch=False)
            await set_field(pilot, "shooter.name", "Zed")
            await settle(pilot)
            app.main.flush_draft()
            app.main.show_draft_state()  # as the write in the background does
            kept = app.main.draft_elsewhere
            assert kept is not None and kept.exists()
        await set_field(pilot, "shooter.name", "Kim")  # space freed
        await settle(pilot)
        app.main.flush_draft()
        app.main.show_draft_state()
        await settle(pilot)
        assert app.main.draft_elsewhere is None and not kept.exists()
        assert drafts.load_draft()["shooter"]["name"] == "Kim"
        assert f"the draft is in the data folder again ({drafts.draft_path()})" in said(app)
        assert "draft kept elsewhere" not in status(app)


@run_async
async def test_the_fallback_is_not_used_while_the_data_folder_is_fine(tmp_path, toy_registry):
    await edit_and_drop(toy_registry, scenario(tmp_path))
    assert drafts.load_draft()["shooter"]["name"] == "Zed"
    assert draftfallback.found() == [] and not draftfallback.roots()[0].exists()


@run_async
async def test_a_dropped_session_on_a_read_only_data_folder_comes_back_from_the_fallback(tmp_path, toy_registry,
                                                                                          monkeypatch):
    pit = scenario(tmp_path)
    with monkeypatch.context() as read_only:
        refuse_data_folder(read_only)
        await edit_and_drop(toy_registry, pit)
        [place] = draftfallback.found()
        kept = place / "draft.toml"
        assert drafts.load_draft(kept)["shooter"]["name"] == "Zed" and not drafts.draft_path().exists()
        # relaunched, the data folder still read-only: restored from where it is
        app = make_app(toy_registry)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert app.main.draft.doc["shooter"]["name"] == "Zed" and app.main.model.source.path == pit
            assert f"draft restored from {kept}, where it was kept while the data folder could not be " \
                   "written" in said(app)
            assert any(f"they are kept in {place} until it can be written" in s for s in said(app))
            await set_field(pilot, "shooter.name", "Kim")  # edited on, kept there still
            await settle(pilot)
            app.flush_draft()
        assert drafts.load_draft(kept)["shooter"]["name"] == "Kim"
    # writable again (`gunline pit.toml`, as before): back in the data folder, said
    app = make_app(toy_registry, file=pit)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.main.draft.doc["shooter"]["name"] == "Kim" and app.main.model.source.path == pit
        assert f"the draft kept in {kept} while the data folder could not be written is back in " \
               f"{drafts.draft_path()}" in said(app)
        assert any("unsaved changes to pit.toml restored" in s for s in said(app))
    assert not kept.exists() and drafts.load_draft()["shooter"]["name"] == "Kim"


@run_async
async def test_a_newer_draft_in_the_data_folder_is_taken_and_the_fallback_one_is_offered(tmp_path, toy_registry):
    pit = scenario(tmp_path)
    place, _refused = draftfallback.place()
    doc = drafts.tomllib.loads(PIT)
    old = drafts.save_draft({**doc, "shooter": {"name": "Old", "skill": 4}}, place / "draft.toml",
                            drafts.DraftSource(path=pit, text=PIT))
    when = os.stat(old).st_mtime - 60
    os.utime(old, (when, when))
    drafts.save_draft({**doc, "shooter": {"name": "New", "skill": 4}}, None, drafts.DraftSource(path=pit, text=PIT))
    start = opening(toy_registry, None)
    assert start.doc["shooter"]["name"] == "New"
    [kept] = drafts.other_drafts()
    assert f"the draft in {drafts.draft_path()} is newer than the one kept in {old} while the data folder could " \
           f"not be written: that one is kept as {kept} (Ctrl+O opens it)" in start.notes
    assert kept_to_open() == [(f"{kept.name} (pit.toml), unsaved", str(kept))]
    assert drafts.load_draft(kept)["shooter"]["name"] == "Old"
    for claim in (start.claim, *start.fallback_claims.values()):
        claim.release()


@run_async
async def test_a_newer_fallback_draft_is_taken_and_the_data_folders_is_kept(tmp_path, toy_registry):
    pit = scenario(tmp_path)
    place, _refused = draftfallback.place()
    doc = drafts.tomllib.loads(PIT)
    drafts.save_draft({**doc, "shooter": {"name": "Old", "skill": 4}}, None, drafts.DraftSource(path=pit, text=PIT))
    when = os.stat(drafts.draft_path()).st_mtime - 60
    os.utime(drafts.draft_path(), (when, when))
    new = drafts.save_draft({**doc, "shooter": {"name": "New", "skill": 4}}, place / "draft.toml",
                            drafts.DraftSource(path=pit, text=PIT))
    start = opening(toy_registry, None)
    assert start.doc["shooter"]["name"] == "New" and start.source.path == pit
    [kept] = drafts.other_drafts()
    assert f"the draft kept in {new} while the data folder could not be written is newer: it is the draft again; " \
           f"the older one is kept as {kept} (Ctrl+O opens it)" in start.notes
    assert drafts.load_draft(kept)["shooter"]["name"] == "Old"
    for claim in (start.claim, *start.fallback_claims.values()):
        claim.release()


@run_async
async def test_on_a_read_only_data_folder_its_newer_draft_is_restored_and_the_older_fallback_one_kept(
        tmp_path, toy_registry, monkeypatch):
    pit = scenario(tmp_path)
    place, _refused = draftfallback.place()
    doc = drafts.tomllib.loads(PIT)
    old = drafts.save_draft({**doc, "shooter": {"name": "Old", "skill": 4}}, place / "draft.toml")
    when = os.stat(old).st_mtime - 60
    os.utime(old, (when, when))
    drafts.save_draft({**doc, "shooter": {"name": "New", "skill": 4}}, None, drafts.DraftSource(path=pit, text=PIT))
    refuse_data_folder(monkeypatch)
    app = make_app(toy_registry)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.main.draft.doc["shooter"]["name"] == "New"
        [kept] = [p for p in drafts.other_drafts() if p.parent == place]
        assert f"the draft {drafts.draft_path()} is newer and is restored; the older one is kept as {kept}" \
               in said(app)
        await set_field(pilot, "shooter.name", "Newer")
        await settle(pilot)
        app.flush_draft()
    assert drafts.load_draft(kept)["shooter"]["name"] == "Old"  # not replaced by the next draft written
    assert drafts.load_draft(old)["shooter"]["name"] == "Newer"


@run_async
async def test_two_apps_never_write_one_fallback_draft(tmp_path, toy_registry, monkeypatch):
    """The data folder cannot be locked (GUNLINE_HOME names a file): each app is
    given draft.toml; the fallback folder's own lock keeps them apart."""
    (tmp_path / "home").write_text("x")
    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path / "home"))
    place, _refused = draftfallback.place()
    first = claim_draft(place)  # the first app, falling back already
    drafts.save_draft(drafts.tomllib.loads(PIT), place / "draft.toml")
    app = make_app(toy_registry, file=scenario(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "shooter.name", "Second")
        await settle(pilot)
        app.flush_draft()
        mine = app.main.draft_elsewhere
        assert mine is not None and mine.parent == place and mine.name.startswith("draft-")
    assert drafts.load_draft(place / "draft.toml")["shooter"]["name"] == "Ada"  # the first app's, untouched
    assert drafts.load_draft(mine)["shooter"]["name"] == "Second"
    first.release()


@run_async
async def test_a_scenario_replaced_unsaved_is_kept_in_the_fallback_folder_when_the_data_folder_refuses_it(
        tmp_path, toy_registry, monkeypatch):
    app = make_app(toy_registry, file=scenario(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "shooter.name", "Zed")
        await settle(pilot)
        refuse_data_folder(monkeypatch, errno.ENOSPC, at_launch=False)
        kept = app.main.keep_replaced()
        [place] = draftfallback.found()
        assert kept is not None and kept.parent == place
        assert drafts.load_draft(kept)["shooter"]["name"] == "Zed"
        assert kept_to_open() == [(f"{kept.name} (pit.toml), unsaved", str(kept))]  # Ctrl+O lists it
