"""Which running app owns ``draft.toml``: two apps on one data directory would each
write the draft over the other's on every change, and the last one closed would
leave only its own scenario.

The first app takes a lock on ``draft.lock`` beside the draft and holds it while it
runs (``fcntl.flock``: the system lets go of it when the process ends, however it
ends, so a killed app leaves no stale lock). An app that finds it taken keeps its
draft under another name (:func:`gunline.drafts.fresh_draft_path`) and says so.
Where there is no ``fcntl`` (Windows), or the lock file cannot be made, every app
is given the draft, as before there was a lock.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO

from .drafts import data_dir

LOCK_FILE = "draft.lock"


class Claim:
    """This process's hold on the draft; :meth:`release` lets another app have it."""

    def __init__(self, handle: IO[bytes] | None) -> None:
        self._handle = handle

    def release(self) -> None:
        handle, self._handle = self._handle, None
        if handle is not None:
            handle.close()  # closing the file lets go of its lock

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
        handle = open(folder / LOCK_FILE, "ab")  # noqa: SIM115 - held until released
    except OSError:  # a data directory that cannot be written: the draft says so later
        return Claim(None)
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        return None
    except OSError:  # a file system without locks
        handle.close()
        return Claim(None)
    return Claim(handle)
