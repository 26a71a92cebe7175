"""How fast this machine runs plain Python right now, to read the other numbers by.

A shared or throttled machine can run the same code half as fast from one minute to
the next; every benchmark prints this line beside its results, so that a slow number
can be told from slow code (compare the line across runs and machines).
"""

from __future__ import annotations

import os
import time


def reference_us() -> float:
    """Milliseconds for 1000 × ``sum(range(1000))``, best of five (that is, µs per sum)."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(1000):
            sum(range(1000))
        best = min(best, (time.perf_counter() - start) * 1000)
    return best


def machine_line() -> str:
    return (
        f"machine: {reference_us():.1f} us for sum(range(1000)) in this run, load average "
        f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores "
        "(times scale with it; compare the same line on another machine)"
    )
