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
