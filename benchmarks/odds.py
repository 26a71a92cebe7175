"""Speed of the exact-odds interpreter (plain script: prints numbers).

    uv run python benchmarks/odds.py [--quick]

1. exact odds of every shipped example scenario (examples/*/*.toml), target 50 ms
   each; a scenario whose tree is too large says so and shows its Monte Carlo time.
   Each timed run starts with the folded ``dice.repeat`` classes forgotten (they are
   the scenario's own work; an app that recomputes after an edit keeps them), and
   the slowest example is also timed in a fresh process, imports aside;
2. the success-count distribution of a 12-die pool (target 2 ms), beside icepool's
   time for the same distribution (icepool is a dev-only dependency);
3. 100,000 Monte Carlo samples of a single-target chain (target 1 s): the default
   sampler (the outcome tree, expanded lazily), beside the sampler that rolls every
   face (``every_face``, the conformance suite's independent check) and the engine's
   own time for the same 100,000 chains;
4. an attack on 200 targets (the four-target long burst repeated, each named apart):
   the odds as chosen, with ``--budget 2s``, and exact (the goal: the budget kept,
   and a path that says why).
"""

from __future__ import annotations

import glob
import sys
import time
from pathlib import Path

from machine import machine_line

from gunline import discover
from gunline.dice import RandomDice
from gunline.engine import resolve
from gunline.odds import compute_odds, repeats
from gunline.odds.distributions import chance_distribution, pool_distribution
from gunline.scenario import load_attack

ROOT = Path(__file__).resolve().parent.parent
QUICK = "--quick" in sys.argv


def best(fn, repeat: int) -> float:
    """Best wall time of ``repeat`` calls, in seconds."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def examples(registry) -> None:
    print("1. exact odds of every shipped example (target: 50 ms each)")
    files = sorted(glob.glob(str(ROOT / "examples" / "*" / "*.toml")))
    within = exact = 0
    slowest = (0.0, "")
    for path in files:
        name = str(Path(path).relative_to(ROOT))
        try:
            attack = load_attack(registry, path, [])
        except Exception as exc:  # a scenario another part of the project broke
            print(f"   {name:<58} cannot load: {exc}")
            continue
        odds = compute_odds(registry, attack)

        def cold():
            repeats.forget()
            compute_odds(registry, attack)

        seconds = best(cold, 1 if not odds.exact or QUICK else 7)
        slowest = max(slowest, (seconds, path))
        ms = 1000 * seconds
        if odds.exact:
            exact += 1
            within += ms <= 50
            verdict = "ok" if ms <= 50 else "SLOW"
            print(f"   {name:<58} {ms:9.1f} ms  exact, {odds.outcomes} outcomes  {verdict}")
        else:
            print(f"   {name:<58} {ms:9.1f} ms  Monte Carlo ({odds.samples}): {odds.note}")
    print(f"   {exact} of {len(files)} exact; {within} of those within 50 ms")
    if slowest[1]:
        print(f"   the slowest in a fresh process: {1000 * fresh_process(slowest[1]):.1f} ms")


def fresh_process(path: str) -> float:
    """Seconds for the exact odds of ``path`` in a new interpreter, once its modules are
    imported and the plugins found: nothing computed before."""
    import subprocess

    code = (
        "import time, sys\n"
        "from gunline import discover\n"
        "from gunline.odds import compute_odds\n"
        "from gunline.scenario import load_attack\n"
        "registry = discover()\n"
        "attack = load_attack(registry, sys.argv[1], [])\n"
        "registry.stack(attack.ruleset, attack.variants)\n"
        "t = time.perf_counter(); compute_odds(registry, attack); print(time.perf_counter() - t)\n"
    )
    out = subprocess.run([sys.executable, "-c", code, path], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def pools() -> None:
    print("2. pool distributions (8+; target: 12 dice in 2 ms), uncached")
    try:
        import icepool
    except ImportError:  # pragma: no cover - icepool is a dev dependency
        icepool = None

    def icepool_pool(count, again):
        die = icepool.d10.map(lambda x: 0 if x < 8 else (1 if x < again else 1 + icepool.Again), again_depth=24)
        return count @ die

    for count, again in ((12, 10), (12, 9), (30, 10), (30, 9), (12, None)):
        ours = best(lambda: pool_distribution.__wrapped__(count, 10, 8, None, again), 20)
        label = f"{count} dice, " + (f"{again}-again" if again else "no again")
        line = f"   {label:<20} gunline {1000 * ours:7.3f} ms"
        if icepool is not None and again is not None:
            theirs = best(lambda: icepool_pool(count, again), 3)
            line += f"   icepool (depth 24, fresh die) {1000 * theirs:8.2f} ms"
        print(line)
    print(
        f"   chance die             gunline {1000 * best(lambda: chance_distribution.__wrapped__(10, 10), 20):7.3f} ms"
    )


def monte_carlo(registry) -> None:
    print("3. 100,000 Monte Carlo samples of a single-target chain (target: 1 s)")
    n = 20_000 if QUICK else 100_000
    for rel in ("examples/necromunda/lasgun-long-range.toml", "examples/wod/long-burst-one-target.toml"):
        path = ROOT / rel
        if not path.exists():
            continue
        attack = load_attack(registry, path, [])
        stack = registry.stack(attack.ruleset, attack.variants)
        t = time.perf_counter()
        compute_odds(registry, attack, samples=n, seed=1)
        tree = time.perf_counter() - t
        t = time.perf_counter()
        compute_odds(registry, attack, samples=n, seed=1, every_face=True)
        faces = time.perf_counter() - t
        dice = RandomDice(1)
        t = time.perf_counter()
        for _ in range(n):
            dice.consumed = []
            resolve(stack, attack, dice)
        engine = time.perf_counter() - t
        scale = 100_000 / n
        print(
            f"   {rel:<45} {tree * scale:6.2f} s per 100k "
            f"(every face {faces * scale:5.2f} s; engine alone {engine * scale:5.2f} s = "
            f"{1e6 * engine / n:5.1f} µs/chain)"
        )


def many_targets(registry) -> None:
    import tomllib

    from gunline.scenario import build_attack

    count = 50 if QUICK else 200
    print(f"4. an attack on {count} targets: the four-target long burst repeated (goal: --budget kept)")
    doc = tomllib.loads((ROOT / "examples" / "wod" / "four-targets-long-burst.toml").read_text())
    base = doc["targets"]
    doc["targets"] = [dict(base[i % len(base)], name=f"{base[i % len(base)]['name']} {i}") for i in range(count)]
    attack = build_attack(registry, doc, "many targets")
    for label, options in (("budget 2 s", {"budget": 2.0}), ("exact", {"method": "exact"})):
        t, c = time.perf_counter(), time.process_time()
        odds = compute_odds(registry, attack, seed=1, **options)  # type: ignore[arg-type]
        wall, cpu = time.perf_counter() - t, time.process_time() - c
        path = f"exact, {odds.outcomes} outcomes" if odds.exact else odds.note
        print(f"   {label:<12} {wall:6.2f} s ({cpu:5.2f} s CPU)  {path}")


def main() -> None:
    registry = discover()
    print(machine_line())
    examples(registry)
    pools()
    monte_carlo(registry)
    many_targets(registry)
    print(machine_line())  # again: a shared machine changes speed within a run


if __name__ == "__main__":
    main()
