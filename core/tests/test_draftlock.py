"""One running app owns draft.toml; a second one is told, and the first's lock ends
with it."""

import pytest

from gunline.draftlock import claim_draft

pytest.importorskip("fcntl")


def test_a_second_app_does_not_get_the_draft_until_the_first_lets_go(tmp_path):
    first = claim_draft(tmp_path)
    assert first is not None
    assert claim_draft(tmp_path) is None
    first.release()
    again = claim_draft(tmp_path)
    assert again is not None
    again.release()


def test_a_data_directory_that_cannot_be_made_gives_the_draft_anyway(tmp_path):
    (tmp_path / "file").write_text("")
    claim = claim_draft(tmp_path / "file" / "gunline")  # no lock can be made: as before locks
    assert claim is not None


def test_without_fcntl_every_app_gets_the_draft(tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "fcntl", None)  # as on Windows: the import fails
    assert claim_draft(tmp_path) is not None and claim_draft(tmp_path) is not None


def test_no_file_in_the_folder_holds_the_lock(tmp_path):
    """``rm draft*`` (or any tidying of the folder) while an app runs must not let a
    second app share its draft: the lock is on the folder, not a file in it."""
    first = claim_draft(tmp_path)
    assert first is not None
    assert list(tmp_path.iterdir()) == []  # nothing to delete
    assert claim_draft(tmp_path) is None
    first.release()

