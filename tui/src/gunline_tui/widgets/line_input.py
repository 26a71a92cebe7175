"""A line to type into that takes its keys in the order they were typed.

Textual's Input inserts a typed character at once, where the key arrives, but a
bound key (Backspace, the arrows, Ctrl+U, Enter; Tab and the form's arrows to the
next field) acts only once it has bubbled up to the app, a few turns of the event
loop later. Keys typed one by one never notice; keys that arrive together do, as
they do over a slow SSH connection: ``8 9 3``, Backspace, ``2`` read ``8 9 3`` (the
2 went in before the Backspace took the last character); Ctrl+U, a roll and Enter
submitted an empty line (a die rolled for the GM) and left the roll in the field;
``5``, Tab, ``3`` put 53 in the first field. This Input runs the bindings of a key
where the key arrives, in the order typed; and the keys that arrived behind a key
that moved the focus away go where the focus went, as they would have gone had they
come one by one.
"""

from __future__ import annotations

from textual import events
from textual.widget import Widget
from textual.widgets import Input


class LineInput(Input):
    """An Input that takes its keys in the order they were typed (see the module)."""

    #: Where a key this line took moved the focus: the keys queued behind it go there.
    _moved_to: Widget | None = None

    async def _on_key(self, event: events.Key) -> None:
        app = self.app
        moved_to = self._moved_to
        if moved_to is not None:
            if app.focused is moved_to and moved_to.is_attached:
                event.stop()
                event.prevent_default()
                moved_to.post_message(events.Key(event.key, event.character))
                return
            self._moved_to = None
        if not event.is_printable:
            if await app._check_bindings(event.key):  # the bindings the app would run, here and now
                event.stop()
                event.prevent_default()
                if app.focused is not self:
                    self._moved_to = app.focused
                return
        await super()._on_key(event)

    def _on_focus(self, event: events.Focus) -> None:
        self._moved_to = None
        super()._on_focus(event)
