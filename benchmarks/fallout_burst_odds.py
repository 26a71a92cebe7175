"""Odds of the Fallout 20-bullet burst at three objects (examples/fallout/
minigun_twenty_bullets.toml): how long they take, and whether they are exact.

* the whole attack (to-hit pools, then damage and a critical for every bullet that
  hit), under the default rules and under each variant that changes a burst;
* the to-hit chain alone (a plugin that resolves wounds without dice): the three d100
  pools branch over their success counts, a multinomial.

Each time is the best of five runs, each started with the folded ``dice.repeat``
classes forgotten (``gunline.odds.repeats.forget``).

Run: uv run python benchmarks/fallout_burst_odds.py
"""

from __future__ import annotations

import time
import types
from pathlib import Path

from machine import machine_line

from gunline import Step, Variant, discover, hookimpl
from gunline.odds import compute_odds, repeats
from gunline.scenario import load_attack

EXAMPLE = Path(__file__).parents[1] / "examples" / "fallout" / "minigun_twenty_bullets.toml"
VARIANTS = ((), ("fallout.cluster-burst",), ("fallout.burst-damage-once",), ("fallout.critical-on-hit-roll",))


def timed(registry, attack, runs: int = 5):
    best, odds = float("inf"), None
    for _ in range(runs):
        repeats.forget()
        start = time.perf_counter()
        odds = compute_odds(registry, attack)
        best = min(best, time.perf_counter() - start)
    return best, odds


def main() -> None:
    registry = discover()
    print(machine_line())
    for variants in VARIANTS:
        seconds, odds = timed(registry, load_attack(registry, EXAMPLE, list(variants)))
        name = ", ".join(variants) or "default rules"
        print(f"whole attack, {name}: {1000 * seconds:.1f} ms, exact={odds.exact}, outcomes={odds.outcomes}")
        if odds.note:
            print(f"  {odds.note}")
        if not variants:
            for target, t in odds.targets.items():
                status = ", ".join(f"{s} {p:.4f}" for s, p in t.status.items())
                print(f"  {target}: P(hit) {t.hit:.6f}, expected hp lost {t.expected.get('wound', 0):.3f}; {status}")

    plugin = types.ModuleType("fallout.bench-no-damage")
    plugin.gunline_variant = hookimpl(lambda: Variant(name="fallout.bench-no-damage", ruleset="fallout", api=2))
    plugin.resolve_wound = hookimpl(lambda hit: Step(kind="wound", value=0))
    registry.add("fallout.bench-no-damage", plugin)
    attack = load_attack(registry, EXAMPLE, ["fallout.bench-no-damage"])
    seconds, odds = timed(registry, attack)
    print(f"to-hit chain only: {1000 * seconds:.1f} ms, exact={odds.exact}, outcomes={odds.outcomes}")
    for name, target in odds.targets.items():
        print(f"  {name}: P(hit) {target.hit:.6f}, expected hits {target.expected.get('hit', 0):.4f}")


if __name__ == "__main__":
    main()
