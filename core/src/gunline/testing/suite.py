"""``RulesetConformance``: the base class a ruleset's tests subclass.

The tests are methods of the class so that a ruleset enables all of them by
subclassing once, can tune them with class attributes, and can switch one off by
overriding it (``test_odds = None``) with a comment saying why.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from ..errors import AttackRefused
from ..models import Attack, Variant
from ..plugins import Registry, discover
from ..runner import chain_json, run
from . import checks
from .actions import check_actions
from .interpreters import check_interpreters_agree
from .odds import check_odds
from .purity import PurityChecks
from .reads import check_reads


@dataclass(frozen=True)
class Case:
    """One example scenario, with the variants enabled on top of the file's own."""

    path: Path
    variants: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        return "+".join([self.path.stem, *self.variants])


#: Registries already built, per test class (discovery imports every plugin once).
_REGISTRIES: dict[type, tuple[Registry | None, str]] = {}


class RulesetConformance(PurityChecks):
    """Subclass it in a module named ``test_*.py`` under a name starting with ``Test``."""

    #: Name of the ruleset under test (as its ``Ruleset.name``).
    ruleset: ClassVar[str] = ""
    #: Plugin objects to register instead of the installed ones, by name (a ruleset
    #: not installed yet, or a test double); ``None`` uses every installed plugin.
    plugins: ClassVar[dict[str, Any] | None] = None
    #: Seeds each example is resolved with.
    seeds: ClassVar[Sequence[int]] = tuple(range(6))
    #: Also run the checks marked *with variants* under each variant of the ruleset.
    with_variants: ClassVar[bool] = True
    #: More variants to run those checks under: a variant for any ruleset
    #: (``ruleset=None``) is no ruleset's own, so its author names it here to run a
    #: ruleset's suite under it (``ruleset = "necromunda"; variants = ("no-friendly-fire",)``).
    variants: ClassVar[Sequence[str]] = ()
    #: Seeded runs the odds are compared with (their frequencies are the second method).
    odds_samples: ClassVar[int] = 500
    #: Largest outcome tree enumerated exactly; a larger one is checked by sums only.
    odds_budget: ClassVar[int] = 3000
    #: Paths of each example's tree on which every roll's faces are swapped.
    read_paths: ClassVar[int] = 150

    # -- what the plugin asks for when it parametrizes ------------------------------
    @classmethod
    def conformance_registry(cls) -> Registry:
        """The registry the suite resolves with; fails with the load error if the
        ruleset is missing or broken."""
        if cls not in _REGISTRIES:
            _REGISTRIES[cls] = _build_registry(cls)
        registry, error = _REGISTRIES[cls]
        if registry is None:
            raise checks.ConformanceError(error)
        return registry

    @classmethod
    def conformance_cases(cls, with_variants: bool) -> list[Case]:
        """Every example, and with ``with_variants`` every example under each variant."""
        try:
            registry = cls.conformance_registry()
        except checks.ConformanceError:
            return []
        files = checks.example_files(registry, cls.ruleset)
        cases = [Case(p) for p in files]
        if with_variants and cls.with_variants:
            own = sorted(
                n
                for n, p in registry.variants_for(cls.ruleset).items()
                if isinstance(p.declaration, Variant) and p.declaration.ruleset == cls.ruleset
            )
            own += [v for v in dict.fromkeys(cls.variants) if v not in own]
            cases += [Case(p, (v,)) for v in own for p in files]
        return cases

    # -- helpers for the tests ------------------------------------------------------
    def attack_of(self, case: Case) -> tuple[Registry, Attack]:
        import pytest

        from ..runner import check

        registry = self.conformance_registry()
        try:
            attack = checks.load_example(registry, case.path, case.variants)
            check(registry, attack)
        except AttackRefused as exc:
            if not case.variants:
                raise checks.ConformanceError(f"the rules refuse this example: {exc}") from None
            pytest.skip(f"{case.variants[0]} refuses this example: {exc}")
        except checks.ConformanceError as exc:
            if case.variants and "variants:" in str(exc):
                pytest.skip(str(exc))
            raise
        return registry, attack

    # -- the checks -----------------------------------------------------------------
    def test_ruleset_loads(self) -> None:
        registry = self.conformance_registry()
        plugin = registry.plugins[self.ruleset]
        assert plugin.is_ruleset, f"{self.ruleset!r} is a variant, not a ruleset"

    def test_variants_named_can_be_enabled(self) -> None:
        """Each of ``variants`` is installed and may be enabled under the ruleset: the
        checks under one that is not would be skipped, not failed."""
        registry = self.conformance_registry()
        usable = registry.variants_for(self.ruleset)
        missing = [v for v in self.variants if v not in usable]
        assert not missing, (f"variants {missing} named in {type(self).__name__}.variants cannot be enabled under "
                             f"{self.ruleset!r}; installed for it: {sorted(usable) or 'none'}")

    def test_declaration(self) -> None:
        checks.check_declaration(self.conformance_registry(), self.ruleset)

    def test_every_entry_point_of_the_distribution_loads(self) -> None:
        checks.check_distribution_loads(self.conformance_registry(), self.ruleset)

    def test_example_resolves(self, case: Case) -> None:
        registry, attack = self.attack_of(case)
        assert attack.ruleset == self.ruleset, f"{case.path.name} is a {attack.ruleset} scenario"
        checks.resolves(registry, attack, self.seeds)

    def test_same_seed_same_chain(self, case: Case) -> None:
        registry, attack = self.attack_of(case)
        checks.check_same_seed_same_chain(registry, attack, list(self.seeds))

    def test_replay_gives_the_same_chain(self, case: Case) -> None:
        registry, attack = self.attack_of(case)
        checks.check_replay(registry, attack, list(self.seeds))

    def test_hooks_leave_their_arguments_alone(self, case: Case) -> None:
        registry, attack = self.attack_of(case)
        checks.check_no_mutation(registry, attack, list(self.seeds))

    def test_next_attack_starts_where_the_last_ended(self, case: Case) -> None:
        registry, attack = self.attack_of(case)
        checks.check_next_attack_starts_where_the_last_ended(registry, attack, list(self.seeds))

    def test_scenario_round_trip(self, example: Case) -> None:
        registry, attack = self.attack_of(example)
        checks.check_round_trip(registry, attack)

    def test_invalid_files_name_the_field(self, example: Case) -> None:
        checks.check_invalid_files(self.conformance_registry(), example.path)

    def test_odds(self, example: Case) -> None:
        registry, attack = self.attack_of(example)
        check_odds(registry, attack, self.odds_samples, self.odds_budget)

    def test_actions(self, case: Case) -> None:
        """Every action the ruleset declares, for everyone it may be about in the
        example: reproducible, replayable, its odds exact and read honestly."""
        import pytest

        registry, attack = self.attack_of(case)
        if not registry.stack(attack.ruleset, attack.variants).actions:
            pytest.skip(f"{self.ruleset} declares no actions between attacks")
        check_actions(registry, attack, list(self.seeds)[:3], self.odds_samples, self.odds_budget)

    def test_the_interpreters_agree(self, case: Case) -> None:
        registry, attack = self.attack_of(case)
        check_interpreters_agree(registry, attack, list(self.seeds))

    def test_rules_read_only_what_they_declare(self, case: Case) -> None:
        registry, attack = self.attack_of(case)
        check_reads(registry, attack, paths=self.read_paths)

    def test_same_seed_same_chain_in_a_new_process(self) -> None:
        """Set iteration order changes with the hash seed: a chain must not."""
        import pytest

        if self.plugins is not None:
            pytest.skip("needs the ruleset installed (plugins= given)")
        registry = self.conformance_registry()
        files = [str(p) for p in checks.example_files(registry, self.ruleset)]
        seeds = list(self.seeds)[:2]
        here = _chains_by_seed(registry, files, seeds)
        env = {**os.environ, "PYTHONHASHSEED": "4242" if os.environ.get("PYTHONHASHSEED") != "4242" else "17"}
        out = subprocess.run(
            [sys.executable, "-c", _CHAINS_SCRIPT, json.dumps(seeds), *files],
            capture_output=True, text=True, env=env, timeout=120,
        )
        assert out.returncode == 0, f"resolving in a new process failed: {out.stderr.strip()}"
        there = json.loads(out.stdout)
        for key, chain in here.items():
            assert there.get(key) == chain, (
                f"{key}: the same seed gave another chain in a new process (iterating over a set or "
                f"dict built from a set?)\n  here:  {chain}\n  there: {there.get(key)}"
            )


