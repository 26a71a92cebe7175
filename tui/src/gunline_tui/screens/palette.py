"""The command palette: Textual's, steady under keys typed together.

Keys typed together with Ctrl+P (as they arrive over a slow connection) reached the
palette before it was drawn, and Textual's palette assumes it is: PageUp or PageDown
failed in its list before the list was laid out (a KeyError), Down or a page move
looked for a list not yet there, and a palette closed by an Esc that came with the
Ctrl+P still ran its start, looking under itself for the screen it was opened over
(an IndexError). Each stopped the app. Here a key that comes that early moves
nothing, and a palette closed before it was drawn does not start.
"""

from __future__ import annotations

from textual.command import CommandList, CommandPalette
from textual.events import Mount

PAGE_MOVES = frozenset({"page_up", "page_down"})


class Palette(CommandPalette):
    def _on_mount(self, event: Mount) -> None:
        # Textual runs each class's own handler, this one first: preventing the
        # default keeps CommandPalette's from running for a palette already closed
        if self not in self.app.screen_stack:
            event.prevent_default()

    def _drawn(self) -> bool:
        return bool(self.query(CommandList))

    def _action_command_list(self, action: str) -> None:
        if not self._drawn():
            return
        try:
            super()._action_command_list(action)
        except KeyError:  # a page move before the list is laid out
            if action not in PAGE_MOVES:
                raise

    def _action_cursor_down(self) -> None:
        if self._drawn():
            super()._action_cursor_down()
