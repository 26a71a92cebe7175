"""Writing a file so that a crash or a dropped SSH session leaves the old version or
the new one, never half of each: write a temporary file beside it, flush it to disk,
then rename it over the target (a rename within a folder is atomic on POSIX)."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike[str], data: bytes | str, *, encoding: str = "utf-8") -> Path:
    """Replace ``path`` with ``data`` atomically and durably; returns the path.

    The TUI saves its draft scenario with this. The folder must exist. On any
    failure the temporary file is removed and the old file is left as it was.

    A symbolic link is followed: the file it names is replaced and the link stays.
    Anything at ``path`` that is not a regular file (a device such as ``/dev/null``,
    a pipe, a socket, a folder) is refused with an ``OSError``: a rename would put a
    file in its place, which for a device node, written as root, breaks the system.
    """
    path = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)
    try:
        kind = os.stat(path).st_mode
    except FileNotFoundError:
        kind = None
    except OSError:  # a link loop, a folder we cannot search: the write says why
        kind = None
    if kind is not None and not stat.S_ISREG(kind):
        what = "a folder" if stat.S_ISDIR(kind) else "not a regular file (a device, a pipe or a socket)"
        raise OSError(errno.EINVAL, f"{what}; gunline writes only to files", str(path))
    payload = data.encode(encoding) if isinstance(data, str) else bytes(data)
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            mode = os.stat(path).st_mode & 0o7777
        except FileNotFoundError:
            mode = 0o644 & ~_umask()
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    _fsync_dir(folder)
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (where the platform allows opening a folder)."""
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
