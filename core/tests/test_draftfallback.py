"""When the data folder cannot take the draft, it goes to a folder private to the
user (gunline.draftfallback): never one another user could have made or can write,
and brought back into the data folder once it can be written."""

from __future__ import annotations

import os
import stat

from gunline import draftfallback, drafts

DOC = {"ruleset": "toy", "shooter": {"name": "Ada"}, "weapon": {"name": "pistol"}, "targets": [{"name": "Bo"}]}


def doc(name: str) -> dict:
    return {**DOC, "shooter": {"name": name}}


def aged(path, seconds_ago: float) -> None:
    when = os.stat(path).st_mtime - seconds_ago
    os.utime(path, (when, when))


def test_the_fallback_folder_is_made_private_and_is_the_data_folders_own(tmp_path, monkeypatch):
    place, refused = draftfallback.place()
    assert refused == [] and place is not None
    root = place.parent
    assert root == draftfallback.temp_root() / f"gunline-{os.getuid()}"
    assert stat.S_IMODE(os.lstat(root).st_mode) == 0o700 and stat.S_IMODE(os.lstat(place).st_mode) == 0o700
    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path / "other"))  # another installation: another folder
    other, _refused = draftfallback.place()
    assert other is not None and other.parent == root and other != place


def test_a_symbolic_link_in_the_temporary_folder_is_refused(tmp_path):
    [root] = draftfallback.roots()
    root.symlink_to(tmp_path)  # planted by another user, pointing where they read
    assert draftfallback.place() == (None, [f"{root} is a symbolic link, not a folder of this user's"])
    assert draftfallback.found() == []
    assert list(tmp_path.iterdir()) == []


def test_a_folder_others_can_write_is_refused_and_its_drafts_never_read(tmp_path):
    [folder] = draftfallback.places()
    folder.mkdir(parents=True)
    drafts.save_draft(doc("Planted"), folder / "draft-20261204-220000.toml")
    os.chmod(folder.parent, 0o777)
    assert draftfallback.place() == (None, [f"{folder.parent} can be written by other users"])
    assert draftfallback.found() == [] and drafts.other_drafts() == []
    assert drafts.kept_source(folder / "draft-20261204-220000.toml") is None


def test_a_folder_of_another_user_is_refused(monkeypatch):
    [folder] = draftfallback.places()
    folder.parent.mkdir(mode=0o700)
    real = os.lstat

    def lstat(path, *args, **kwargs):
        st = real(path, *args, **kwargs)
        if os.fspath(path) == os.fspath(folder.parent):
            fields = list(st)
            fields[stat.ST_UID] = os.getuid() + 1
            return os.stat_result(fields)
        return st

    monkeypatch.setattr(os, "lstat", lstat)
    assert draftfallback.place() == (None, [f"{folder.parent} belongs to another user"])


def test_a_file_where_the_folder_goes_is_refused():
    [root] = draftfallback.roots()
    root.write_text("")
    assert draftfallback.place() == (None, [f"{root} is not a folder"])


def test_ones_own_folder_others_can_read_is_made_private():
    [root] = draftfallback.roots()
    root.mkdir(mode=0o755)
    os.chmod(root, 0o755)
    place, refused = draftfallback.place()
    assert place is not None and refused == []
    assert stat.S_IMODE(os.lstat(root).st_mode) == 0o700


def test_the_runtime_folder_when_the_temporary_one_is_refused(tmp_path, monkeypatch):
    run = tmp_path / "run"
    run.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(run))
    temp, runtime = draftfallback.roots()
    assert runtime == run / "gunline"
    temp.symlink_to(tmp_path)
    place, refused = draftfallback.place()
    assert place is not None and place.parent == runtime
    assert refused == [f"{temp} is a symbolic link, not a folder of this user's"]


def test_a_fallback_draft_comes_back_whole_with_its_file_and_time(tmp_path):
    place, _refused = draftfallback.place()
    kept = drafts.save_draft(doc("Zed"), place / "draft.toml", drafts.DraftSource(path=str(tmp_path / "pit.toml")))
    aged(kept, 60)
    when = os.stat(kept).st_mtime
    [back] = draftfallback.bring_back()
    assert back == draftfallback.Back(kept, drafts.draft_path()) and back.taken
    assert drafts.load_draft()["shooter"]["name"] == "Zed"
    assert drafts.load_source() == drafts.DraftSource(path=str(tmp_path / "pit.toml"))
    assert os.stat(drafts.draft_path()).st_mtime == when
    assert not kept.exists() and not place.exists()  # the empty folder goes too