def _chains_by_seed(registry: Registry, files: list[str], seeds: list[int]) -> dict[str, str]:
    from ..scenario import load_attack

    out = {}
    for path in files:
        try:
            attack = load_attack(registry, path)
            for seed in seeds:
                out[f"{Path(path).name} seed {seed}"] = chain_json(run(registry, attack, seed=seed)[0]).decode()
        except Exception:  # reported by the other checks
            continue
    return out


_CHAINS_SCRIPT = """
import json, sys
from gunline import discover
from gunline.testing.suite import _chains_by_seed
print(json.dumps(_chains_by_seed(discover(), sys.argv[2:], json.loads(sys.argv[1]))))
"""


def _build_registry(cls: type[RulesetConformance]) -> tuple[Registry | None, str]:
    if not cls.ruleset:
        return None, f"{cls.__name__}: set the class attribute ruleset = '<name of your ruleset>'"
    if cls.plugins is None:
        registry = discover()
    else:
        registry = Registry()
        for name, obj in cls.plugins.items():
            try:
                registry.add(name, obj)
            except Exception as exc:
                return None, f"plugin {name!r} is not a valid gunline plugin: {type(exc).__name__}: {exc}"
    if cls.ruleset not in registry.rulesets:
        broken = [b for b in registry.broken if b.name == cls.ruleset]
        if broken:
            return None, f"ruleset {cls.ruleset!r} failed to load: {broken[0].error}"
        if cls.ruleset in registry.blocked:
            return None, f"ruleset {cls.ruleset!r} is blocked by GUNLINE_LOAD_PLUGINS / GUNLINE_BLOCK_PLUGINS"
        known = ", ".join(sorted(registry.rulesets)) or "none"
        return None, (
            f"ruleset {cls.ruleset!r} is not installed (rulesets found: {known}); install the "
            "distribution (uv pip install -e .) or give plugins={...}"
        )
    return registry, ""
