"""Plugin work off the event loop: resolving, the odds, a reload, the dice dialog.

A plugin's hook runs in a daemon thread of its own (:class:`gunline.watch.Worker`),
never on the event loop: the screen keeps drawing and answering keys whatever the
hook does, Escape cancels what is running, and Ctrl+Q quits even while a hook is
stuck (nobody waits for a daemon thread; Textual's own thread workers, which the
interpreter joins on exit, are never given plugin code).

:meth:`OffLoop.soon` keeps the app as quick as when it resolved on the event loop:
it waits a few milliseconds (:data:`GRACE`) for the work, which is how long a
resolution takes, and delivers the result in the same frame as the keystroke. Work
that takes longer is handed to an async Textual worker that awaits the thread
without blocking anything, looks in on it as :mod:`gunline.watch` does for the
command line, and abandons it, naming the plugin and the hook, once one hook call
has run past the limit. A cancelled or superseded job is abandoned the same way:
its result, if it ever comes, is dropped.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from gunline.errors import HookTimedOut
from gunline.watch import Watch, Worker, poll_every

#: Seconds the event loop waits for work before handing it to a worker: longer than
#: a resolution takes, short enough that nobody notices a frame waiting for it.
GRACE = 0.05


class OffLoop:
    """Runs work for ``node`` (a screen) off the event loop, one job per group."""

    def __init__(self, node: Any, limit: float | None) -> None:
        self.node = node
        self.limit = limit

    def soon(
        self,
        work: Callable[[], Any],
        done: Callable[[Any], None],
        failed: Callable[[BaseException], None],
        *,
        group: str,
        description: str,
    ) -> None:
        """Run ``work``; ``done(result)`` or ``failed(error)`` on the event loop:
        at once when the work ends within :data:`GRACE`, else later."""
        self.cancel(group)  # an older job's result would be stale
        worker = Worker(work, name=f"gunline-{group}")
        if worker.done.wait(GRACE):
            _deliver(worker, done, failed)
            return
        self.later(worker, done, failed, group=group, description=description)

    def later(
        self,
        work: Callable[[], Any] | Worker,
        done: Callable[[Any], None],
        failed: Callable[[BaseException], None],
        *,
        group: str,
        description: str,
    ) -> Any:
        """Run ``work`` (or await a worker already started) in an async Textual
        worker of ``group``, replacing the group's running one."""
        worker = work if isinstance(work, Worker) else Worker(work, name=f"gunline-{group}")
        return self.node.run_worker(
            self._await(worker, done, failed), group=group, exclusive=True,
            exit_on_error=False, description=description,
        )

    async def _await(
        self, worker: Worker, done: Callable[[Any], None], failed: Callable[[BaseException], None]
    ) -> None:
        loop = asyncio.get_running_loop()
        finished = asyncio.Event()
        def wake() -> None:  # in the worker's thread
            loop.call_soon_threadsafe(finished.set)

        worker.on_done(wake)
        watch = Watch(worker.thread, self.limit)
        poll = poll_every(self.limit)
        try:
            while not worker.done.is_set():
                try:
                    await asyncio.wait_for(finished.wait(), poll)
                except TimeoutError:
                    stuck = watch.overdue()
                    if stuck is not None:
                        worker.abandon()
                        failed(HookTimedOut(stuck.plugin, stuck.hook, self.limit or 0))
                        return
        except asyncio.CancelledError:
            worker.abandon()  # Escape, a newer job, or the app closing
            raise
        _deliver(worker, done, failed)

    def cancel(self, group: str) -> bool:
        """Cancel the group's running job, if any; whether there was one."""
        running = [w for w in self.node.workers if w.group == group and w.is_running]
        self.node.workers.cancel_group(self.node, group)
        return bool(running)


def _deliver(worker: Worker, done: Callable[[Any], None], failed: Callable[[BaseException], None]) -> None:
    if worker.error is not None:
        failed(worker.error)
    else:
        done(worker.result)
