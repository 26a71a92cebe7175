"""The footer: every active key with what it does, wrapped over as many lines as it
needs (Textual's own footer scrolls sideways, which hides keys at 80 columns).

A binding's description is an English message (Textual's ``BINDINGS`` are made at
import): it is worded here, as it is drawn."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Static

from ..shown import Text
from ..speech import _


class KeyBar(Static):
    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._changed)
        self._refresh_keys()  # in the first frame

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _changed(self, screen) -> None:
        self.call_after_refresh(self._refresh_keys)

    def _refresh_keys(self) -> None:
        self.update(keys_text(self.screen))


#: The most lines the keys take (app.tcss: ``#keys``).
MOST_LINES = 3


def keys_text(screen: Screen) -> Text:
    """The keys active on ``screen`` with what they do, as the bar shows them."""
    text = Text()
    seen = set()
    for node, binding, enabled, _tip in screen.active_bindings.values():
        # a binding of several keys ("enter,space") once; the same action of another
        # node is another binding (a pick field's "open" is not the screen's ^o)
        if not binding.show or not binding.description or (id(node), binding.action) in seen:
            continue
        seen.add((id(node), binding.action))
        if text:
            text.append(" ")
        text.append(screen.app.get_key_display(binding), style="bold reverse")
        text.append(" " + _(binding.description), style="" if enabled else "dim")
    return text


def fewest_lines(screen: Screen, width: int) -> int:
    """The fewest lines the keys can take in a bar ``width`` cells wide (less its
    padding), however they are wrapped: each line holds at most ``room`` cells, and
    each break between lines takes away at most the one space it replaces."""
    room = max(1, width - 2)
    return max(1, min(MOST_LINES, -(-(keys_text(screen).cell_len + 1) // (room + 1))))
