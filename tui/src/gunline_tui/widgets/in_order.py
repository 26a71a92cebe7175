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

A key whose work is done elsewhere, later (a target's title row: the screen adds,
moves or opens the target, rebuilding the form), holds the keys behind it
(:class:`KeyHold`) until that work is done: they go on then, in the order typed, to
where the focus is, and never to a row or a field that was being replaced.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Callable
from typing import Any, cast

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


class KeyHold:
    """The keys typed while the screen does the work of a key before them, held in
    one of two ways.

    Held to go on (:meth:`begin`): a title row's key (a target added, moved, removed
    or opened, the form rebuilt). They are kept, and sent on once the work is done,
    in the order typed, as keys newly typed: to where the focus is then (a row or a
    field made in the rebuild), never to one being replaced.

    Dropped (:meth:`drop`): the keys typed behind the answer to a dialog whose work
    changes what is under it (another file, a question; see
    :class:`..screens.dialogs.HoldsKeys`). They were typed before its outcome could
    be seen and went wherever the focus was as they came, by the timing of the link;
    none is taken, and the app says which (:meth:`end_drop`).

    The app hands over the keys that reach it (:meth:`arrived`), the widgets those
    they had already been handed (:meth:`keep`): those were typed first."""

    #: Keys never held nor dropped: quitting always works.
    PASS = frozenset({"ctrl+q", "ctrl+c"})
    #: Seconds a hold lasts at most: should the work it waits for never say it is
    #: done (whatever was to end it gone first), the keys go on, not held for ever.
    HOLD_AT_MOST = 10.0

    def __init__(self) -> None:
        self.holders = 0
        #: Keys a widget had been handed before the hold began (typed first).
        self._handed: list[events.Key] = []
        #: Keys that reached the app while the hold lasted.
        self._arrived: list[events.Key] = []
        #: The keys dropped so far, as written (None: none are being dropped).
        self.dropped: list[str] | None = None
        #: Keys sent on at the end of a hold, not yet back at the app, and the app.
        self._replayed: list[events.Key] = []
        self._app: Any = None

    @property
    def on(self) -> bool:
        return self.holders > 0

    def begin(self, app: Any) -> Callable[[], None]:
        """Hold the keys from now on; the function that ends this hold (once, however
        often it is called): the keys are sent on when the last hold ends."""
        self.holders += 1
        ended = False

        def end() -> None:
            nonlocal ended
            if not ended:
                ended = True
                self._end(app)

        set_timer = getattr(app, "set_timer", None)
        if set_timer is not None:
            set_timer(self.HOLD_AT_MOST, end)
        return end

    def _end(self, app: Any) -> None:
        self.holders -= 1
        if self.holders:
            return
        keys = self._handed + self._arrived
        self._handed, self._arrived = [], []
        self._app = app
        again = [events.Key(key.key, key.character) for key in keys]
        # typed before the keys still on their way back from an earlier hold (these
        # were held as they came back): ahead of them (see :meth:`arrived`)
        self._replayed[0:0] = again
        for key in again:  # newly typed, as the app takes them: its keys first, then to the focus
            self._app.post_message(key)

    def resend(self, app: Any, event: events.Key) -> None:
        """Send ``event`` back through the app as a key newly typed, ahead of the keys
        typed after it (see :meth:`arrived`)."""
        self._app = app
        self._replay(events.Key(event.key, event.character))

    def _replay(self, key: events.Key) -> None:
        self._replayed.append(key)
        self._app.post_message(key)

    def _back(self, event: events.Key) -> int | None:
        """Where ``event`` is among the keys sent on, in the order typed (None: it is
        not one of them); it is back, and no longer among them."""
        for i, key in enumerate(self._replayed):
            if key is event:
                del self._replayed[i]
                return i
        return None

    def drop(self) -> None:
        """Drop the keys from now on, until :meth:`end_drop`."""
        if self.dropped is None:
            self.dropped = []

    def end_drop(self) -> str:
        """End the dropping; the keys dropped, as one text (``[ctrl+u]X``)."""
        dropped, self.dropped = self.dropped or [], None
        return "".join(dropped)

    def _dropping(self, event: events.Key) -> bool:
        if self.dropped is None:
            return False
        self.dropped.append(event.character if event.is_printable and event.character else f"[{event.key}]")
        return True

    def keep(self, event: events.Key) -> bool:
        """Drop or keep a key a widget was handed (whether it was)."""
        if event.key in self.PASS:
            return False
        if self._dropping(event):
            return True
        if not self.on:
            return False
        self._handed.append(event)
        return True

    def arrived(self, event: events.Key) -> bool:
        """Drop or keep a key that reached the app (whether it was): dropped, too, as
        it comes back up to run a binding (the "y" of "Overwrite?" ran there, and the
        Ctrl+U typed behind it came up after it and ran the form's)."""
        if event.key in self.PASS:
            return False
        back = self._back(event)
        if self._dropping(event):
            return True
        if event.is_forwarded:
            return False
        if self.on:
            self._arrived.append(event)
            return True
        if self._replayed and back != 0:
            # typed after keys sent on that are still on their way, and come before
            # them (it was on its way to the app as they were sent, or sent on before
            # keys typed ahead of it, held once more as they came back: ``x j a
            # Ctrl+N`` on a title row, the j's work held the a, and the Ctrl+N came
            # first, to add a target before the a did): it goes after them
            self._replay(events.Key(event.key, event.character))
            return True
        return False


