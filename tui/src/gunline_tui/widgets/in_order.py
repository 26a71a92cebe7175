"""Widgets that take their keys in the order they were typed.

Textual hands a key to the focused widget, which takes what it takes itself (a line
inserts a typed character at once), and the rest bubbles up to the app, where the
bindings act (Backspace, Ctrl+U, Enter, Tab, the form's arrows, a switch's Space), a
few turns of the event loop later. Keys typed one by one never notice; keys that
arrive together do, as they do over a slow SSH connection: ``8 9 3``, Backspace,
``2`` read ``8 9 3`` (the 2 went in before the Backspace took the last character);
Ctrl+U, a roll and Enter submitted an empty line (a die rolled for the GM) and left
the roll in the field; ``5``, Tab, ``3`` put 53 in the first field; Space, Tab, ``3``
on a switch lost the 3. These widgets run the bindings of a key where the key
arrives, in the order typed, and the keys that arrived behind a key that moved the
focus away go where the focus went, as they would have gone had they come one by one.
"""

from __future__ import annotations

from collections import deque
from typing import cast

from textual import events
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Input

from .shown_line import ShownLine

#: The keys lately taken in hand here. A key a focused widget did not take bubbles up
#: to its parents, and a parent with the mixin (the form, a pane) must not take it
#: again as its own: it is the child's, and taking it would send it back to where
#: the focus is, the child, for ever. (A key is an object with slots: it cannot be
#: marked, so it is remembered, the few of the last moments.)
_LATELY: deque[events.Key] = deque(maxlen=32)


class KeysInOrder:
    """A mixin for a focusable widget (before its Textual class): its keys in the
    order typed (see the module). Textual calls each class's own ``_on_key`` and
    ``_on_focus`` in turn, so these call no ``super()``."""

    #: Where a key this widget took moved the focus: the keys queued behind it go there.
    _moved_to: Widget | None = None

    def takes_itself(self, event: events.Key) -> bool:
        """Whether the widget takes ``event`` itself, before any binding."""
        return False

    async def _on_key(self, event: events.Key) -> None:
        if any(seen is event for seen in _LATELY):  # a child's key, bubbling up
            return
        _LATELY.append(event)
        me = cast(Widget, self)
        app = me.app
        moved_to = self._moved_to
        while isinstance(moved_to, KeysInOrder) and moved_to is not app.focused:  # moved on again from there
            moved_to = moved_to._moved_to
        if moved_to is not None:
            if app.focused is moved_to and moved_to.is_attached:
                event.stop()
                event.prevent_default()
                held = getattr(app, "held", None)
                if held is None or not held(event, moved_to):
                    moved_to.post_message(events.Key(event.key, event.character))
                return
            self._moved_to = None
        if self.takes_itself(event):
            return
        if await app._check_bindings(event.key):  # the bindings the app would run, here and now
            event.stop()
            event.prevent_default()  # and not the widget's own handlers after these
            if app.focused is not me:
                self._moved_to = app.focused

    def _on_focus(self, event: events.Focus) -> None:
        self._moved_to = None


class LineInput(KeysInOrder, ShownLine, Input):
    """A line to type into, its keys in the order typed: the characters it inserts
    itself, the rest are bindings; the control characters its value holds are shown
    escaped (:mod:`.shown_line`)."""

    def takes_itself(self, event: events.Key) -> bool:
        return event.is_printable


class Scroll(KeysInOrder, VerticalScroll):
    """A pane that scrolls (the odds, the encounter, a page of text), its keys in
    the order typed: Tab and the app's keys move on from it with what follows."""
