"""How fast the headless commands start, beside Python importing pluggy and msgspec.

    uv run python benchmarks/startup.py [--runs N]

Each command runs in a fresh process, alternating with the yardstick
``python -c "import pluggy, msgspec"`` so that both meet the same load; the best run
of each counts. Bytecode caching is on for every process (a user's Python writes
``__pycache__``; an environment that forbids it would time the compiler instead),
and each command runs once before timing. Targets: ``gunline --help`` within 1.3x
the yardstick, ``gunline resolve FILE`` and ``gunline odds FILE`` within 1.5x.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from machine import machine_line
from scratch import data_folder

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "necromunda" / "lasgun-long-range.toml"
#: The console script a user runs (beside this interpreter in a virtual environment).
_SCRIPT = Path(sys.executable).with_name("gunline")
GUNLINE = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "gunline.cli"]

#: (label, argv, target ratio to the yardstick); the yardstick itself has no target.
COMMANDS: list[tuple[str, list[str], float | None]] = [
    ('python -c "import pluggy, msgspec"', [sys.executable, "-c", "import pluggy, msgspec"], None),
    ("gunline --help", [*GUNLINE, "--help"], 1.3),
    ("gunline resolve FILE", [*GUNLINE, "resolve", str(EXAMPLE), "--seed", "1"], 1.5),
    ("gunline odds FILE", [*GUNLINE, "odds", str(EXAMPLE)], 1.5),
]


def environment() -> dict[str, str]:
    """The user's environment, with bytecode caching allowed, gunline's choices of
    plugins and odds method dropped, and a data directory of its own."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE" and not k.startswith("GUNLINE_")}
    env["GUNLINE_HOME"] = data_folder()
    return env


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """The command's time and its CPU time (user and system), in seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return elapsed, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def figures(runs: int) -> list[tuple[str, float, float, float | None]]:
    """(label, best seconds, best CPU seconds, target ratio) per command, the
    yardstick first."""
    env = environment()
    for _, argv, _ in COMMANDS:  # write the bytecode, warm the file cache
        timed(argv, env)
    best = [float("inf")] * len(COMMANDS)
    cpu = [float("inf")] * len(COMMANDS)
    for _ in range(runs):
        for i, (_, argv, _) in enumerate(COMMANDS):
            elapsed, used = timed(argv, env)
            best[i] = min(best[i], elapsed)
            cpu[i] = min(cpu[i], used)
    return [(label, seconds, used, target)
            for (label, _, target), seconds, used in zip(COMMANDS, best, cpu, strict=True)]


def report(runs: int) -> bool:
    """Print the figures; True when every target is met."""
    rows = figures(runs)
    yardstick, yardstick_cpu = rows[0][1], rows[0][2]
    ok = True
    print(f"start-up, best of {runs} runs each, alternating (the CPU time, which other jobs on a "
          "shared machine slow less, in brackets):")
    for label, seconds, used, target in rows:
        line = f"  {label:<36} {1000 * seconds:7.1f} ms ({1000 * used:5.1f} ms CPU)"
        if target is not None:
            ratio = seconds / yardstick
            met = ratio <= target
            ok = ok and met
            line += (f"   {ratio:4.2f}x the yardstick ({used / yardstick_cpu:4.2f}x) "
                     f"(target <= {target:g}x: {'met' if met else 'NOT met'})")
        else:
            line += "   the yardstick"
        print(line, flush=True)
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args(argv)
    print(machine_line())
    report(args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
