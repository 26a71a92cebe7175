"""gunline's exact odds beside icepool's, on the same questions, in the same run.

    uv run python benchmarks/icepool_check.py [--tiny]

1. World of Darkness pools of 1-30 d10s, 8+ succeeds, 10-again: the chance of at
   least k successes for every k, from gunline's pool distribution and from icepool
   (explosion depth 24); the largest difference and both times.
2. The Necromunda single shot (examples/necromunda/lasgun-long-range.toml): gunline's
   final-status odds beside the same chain written in icepool (hit 4+, wound 4+, the
   injury dice: 1 flesh wound, pinned; 2-5 down; 6 out of action; a hit that does not
   wound pins); the largest difference and both times.

Values must agree (to about 1e-14); times are printed, never asserted.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from machine import machine_line

ROOT = Path(__file__).resolve().parents[1]


def best(fn: Callable[[], Any], runs: int) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), result


def wod_pools(icepool: Any, counts: range, runs: int) -> None:
    from gunline.odds.distributions import pool_distribution

    die = icepool.d10.map(lambda x: 0 if x < 8 else (1 if x < 10 else 1 + icepool.Again), again_depth=24)
    worst = ours_total = theirs_total = 0.0
    for count in counts:
        ours_s, ours = best(lambda: pool_distribution.__wrapped__(count, 10, 8, None, 10), runs)
        theirs_s, theirs = best(lambda: count @ die, runs)
        at_least = [sum(ours[k:]) for k in range(len(ours))]
        worst = max(worst, *(abs(p - float(theirs.probability(">=", k))) for k, p in enumerate(at_least)))
        ours_total += ours_s
        theirs_total += theirs_s
    print(f"  WoD pools of {counts.start}-{counts.stop - 1} dice (8+, 10-again): largest difference {worst:.1e}; "
          f"gunline {1000 * ours_total:.2f} ms, icepool {1000 * theirs_total:.2f} ms "
          f"(icepool takes {theirs_total / ours_total:.3g}x gunline's time)")


def necromunda_shot(icepool: Any, runs: int) -> None:
    from gunline import discover
    from gunline.odds import compute_odds, repeats
    from gunline.scenario import load_attack

    registry = discover()
    attack = load_attack(registry, ROOT / "examples" / "necromunda" / "lasgun-long-range.toml", [])

    def ours() -> dict[str, float]:
        repeats.forget()
        return dict(compute_odds(registry, attack, method="exact").targets["Goliath"].status)

    def theirs_exact() -> dict[str, float]:
        hit = icepool.d6 >= 4
        wound = icepool.d6 >= 4
        injury = icepool.d6.map({1: 1, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3})  # 1 pinned, 2 down, 3 out of action
        status = icepool.map(
            lambda h, w, i: 0 if not h else (1 if not w else i), hit, wound, injury
        )  # 0 unharmed, 1 pinned, 2 down, 3 out of action
        names = ("unharmed", "pinned", "down", "out_of_action")
        return {names[k]: float(status.probability(k)) for k in range(4)}

    ours_s, mine = best(ours, runs)
    theirs_s, reference = best(theirs_exact, runs)
    worst = max(abs(mine.get(k, 0.0) - p) for k, p in reference.items())
    print(f"  Necromunda lasgun, one shot: largest difference {worst:.1e}; "
          f"gunline {1000 * ours_s:.2f} ms, icepool {1000 * theirs_s:.2f} ms "
          f"(icepool takes {theirs_s / ours_s:.3g}x gunline's time; gunline also gives every step's odds)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true", help="a few pools, one run each (for CI)")
    args = parser.parse_args(argv)
    try:
        import icepool
    except ImportError:
        print("  icepool is not installed (a dev dependency): skipped")
        return 0
    print("exact odds beside icepool's:")
    runs = 1 if args.tiny else 5
    wod_pools(icepool, range(1, 4) if args.tiny else range(1, 31), runs)
    necromunda_shot(icepool, runs)
    return 0


if __name__ == "__main__":
    print(machine_line())
    sys.exit(main())