class KeysInFlight:
    """The keys the app has handed to a widget that has not taken them yet.

    The app runs a key's priority bindings (the screen's Ctrl and F-keys) as the key
    reaches it, and hands any other key to the focused widget, which takes it a few
    turns later, in its own time. Keys typed together over a slow connection were
    acted on out of order: ``a F9`` on a title row began a new scenario (the F9, at
    once) before the ``a`` added a target to the old one, so nothing asked about the
    unsaved target; ``a F1`` opened the help page first, and the ``a``, matched
    against the page's keys, added nothing. Before the app acts on a key itself, it
    waits (:meth:`wait`) until the keys it handed on are taken; the keys it hands on
    go behind them, in the order typed, as they did."""

    #: Seconds the app waits at most for a widget to take a key (a widget that never
    #: does, its work stuck, must not stop the app from taking keys).
    LIMIT = 2.0

    def __init__(self) -> None:
        self._keys: dict[int, tuple[events.Key, Widget]] = {}
        self._taken = asyncio.Event()

    def sent(self, event: events.Key, widget: Widget) -> None:
        """``event`` was handed to ``widget``."""
        self._keys[id(event)] = (event, widget)
        self._taken.clear()

    def taken(self, event: events.Key) -> None:
        """A widget has acted on ``event`` (its bindings run, or left to it)."""
        if self._keys.pop(id(event), None) is not None and not self._keys:
            self._taken.set()

    async def wait(self) -> None:
        """Until the keys handed on are taken, or their widgets can take none (removed,
        closing), or :data:`LIMIT` has passed (they are forgotten then)."""
        end = time.monotonic() + self.LIMIT
        while self._keys:
            for key, (_event, widget) in list(self._keys.items()):
                if not widget.is_attached or widget._closing or widget._closed:
                    del self._keys[key]
            left = end - time.monotonic()
            if not self._keys or left <= 0:
                self._keys.clear()
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._taken.wait(), min(left, 0.05))


def hold_keys(app: Any) -> Callable[[], None]:
    """Hold the keys typed from now on in the app's :class:`KeyHold` (an app with
    none holds nothing); the function that ends the hold."""
    hold = getattr(app, "key_hold", None)
    return hold.begin(app) if isinstance(hold, KeyHold) else (lambda: None)


