"""A hook that never returns is named and abandoned, without slowing the hooks that do.

A plugin's hook may loop forever or wait on something that never comes. Python cannot
kill a thread, and timing every hook call would cost the engine's hot path, so the
work (a command, a resolution, the odds) runs in a worker thread of its own and the
thread that waits for it looks in on it a few times a second: through
``sys._current_frames()`` it finds the hook call the worker is in (the engine's
compiled hook callers and the plugin loader keep the plugin's name and the hook's in
their frames) and, when the *same* call is still running after the limit, stops
waiting and says which plugin and hook it was. Nothing is added to a hook call; a
worker that makes thousands of quick hook calls is never taken for a stuck one.

The abandoned worker is also asked to stop (an exception raised in it at its next
Python instruction): a pure-Python loop ends there, so it does not burn a core for the
rest of the session. A hook blocked inside C code that releases the interpreter lock
(waiting on a socket, sleeping) ends when that returns, or never: either way nobody
waits for it, and the worker is a daemon thread, so it never holds up the process
leaving. A hook spinning in C code that keeps the lock (a ``sum`` over a huge range)
stops every thread, this watcher's too: nothing in the process can end it, and the
README says to end the process (SIGQUIT, or kill).

The limit: ``GUNLINE_HOOK_TIMEOUT`` (seconds; ``0`` for none), or ``--hook-timeout``
on the command line; :data:`DEFAULT_HOOK_TIMEOUT` otherwise.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, TypeVar, cast

from .errors import Abandoned, BadInput, HookTimedOut

ENV_HOOK_TIMEOUT = "GUNLINE_HOOK_TIMEOUT"
#: Seconds one hook call may run. A hook takes microseconds; this is long enough
#: for the heaviest legitimate call (a large fold inside the odds) on a slow machine.
DEFAULT_HOOK_TIMEOUT = 10.0
#: Longest limit accepted (a day): a larger number is a typo.
MAX_HOOK_TIMEOUT = 86_400.0

T = TypeVar("T")

#: Where the engine's hook callers live: their frames say which plugin and hook.
_COMPILED_CALLER = "<gunline caller of "
_STACK_CALLERS = ("first", "each", "in_turn", "every", "through_pluggy")


def hook_timeout(value: str | float | None = None) -> float | None:
    """The limit in seconds from ``value`` (an option) or ``GUNLINE_HOOK_TIMEOUT``,
    else the default; ``None`` means no limit (``0``)."""
    source = "--hook-timeout"
    if value is None:
        value = os.environ.get(ENV_HOOK_TIMEOUT, "").strip() or None
        source = ENV_HOOK_TIMEOUT
    if value is None:
        return DEFAULT_HOOK_TIMEOUT
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        raise BadInput(f"{source}: expected seconds, e.g. 10 (0: no limit), got {value!r}") from None
    if not 0 <= seconds <= MAX_HOOK_TIMEOUT or seconds != seconds:
        raise BadInput(f"{source}: expected 0 to {MAX_HOOK_TIMEOUT:.0f} seconds (0: no limit), got {value!r}")
    return seconds or None


class Running:
    """The hook call a worker is in: ``key`` is the same object for as long as that
    one call runs (its caller's frame, or the entry point being loaded); ``loading``
    is that entry point when the worker is importing a plugin."""

    __slots__ = ("hook", "key", "loading", "plugin")

    def __init__(self, plugin: str, hook: str, key: Any, loading: Any = None) -> None:
        self.plugin, self.hook, self.key, self.loading = plugin, hook, key, loading


def _stack_file() -> str:
    from . import stack

    return stack.__file__


def _plugins_file() -> str:
    from . import plugins

    return plugins.__file__


def running_hook(thread_id: int | None) -> Running | None:
    """The innermost hook call (or plugin load) the thread is in, or ``None``."""
    if thread_id is None:
        return None
    frame: FrameType | None = sys._current_frames().get(thread_id)
    stack_file, plugins_file = _stack_file(), _plugins_file()
    while frame is not None:
        code = frame.f_code
        name = code.co_filename
        if name.startswith(_COMPILED_CALLER):
            g = frame.f_globals
            return Running(str(g.get("_plugin", "?")), str(g.get("_hook", "?")), frame)
        if name == stack_file and code.co_name in _STACK_CALLERS:
            local = frame.f_locals
            plugin = local.get("plugin")
            if plugin is None:  # through pluggy (a wrapper among the implementations)
                owner = local.get("self")
                plugin = getattr(getattr(owner, "ruleset", None), "name", "?")
            return Running(str(plugin), str(local.get("hook", "?")), frame)
        if name == plugins_file and code.co_name == "discover":
            ep = frame.f_locals.get("ep")
            if ep is not None:
                return Running(str(getattr(ep, "name", "?")), "loading (import and declaration)", ep, ep)
        frame = frame.f_back
    return None


class Watch:
    """Looks in on a worker: :meth:`overdue` says which hook call has run past the
    limit, if one has. Call it every so often from another thread."""

    def __init__(self, thread: threading.Thread, limit: float | None) -> None:
        self.thread = thread
        self.limit = limit
        self._key: Any = None
        self._since = 0.0

    def overdue(self) -> Running | None:
        if self.limit is None:
            return None
        running = running_hook(self.thread.ident)
        now = time.monotonic()
        if running is None:
            self._key = None
            return None
        if running.key is not self._key:  # a new call (the old key is held, so never reused)
            self._key, self._since = running.key, now
            return None
        return running if now - self._since >= self.limit else None


def abandon(thread: threading.Thread) -> None:
    """Ask ``thread`` to stop at its next Python instruction (CPython; elsewhere the
    thread is only left to itself)."""
    ident = thread.ident
    if ident is None or not thread.is_alive():
        return
    import ctypes  # only when something is abandoned: not on every command's start

    try:
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(Abandoned))
    except (AttributeError, ValueError):  # pragma: no cover - not CPython
        pass


def poll_every(limit: float | None) -> float:
    """How often to look in on a worker: often enough to name a stuck hook soon
    after its limit, rarely enough to cost nothing."""
    return 0.2 if limit is None else max(0.01, min(0.2, limit / 5))


class Worker:
    """``work()`` running in a daemon thread, with what it returned or raised."""

    def __init__(self, work: Callable[[], Any], name: str = "gunline-work") -> None:
        self.done = threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None
        self.abandoned = False
        self._work = work
        self._lock = threading.Lock()
        self._callbacks: list[Callable[[], None]] = []
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self.result = self._work()
        except Abandoned:
            pass
        except BaseException as exc:  # handed to the thread that waits
            self.error = exc
        finally:
            with self._lock:
                self.done.set()
                callbacks, self._callbacks = self._callbacks, []
            for callback in callbacks:
                try:
                    callback()
                except Exception:  # the waiter is gone (an event loop closed): nobody to tell
                    pass

    def on_done(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` (in the worker's thread) when the work ends; at once
        if it has."""
        with self._lock:
            if not self.done.is_set():
                self._callbacks.append(callback)
                return
        callback()

    def abandon(self) -> None:
        self.abandoned = True
        abandon(self.thread)

    def outcome(self) -> Any:
        """What the work returned; raises what it raised."""
        if self.error is not None:
            raise self.error
        return self.result


#: Seconds an interrupted command waits for its abandoned work to end what it
#: started; work that answers its stop request ends within a quarter of one.
LEAVING = 1.0

_left_work = False


def left_work() -> bool:
    """True once :func:`run` has stopped waiting for work that had not ended (Ctrl+C,
    a hook past its time). What that work started is not waited for at the exit:
    a process pool whose worker was ended in the middle of its answer keeps its own
    thread waiting for the rest of the answer for ever (:mod:`gunline.console`)."""
    return _left_work


def run(work: Callable[[], T], limit: float | None, *, on_poll: Callable[[], None] | None = None) -> T:
    """Run ``work`` in a worker thread and wait for it, raising
    :class:`~gunline.errors.HookTimedOut` (naming the plugin and the hook) when one
    hook call runs past ``limit`` seconds. A KeyboardInterrupt in the waiting thread
    abandons the work and goes on up.

    A plugin whose *import* runs past the limit is not the work's failure: one
    variant of one game must not stop every command (or the app) from starting. Its
    entry point is recorded as never loaded (:func:`gunline.plugins.unfinished`),
    the worker is abandoned, and ``work`` starts again in a new worker, whose
    discovery lists that plugin as broken and loads the others. (Work that finds
    plugins does so before it does anything else.)"""
    worker = Worker(work)
    watch = Watch(worker.thread, limit)
    poll = poll_every(limit)
    try:
        while not worker.done.wait(poll):
            if on_poll is not None:
                on_poll()
            stuck = watch.overdue()
            if stuck is not None:
                worker.abandon()
                if stuck.loading is not None and _given_up(stuck.loading, limit):
                    worker = Worker(work)
                    watch = Watch(worker.thread, limit)
                    continue
                raise HookTimedOut(stuck.plugin, stuck.hook, limit or 0)
    except BaseException as exc:
        if not worker.done.is_set():
            global _left_work
            _left_work = True
            interrupted = isinstance(exc, KeyboardInterrupt)
            # a second Ctrl+C (a terminal's, passed on again by ``uv run``) must not
            # cut this short: the work, left to run, would sample on to its end
            with _deaf_to_interrupts(interrupted):
                worker.abandon()
                if interrupted:
                    # a moment for the work to end what it started (a pool's
                    # workers), so that none is forked after the process has gone
                    worker.done.wait(LEAVING)
        raise
    return cast(T, worker.outcome())


def _given_up(entry_point: Any, limit: float | None) -> bool:
    """Record that loading ``entry_point`` was abandoned; False if it already was (a
    discovery that tried it again: the work is stuck for another reason)."""
    from .plugins import unfinished

    return unfinished(entry_point, limit or 0)


@contextmanager
def _deaf_to_interrupts(deaf: bool) -> Iterator[None]:
    """The block with Ctrl+C ignored, when ``deaf`` and in the main thread (the only
    one signals reach)."""
    if not deaf or threading.current_thread() is not threading.main_thread():
        yield
        return
    import signal

    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
