"""``gunline plugins --check --examples``: the plugins tried on the examples they ship.

``--check`` answers whether a plugin loads. One that loads can still fail at the
table: a hook's step with an impossible value, a die no one can roll, a chain that
differs under the same seed, a hook that changes what it is given, odds that do not
sum to one. A ruleset's author finds these with the conformance suite
(:mod:`gunline.testing`) under pytest; a GM who has just installed a ruleset or a
variant, or a script after an upgrade, has neither pytest nor the plugin's tests.
This runs the quick part of that suite, with no pytest: each example a ruleset
ships (``Ruleset.examples``), alone and under each of its variants in turn, is
resolved under a few seeds (each chain checked against the chain contract), again
under the same seeds, replayed from its dice, watched for hooks that change their
arguments, and sampled for its odds. Each fault is one line naming the ruleset, the
example and the variant, as ``--check`` says a plugin that does not load.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .errors import AttackRefused, GunlineError, quoted
from .models import Attack, Variant
from .plugins import Registry

#: The seeds each example is resolved with (the conformance suite's own).
SEEDS: Sequence[int] = tuple(range(6))
#: Samples of the odds of each example: enough to sum and read every status, quick.
ODDS_SAMPLES = 200


@dataclass
class Trial:
    """What was tried and what failed: ``runs`` an example under a variant (or none),
    ``refused`` those the variant's own rules refuse (no fault: a variant may not
    apply to every example), ``problems`` a line each, ``bare`` the rulesets that
    ship no example (nothing of theirs could be tried)."""

    runs: int = 0
    refused: int = 0
    problems: list[str] = field(default_factory=list)
    bare: list[str] = field(default_factory=list)

    def summary(self) -> str:
        said = f"tried {self.runs} example run{'s' if self.runs != 1 else ''}"
        if self.refused:
            said += f" ({self.refused} refused by a variant's rules, as it may)"
        found = len(self.problems)
        return said + (f": {found} problem{'s' if found != 1 else ''}" if found else ": no problem")


def trial(registry: Registry, names: Iterable[str] = ()) -> Trial:
    """Try the rulesets and variants ``names`` (every loaded one if none is given) on
    their examples: a named ruleset with each of its variants, a named variant on
    its ruleset's examples (a variant for any ruleset, on every ruleset's)."""
    from .plugin_check import _is

    wanted = list(dict.fromkeys(names))
    infos = {info.name: info for info in registry.infos()}

    def named(name: str) -> bool:
        return not wanted or (name in infos and any(_is(infos[name], w) for w in wanted))

    done = Trial()
    for ruleset in sorted(registry.rulesets):
        own = sorted(n for n, p in registry.variants_for(ruleset).items() if isinstance(p.declaration, Variant))
        variants = own if named(ruleset) else [v for v in own if named(v)]
        if not named(ruleset) and not variants:
            continue
        files = _examples(registry, ruleset, done)
        if not files:
            done.bare.append(ruleset)
        for path in files:
            for variant in (None, *variants):
                _try(registry, ruleset, path, variant, done)
    return done


def _examples(registry: Registry, ruleset: str, done: Trial) -> list[Path]:
    from .testing.checks import example_files

    try:
        return example_files(registry, ruleset)
    except OSError as exc:
        done.problems.append(f"{quoted(ruleset)}: its examples cannot be listed: {exc.strerror or exc}")
        return []


def _try(registry: Registry, ruleset: str, path: Path, variant: str | None, done: Trial) -> None:
    from .runner import check
    from .testing import checks

    where = f"{quoted(ruleset)} example {path.name}" + (f" with variant {quoted(variant)}" if variant else "")
    done.runs += 1
    try:
        attack = checks.load_example(registry, path, (variant,) if variant else ())
        check(registry, attack)
    except AttackRefused as exc:
        if variant is None:
            done.problems.append(f"{where}: the rules refuse the ruleset's own example: {exc}")
        else:
            done.refused += 1
        return
    except (checks.ConformanceError, GunlineError) as exc:
        done.problems.append(f"{where}: {exc}")
        return
    seeded = (checks.resolves, checks.check_same_seed_same_chain, checks.check_replay, checks.check_no_mutation)
    try:
        for check_one in seeded:
            check_one(registry, attack, SEEDS)
        _odds(registry, attack)
    except (checks.ConformanceError, GunlineError) as exc:  # one fault an example: the next checks would say it again
        done.problems.append(f"{where}: {_unquoted(str(exc))}")


def _odds(registry: Registry, attack: Attack) -> None:
    """The odds, sampled: each final status's sum to one, every status declared."""
    from .odds import compute_odds
    from .testing.checks import fail
    from .testing.odds import _sums

    odds = compute_odds(registry, attack, samples=ODDS_SAMPLES, jobs=1)
    wrong = _sums(odds, registry.ruleset(attack.ruleset), "odds")
    if wrong:
        raise fail("; ".join(wrong))


def _unquoted(text: str) -> str:
    """A check's message without the chains it quotes on indented lines: those are
    for a test report, not a GM's terminal; its words, and what to do, stay."""
    return " ".join(line for line in text.split("\n") if line and not line[0].isspace())