class KeysInOrder:
    """A mixin for a focusable widget (before its Textual class): its keys in the
    order typed (see the module). Textual calls each class's own ``_on_key`` and
    ``_on_focus`` in turn, so these call no ``super()``."""

    #: Where a key this widget took moved the focus: the keys queued behind it go there.
    #:
    #: On the same screen, straight to that widget: the app had already run its
    #: priority bindings for them (a screen's keys: Ctrl+N, Ctrl+Z, the F-keys), and
    #: they would not have matched. Onto another screen (the screen under a dialog
    #: the key closed, a dialog it opened), back through the app, as keys newly
    #: typed: the app matched them against the screen on top when they came, the
    #: closing dialog, whose bindings are not the other screen's. Sent straight to the
    #: field under a dialog, ``Esc Ctrl+N X`` did not add a target as the X came:
    #: the field runs no priority binding, typed the X, and the Ctrl+N, bubbling up
    #: to the app, added an empty target after it.
    _moved_to: Widget | None = None

    def takes_itself(self, event: events.Key) -> bool:
        """Whether the widget takes ``event`` itself, before any binding."""
        return False

    def _forward_event(self, event: events.Event) -> None:
        """The app hands a key on to the focused widget: it waits for the widget to take
        it before it acts on the next (see :class:`KeysInFlight`)."""
        super()._forward_event(event)  # type: ignore[misc]
        in_flight = getattr(cast(Widget, self).app, "keys_in_flight", None)
        if isinstance(event, events.Key) and isinstance(in_flight, KeysInFlight):
            in_flight.sent(event, cast(Widget, self))

    async def _on_key(self, event: events.Key) -> None:
        try:
            await self._take_key(event)
        finally:
            in_flight = getattr(cast(Widget, self).app, "keys_in_flight", None)
            if isinstance(in_flight, KeysInFlight):
                in_flight.taken(event)

    async def _take_key(self, event: events.Key) -> None:
        if any(seen is event for seen in _LATELY):  # a child's key, bubbling up
            return
        _LATELY.append(event)
        me = cast(Widget, self)
        app = me.app
        hold = getattr(app, "key_hold", None)
        if isinstance(hold, KeyHold) and hold.keep(event):  # typed behind a key whose work is not done
            event.stop()
            event.prevent_default()
            return
        if isinstance(hold, KeyHold) and me.screen is not app.screen:
            # A screen opened over this one (or this one closed) since the key was sent
            # here: by a key typed before it, on its way here too. It goes to the screen
            # on top, as keys newly typed do: with ``Tab Enter Down Enter`` from the
            # field above the catalogue, the Enter opened the catalogue's list, and the
            # Down and the Enter, come to the field under the list, ran the list's
            # bindings there and picked nothing.
            event.stop()
            event.prevent_default()
            hold.resend(app, event)
            return
        moved_to = self._moved_to
        while isinstance(moved_to, KeysInOrder) and moved_to is not app.focused:  # moved on again from there
            moved_to = moved_to._moved_to
        if moved_to is not None:
            if app.focused is moved_to and moved_to.is_attached:
                event.stop()
                event.prevent_default()
                again = events.Key(event.key, event.character)
                if moved_to.screen is me.screen:
                    in_flight = getattr(app, "keys_in_flight", None)
                    if moved_to.post_message(again) and isinstance(in_flight, KeysInFlight):
                        in_flight.sent(again, moved_to)  # the keys after it wait for it there too
                else:  # under a dialog closed, or a dialog opened (see _moved_to)
                    app.post_message(again)
                return
            self._moved_to = None
        if self.takes_itself(event):
            return
        if await app._check_bindings(event.key):  # the bindings the app would run, here and now
            event.stop()
            event.prevent_default()  # and not the widget's own handlers after these
            if app.focused is not me:
                self._moved_to = app.focused
        else:
            # No binding of it here, up to the app's: it goes no further up either. The
            # app would look again once it got there, at the screen on top then: with
            # ``Backspace F4`` typed together, a dialog the F4 opened meanwhile, whose
            # line the Backspace emptied.
            event.stop()

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
