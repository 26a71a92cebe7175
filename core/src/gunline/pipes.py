"""Reading a scenario file that may be a pipe, at most so many bytes.

A pipe is read on purpose: ``gunline resolve <(make-scenario)`` hands gunline the
shell's ``/dev/fd/63``, whose writer is already there. A named pipe (``mkfifo``) is
another matter: nobody may be writing it yet, and opening one waits for a writer
without a word, so a GM who gave one by mistake saw a command that hung. So the file
is opened without waiting; a pipe that nobody writes yet (and that no writer has
left: that one is simply empty) is then waited for, as before, but when a person
is watching (standard error is a terminal) one line says what gunline waits for
and that Ctrl+C stops it. The wait ends when something is written or a writer comes
and goes. Telling "no writer yet" from "the writer left" needs Linux's ``poll`` (it
reports a hang-up only once a writer has been there); elsewhere a named pipe is
waited for silently, as before.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable

#: How a scenario file is opened: never waiting for a pipe's writer, and as bytes
#: (Windows would otherwise translate line ends).
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
FLAGS = os.O_RDONLY | _NONBLOCK | getattr(os, "O_BINARY", 0)


def read_at_most(fd: int, limit: int, name: str, waiting: Callable[[str], None] | None = None) -> bytes:
    """Up to ``limit`` bytes of the file open at ``fd`` (opened with :data:`FLAGS`),
    to its end. ``waiting`` (default: one line on standard error, when it is a
    terminal) is called with ``name`` before a wait for a named pipe's writer."""
    chunks = []
    if _NONBLOCK:
        if sys.platform == "linux" and stat.S_ISFIFO(os.fstat(fd).st_mode):
            chunks.append(_first(fd, limit, name, waiting or _say_waiting))
        os.set_blocking(fd, True)
    total = sum(map(len, chunks))
    while total < limit:
        chunk = os.read(fd, limit - total)
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def _first(fd: int, limit: int, name: str, waiting: Callable[[str], None]) -> bytes:
    """What the pipe at ``fd`` (not blocking) holds now; when nobody writes it and
    nobody has, ``waiting`` is called and the pipe waited for until it is written
    or its writer leaves."""
    import select

    try:
        first = os.read(fd, limit)
    except BlockingIOError:
        return b""  # a writer is there and has not written yet: the reads wait for it
    if first:
        return first
    poll = select.poll()
    poll.register(fd, select.POLLIN)
    if not poll.poll(0):  # no writer, and none has been: a hang-up would say so
        waiting(name)
        poll.poll()
    return b""


def _say_waiting(name: str) -> None:
    from .output import stderr_is_terminal, warn

    if stderr_is_terminal():
        warn(f"gunline: waiting for {name} to be written (a named pipe nothing writes yet; Ctrl+C stops)")
