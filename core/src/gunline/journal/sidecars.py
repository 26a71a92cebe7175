"""The files SQLite keeps beside a journal in WAL mode (``-wal``, the log, and
``-shm``, its index), and leaving none behind that only reading made.

Every connection to a WAL journal needs both files, and makes them when they are
missing; the last connection to close removes them, but only a connection that may
write can: a read-only one (the checks made on every open, ``--journal`` on a file
that cannot be written, the players' view) leaves an empty log and its index beside
the journal, so that merely looking at a damaged journal changed its folder.

:func:`tidy` removes them the way SQLite itself does, by a connection that may
write, that reads and closes: SQLite then removes them when no other connection
uses them, and leaves them when one does. It is done only when the files were not
there before the journal was opened and the log is still empty, so the closing
connection has nothing to copy into the journal: the journal's bytes are never
touched (a damaged journal stays exactly as it was).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

#: What SQLite may keep beside a journal: the log, its index, a rollback journal.
SUFFIXES = ("-wal", "-shm", "-journal")


def present(path: Path) -> bool:
    """Whether any of the files SQLite keeps beside the journal at ``path`` is there."""
    return any(os.path.lexists(f"{path}{suffix}") for suffix in SUFFIXES)


def tidy(path: Path) -> None:
    """Remove the empty log and its index that read-only connections left beside
    the journal at ``path``, if no connection uses them any more. Call it only
    when :func:`present` said no before the journal was opened, after its own
    connections have closed. Whatever stands in the way leaves them as they are."""
    try:
        if os.path.getsize(f"{path}-wal") != 0 or os.path.lexists(f"{path}-journal"):
            return  # a log with frames is not ours to copy; a rollback journal not ours to replay
        if not os.access(path, os.W_OK):
            return  # a connection to it could not write either, nor remove them
        conn = sqlite3.connect(str(path), timeout=0, isolation_level=None)
    except (OSError, sqlite3.Error):
        return
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # opens the log: closing removes it
    except sqlite3.Error:
        pass
    finally:
        conn.close()
