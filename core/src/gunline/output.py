"""What the command line writes, and the one way it writes it.

Every line a command prints goes through here, so that everything in it that came
from outside passes :mod:`gunline.safe` on its way to the terminal: text with
control characters shown escaped, errors on one line, JSON with every control
character written as a ``\\u`` escape. A command never calls ``print`` itself (a
test checks it).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from .safe import json_bytes, one_line, shown

#: The command's own stdout and stderr while :func:`plugins_aside` is in force (else
#: None: ``sys.stdout`` and ``sys.stderr`` are the command's).
_own: tuple[TextIO, TextIO] | None = None


def _stdout() -> TextIO:
    return sys.stdout if _own is None else _own[0]


def _stderr() -> TextIO:
    return sys.stderr if _own is None else _own[1]


class _Aside:
    """What anything but gunline writes to ``sys.stdout`` or ``sys.stderr`` while a
    command runs (a plugin's ``print``, at import or in a hook): sent to stderr with
    every control character shown escaped, so that it can neither corrupt the
    command's output (``--json`` read by a script) nor drive the terminal."""

    encoding = "utf-8"
    errors = "strict"

    def __init__(self, to: TextIO) -> None:
        self._to = to

    def write(self, text: str) -> int:
        end_progress()
        self._to.write(shown(text))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        self._to.flush()

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        return self._to.fileno()

    def __getattr__(self, name: str) -> Any:  # anything else a stream has
        return getattr(self._to, name)


@contextmanager
def plugins_aside() -> Iterator[None]:
    """The block with ``sys.stdout`` and ``sys.stderr`` set aside for what others
    write (see :class:`_Aside`); gunline's own lines go where they went before."""
    global _own
    if _own is not None:  # already aside
        yield
        return
    out, err = sys.stdout, sys.stderr
    _own = (out, err)
    sys.stdout = sys.stderr = _Aside(err)
    try:
        yield
    finally:
        if isinstance(sys.stdout, _Aside):  # not replaced meanwhile (a reader gone away)
            sys.stdout = out
        if isinstance(sys.stderr, _Aside):
            sys.stderr = err
        _own = None


def stderr_is_terminal() -> bool:
    """Whether the command's stderr is a terminal (where progress is one line)."""
    return _stderr().isatty()


def say(text: object = "") -> None:
    """A line (or lines) of a command's output, on stdout."""
    _stdout().write(shown(text) + "\n")


#: An error line longer than this is cut in the middle (:func:`abridged`).
MAX_LINE_CHARS = 2000


def abridged(line: str, most: int = MAX_LINE_CHARS) -> str:
    """``line``, or its start and its end with the middle left out and counted: an
    error quotes what a file or plugin holds, which may be megabytes long, and its
    start (where) and end (what was expected) are what a reader needs."""
    if len(line) <= most:
        return line
    head, tail = most * 2 // 3, most // 3
    return f"{line[:head]} … [{len(line) - head - tail:,} characters left out] … {line[-tail:]}"


def warn(text: object) -> None:
    """One line on stderr: an error, a note (cut in the middle past
    :data:`MAX_LINE_CHARS`)."""
    end_progress()
    err = _stderr()
    err.write(abridged(one_line(text)) + "\n")
    err.flush()


def tell(text: object) -> None:
    """Lines on stderr, as they are (newlines kept; everything else made safe): a
    traceback asked for with ``--debug``."""
    end_progress()
    err = _stderr()
    err.write(shown(text))
    err.flush()


#: Whether a progress line is on the terminal, to be cleared before anything else.
_progress_shown = False


def progress(text: object, *, tty: bool) -> None:
    """A progress report on stderr: on a terminal (``tty``) one line rewritten in
    place (carriage return, erase to the end of the line: the only control codes
    gunline writes itself), else a line of its own."""
    global _progress_shown
    if not tty:
        warn(text)
        return
    err = _stderr()
    err.write("\r" + one_line(text) + "\x1b[K")
    err.flush()
    _progress_shown = True


def end_progress() -> None:
    """Clear the progress line, if one is shown."""
    global _progress_shown
    if _progress_shown:
        _progress_shown = False
        err = _stderr()
        err.write("\r\x1b[K")
        err.flush()


def say_json(data: bytes) -> None:
    """A JSON document (as msgspec encoded it) on stdout, on one line."""
    _stdout().write(json_bytes(data).decode("utf-8") + "\n")


def safe_json(data: bytes) -> str:
    """JSON for a file or a pipe, escaped as :func:`say_json` prints it."""
    return json_bytes(data).decode("utf-8")
