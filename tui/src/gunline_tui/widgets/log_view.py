"""This session's resolutions, newest last: one headline and the outcome lines."""

from __future__ import annotations

from textual.widgets import RichLog

from ..logbook import Entry
from ..shown import Text


class LogView(RichLog):
    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=20, **kwargs)

    def add(self, entry: Entry) -> None:
        text = Text(entry.headline(), style="bold")
        for line in entry.chain.outcomes.values():
            text.append("\n  " + line)
        self.write(text)

    def note(self, line: str) -> None:
        """A line about the encounter (commit, undo, reload), not a resolution."""
        self.write(Text(line))