def test_an_untitled_draft_moved_in_leaves_no_sidecar_of_another_draft_beside_it(tmp_path):
    """A stale sidecar there made the restored draft say its file was not known
    (its sidecar "damaged or another draft's"): an untitled draft has none."""
    dest = tmp_path / "home" / "draft.toml"
    drafts.save_draft(doc("Old"), dest, drafts.DraftSource(path=str(tmp_path / "pit.toml")))
    assert drafts.source_path(dest).exists()
    src = drafts.save_draft(doc("New"), tmp_path / "elsewhere" / "draft.toml")  # untitled
    draftfallback.copy_to(src, dest)
    assert drafts.load_draft(dest)["shooter"]["name"] == "New"
    assert not drafts.source_path(dest).exists() and drafts.load_source(dest) is None


def test_the_newer_of_the_two_drafts_is_the_draft_and_the_older_is_kept():
    place, _refused = draftfallback.place()
    drafts.save_draft(doc("Older"))
    aged(drafts.draft_path(), 60)
    kept = drafts.save_draft(doc("Newer"), place / "draft.toml")
    [back] = draftfallback.bring_back()
    assert back.taken and back.other is not None and back.other.name.startswith("draft-")
    assert drafts.load_draft()["shooter"]["name"] == "Newer"
    assert drafts.load_draft(back.other)["shooter"]["name"] == "Older"
    assert not kept.exists()


def test_an_older_fallback_draft_is_never_preferred_to_the_data_folders():
    place, _refused = draftfallback.place()
    kept = drafts.save_draft(doc("Older"), place / "draft.toml")
    aged(kept, 60)
    drafts.save_draft(doc("Newer"))
    [back] = draftfallback.bring_back()
    assert not back.taken and back.other == drafts.draft_path()
    assert drafts.load_draft()["shooter"]["name"] == "Newer"
    assert drafts.load_draft(back.now)["shooter"]["name"] == "Older"
    assert drafts.other_drafts() == [back.now]


def test_a_fallback_draft_equal_to_the_data_folders_is_just_removed():
    place, _refused = draftfallback.place()
    drafts.save_draft(doc("Same"))
    kept = drafts.save_draft(doc("Same"), place / "draft.toml")
    assert draftfallback.bring_back() == [draftfallback.Back(kept, drafts.draft_path())]
    assert not kept.exists() and drafts.other_drafts() == []


def test_dated_fallback_drafts_are_listed_and_come_back_under_their_names(tmp_path):
    place, _refused = draftfallback.place()
    dated = drafts.save_draft(doc("Second"), place / "draft-20261204-220000.toml",
                              drafts.DraftSource(path=str(tmp_path / "pit.toml")))
    assert drafts.other_drafts() == [dated]  # listed from where it is, Ctrl+O opens it
    assert drafts.kept_source(dated) == drafts.DraftSource(path=str(tmp_path / "pit.toml"))
    [back] = draftfallback.bring_back()
    assert back.now == drafts.data_dir() / dated.name and not back.taken
    assert drafts.other_drafts() == [back.now]


def test_a_fallback_draft_another_app_writes_is_left_alone():
    place, _refused = draftfallback.place()
    kept = drafts.save_draft(doc("Live"), place / "draft.toml")
    assert draftfallback.bring_back(skip=frozenset({kept})) == []
    assert kept.exists() and draftfallback.newest(skip=frozenset({kept})) == (None, [])


def test_while_the_data_folder_cannot_be_written_the_newest_draft_is_restored():
    place, _refused = draftfallback.place()
    drafts.save_draft(doc("Data"))
    kept = drafts.save_draft(doc("Fallback"), place / "draft.toml")
    aged(drafts.draft_path(), 60)
    assert draftfallback.newest() == (kept, [drafts.draft_path()])
    aged(kept, 120)
    assert draftfallback.newest() == (drafts.draft_path(), [kept])
