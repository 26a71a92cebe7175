"""What the command line writes, and the one way it writes it.

Every line a command prints goes through here, so that everything in it that came
from outside passes :mod:`gunline.safe` on its way to the terminal: text with
control characters shown escaped, errors on one line, JSON with every control
character written as a ``\\u`` escape. A command never calls ``print`` itself (a
test checks it).
"""

from __future__ import annotations

import sys

from .safe import json_bytes, one_line, shown


def say(text: object = "") -> None:
    """A line (or lines) of a command's output, on stdout."""
    sys.stdout.write(shown(text) + "\n")


def warn(text: object) -> None:
    """One line on stderr: an error, a note."""
    end_progress()
    sys.stderr.write(one_line(text) + "\n")
    sys.stderr.flush()


def tell(text: object) -> None:
    """Lines on stderr, as they are (newlines kept; everything else made safe): a
    traceback asked for with ``--debug``."""
    end_progress()
    sys.stderr.write(shown(text))
    sys.stderr.flush()


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
    sys.stderr.write("\r" + one_line(text) + "\x1b[K")
    sys.stderr.flush()
    _progress_shown = True


def end_progress() -> None:
    """Clear the progress line, if one is shown."""
    global _progress_shown
    if _progress_shown:
        _progress_shown = False
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()


def say_json(data: bytes) -> None:
    """A JSON document (as msgspec encoded it) on stdout, on one line."""
    sys.stdout.write(json_bytes(data).decode("utf-8") + "\n")


def safe_json(data: bytes) -> str:
    """JSON for a file or a pipe, escaped as :func:`say_json` prints it."""
    return json_bytes(data).decode("utf-8")
