"""Monte Carlo in fixed seeded chunks, to a precision, on every core.

Samples are drawn in chunks of :data:`CHUNK`, chunk ``i`` from its own seed (derived
from the run's seed and ``i``), and merged in chunk order. Sampling stops after the
first chunk at which every figure the odds show has a 95% interval within the
precision asked for (or when the samples asked for are drawn). Which chunks are
drawn, and so the result, depends on the seed alone: never on how many processes
drew them, nor in what order they finished. So ``--seed`` gives byte-identical odds
whatever ``--jobs`` is.

Chunks past the first are drawn by worker processes (forked, so that they share the
loaded rules), a few ahead of the merge; chunks drawn ahead that turn out not to be
needed are thrown away.

With a ``deadline`` (a time budget), a chunk stops where the time is up, and so does
the merge: the tally is then that of the run's first samples, in order, the same as
asking for that many samples with the same seed.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..dice import Dice
from .leaf import Leaf
from .sampling import sample, sample_tree

if TYPE_CHECKING:
    from concurrent.futures import Future

#: Samples per chunk: enough for each to be worth a process, few enough to stop soon
#: after the precision is reached.
CHUNK = 2048
#: Chunks a worker is handed ahead of the merge, per worker.
AHEAD = 2

Tally = dict[Leaf, float]
Run = Callable[[Dice], Leaf]

#: The run the workers sample (set before they are forked; see :func:`draw`).
_RUN: tuple[Run, bool] | None = None


def chunk_seed(seed: int, index: int) -> int:
    """The seed of chunk ``index`` of a run seeded with ``seed``."""
    import hashlib  # OpenSSL's load is a few ms: only when sampling

    digest = hashlib.blake2b(f"gunline odds {seed} {index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & 0x7FFF_FFFF_FFFF_FFFF


#: Seconds between two progress reports from within a chunk (a chunk of long chains
#: takes minutes).
WITHIN = 0.25


def one_chunk(
    run: Run, size: int, seed: int, index: int, every_face: bool, stop: Callable[[int], bool] | None = None
) -> Tally:
    sampler = sample if every_face else sample_tree
    return sampler(run, size, chunk_seed(seed, index), None, stop)


def _past(deadline: float | None, least: int = 0) -> Callable[[int], bool] | None:
    """A chunk's ``stop``: once ``least`` samples are drawn, whether ``deadline``
    (:func:`time.monotonic`, the same clock in every process) has passed."""
    if deadline is None:
        return None
    return lambda done: done >= least and time.monotonic() >= deadline


def _work(job: tuple[int, int, int, float | None]) -> list[tuple[Leaf, float]]:
    """A worker's chunk: (size, seed, index, deadline) of the run it was forked with."""
    assert _RUN is not None
    run, every_face = _RUN
    size, seed, index, deadline = job
    return list(one_chunk(run, size, seed, index, every_face, _past(deadline)).items())


def _count(part: Any) -> int:
    """The samples a chunk's tally holds (one count per sample)."""
    return int(sum(count for _, count in part))


def jobs_default() -> int:
    return max(1, os.cpu_count() or 1)


def draw(
    run: Run,
    *,
    seed: int,
    enough: Callable[[Tally, int], bool],
    most: int,
    jobs: int,
    every_face: bool = False,
    progress: Callable[[int, int], None] | None = None,
    deadline: float | None = None,
) -> tuple[Tally, int]:
    """Draw chunks in order until ``enough(tally, samples)`` says so, ``most``
    samples are drawn or ``deadline`` (:func:`time.monotonic`) has passed, with one
    sample at least; returns the merged tally and the samples in it."""
    global _RUN
    sizes = [CHUNK] * (most // CHUNK) + ([most % CHUNK] if most % CHUNK else [])
    tally: Tally = {}
    drawn = 0
    #: a chunk ended by the deadline: no later chunk may be merged
    cut = False

    def merge(part: Any, size: int) -> None:
        nonlocal drawn, cut
        part = list(part)
        got = size if deadline is None else _count(part)
        for leaf, count in part:
            tally[leaf] = tally.get(leaf, 0.0) + count
        drawn += got
        cut = got < size

    # the first chunk in this process: often all that is needed; it says how far it
    # has got as it goes, a chunk of long chains taking minutes
    first = _past(deadline, 1)
    if progress is not None:
        shown = [time.monotonic()]

        def within(done: int) -> bool:
            now = time.monotonic()
            if now - shown[0] >= WITHIN:
                shown[0] = now
                progress(done, most)
            return first is not None and first(done)

        stop: Callable[[int], bool] | None = within
    else:
        stop = first
    merge(one_chunk(run, sizes[0], seed, 0, every_face, stop).items(), sizes[0])
    if progress is not None:
        progress(drawn, most)
    if cut or enough(tally, drawn) or len(sizes) == 1:
        return tally, drawn
    context = _fork_context()
    if jobs <= 1 or context is None:
        for index in range(1, len(sizes)):
            merge(one_chunk(run, sizes[index], seed, index, every_face, _past(deadline)).items(), sizes[index])
            if progress is not None:
                progress(drawn, most)
            if cut or enough(tally, drawn):
                break
        return tally, drawn
    _RUN = (run, every_face)
    from concurrent.futures import ProcessPoolExecutor  # only when sampling on several cores

    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_deaf_to_interrupts)
    pending: dict[int, Future[list[tuple[Leaf, float]]]] = {}
    try:
        submitted = 1
        for index in range(1, len(sizes)):
            while submitted < len(sizes) and submitted < index + jobs * AHEAD:
                pending[submitted] = pool.submit(_work, (sizes[submitted], seed, submitted, deadline))
                submitted += 1
            merge(_result(pending.pop(index)), sizes[index])
            if progress is not None:
                progress(drawn, most)
            if cut or enough(tally, drawn):
                break
    except BaseException:
        # stopped (Ctrl+C, a hook past its time): a chunk under way is not waited
        # for, since a chunk of long chains takes minutes and the command's exit
        # waits for its workers
        _end(pool)
        raise
    finally:
        for future in pending.values():
            future.cancel()
        pool.shutdown(wait=False, cancel_futures=True)
        _RUN = None
    return tally, drawn


def _end(pool: Any) -> None:
    """End the pool's workers now, in the middle of their chunks."""
    processes = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        try:
            process.terminate()
        except (OSError, ValueError, AttributeError):  # pragma: no cover - gone already
            pass


def _result(future: Future[list[tuple[Leaf, float]]]) -> list[tuple[Leaf, float]]:
    """A chunk's result, waited for a quarter of a second at a time: the command runs
    in a worker thread, which is asked to stop (Ctrl+C, a hook past its time) by an
    exception raised at its next Python instruction, and a wait without an end in C
    would never reach one."""
    while True:
        try:
            return future.result(timeout=0.25)
        except TimeoutError:
            continue


def _deaf_to_interrupts() -> None:
    """A worker ignores Ctrl+C. A terminal sends it to the whole process group (and
    ``uv run`` once more to the command): a worker that took it died mid-answer with
    a traceback on the GM's screen, and the command then waited at its exit for the
    pool that lost it, for ever. The command alone stops: the chunks not begun are
    cancelled, and each worker leaves when its chunk is done."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _fork_context() -> Any:
    """A context that forks (the workers then share the loaded rules), or None where
    the platform cannot fork."""
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        return None
    return multiprocessing.get_context("fork")
