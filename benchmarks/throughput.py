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

Each line prints the stack's chains/s beside the yardstick measured in alternation
with it (a bare pluggy chain of the four hooks: ``yardsticks.bare_chain``) and beside
the direct calls where a case has them, and what seeding a chain's dice costs alone
(every seeded chain pays it before any rule runs). The targets, reported as met or not: the
Necromunda single shot at least 100,000 chains/s and within 1.6x the bare chain's
time; the samurai duel at least 20,000 chains/s.
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
from yardsticks import bare_chain

from gunline import ChainState, RandomDice, discover
from gunline.engine import resolve
from gunline.scenario import build_attack

#: (case name, at least chains/s, at most this many times the bare chain's time)
TARGETS = {
    "necromunda lasgun, long range, T3 W1": (100_000, 1.6),
    "samurai ninja and bushido master": (20_000, None),
}
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
    parser.add_argument("--tiny", action="store_true", help="a glance at each case (for CI)")
    args = parser.parse_args(argv)
    seconds = 0.05 if args.tiny else args.seconds
    registry = discover()
    verdicts = []
    dicts, timed = _extra_cases()
    for case in [*CASES, *dicts]:
        attack = build_attack(registry, case["doc"], case["name"])
        stack = registry.stack(attack.ruleset, attack.variants)
        runs: dict[str, Callable[[int], Any]] = {
            "stack": lambda seed: resolve(stack, attack, RandomDice(seed), seed=seed),
            "bare": bare_chain(),
        }
        direct = case.get("direct")
        if direct is not None:
            runs["direct"] = lambda seed: direct(attack, RandomDice(seed))
        rates = _rates(runs, seconds, batch=200 if args.tiny else 2000)
        ratio = rates["bare"] / rates["stack"]
        line = f"{case['name']:<40} {rates['stack']:>9,.0f} chains/s   {ratio:4.2f}x the bare chain's time"
        if direct is not None:
            line += f"   direct calls {rates['direct']:>9,.0f}/s ({rates['direct'] / rates['stack']:4.2f}x)"
        print(line, flush=True)
        if case["name"] in TARGETS:
            rate, most = TARGETS[case["name"]]
            met = rates["stack"] >= rate and (most is None or ratio <= most)
            within = f" and <= {most:g}x the bare chain" if most is not None else ""
            verdicts.append(f"{case['name']}: >= {rate:,} chains/s{within}: {'met' if met else 'NOT met'}")
    print(f"{'bare pluggy chain (yardstick)':<40} {rates['bare']:>9,.0f} chains/s")
    # What a seeded chain pays before any rule runs: its dice, seeded from the chain's
    # seed (a Mersenne Twister's seeding), beside the yardstick again.
    floor = _rates({"dice": lambda seed: RandomDice(seed), "bare": bare_chain()}, seconds,
                   batch=200 if args.tiny else 2000)
    print(f"{'seeding the dice alone (no rule run)':<40} {floor['dice']:>9,.0f} /s        "
          f"{floor['bare'] / floor['dice']:4.2f}x the bare chain's time")
    for name, fn in timed.items():
        rate = fn(500 if args.tiny else 20000)
        print(f"{name:<40} {rate:>9,.0f} attacks/s", flush=True)
    print(machine_line())
    for verdict in verdicts:
        print(f"target: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
