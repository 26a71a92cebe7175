"""Set-up for the first of the computations running at once, undone by the last.

Odds may be computed by several threads at once (the app's compare view beside its
odds pane), and some of what a computation changes is the process's, not its own:
the collector's thresholds (:mod:`.collector`), the readings kept for its replays
(:mod:`.readings`). The first computation to start sets it up, the last to end puts
it back; one in between changes nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class Nesting:
    """A count of the computations inside :meth:`inside`, kept under a lock."""

    def __init__(self, last: Callable[[], None], first: Callable[[], None] | None = None) -> None:
        self._first = first
        self._last = last
        self._lock = threading.Lock()
        self._running = 0

    @contextmanager
    def inside(self) -> Iterator[None]:
        """The block as one of the computations: ``first()`` (if given) before it
        if none was running, ``last()`` after it if none is left."""
        with self._lock:
            if self._running == 0 and self._first is not None:
                self._first()
            self._running += 1
        try:
            yield
        finally:
            with self._lock:
                self._running -= 1
                if self._running == 0:
                    self._last()
