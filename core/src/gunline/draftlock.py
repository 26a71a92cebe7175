"""Which running app owns ``draft.toml``: two apps on one data directory would each
write the draft over the other's on every change, and the last one closed would
leave only its own scenario.

The first app takes a lock on the data directory itself and holds it while it runs
(``fcntl.flock`` on the folder: the system lets go of it when the process ends,
however it ends, so a killed app leaves no stale lock). The folder, not a lock file
in it: a GM tidying up with ``rm draft*`` while an app runs would have taken a lock
file away, and the next app would have found no lock and shared the draft. An app
that finds the lock taken keeps its draft under another name
(:func:`gunline.drafts.fresh_draft_path`) and says so. Where there is no ``fcntl``
(Windows), or the folder cannot be made or locked, every app is given the draft, as
before there was a lock.
"""

from __future__ import annotations

import os
from pathlib import Path

from .drafts import data_dir


class Claim:
    """This process's hold on the draft; :meth:`release` lets another app have it."""

    def __init__(self, fd: int | None) -> None:
        self._fd = fd

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)  # closing the folder's descriptor lets go of its lock

    def __del__(self) -> None:
        self.release()


def claim_draft(folder: Path | None = None) -> Claim | None:
    """The draft for this app (a :class:`Claim` to hold while it runs), or None when
    another running app holds it."""
    try:
        import fcntl
    except ImportError:  # no flock here: nothing to tell two apps apart
        return Claim(None)
    folder = folder or data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:  # a data directory that cannot be made: the draft says so later
        return Claim(None)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    except OSError:  # a file system without locks
        os.close(fd)
        return Claim(None)
    return Claim(fd)
