"""Conformance: a ruleset's chains come from the dice it is given, and from nothing else.

Seeded replay, dice typed at the table, the journal and the exact odds all rest on
one promise: the dice object decides every roll, and nothing else varies. A hook that
draws from its own ``random.Random``, remembers something from one attack to the next,
or writes a face into a Roll that it never asked the dice for breaks it, and can still
look deterministic inside one test run. These checks look from three sides:

* :func:`check_dice_shown`: every face a chain shows in its rolls was rolled by the
  dice (the dice were asked for at least as many faces as the chain shows);
* :func:`check_no_memory`: the same dice give the same chain whatever was resolved
  before, in this process (a counter, a cache keyed by something else, a generator
  of the plugin's own all show here);
* :func:`check_another_process`: the same dice give the same chain in a fresh
  process with another hash seed and another state of the ``random`` module.

:class:`PurityChecks` runs them as tests of :class:`~gunline.testing.RulesetConformance`.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from ..models import Attack, Chain
from ..plugins import Registry
from ..runner import chain_json, run
from .checks import ConformanceError, example_files, fail

#: Other seeds resolved between a seed and its second run: enough to move any
#: counter or generator a plugin might keep, odd so that no small period hides it.
DISTURBANCE = 23


def shown_faces(chain: Chain) -> Counter[int]:
    """The faces the chain's rolls show, each roll once (a roll shown again in a
    later step, equal in every field, is the same roll)."""
    seen: set[tuple[Any, ...]] = set()
    faces: Counter[int] = Counter()
    for step in chain.steps:
        for roll in step.rolls:
            key = (roll.label, roll.dice, tuple(roll.values), roll.total, roll.need)
            if key in seen:
                continue
            seen.add(key)
            faces.update(v for v in roll.values if isinstance(v, int))
    return faces


def check_dice_shown(registry: Registry, attack: Attack, seeds: Sequence[int]) -> None:
    """Every face shown in a roll came from the dice: the chain's ``dice`` (every
    face the dice gave, in order) holds each shown face at least as often."""
    for seed in seeds:
        chain, _ = run(registry, attack, seed=seed)
        extra = shown_faces(chain) - Counter(chain.dice)
        if extra:
            rolls = "; ".join(
                f"{r.label} {list(r.values)}" for s in chain.steps for r in s.rolls
            )
            raise fail(
                f"seed {seed}: the chain shows faces the dice never rolled ({dict(sorted(extra.items()))} "
                f"beyond the dice {chain.dice}; rolls: {rolls}): every face in a Roll must come from "
                "the dice argument (dice.roll / dice.pool), never from the plugin's own random or arithmetic"
            )


def check_no_memory(registry: Registry, attack: Attack, seeds: Sequence[int]) -> None:
    """The same seed gives the same chain before and after other attacks are
    resolved, and its dice given back as scripted dice give it too."""
    seeds = list(seeds)
    first = {s: chain_json(run(registry, attack, seed=s)[0]) for s in seeds}
    for other in range(DISTURBANCE):
        run(registry, attack, seed=10_000 + other)
    for seed in reversed(seeds):
        again = chain_json(run(registry, attack, seed=seed)[0])
        if again != first[seed]:
            raise fail(
                f"seed {seed} gave another chain after {DISTURBANCE} other attacks were resolved "
                f"in between:\n  first: {first[seed].decode()}\n  later: {again.decode()}\n"
                "a hook keeps something from one call to the next (a counter, a cache, a random "
                "generator of its own); every die must come from the dice argument"
            )


def check_another_process(plugins: dict[str, Any] | None, files: Sequence[Path], seeds: Sequence[int],
                          here: dict[str, str]) -> None:
    """``here`` (chain JSON by ``"<file> seed <n>"``, from this process) is what a
    fresh process resolves too, with another hash seed and another ``random`` state.
    ``plugins``: the plugin modules to load there by file (``None``: the installed
    ones)."""
    spec: list[list[str]] | None = None
    if plugins is not None:
        spec = []
        for name, obj in plugins.items():
            origin = getattr(obj, "__file__", None)
            if not origin:
                return  # an object that is not a module from a file: nothing to load there
            spec.append([name, getattr(obj, "__name__", name), origin])
    env = {**os.environ, "PYTHONHASHSEED": "271" if os.environ.get("PYTHONHASHSEED") != "271" else "828"}
    out = subprocess.run(
        [sys.executable, "-c", _SCRIPT, json.dumps(spec), json.dumps(list(seeds)), *map(str, files)],
        capture_output=True, text=True, env=env, timeout=120,
    )
    if out.returncode != 0:
        raise fail(f"resolving in a fresh process failed: {out.stderr.strip()[-2000:]}")
    there = json.loads(out.stdout)
    for key, chain in here.items():
        if there.get(key) != chain:
            raise fail(
                f"{key}: another process gave another chain for the same dice (a random generator "
                f"of the plugin's own, the random module, iteration over a set?)\n  here:  {chain}\n"
                f"  there: {there.get(key)}"
            )


def chains_by_seed(registry: Registry, files: Sequence[Path | str], seeds: Sequence[int]) -> dict[str, str]:
    """Chain JSON of every file under every seed (files that do not resolve are
    left out: the other checks report them)."""
    from ..scenario import load_attack

    out = {}
    for path in files:
        try:
            attack = load_attack(registry, path)
            for seed in seeds:
                out[f"{Path(path).name} seed {seed}"] = chain_json(run(registry, attack, seed=seed)[0]).decode()
        except Exception:
            continue
    return out


_SCRIPT = """
import importlib.util, json, random, sys
random.seed(987654321)  # another state of the random module than the test's
from gunline import Registry, discover
from gunline.testing.purity import chains_by_seed
spec = json.loads(sys.argv[1])
if spec is None:
    registry = discover()
else:
    registry = Registry()
    for name, module, origin in spec:
        loader = importlib.util.spec_from_file_location(module, origin)
        mod = importlib.util.module_from_spec(loader)
        sys.modules[module] = mod
        loader.loader.exec_module(mod)
        registry.add(name, mod)
print(json.dumps(chains_by_seed(registry, sys.argv[3:], json.loads(sys.argv[2]))))
"""


class PurityChecks:
    """The tests of this module, as methods a :class:`RulesetConformance` inherits."""

    ruleset: ClassVar[str]
    plugins: ClassVar[dict[str, Any] | None]
    seeds: ClassVar[Sequence[int]]

    def test_chains_show_only_dice_rolled(self, case: Any) -> None:
        registry, attack = self.attack_of(case)  # type: ignore[attr-defined]
        check_dice_shown(registry, attack, list(self.seeds))

    def test_same_dice_same_chain_whatever_ran_before(self, case: Any) -> None:
        registry, attack = self.attack_of(case)  # type: ignore[attr-defined]
        check_no_memory(registry, attack, list(self.seeds))

    def test_same_dice_same_chain_in_another_process(self) -> None:
        registry = self.conformance_registry()  # type: ignore[attr-defined]
        files = example_files(registry, self.ruleset)
        seeds = list(self.seeds)[:3]
        random.seed(123)  # this process's random module, unlike the other's
        here = chains_by_seed(registry, files, seeds)
        if not here:
            raise ConformanceError("no example resolved: nothing to compare in another process")
        check_another_process(self.plugins, files, seeds, here)


__all__ = [
    "PurityChecks",
    "chains_by_seed",
    "check_another_process",
    "check_dice_shown",
    "check_no_memory",
    "shown_faces",
]
