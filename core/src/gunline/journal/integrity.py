"""Telling a whole journal file from a damaged, truncated or unusable one, before
SQLite is let near it.

SQLite reads a file of 0 bytes as a new, empty database and a file cut short as
whatever its surviving pages hold, so a journal that lost its entries would otherwise
be taken for a journal that never had any, and written to. Two rules close that:

* gunline never leaves an empty or half-made journal behind: a new journal is built
  in a temporary file beside the path (tables, WAL mode) and linked into place whole.
  So a journal file of 0 bytes, or shorter than one SQLite header, was never a whole
  gunline journal: it is refused as truncated, not taken as new;
* the SQLite header says how large the database is (page size, page count): a file
  shorter than that, or not a whole number of pages, lost its end.

What the header cannot show (pages overwritten in the middle, rows gone) is found by
SQLite's ``quick_check`` and by the journal's own history check
(:mod:`gunline.journal.verify`), which :class:`~gunline.journal.store.Store` runs on
every open.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import tempfile
from pathlib import Path

from .schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION

HEADER = b"SQLite format 3\x00"
HEADER_SIZE = 100

_KINDS = (
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISSOCK, "a socket"),
)


def kind_of(mode: int) -> str | None:
    """What a non-regular file is (``None`` for a regular file or a folder)."""
    for test, name in _KINDS:
        if test(mode):
            return name
    return None


def file_problem(path: Path) -> str | None:
    """What is wrong with the journal file at ``path`` as a file (``None`` when its
    header and size are those of a whole SQLite database). ``path`` exists."""
    size = path.stat().st_size
    if size == 0:
        return (
            "empty (0 bytes): gunline never leaves a journal empty, so this one was truncated "
            "(its entries are gone) or is not a journal; restore it from a backup, or move it "
            "away to start a new journal"
        )
    with open(path, "rb") as handle:
        head = handle.read(HEADER_SIZE)
    if not head.startswith(HEADER[: min(len(head), len(HEADER))]):
        return None  # not SQLite at all: said as "not a gunline journal" when opened
    if len(head) < HEADER_SIZE:
        return f"truncated: {size} bytes, shorter than the {HEADER_SIZE}-byte SQLite header"
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        return f"damaged: its header gives a page size of {page_size} bytes"
    pages = int.from_bytes(head[28:32], "big")
    counter, valid_for = head[24:28], head[92:96]
    if size % page_size:
        if pages and counter == valid_for and size > pages * page_size:  # a copy or a download gone wrong
            return (f"damaged: {size - pages * page_size} bytes after the end of its {pages} pages of "
                    f"{page_size} bytes (something was added to the file)")
        return f"truncated: {size} bytes is not a whole number of its {page_size}-byte pages"
    if pages and counter == valid_for and pages * page_size > size and not _hot_wal(path):
        return f"truncated: it holds {size // page_size} of the {pages} pages its header gives"
    return None


def _hot_wal(path: Path) -> bool:
    """Whether a write-ahead log with frames lies beside the journal. A process killed
    while it copied the log into the file (a checkpoint) can leave the file's header
    ahead of its pages; SQLite finishes the copy from the log on the next open, so the
    file is not judged by its header then (the checks made once it is open still
    are)."""
    try:
        return os.path.getsize(f"{path}-wal") > 32  # more than the log's own header
    except OSError:
        return False


def create(path: Path) -> bool:
    """Make a new, whole journal at ``path``, atomically: built beside it, then linked
    into place. Returns False if another process made one there first (then that one
    is used). Raises ``OSError`` when the folder cannot be written."""
    folder = path.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".new", dir=folder)
    os.close(fd)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("BEGIN IMMEDIATE")
            for version in range(SCHEMA_VERSION):
                for statement in MIGRATIONS[version]:
                    conn.execute(statement)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
        finally:
            conn.close()  # the last connection: the WAL is checkpointed and removed
        _fsync(tmp)
        try:
            os.link(tmp, path)  # fails if the path exists: never over another's journal
        except FileExistsError:
            return False
        except OSError:  # a file system without hard links
            if path.exists():
                return False
            os.replace(tmp, path)
        _fsync_folder(folder)
        return True
    finally:
        for leftover in (tmp, tmp + "-wal", tmp + "-shm"):
            try:
                os.unlink(leftover)
            except FileNotFoundError:
                pass


def _fsync(name: str) -> None:
    fd = os.open(name, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
