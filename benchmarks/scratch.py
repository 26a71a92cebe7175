"""Data folders for the benchmarks' runs of gunline: each a first launch of its own,
removed when the benchmark ends (a full run made a dozen, and kept every one)."""

from __future__ import annotations

import atexit
import shutil
import tempfile


def data_folder() -> str:
    """A new, empty data folder (``GUNLINE_HOME``), gone when this process exits."""
    path = tempfile.mkdtemp(prefix="gunline-bench-")
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path
