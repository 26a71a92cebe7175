"""The app's odds in a child process: the same odds as computed in place, progress
as samples are drawn, a cancel that ends the child at once, and a plugin's fault (a
hook that raises, one that never returns) arriving named, as the one raised there."""

from __future__ import annotations

import pickle
import sys
import time
from pathlib import Path

import msgspec
import pytest

from gunline import PluginFailed, Registry, Variant, hookimpl
from gunline.errors import AttackRefused, BadInput, HookTimedOut
from gunline.odds import compute_odds
from gunline.odds.background import Background, start
from gunline.plugins import discover
from gunline.scenario import load_attack

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="no fork")


def _wait(job: Background, seconds: float = 60.0) -> list[tuple]:
    """Every message until the answer."""
    got: list[tuple] = []
    deadline = time.monotonic() + seconds
    while not job.finished:
        assert time.monotonic() < deadline, "no answer from the odds process"
        got += job.messages()
        time.sleep(0.01)
    return got


@pytest.mark.parametrize("example", ["necromunda/boltgun-vs-carapace.toml", "wod/four-targets-long-burst.toml"])
def test_odds_from_the_child_are_the_odds_computed_in_place(example):
    registry = discover()
    attack = load_attack(registry, EXAMPLES / example)
    job = start(registry, attack)
    assert job is not None
    answer = _wait(job)[-1]
    assert answer[0] == "odds"
    assert msgspec.json.encode(answer[1]) == msgspec.json.encode(compute_odds(registry, attack))
    assert not job.process.is_alive()


def test_an_enumeration_of_several_targets_reports_the_targets_done(monkeypatch):
    """The exact odds of an attack on many targets take a while too: the child says
    how many targets are enumerated, in order, at most every ``EVERY`` seconds (the
    first at once), then the odds."""
    import gunline.odds.background as background

    registry = discover()
    attack = load_attack(registry, EXAMPLES / "wod" / "four-targets-long-burst.toml")
    monkeypatch.setattr(background, "EVERY", 0.0)  # every report, to see them all
    got = _wait(start(registry, attack))
    targets = [m for m in got if m[0] == "targets"]
    assert [done for _, done, _ in targets] == [1, 2, 3, 4]
    assert all(total == 4 for _, _, total in targets)
    assert got[-1][0] == "odds" and got.index(targets[-1]) < len(got) - 1
    # the first report only, and at once however long the machine has been up (the
    # first was lost while the monotonic clock read less than EVERY: a fresh machine)
    monkeypatch.setattr(background, "EVERY", time.monotonic() + 3600.0)
    got = _wait(start(registry, attack))
    assert [m for m in got if m[0] == "targets"] == [("targets", 1, 4)]


def test_sampling_reports_its_progress_and_ends_with_the_seeded_odds():
    registry = discover()
    attack = load_attack(registry, EXAMPLES / "necromunda" / "lasgun-long-range.toml")
    job = start(registry, attack, samples=8192, seed=5, jobs=1)
    got = _wait(job)
    progress = [m for m in got if m[0] == "progress"]
    assert progress and all(total == 8192 for _, _, total in progress)
    assert [done for _, done, _ in progress] == sorted(done for _, done, _ in progress)
    assert got[-1][0] == "odds"
    expected = compute_odds(registry, attack, samples=8192, seed=5, jobs=1)
    assert msgspec.json.encode(got[-1][1]) == msgspec.json.encode(expected)


def test_a_cancel_ends_the_child_at_once():
    registry = discover()
    attack = load_attack(registry, EXAMPLES / "necromunda" / "lasgun-long-range.toml")
    job = start(registry, attack, samples=5_000_000, jobs=1)  # minutes of work
    time.sleep(0.2)
    assert job.process.is_alive()
    began = time.monotonic()
    job.cancel()
    assert not job.process.is_alive() and job.closed
    assert time.monotonic() - began < 5  # a generous bound on a loaded machine; never minutes
    assert job.messages() == []
    job.close()  # again: nothing happens


def _registry_with(toy, **hooks) -> Registry:
    import types

    module = types.ModuleType("toy_fault")

    @hookimpl
    def gunline_variant():
        return Variant(name="toy.fault", ruleset="toy", description="a fault", api=2)

    module.gunline_variant = gunline_variant
    for name, fn in hooks.items():
        setattr(module, name, hookimpl(tryfirst=True)(fn))
    registry = Registry()
    registry.add("toy", toy)
    registry.add("toy.fault", module)
    return registry


def _toy_attack(registry, doc):
    from gunline.scenario import build_attack

    return build_attack(registry, {**doc, "variants": ["toy.fault"]}, "toy.toml")


def test_a_hook_that_raises_arrives_as_the_plugin_fault_it_is(toy, doc):
    def resolve_hit(target):
        raise ZeroDivisionError("no dice")

    registry = _registry_with(toy, resolve_hit=resolve_hit)
    job = start(registry, _toy_attack(registry, doc))
    kind, error = _wait(job)[-1]
    assert kind == "failed" and isinstance(error, PluginFailed)
    assert (error.plugin, error.hook) == ("toy.fault", "resolve_hit") and "no dice" in str(error)


def test_a_hook_that_never_returns_is_named_and_the_child_ends(toy, doc):
    def resolve_hit(target):
        while True:
            pass

    registry = _registry_with(toy, resolve_hit=resolve_hit)
    job = start(registry, _toy_attack(registry, doc), limit=0.3)
    kind, error = _wait(job)[-1]
    assert kind == "failed" and isinstance(error, HookTimedOut)
    assert (error.plugin, error.hook, error.limit) == ("toy.fault", "resolve_hit", 0.3)
    job.process.join(5)
    assert not job.process.is_alive()


@pytest.mark.parametrize(
    "error",
    [PluginFailed("toy.fault", "resolve_hit", "ValueError: x"), HookTimedOut("toy", "spend_ammo", 2.5),
     BadInput("a.toml: mode: expected one of: single"), AttackRefused("out of range")],
)
def test_errors_cross_a_process_as_they_are(error):
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and str(again) == str(error) and vars(again) == vars(error)
