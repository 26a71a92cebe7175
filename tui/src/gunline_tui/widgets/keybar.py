"""The footer: every active key with what it does, wrapped over as many lines as it
needs (Textual's own footer scrolls sideways, which hides keys at 80 columns).

A binding's description is an English message (Textual's ``BINDINGS`` are made at
import): it is worded here, as it is drawn."""

from __future__ import annotations

from textual.widgets import Static

from ..shown import Text
from ..speech import _


class KeyBar(Static):
    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._changed)
        self.call_after_refresh(self._refresh_keys)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _changed(self, screen) -> None:
        self.call_after_refresh(self._refresh_keys)

    def _refresh_keys(self) -> None:
        text = Text()
        seen = set()
        for _ns, binding, enabled, _tip in self.screen.active_bindings.values():
            if not binding.show or not binding.description or binding.action in seen:
                continue
            seen.add(binding.action)
            if text:
                text.append(" ")
            text.append(self.app.get_key_display(binding), style="bold reverse")
            text.append(" " + _(binding.description), style="" if enabled else "dim")
        self.update(text)
