"""The odds in a process of their own, for the app, whose screen must answer every key
while the odds of a heavy shot are worked out.

A thread shares the interpreter with the screen: an enumeration that takes seconds
makes each keystroke wait its turn. A child process instead (forked, so it starts
with the rules loaded and the registry and the attack as they are) computes the odds
and sends its progress and its answer down a pipe; the parent reads the pipe when it
likes, and ends the child the moment the odds are no longer wanted (a newer edit, the
screen closed, the app leaving). A hook that never returns is named as on the command
line: the child watches its own work (:func:`gunline.watch.run`) and sends the
:class:`~gunline.errors.HookTimedOut` it raises. Where the platform cannot fork,
:func:`start` gives None and the caller computes in a thread as before.

Messages, each a tuple: ``("progress", done, total)`` (Monte Carlo samples drawn),
``("targets", done, total)`` (targets whose outcomes are all enumerated, at most every
:data:`EVERY` seconds), ``("odds", odds)`` and ``("failed", error)``, the last two
once, at the end.
"""

from __future__ import annotations

import os
from typing import Any

from ..models import Attack

#: Seconds between two reports of targets enumerated: an attack of hundreds of
#: targets enumerated in a second would otherwise send the screen hundreds of redraws.
EVERY = 0.1


class Background:
    """One computation in a child process: its messages, and a way to end it.

    :meth:`close` it when done with it (answered or not): that ends the child if it
    is still at work and closes the pipe. Until then the pipe's descriptor stays
    open, so a caller watching it (an event loop's reader) can stop watching first.
    """

    def __init__(self, process: Any, connection: Any) -> None:
        self.process = process
        self.connection = connection
        #: Whether the answer (odds or error) has arrived.
        self.finished = False
        self.closed = False

    def fileno(self) -> int:
        """The pipe's descriptor: readable when a message is waiting."""
        return int(self.connection.fileno())

    def messages(self) -> list[tuple[Any, ...]]:
        """Every message waiting, without blocking. A child that ended without an
        answer (killed from outside, out of memory) gives a ``failed`` message."""
        out: list[tuple[Any, ...]] = []
        if self.finished or self.closed:
            return out
        try:
            while self.connection.poll():
                message = self.connection.recv()
                out.append(message)
                if message[0] in ("odds", "failed"):
                    self.finished = True
                    self.process.join(1.0)  # at once: the child ends as soon as it has answered
                    break
        except (EOFError, OSError):
            self.process.join(1.0)
            code = self.process.exitcode
            out.append(("failed", RuntimeError(f"the odds process ended without an answer (exit {code})")))
            self.finished = True
        return out

    def close(self) -> None:
        """End the child if it is still at work (its answer is never read), and close
        the pipe. Safe to call again."""
        if self.closed:
            return
        self.closed = True
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(1.0)
            if self.process.is_alive():  # pragma: no cover - it ignored SIGTERM
                self.process.kill()
                self.process.join(1.0)
        self.connection.close()

    #: Ending a computation no longer wanted is closing it.
    cancel = close


def start(registry: Any, attack: Attack, *, limit: float | None = None, **options: Any) -> Background | None:
    """Start computing ``compute_odds(registry, attack, **options)`` in a child
    process; ``limit`` is the hook timeout (seconds, None for none). None where the
    platform cannot fork."""
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        return None
    import warnings

    context = multiprocessing.get_context("fork")
    receiving, sending = context.Pipe(duplex=False)
    process = context.Process(
        target=_compute, args=(sending, registry, attack, limit, options), name="gunline odds", daemon=True
    )
    with warnings.catch_warnings():
        # Python 3.12 warns of forking a process with threads; the child is made for
        # it (see _compute), and a warning would be written over the app's screen
        warnings.simplefilter("ignore", DeprecationWarning)
        process.start()
    sending.close()
    return Background(process, receiving)


def _compute(connection: Any, registry: Any, attack: Attack, limit: float | None, options: dict[str, Any]) -> None:
    """The child: the odds, with progress, down the pipe, then gone.

    It was forked from a process with other threads (the app's), which may have held
    a lock at that moment (a stream's, say) that nobody in the child will ever
    release: so the child takes nothing of the parent's it does not need. Its own
    streams go nowhere (the terminal belongs to the app), it leaves the app's signal
    wake-up alone, and it ends with ``os._exit``, running no clean-up written for
    the parent.
    """
    import signal
    import sys

    sys.stdin = sys.stdout = sys.stderr = open(os.devnull, "r+")  # noqa: SIM115 - the child's until it ends
    devnull = sys.stdout.fileno()
    for fd in (1, 2):
        os.dup2(devnull, fd)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl+C is the app's
    try:
        signal.set_wakeup_fd(-1)
    except ValueError:  # pragma: no cover - forked from another thread than the main one
        pass
    code = 0
    try:
        import time

        from ..watch import run
        from .api import compute_odds

        def progress(done: int, total: int) -> None:
            connection.send(("progress", done, total))

        said: float | None = None  # the first report goes at once: monotonic() may be small

        def enumerating(done: int, total: int) -> None:
            nonlocal said
            now = time.monotonic()
            if said is None or now - said >= EVERY:
                said = now
                connection.send(("targets", done, total))

        odds = run(lambda: compute_odds(registry, attack, progress=progress, enumerating=enumerating, **options),
                   limit)
        connection.send(("odds", odds))
    except BaseException as error:  # every fault goes to the parent, which shows it
        try:
            connection.send(("failed", _sendable(error)))
        except BaseException:  # pragma: no cover - the parent has gone
            code = 1
    finally:
        os._exit(code)


def _sendable(error: BaseException) -> BaseException:
    """``error`` if it survives the pipe (pickled), else a RuntimeError saying what it was."""
    import pickle

    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error
