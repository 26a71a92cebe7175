"""Where the draft lives and that it survives a restart."""

from pathlib import Path

from gunline import drafts


def test_home_override_then_xdg_then_default(monkeypatch, tmp_path):
    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path / "g"))
    assert drafts.data_dir() == tmp_path / "g"
    monkeypatch.delenv("GUNLINE_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert drafts.data_dir() == tmp_path / "xdg" / "gunline"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert drafts.data_dir() == Path(tmp_path / "home" / ".local" / "share" / "gunline")


def test_save_then_load_gives_the_same_document(monkeypatch, tmp_path):
    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path))
    doc = {"ruleset": "toy", "shooter": {"name": "A", "skill": 3}, "targets": [{"name": "B"}]}
    path = drafts.save_draft(doc)
    assert path == tmp_path / "draft.toml"
    assert drafts.load_draft() == doc
    assert not list(tmp_path.glob("*.tmp"))


def test_missing_or_corrupt_draft_is_none(monkeypatch, tmp_path):
    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path))
    assert drafts.load_draft() is None
    (tmp_path / "draft.toml").write_text("ruleset = [unclosed")
    assert drafts.load_draft() is None


def test_a_draft_that_is_there_but_unreadable_says_why(monkeypatch, tmp_path):
    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path))
    assert drafts.read_draft() == (None, None)  # none: nothing to say
    (tmp_path / "draft.toml").write_text("ruleset = [unclosed")
    doc, why = drafts.read_draft()
    assert doc is None and why.startswith("not valid TOML")
    (tmp_path / "draft.toml").write_bytes(b'ruleset = "\xff"')
    assert drafts.read_draft() == (None, "not a text file (expected UTF-8 TOML)")


def test_setting_aside_never_replaces_an_earlier_unusable_draft(monkeypatch, tmp_path):
    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path))
    (tmp_path / "draft.toml").write_text("first = [")
    assert drafts.set_aside() == tmp_path / "draft.toml.unusable"
    (tmp_path / "draft.toml").write_text("second = [")
    assert drafts.set_aside() == tmp_path / "draft-2.toml.unusable"
    assert (tmp_path / "draft.toml.unusable").read_text() == "first = ["
    assert (tmp_path / "draft-2.toml.unusable").read_text() == "second = ["
    assert not (tmp_path / "draft.toml").exists()


def test_the_draft_remembers_its_file_beside_it(monkeypatch, tmp_path):
    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path))
    doc = {"ruleset": "toy", "shooter": {"name": "A"}}
    source = drafts.DraftSource(path=str(tmp_path / "pit.toml"), text="# the pit\nruleset = 'toy'\n")
    drafts.save_draft(doc, source=source)
    assert drafts.load_source() == source
    assert "source" not in drafts.load_draft()  # beside the scenario, not inside it
    drafts.save_draft(doc)  # untitled now: no sidecar
    assert drafts.load_source() is None and not (tmp_path / "draft.source.json").exists()


def test_a_sidecar_left_by_another_draft_is_ignored(monkeypatch, tmp_path):
    """A crash between writing the draft and its sidecar leaves the sidecar of the
    draft before: a draft is never saved to a file it did not come from."""
    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path))
    drafts.save_draft({"ruleset": "toy"}, source=drafts.DraftSource(path="/campaign/a.toml"))
    sidecar = (tmp_path / "draft.source.json").read_text()
    drafts.save_draft({"ruleset": "toy", "mode": "burst"}, source=drafts.DraftSource(path="/campaign/b.toml"))
    (tmp_path / "draft.source.json").write_text(sidecar)
    assert drafts.load_source() is None


def test_keeping_a_draft_aside_moves_it_whole_under_a_dated_name(monkeypatch, tmp_path):
    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path))
    source = drafts.DraftSource(path="/campaign/a.toml")
    drafts.save_draft({"ruleset": "toy"}, source=source)
    kept = drafts.keep_aside()
    assert kept is not None and kept.name.startswith("draft-") and kept.suffix == ".toml"
    assert drafts.load_draft(kept) == {"ruleset": "toy"} and drafts.load_source(kept) == source
    assert not drafts.draft_path().exists()
    assert drafts.other_drafts() == [kept]


def test_the_draft_keeps_its_file_as_an_absolute_path_and_forgets_a_relative_one(monkeypatch, tmp_path):
    """The next launch may be in another folder (a GM back from a dropped session
    starts at home), where ``pit.toml`` names another campaign's file."""
    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    drafts.save_draft({"ruleset": "toy"}, source=drafts.DraftSource(path="c1/pit.toml"))
    assert drafts.load_source() == drafts.DraftSource(path=str(tmp_path / "c1" / "pit.toml"))
    # a sidecar an earlier gunline wrote, with the path as typed: no file to trust
    import json

    sidecar = tmp_path / "home" / "draft.source.json"
    record = json.loads(sidecar.read_text())
    sidecar.write_text(json.dumps({**record, "path": "c1/pit.toml", "text": "ruleset = 'toy'\n"}))
    assert drafts.load_source() == drafts.DraftSource(path=None, text="ruleset = 'toy'\n")


def test_a_data_folder_that_is_a_file_is_said_as_such(monkeypatch, tmp_path):
    """GUNLINE_HOME naming a file: not "cannot read the draft: Not a directory" nor
    "File exists" (of the draft the folder was to hold)."""
    (tmp_path / "home").write_text("x")
    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path / "home"))
    assert drafts.home_problem() == f"the data folder {tmp_path / 'home'} is a file"
    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path / "home" / "deeper"))
    assert drafts.home_problem().startswith(f"the data folder {tmp_path / 'home' / 'deeper'} cannot be made: ")
    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path / "new"))
    assert drafts.home_problem() is None and (tmp_path / "new").is_dir()


class Crash(BaseException):
    """The process ending where it is (SIGKILL, power lost): nothing after it runs."""


def test_a_crash_between_the_draft_and_its_sidecar_leaves_a_draft_that_knows_its_file(monkeypatch, tmp_path):
    """The GM typing on: each draft is of the same file as the one before, and a
    crash between writing the draft and its sidecar (two flushes to disk: a window
    a kill -9 falls into) must not leave the draft untitled, to be kept aside as
    "untitled" when the GM runs ``gunline pit.toml`` again."""
    from gunline.journal import atomic

    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path))
    source = drafts.DraftSource(path=str(tmp_path / "pit.toml"), text="ruleset = 'toy'\n")
    drafts.save_draft({"ruleset": "toy", "shooter": {"name": "A"}}, source=source)
    for crash_at in (1, 2):
        calls = []
        write = atomic.write_atomic

        def crashing(*args, **kwargs):
            calls.append(args[0])
            if len(calls) == crash_at:
                raise Crash
            return write(*args, **kwargs)

        monkeypatch.setattr(atomic, "write_atomic", crashing)
        try:
            drafts.save_draft({"ruleset": "toy", "shooter": {"name": f"B{crash_at}"}}, source=source)
        except Crash:
            pass
        monkeypatch.setattr(atomic, "write_atomic", write)
        assert len(calls) == crash_at
        assert drafts.load_source() == source, crash_at
    drafts.save_draft({"ruleset": "toy", "shooter": {"name": "C"}}, source=source)
    assert drafts.load_source() == source and drafts.load_draft()["shooter"]["name"] == "C"
