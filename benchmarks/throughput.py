"""Throughput: single-shot chains per second through the full plugin stack, beside a
direct-call baseline of the same rules, in the same run.

    uv run python benchmarks/throughput.py [--seconds 1.0]

Case-driven: every case is a dict with
  ``name``    what is measured,
  ``doc``     a scenario document (as a TOML file would hold it),
  ``direct``  ``direct(attack, dice)``: the same rules called as plain functions,
              no engine and no pluggy (the baseline), or None.
The Necromunda cases are below; a module ``cases_<ruleset>.py`` beside this script
that defines ``CASES`` (a list of such dicts) is picked up too.

Each line prints the stack's chains/s, the baseline's, and their ratio; the targets
(at least 50,000 chains/s, no more than 3x the baseline) are checked and reported.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from machine import machine_line

from gunline import ChainState, RandomDice, discover
from gunline.engine import resolve
from gunline.scenario import build_attack

TARGET_RATE = 50_000
TARGET_RATIO = 3.0
HERE = Path(__file__).parent


def necromunda_direct(attack: Any, dice: Any) -> ChainState:
    """The Necromunda rules for one attack, called directly in the engine's order."""
    ammo, checks, hits, outcome, ruleset, shots, to_hit, wounds = _NECROMUNDA
    state = ruleset.start_state(attack)
    if checks.problems(attack, state):
        raise RuntimeError("refused")
    begun = shots.sustained_fire(attack, state, dice)
    for step in begun or ():
        state.apply(step)
    for target in attack.targets:
        modifiers = to_hit.modify_pool(attack, target, state) or []
        pool = to_hit.build_pool(attack, target, modifiers, state)
        pool.target = target.name
        state.apply(pool)
        hit = None
        for step in hits.resolve_hit(attack, target, pool, state, dice):
            step.target = target.name
            state.apply(step)
            if step.kind == "hit":
                hit = step
        if hit is not None and hit.value:
            for step in wounds.resolve_wound(attack, target, hit, state, dice):
                step.target = target.name
                state.apply(step)
    state.apply(ammo.spend_ammo(attack, state, dice))
    for target in attack.targets:
        outcome.describe_outcome(attack, target, state)
    return state


try:
    from gunline_necromunda import ammo, checks, hits, outcome, ruleset, shots, to_hit, wounds

    _NECROMUNDA = (ammo, checks, hits, outcome, ruleset, shots, to_hit, wounds)
except ImportError:  # pragma: no cover - the ruleset is not installed
    _NECROMUNDA = None


def _shot(weapon: dict, **target) -> dict:
    return {
        "ruleset": "necromunda",
        "shooter": {"name": "Vex", "bs": 3},
        "weapon": weapon,
        "targets": [{"name": "Goliath", "distance": 18, **target}],
    }


CASES: list[dict[str, Any]] = [
    {"name": "necromunda lasgun, long range, T3 W1",
     "doc": _shot({"name": "lasgun"}), "direct": necromunda_direct},
    {"name": "necromunda boltgun vs carapace",
     "doc": _shot({"name": "boltgun"}, armour="carapace"), "direct": necromunda_direct},
]


def _extra_cases() -> tuple[list[dict[str, Any]], dict[str, Callable[[int], float]]]:
    """Cases from ``cases_*.py`` beside this script: a list of case dicts (as above),
    or a mapping of name -> ``fn(attacks)`` returning attacks per second (printed as
    given; names ending in ", direct" and ", full stack" are paired into a ratio)."""
    sys.path.insert(0, str(HERE))
    dicts: list[dict[str, Any]] = []
    timed: dict[str, Callable[[int], float]] = {}
    for path in sorted(HERE.glob("cases_*.py")):
        cases = getattr(importlib.import_module(path.stem), "CASES", [])
        if isinstance(cases, dict):
            timed.update(cases)
        else:
            dicts.extend(cases)
    return dicts, timed


def _batch_rate(run_one: Callable[[int], Any], first_seed: int, n: int) -> float:
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + n):
        run_one(seed)
    return n / (time.perf_counter() - start)


def _rates(runs: dict[str, Callable[[int], Any]], seconds: float, batch: int = 2000) -> dict[str, float]:
    """Chains per second of each run, measured in alternating batches for about
    ``seconds`` each; the best batch of each counts (the machine may be shared, and
    alternating exposes every run to the same load)."""
    best = {name: 0.0 for name in runs}
    for run_one in runs.values():  # warm up
        _batch_rate(run_one, 0, 50)
    rounds = 0
    deadline = time.perf_counter() + seconds * len(runs)
    while time.perf_counter() < deadline or rounds < 3:
        for name, run_one in runs.items():
            best[name] = max(best[name], _batch_rate(run_one, rounds * batch, batch))
        rounds += 1
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args(argv)
    registry = discover()
    ok = True
    dicts, timed = _extra_cases()
    for case in [*CASES, *dicts]:
        attack = build_attack(registry, case["doc"], case["name"])
        stack = registry.stack(attack.ruleset, attack.variants)
        runs: dict[str, Callable[[int], Any]] = {
            "stack": lambda seed: resolve(stack, attack, RandomDice(seed), seed=seed)
        }
        direct = case.get("direct")
        if direct is not None:
            runs["direct"] = lambda seed: direct(attack, RandomDice(seed))
        rates = _rates(runs, args.seconds)
        line = f"{case['name']:<40} stack {rates['stack']:>9,.0f} chains/s"
        # the rate target is set for the reference single-shot chain (the first case);
        # the others are reported beside it, and every case must keep the ratio
        if case is CASES[0]:
            ok = ok and rates["stack"] >= TARGET_RATE
        if direct is not None:
            ratio = rates["direct"] / rates["stack"]
            line += f"   direct {rates['direct']:>9,.0f}/s   ratio {ratio:4.2f}x"
            ok = ok and ratio <= TARGET_RATIO
        print(line, flush=True)
    results = {}
    for name, fn in timed.items():
        results[name] = fn(20000)
        print(f"{name:<40} {results[name]:>9,.0f} attacks/s", flush=True)
    for name, rate in results.items():
        if name.endswith(", full stack"):
            base = results.get(name[: -len(", full stack")] + ", direct")
            if base:
                print(f"{name[: -len(', full stack')]:<40} ratio {base / rate:4.2f}x (direct / stack)")
    print(machine_line())
    print(f"targets: {CASES[0]['name']} >= {TARGET_RATE:,} chains/s; every case <= {TARGET_RATIO:g}x the baseline: "
          f"{'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
