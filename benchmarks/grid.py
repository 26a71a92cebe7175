"""The scaling grid: how the odds grow with the size of an attack, per ruleset.

    uv run python benchmarks/grid.py [--tiny] [--only fallout] [--json]

Each cell is one attack, built from the hardest shipped shapes: a Fallout minigun
burst of 10/20/40/60 bullets at 1-6 targets down the line of fire; a samurai shooter
with 1-6 attacks against a unit of 1/5/10/20 models; a Necromunda heavy bolter with
1-3 sustained-fire dice at 1/3/6 targets; a World of Darkness long burst whose every
target's pool is 1-33 dice, at 1-8 targets. Each cell prints whether the odds were
exact or Monte Carlo, the outcomes counted, the time, the CPU time (which other jobs
on a shared machine slow less than the time) and the peak memory the odds allocated.
The goal: no cell over 0.5 s in-process on a 2-core machine, exact wherever exact
fits in that time. ``--tiny`` runs a corner of each grid (for CI, so the benchmark
cannot rot).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import tracemalloc
from collections.abc import Iterator
from typing import Any

from machine import machine_line

from gunline import discover
from gunline.odds import compute_odds, repeats

try:
    from gunline.odds import branches
except ImportError:  # an older gunline
    branches = None  # type: ignore[assignment]
from gunline.scenario import build_attack

FALLOUT_TARGETS = [
    {"name": "super mutant", "distance": 16, "ac": 40, "dt": 4, "dr": 30, "hp": 120},
    {"name": "centaur", "distance": 17, "ac": 45, "cover": 20, "hp": 100},
    {"name": "floater", "distance": 19, "ac": 45, "hp": 90},
    {"name": "raider", "distance": 20, "ac": 20, "dt": 2, "dr": 20, "hp": 40},
    {"name": "ghoul", "distance": 21, "ac": 10, "cover": 10, "hp": 30},
    {"name": "radscorpion", "distance": 22, "ac": 30, "dt": 5, "dr": 25, "hp": 60},
]


def fallout(bullets: int, targets: int) -> dict[str, Any]:
    """The worst file the issue found: Sulik's gauss minigun, in heavy clouds."""
    return {
        "ruleset": "fallout", "mode": "burst", "lighting": "heavy_clouds",
        "shooter": {"name": "Sulik", "skill": 70, "perception": 6, "strength": 10, "luck": 6},
        "weapon": {"name": "MEC Gauss Minigun", "burst": bullets, "magazine": 100},
        "targets": FALLOUT_TARGETS[:targets],
    }


def samurai(models: int, attacks: int) -> dict[str, Any]:
    """A kunoichi throwing shuriken at a unit of ashigaru, nearest first."""
    return {
        "ruleset": "samurai",
        "shooter": {"name": "Kunoichi", "shooting": 7, "attacks": attacks, "body": 3},
        "weapon": {"name": "shuriken"},
        "targets": [{
            "name": "Ashigaru", "body": 3, "wounds": 2,
            "models": [{"name": f"ashigaru {i + 1}", "distance": 6 + i} for i in range(models)],
        }],
    }


def necromunda(dice: int, targets: int) -> dict[str, Any]:
    """A heavy bolter's sustained fire at a gang, the shots spread over it."""
    return {
        "ruleset": "necromunda",
        "shooter": {"name": "Orlok Heavy", "bs": 3},
        "weapon": {"name": "heavy bolter", "sustained_fire": dice},
        "targets": [{"name": "Escher Leader", "distance": 18}]
        + [{"name": f"Escher {i + 1}", "distance": 19 + i, "near_first": True} for i in range(targets - 1)],
    }


