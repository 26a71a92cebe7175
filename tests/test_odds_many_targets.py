"""Odds of an attack on many targets keep to the clock: the enumeration weighs the
targets still to come (an autofire's paths grow with every target, so the work of
the later ones is most of it), gives way to Monte Carlo when the time budget or the
work cap would be passed, says how far it has got, and Monte Carlo under a budget
stops when it is spent, with the tally of the run's first samples. Times are a fake
clock's: nothing here depends on how fast the machine is."""

from __future__ import annotations

import itertools
import os
import re
import signal
import threading
import time
import tomllib
from pathlib import Path

import pytest

from gunline import cli, discover
from gunline.odds import api, chunks, clock, compute_odds
from gunline.odds import cli as odds_cli
from gunline.odds.api import exact_marginals
from gunline.odds.clock import Clock
from gunline.odds.interpreter import TreeTooLarge
from gunline.scenario import build_attack

ROOT = Path(__file__).resolve().parent.parent
BURST = ROOT / "examples" / "wod" / "four-targets-long-burst.toml"


@pytest.fixture(scope="module")
def registry():
    found = discover()
    if "wod" not in found.rulesets:
        pytest.skip("ruleset wod does not load")
    return found


def burst_doc(count: int) -> dict:
    """The four-target long burst with its targets repeated up to ``count``, each
    named apart."""
    doc = tomllib.loads(BURST.read_text())
    base = doc["targets"]
    doc["targets"] = [dict(base[i % len(base)], name=f"{base[i % len(base)]['name']} {i}") for i in range(count)]
    return doc


def burst(registry, count: int):
    return build_attack(registry, burst_doc(count), "burst")


@pytest.fixture
def ticking(monkeypatch):
    """A fake clock: every reading of the process time or of the wall clock is a
    millisecond after the one before (the odds read them as they work, so the time
    stands for the work done)."""
    ticks = itertools.count()

    def now() -> float:
        return next(ticks) / 1000

    monkeypatch.setattr(clock.time, "process_time", now)
    monkeypatch.setattr(api.time, "monotonic", now)
    monkeypatch.setattr(chunks.time, "monotonic", now)


class Recording(Clock):
    """A clock that never ends the enumeration and keeps each projection with the
    targets done when it was made."""

    def __init__(self) -> None:
        super().__init__(None, None)
        self.done = 0
        self.shares: list[tuple[int, float]] = []

    def stage(self, done: int, total: int) -> None:
        self.done = done

    def project(self, done: float, since: float | None = None) -> None:
        self.shares.append((self.done, done))


def test_the_projection_counts_the_targets_still_to_come(registry):
    attack = burst(registry, 40)
    stack = registry.stack(attack.ruleset, attack.variants)
    recording = Recording()
    exact_marginals(stack, attack, None, lambda dice: None, api.DEFAULT_WORK, recording)  # type: ignore[arg-type]
    halfway = [share for done, share in recording.shares if done == 20]
    assert halfway, "no projection once half the targets were done"
    # the later targets have more paths to them: half the targets are well under
    # half the work (each phase alone once projected itself as nearly the whole)
    assert max(halfway) < 0.5, max(halfway)
    assert min(share for done, share in recording.shares if done >= 38) > 0.8


def test_the_work_cap_is_foreseen_from_the_first_targets(registry):
    attack = burst(registry, 40)
    stack = registry.stack(attack.ruleset, attack.variants)
    whole = exact_marginals(stack, attack, None, lambda dice: None, api.DEFAULT_WORK)  # type: ignore[arg-type]
    spent: list[int] = []

    class Counting(Clock):
        def stage(self, done: int, total: int) -> None:
            spent.append(done)

    with pytest.raises(TreeTooLarge, match="the targets enumerated so far project about") as info:
        exact_marginals(stack, attack, None, lambda dice: None, 20_000, Counting(None, None))  # type: ignore[arg-type]
    assert info.value.estimated
    assert whole.outcomes and max(spent) < 10  # said at once, not at the 30th target


def test_under_a_budget_many_targets_are_sampled_until_it_is_spent(registry, ticking):
    attack = burst(registry, 40)
    odds = compute_odds(registry, attack, budget=0.5, method="auto", seed=3, jobs=1)
    assert not odds.exact
    assert "Monte Carlo: enumerating every outcome would take about" in odds.note
    assert "past the time budget of 0.5 s" in odds.note
    said = re.search(r"; ([\d,]+) (samples?) in the time budget of 0\.5 s, every figure within ±", odds.note)
    assert said and said[1].replace(",", "") == str(odds.samples)
    assert said[2] == ("sample" if odds.samples == 1 else "samples")  # "1 samples" was said
    assert 1 <= odds.samples < chunks.CHUNK  # stopped by the budget, not by the precision
    exact = compute_odds(registry, attack, method="exact")
    for name, target in odds.targets.items():
        ci, truth = target.ci95, exact.targets[name]
        assert ci is not None
        half = max(ci.hit[1] - target.hit, target.hit - ci.hit[0])
        assert abs(target.hit - truth.hit) <= 2 * half + 0.01, name


