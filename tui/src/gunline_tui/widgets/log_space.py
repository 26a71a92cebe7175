"""Where the log goes, until it is there.

The log (:class:`~gunline_tui.widgets.log_view.LogView`) is a RichLog, and importing
RichLog imports rich's pretty-printer, which takes longer than most of the screen
takes to draw. The first frame shows the log empty: this draws an empty log as the
RichLog does (its background, its scrollbar), and the screen puts the log in its
place right after the first frame (``MainScreen.start_log``). Anything logged
meanwhile is kept and handed to the log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.scroll_view import ScrollView
from textual.strip import Strip

from .in_order import KeysInOrder

if TYPE_CHECKING:
    from ..logbook import Entry
    from .log_view import LogView


class LogSpace(KeysInOrder, ScrollView):
    #: As RichLog's own (textual.widgets.RichLog), which the log is.
    DEFAULT_CSS = """
    LogSpace {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._kept: list[tuple[str, object]] = []

    def render_line(self, y: int) -> Strip:
        return Strip.blank(self.scrollable_content_region.width, self.rich_style)

    def add(self, entry: Entry) -> None:
        self._kept.append(("add", entry))

    def note(self, line: str) -> None:
        self._kept.append(("note", line))

    def hand_over(self, log: LogView) -> None:
        """Give ``log`` what was logged here."""
        for what, item in self._kept:
            getattr(log, what)(item)
        self._kept.clear()
