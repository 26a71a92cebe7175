"""The benchmarks run, at a glance, with every test run: a benchmark that no longer
runs against today's code is found here, not when someone needs its figures. No
time is asserted (the machines are shared); the values they print are."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.fixture(scope="module")
def tiny_run() -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GUNLINE_")}
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "run.py"), "--tiny"], capture_output=True, text=True, env=env, timeout=600
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout


def test_every_benchmark_runs_to_the_end(tiny_run):
    for name in ("startup", "throughput", "icepool", "odds", "tui", "grid", "keys", "busy"):
        assert f"== {name} " in tiny_run
    assert "did not run to the end" not in tiny_run


def test_every_figure_stands_beside_its_yardstick(tiny_run):
    cpu = r"\(\s*[\d.]+ ms CPU\)"
    assert re.search(rf'python -c "import pluggy, msgspec"\s+[\d.]+ ms {cpu}\s+the yardstick', tiny_run)
    for command in ("gunline --help", "gunline resolve FILE", "gunline odds FILE"):
        assert re.search(rf"{command}\s+[\d.]+ ms {cpu}\s+[\d.]+x the yardstick \([\d.]+x\) "
                         rf"\(target <= [\d.]+x: (met|NOT met)\)", tiny_run), command
    assert re.search(r"seeding the dice alone \(no rule run\)\s+[\d,]+ /s\s+[\d.]+x the bare chain's time", tiny_run)
    assert re.search(r"necromunda lasgun, long range, T3 W1\s+[\d,]+ chains/s\s+[\d.]+x the bare chain's time",
                     tiny_run)
    assert re.search(r"bare pluggy chain \(yardstick\)\s+[\d,]+ chains/s", tiny_run)
    assert re.search(r"bare Textual app\s+\d+ ms", tiny_run)
    assert re.search(r"gunline, form too\s+\d+ ms\s+ratio [\d.]+x", tiny_run)
    assert re.search(r"while computing\s+median\s+[\d.]+ ms.*\n\s+odds shown \(yardstick\)\s+median\s+[\d.]+ ms",
                     tiny_run)


def test_the_keystrokes_are_counted_on_a_resolved_chain(tiny_run):
    row = re.search(r"^\s+necromunda\s+lasgun-long-range\.toml\s+(\d+)\s+(\d+)$", tiny_run, re.M)
    assert row is not None, tiny_run[-2000:]
    dice, keys = map(int, row.groups())
    assert dice >= 1 and keys > dice  # the dice, and the keys to reach them
    second = re.search(r"^\s+wod\s+four-targets-long-burst\.toml\s+(\d+)\s+(\d+)$", tiny_run, re.M)
    assert second is not None, tiny_run[-2000:]  # a second launch, as a first one


def test_the_exact_odds_agree_with_icepool(tiny_run):
    differences = [float(x) for x in re.findall(r"largest difference ([\d.e+-]+);", tiny_run)]
    assert len(differences) == 2 and max(differences) < 1e-12, differences


def test_the_grid_says_how_every_cell_was_computed(tiny_run):
    cells = re.findall(r"^(fallout burst|samurai unit|necromunda sustained fire|wod long burst)\s+.+?\s+"
                       r"(exact|Monte Carlo \(\d+ samples\))\s+(\d+) outcomes", tiny_run, re.M)
    assert {grid for grid, *_ in cells} == {"fallout burst", "samurai unit", "necromunda sustained fire",
                                            "wod long burst"}
    assert re.search(r"^\d+ cells, slowest \d+ ms, \d+ over 0\.5 s \(CPU time, .*: slowest \d+ ms, \d+ over 0\.5 s\)$",
                     tiny_run, re.M)
    assert all(int(outcomes) > 0 for *_, outcomes in cells)
