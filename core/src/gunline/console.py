"""The installed ``gunline`` command: :func:`gunline.cli.main`, then a quick exit.

When a command is done, everything a user waits for is out; what is left of a normal
interpreter exit is taking apart every module, class and object the command made, one
by one, which the operating system does at once when the process ends. For a one-shot
command that was about 8 ms of a 70 ms ``gunline resolve``: more than the whole of
gunline's own imports for the command. So the command leaves the way a normal exit
would, minus that:

1. non-daemon threads are waited for, as the interpreter would (after what
   ``threading`` runs at exit: a process pool left running is stopped). A command
   that was stopped (Ctrl+C, a hook past its time) first ends the processes it
   started, and waits for its threads a moment at most;
2. ``atexit`` handlers run (worker pools are shut down, temporary folders removed,
   logging flushed), in the interpreter's own order;
3. stdout and stderr are flushed (a reader gone away, ``gunline ... | head``, is not
   an error, as everywhere in the CLI);
4. then ``os._exit`` with the command's exit code.

Tests and embedding code call :func:`gunline.cli.main`, which returns the code and
leaves the interpreter alone. Where the interpreter does not offer ``atexit``'s
runner, the exit is the normal one.

What a normal exit does and this one does not: flush a file object left open (no
close, no ``with``) as it is taken apart. Every file gunline writes is closed or
written atomically; hooks write none (they have no side effects); code that keeps a
file open across a command closes it in an ``atexit`` handler, which runs here.
"""

from __future__ import annotations

import atexit
import gc
import os
import sys
from typing import NoReturn

#: The exit code of an interrupted command (gunline.cli.EXIT_INTERRUPTED: Ctrl+C).
EXIT_INTERRUPTED = 130
#: What the interpreter exits with when flushing stdout fails (other than a reader gone
#: away); the same as a normal exit's.
FLUSH_FAILED = 120
#: Seconds a stopped command's exit waits for the threads it leaves (a process
#: pool's, whose workers are ended first and which then end within a moment).
STOPPED_WAIT = 2.0


def run() -> NoReturn:
    """The console script's entry point. The collector is paused while the CLI's
    modules are imported, as :func:`gunline.cli.main` pauses it for the command."""
    gc.disable()
    from .cli import main

    gc.enable()
    try:
        code = main()
    except KeyboardInterrupt:  # a second Ctrl+C as the first was being answered
        code = EXIT_INTERRUPTED
    leave(code)


def leave(code: int) -> NoReturn:
    """End the process with ``code`` as a normal exit would, without the teardown
    (see the module)."""
    run_exit_handlers = getattr(atexit, "_run_exitfuncs", None)
    if run_exit_handlers is None:  # pragma: no cover - not CPython or PyPy
        sys.exit(code)
    if code == EXIT_INTERRUPTED:
        # a second Ctrl+C (a terminal's, passed on again by ``uv run``) does not cut
        # the exit short
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)
    watch = sys.modules.get("gunline.watch")
    if code == EXIT_INTERRUPTED or (watch is not None and watch.left_work()):
        _end_children()
        _join_threads(within=STOPPED_WAIT)
    else:
        _join_threads()
    run_exit_handlers()
    code = _flushed(code)
    os._exit(code)


def _end_children() -> None:
    """End the processes this one started (a sampling pool's workers), at once: the
    command was stopped, and what it left running is nobody's. Each is asked first
    (SIGTERM), then killed if it has not gone within a second."""
    multiprocessing = sys.modules.get("multiprocessing")
    if multiprocessing is None:  # none was ever started
        return
    import time

    children = multiprocessing.active_children()
    for child in children:
        try:
            child.terminate()
        except (OSError, ValueError, AttributeError):  # gone already
            pass
    until = time.monotonic() + 1.0
    for child in children:
        try:
            child.join(max(0.0, until - time.monotonic()))
            if child.is_alive():
                child.kill()
                child.join(1.0)
        except (OSError, ValueError, AttributeError):  # pragma: no cover - gone already
            pass


def _join_threads(within: float | None = None) -> None:
    """Wait for every non-daemon thread, as the interpreter does before its exit
    handlers: with the interpreter's own step where there is one, which first runs
    what ``threading`` was asked to run at exit (a process pool left running is told
    to stop there, and its manager thread would otherwise be waited for forever).

    ``within`` seconds at most, for a command that was stopped (Ctrl+C, a hook past
    its time): then only the threads themselves are waited for, and not for ever. A
    process pool whose worker was ended in the middle of its answer keeps its
    manager thread reading the rest of that answer, which never comes; the
    interpreter's step waits for that thread without an end."""
    threading = sys.modules.get("threading")
    if threading is None:  # no thread was ever started
        return
    if within is not None:
        import time

        until = time.monotonic() + within
        main = threading.main_thread()
        for thread in threading.enumerate():
            if thread is not main and not thread.daemon:
                thread.join(max(0.0, until - time.monotonic()))
        return
    shutdown = getattr(threading, "_shutdown", None)
    if shutdown is not None:
        try:
            shutdown()
        except BaseException:  # as the interpreter does: ignored at exit, the work is done
            # (a process pool stopped without waiting may find its wake-up pipe
            # closed: the interpreter says "Exception ignored" and exits 0 too)
            pass
        return
    main = threading.main_thread()  # pragma: no cover - an interpreter without it
    for thread in threading.enumerate():
        if thread is not main and not thread.daemon:
            thread.join()


def _flushed(code: int) -> int:
    for stream in (sys.stdout, sys.stderr):
        if stream is None:
            continue
        try:
            stream.flush()
        except BrokenPipeError:  # the reader went away: nothing to report
            pass
        except (OSError, ValueError):
            if stream is sys.stdout and code == 0:
                code = FLUSH_FAILED
    return code
