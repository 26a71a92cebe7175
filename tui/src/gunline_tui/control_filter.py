"""The last guard between the app and the terminal: no control character is painted.

Everything outside text the app shows is escaped where it is put on screen
(:mod:`gunline_tui.shown`); an Input holding a value read from a file shows it as it
is, though, and a widget may one day be given a ``str`` by mistake. This filter runs
on every line Textual paints and drops any character :mod:`gunline.safe` would have
escaped. Control characters take no cells, so dropping them leaves every line its
width (a lone surrogate, which takes one, becomes U+FFFD).
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from textual.filter import LineFilter

from gunline.safe import UNSAFE_IN_LINE


def _drop(match: Any) -> str:
    char = match.group()
    return "\ufffd" if "\ud800" <= char <= "\udfff" else ""  # a surrogate takes a cell


class ControlFilter(LineFilter):
    """The last guard: no control character reaches the terminal raw."""

    def apply(self, segments: list[Segment], background: Any) -> list[Segment]:
        search = UNSAFE_IN_LINE.search
        if not any(search(segment.text) for segment in segments if not segment.control):
            return segments
        return [
            segment if segment.control or not search(segment.text)
            else Segment(UNSAFE_IN_LINE.sub(_drop, segment.text), segment.style, segment.control)
            for segment in segments
        ]
