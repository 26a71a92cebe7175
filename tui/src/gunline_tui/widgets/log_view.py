"""This session's resolutions, newest last: one headline and the outcome lines."""

from __future__ import annotations

from textual import events
from textual.widgets import RichLog

from ..logbook import Entry
from ..shown import Text
from .in_order import KeysInOrder


class LogView(KeysInOrder, RichLog):
    """The log keeps what it was given and wraps it again when its width changes:
    a line written while the pane was hidden (no width yet) was wrapped at the
    narrowest width, 20 cells, and stayed so in a pane twice as wide."""

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=20, **kwargs)
        self._written: list[Text] = []
        self._wrapped_at = 0

    def add(self, entry: Entry) -> None:
        text = Text(entry.headline(), style="bold")
        for line in entry.chain.outcomes.values():
            text.append("\n  " + line)
        self._put(text)

    def note(self, line: str) -> None:
        """A line about the encounter (commit, undo, reload), not a resolution."""
        self._put(Text(line))

    #: The most entries kept to wrap again (a long session's oldest are let go).
    KEPT = 500

    def _put(self, text: Text) -> None:
        self._written = [*self._written[-(self.KEPT - 1):], text]
        self.write(text)
        self._wrapped_at = self.scrollable_content_region.width

    def on_resize(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if width and width != self._wrapped_at and self._written:
            self._wrapped_at = width
            self.clear()
            for text in self._written:
                self.write(text)