def test_sampling_stopped_by_the_budget_is_the_runs_first_samples(registry, monkeypatch):
    attack = burst(registry, 4)
    stack = registry.stack(attack.ruleset, attack.variants)
    from gunline.engine import resolve
    from gunline.odds.leaf import summarize

    names = tuple(t.name for t in attack.targets)

    def run(dice):
        return summarize(resolve(stack, attack, dice, describe=False, check=False), names, dice.pool_rolls)

    readings = itertools.count()
    monkeypatch.setattr(chunks.time, "monotonic", lambda: next(readings) / 1000)
    cut, drawn = chunks.draw(run, seed=5, enough=lambda tally, n: False, most=10_000, jobs=1, deadline=0.3)
    assert 1 <= drawn < chunks.CHUNK and sum(cut.values()) == drawn
    asked, same = chunks.draw(run, seed=5, enough=lambda tally, n: False, most=drawn, jobs=1)
    assert same == drawn and asked == cut  # --samples N --seed 5 gives the same odds


def test_the_enumeration_of_many_targets_says_how_far_it_has_got(capsys, monkeypatch, tmp_path):
    from gunline.tomlwrite import dumps

    monkeypatch.setattr(odds_cli, "PROGRESS_INTERVAL", 0.0)  # every report, not every half second
    path = tmp_path / "forty.toml"
    path.write_text(dumps(burst_doc(40)))
    assert cli.main(["odds", str(path), "--progress", "--json"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert lines and all(line.startswith("gunline: odds: every outcome, ") and line.endswith(" targets; Ctrl+C stops")
                         for line in lines), lines
    assert "40 of 40 targets" in lines[-1]


def test_a_chain_that_costs_more_than_the_probe_is_drawn_alone(registry, monkeypatch):
    """What sampling would cost is found from one chain when one takes longer than
    the probe's time (a chain of hundreds of targets can take a second: 25 of them
    cost more than any budget)."""
    now = [0.0]

    def process_time() -> float:
        now[0] += 0.001
        return now[0]

    chains = []
    resolve = api.resolve

    def dear(*args, **kwargs):
        chains.append(1)
        now[0] += 1.0
        return resolve(*args, **kwargs)

    monkeypatch.setattr(clock.time, "process_time", process_time)
    monkeypatch.setattr(api.time, "process_time", process_time)
    monkeypatch.setattr(api, "resolve", dear)
    odds = compute_odds(registry, burst(registry, 40), method="auto")
    assert odds.exact  # sampling chains a second each would take far longer
    assert len(chains) == 1


@pytest.mark.skipif(not hasattr(os, "fork"), reason="sampling forks its workers")
def test_ctrl_c_ends_the_workers_in_the_middle_of_a_long_chunk(registry, tmp_path):
    """A chunk of chains of a thousand targets takes minutes: Ctrl+C does not wait
    for the workers to finish theirs (the command's exit waited for them)."""
    attack = burst(registry, 4)
    stack = registry.stack(attack.ruleset, attack.variants)
    from gunline.engine import resolve
    from gunline.odds.leaf import summarize

    names = tuple(t.name for t in attack.targets)
    parent = os.getpid()
    seen = tmp_path / "workers"

    def run(dice):
        if os.getpid() != parent:  # a worker: a long chain
            with open(seen, "a") as f:
                f.write(f"{os.getpid()}\n")
            time.sleep(0.05)
        return summarize(resolve(stack, attack, dice, describe=False, check=False), names, dice.pool_rolls)

    def interrupt() -> None:
        while not seen.exists():
            time.sleep(0.01)
        os.kill(parent, signal.SIGINT)

    threading.Thread(target=interrupt, daemon=True).start()
    with pytest.raises(KeyboardInterrupt):
        chunks.draw(run, seed=1, enough=lambda tally, n: False, most=100_000, jobs=2)
    workers = {int(line) for line in seen.read_text().split()}
    for _ in range(100):  # ended at once, not after their 2,048 chains of 50 ms
        if not any(_alive(pid) for pid in workers):
            break
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in workers)


def _alive(pid: int) -> bool:
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