def wod(pool: int, targets: int) -> dict[str, Any] | None:
    """A long burst (+3 dice, −1 per target) whose every target rolls ``pool`` dice;
    None where no shooter reaches that pool (Dexterity, Firearms, Damage 10 each)."""
    base = pool - 3 + targets
    if not 1 <= base <= 30:
        return None
    dexterity = min(10, base)
    firearms = min(10, base - dexterity)
    damage = base - dexterity - firearms
    return {
        "ruleset": "wod", "mode": "long",
        "shooter": {"name": "Carter", "dexterity": dexterity, "firearms": firearms},
        "weapon": {"name": "custom rifle", "damage": damage, "clip": 100, "autofire": True},
        "targets": [{"name": f"target {i + 1}"} for i in range(targets)],
    }


def grid(tiny: bool) -> Iterator[tuple[str, str, dict[str, Any] | None]]:
    """(grid, cell, scenario) for every cell."""
    for bullets in ([10] if tiny else [10, 20, 40, 60]):
        for targets in ([1, 2] if tiny else range(1, 7)):
            yield "fallout burst", f"{bullets} bullets x {targets} targets", fallout(bullets, targets)
    for models in ([1, 5] if tiny else [1, 5, 10, 20]):
        for attacks in ([1, 2] if tiny else range(1, 7)):
            yield "samurai unit", f"{models} models x {attacks} attacks", samurai(models, attacks)
    for dice in ([1] if tiny else [1, 2, 3]):
        for targets in ([1, 3] if tiny else [1, 3, 6]):
            yield "necromunda sustained fire", f"{dice} dice x {targets} targets", necromunda(dice, targets)
    for pool in ([1, 8] if tiny else range(1, 34)):
        for targets in ([1, 2] if tiny else range(1, 9)):
            yield "wod long burst", f"{pool} dice x {targets} targets", wod(pool, targets)


def measure(registry: Any, doc: dict[str, Any], name: str) -> dict[str, Any]:
    """One cell: the odds, cold (nothing worked out before), timed; then once more
    with the allocations traced, for the peak memory (tracing slows it down)."""
    attack = build_attack(registry, doc, name)

    def cold() -> Any:
        repeats.forget()
        if branches is not None:
            branches.forget()
        return compute_odds(registry, attack)

    start, cpu = time.perf_counter(), time.process_time()
    odds = cold()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    tracemalloc.start()
    cold()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"exact": odds.exact, "outcomes": odds.outcomes, "seconds": seconds, "cpu_seconds": cpu,
            "peak_mb": peak / 2**20, "samples": odds.samples}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true", help="a corner of each grid (for CI)")
    parser.add_argument("--only", default="", help="only the grids whose name holds this")
    parser.add_argument("--json", action="store_true", help="one JSON line per cell")
    args = parser.parse_args(argv)
    registry = discover()
    print(machine_line(), flush=True)
    worst = worst_cpu = 0.0
    counted = over = over_cpu = 0
    for which, cell, doc in grid(args.tiny):
        if args.only not in which:
            continue
        if doc is None:
            continue
        row = measure(registry, doc, f"{which}: {cell}")
        counted += 1
        worst = max(worst, row["seconds"])
        worst_cpu = max(worst_cpu, row["cpu_seconds"])
        over += row["seconds"] > 0.5
        over_cpu += row["cpu_seconds"] > 0.5
        if args.json:
            print(json.dumps({"grid": which, "cell": cell, **row}), flush=True)
        else:
            how = "exact" if row["exact"] else f"Monte Carlo ({row['samples']} samples)"
            print(f"{which:<26} {cell:<24} {how:<28} {row['outcomes']:>7} outcomes "
                  f"{1000 * row['seconds']:9.1f} ms {1000 * row['cpu_seconds']:9.1f} ms CPU "
                  f"{row['peak_mb']:7.1f} MB", flush=True)
    print(f"{counted} cells, slowest {1000 * worst:.0f} ms, {over} over 0.5 s "
          f"(CPU time, which other jobs on the machine slow less: slowest {1000 * worst_cpu:.0f} ms, "
          f"{over_cpu} over 0.5 s)")
    print(machine_line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
