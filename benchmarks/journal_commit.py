"""Journal throughput: resolve-and-commit of one toy attack, the reads the TUI
makes after it (state + log), and opening the journal (which checks it: the file's
header, SQLite's quick_check and the history replay). Prints milliseconds per
operation.

    uv run python benchmarks/journal_commit.py [COUNT]
"""

from __future__ import annotations

import importlib.util
import sys
import tempfile
import time
from pathlib import Path

from gunline import Registry
from gunline.journal import Journal
from gunline.scenario import build_attack

ROOT = Path(__file__).parents[1]


def main(count: int = 200) -> None:
    spec = importlib.util.spec_from_file_location("toy_ruleset", ROOT / "core" / "tests" / "toy_ruleset.py")
    toy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(toy)
    registry = Registry()
    registry.add("toy", toy)
    doc = {"ruleset": "toy", "shooter": {"name": "Ann"}, "weapon": {"name": "rifle", "rounds": 10**9},
           "targets": [{"name": "Bo", "wounds": 10**9}, {"name": "Cy", "wounds": 10**9}]}
    attack = build_attack(registry, doc)
    with tempfile.TemporaryDirectory() as folder, Journal(Path(folder) / "j.db") as journal:
        start = time.perf_counter()
        for seed in range(count):
            journal.resolve("bench", registry, attack, doc, seed=seed)
        commit = (time.perf_counter() - start) / count
        start = time.perf_counter()
        for _ in range(20):
            journal.state("bench")
            journal.entries("bench")
        reads = (time.perf_counter() - start) / 20
        start = time.perf_counter()
        for _ in range(20):
            journal.undo("bench")
        undo = (time.perf_counter() - start) / 20
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "j.db"
        with Journal(path) as journal:
            for seed in range(count):
                journal.resolve("bench", registry, attack, doc, seed=seed)
        start = time.perf_counter()
        for _ in range(10):
            Journal(path).close()
        opened = (time.perf_counter() - start) / 10
        start = time.perf_counter()
        for _ in range(10):
            Journal(path, verify=False).close()
        unchecked = (time.perf_counter() - start) / 10
    print(f"resolve+commit: {commit * 1000:.2f} ms each ({count} commits, synchronous=FULL)")
    print(f"state+log read with {count} entries: {reads * 1000:.2f} ms")
    print(f"undo with {count} entries: {undo * 1000:.2f} ms each")
    print(f"open with {count} entries: {opened * 1000:.2f} ms with its checks, {unchecked * 1000:.2f} ms without")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
