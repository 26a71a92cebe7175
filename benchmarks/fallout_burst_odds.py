"""Odds of the Fallout 20-bullet burst at three objects (examples/fallout/
minigun_twenty_bullets.toml): how long they take, and whether they are exact.

Two measurements:
* the whole attack (to-hit pools, then damage and a critical for every bullet that
  hit): the damage dice make the tree far too large, so the odds fall back to Monte
  Carlo and say so;
* the to-hit chain alone (a plugin that resolves wounds without dice): the three d100
  pools branch over their success counts, a multinomial of a few thousand leaves,
  enumerated exactly.

Run: uv run python benchmarks/fallout_burst_odds.py
"""

from __future__ import annotations

import time
import types
from pathlib import Path

from gunline import Step, Variant, discover, hookimpl
from gunline.odds import compute_odds
from gunline.scenario import load_attack

EXAMPLE = Path(__file__).parents[1] / "examples" / "fallout" / "minigun_twenty_bullets.toml"


def timed(registry, attack):
    start = time.perf_counter()
    odds = compute_odds(registry, attack)
    return time.perf_counter() - start, odds


def main() -> None:
    registry = discover()
    seconds, odds = timed(registry, load_attack(registry, EXAMPLE))
    print(f"whole attack: {seconds:.2f} s, exact={odds.exact}, outcomes={odds.outcomes}, samples={odds.samples}")
    if odds.note:
        print(f"  {odds.note}")

    plugin = types.ModuleType("fallout.bench-no-damage")
    plugin.gunline_variant = hookimpl(lambda: Variant(name="fallout.bench-no-damage", ruleset="fallout"))
    plugin.resolve_wound = hookimpl(lambda hit: Step(kind="wound", value=0))
    registry.add("fallout.bench-no-damage", plugin)
    attack = load_attack(registry, EXAMPLE, ["fallout.bench-no-damage"])
    seconds, odds = timed(registry, attack)
    print(f"to-hit chain only: {seconds:.2f} s, exact={odds.exact}, outcomes={odds.outcomes}")
    for name, target in odds.targets.items():
        print(f"  {name}: P(hit) {target.hit:.6f}, expected hits {target.expected.get('hit', 0):.4f}")


if __name__ == "__main__":
    main()
