"""write_atomic writes files only: a device, a pipe or a folder at the path is refused
(a rename would put a file in its place: ``--output /dev/null`` as root broke the
device), and a symbolic link is followed, the link kept."""

from __future__ import annotations

import os
import stat

import pytest

from gunline.journal.atomic import write_atomic


def test_a_pipe_and_a_folder_are_refused_and_left_as_they_were(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path, words in ((fifo, "not a regular file"), (tmp_path, "a folder")):
        with pytest.raises(OSError) as info:
            write_atomic(path, "x")
        assert words in info.value.strerror
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]  # no temporary file left


@pytest.mark.skipif(os.geteuid() != 0 or not hasattr(os, "mknod"), reason="making a device node needs root")
def test_a_device_node_is_refused_and_stays_a_device(tmp_path):
    node = tmp_path / "null"
    os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    with pytest.raises(OSError, match="not a regular file"):
        write_atomic(node, "x")
    assert stat.S_ISCHR(os.stat(node).st_mode)


def test_a_link_is_followed_and_kept(tmp_path):
    real = tmp_path / "real.toml"
    real.write_text("old")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"
