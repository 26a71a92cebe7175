"""Every performance figure of gunline, each beside its yardstick, in one run.

    uv run python benchmarks/run.py [--tiny] [--only NAME]

Runs, each in a process of its own and in this order:

- ``startup``: ``gunline --help``, ``resolve`` and ``odds`` beside
  ``python -c "import pluggy, msgspec"``;
- ``throughput``: chains per second through the full stack beside a bare pluggy
  chain of the four hooks (and direct calls of the Necromunda rules);
- ``icepool``: exact odds beside icepool's, values and times (WoD pools of 1-30
  dice, the Necromunda single shot);
- ``odds``: the exact odds of every shipped example, pool distributions, Monte Carlo
  sampling speed, an attack on 200 targets under ``--budget 2s`` and exact;
- ``tui``: the app's first frame beside a bare Textual app's; an edit to a redrawn
  chain;
- ``keys``: keystrokes from the app's launch to a resolved chain with the dice typed
  by hand, one example per ruleset;
- ``grid``: the scaling grid (Fallout burst x targets, samurai unit x attacks,
  Necromunda sustained fire x targets, WoD pool x targets): exact or Monte Carlo,
  outcomes, time and peak memory per cell.

Targets are printed as met or NOT met; the exit code says only whether every
benchmark ran (a slow machine is not an error). ``--tiny`` runs each at a glance:
the test suite runs it that way so that no benchmark can rot. The published figures
and how to read them: docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: name -> (script, arguments for a full run, arguments for --tiny)
SECTIONS: dict[str, tuple[str, list[str], list[str]]] = {
    "startup": ("startup.py", [], ["--runs", "1"]),
    "throughput": ("throughput.py", [], ["--tiny"]),
    "icepool": ("icepool_check.py", [], ["--tiny"]),
    "odds": ("odds.py", [], ["--quick"]),
    "tui": ("tui_startup.py", [], ["--tiny"]),
    "grid": ("grid.py", [], ["--tiny"]),
    "keys": ("keystrokes.py", [], ["--tiny"]),
    "busy": ("tui_busy.py", [], ["--tiny"]),
}


def environment() -> dict[str, str]:
    """The benchmarks measure what a user gets: gunline's own choices (plugins, odds
    method, journal) are dropped, bytecode caching is allowed."""
    return {k: v for k, v in os.environ.items() if not k.startswith("GUNLINE_") and k != "PYTHONDONTWRITEBYTECODE"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true", help="every benchmark at a glance (for CI)")
    parser.add_argument("--only", action="append", default=[], choices=sorted(SECTIONS), help="run only these")
    args = parser.parse_args(argv)
    failed = []
    for name, (script, full, tiny) in SECTIONS.items():
        if args.only and name not in args.only:
            continue
        print(f"== {name} ({script})", flush=True)
        start = time.perf_counter()
        done = subprocess.run([sys.executable, str(HERE / script), *(tiny if args.tiny else full)],
                              cwd=HERE, env=environment())
        if done.returncode != 0:
            failed.append(name)
        print(f"   ({time.perf_counter() - start:.1f} s)", flush=True)
    if failed:
        print(f"benchmarks that did not run to the end: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
