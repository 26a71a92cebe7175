"""Bounded work: a sample count or a budget past its cap is refused in one line before
anything runs; Monte Carlo says how far it has got when asked (or on a terminal) and
stops at Ctrl+C with exit 130; ``new-plugin`` refuses a name that is too long, not an
identifier, or one a bundled or installed ruleset has, with exit 2 in one line and
nothing written."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import types
from pathlib import Path

import msgspec
import pytest

from gunline import Registry, Ruleset, cli, hookimpl
from gunline.odds import DEFAULT_WORK
from gunline.odds import cli as odds_cli

ROOT = Path(__file__).parents[1]
BURST = ROOT / "examples" / "wod" / "four-targets-long-burst.toml"


def one_line_exit_2(capsys, argv, says):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("gunline: "), err
    assert says in err, err
    return err


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--samples", "1000000000"], "--samples: at most 1,000,000 samples, got 1,000,000,000"),
        (["--samples", "1000001"], "at most 1,000,000 samples"),
        (["--samples", "0"], "expected at least 1"),
        (["--samples", "lots"], "expected a whole number"),
        (["--work", str(10**9)], "--work: at most 20,000,000 hook runs and paths"),
        (["--budget", "forever"], "--budget: expected a time such as 2s or 500ms, got 'forever'"),
        (["--budget", "2h"], "--budget: expected a time between 1ms and 1 hour, got '2h'"),
        (["--precision", "0"], "--precision: expected 0.01 to 50 percentage points, got '0'"),
        (["--jobs", "0"], "--jobs: expected at least 1"),
    ],
)
def test_work_past_its_cap_is_refused_before_it_starts(capsys, argv, says):
    one_line_exit_2(capsys, ["odds", BURST, *argv], says)


def test_the_caps_themselves_are_accepted(capsys):
    assert odds_cli.MAX_SAMPLES == 1_000_000 and odds_cli.MAX_WORK == 20_000_000
    assert odds_cli.MAX_WORK >= DEFAULT_WORK  # the cap lets the default through
    assert cli.main(["odds", str(BURST), "--samples", "1_000", "--json"]) == 0


def test_progress_is_reported_when_asked_and_only_then(capsys, monkeypatch):
    monkeypatch.setattr(odds_cli, "PROGRESS_INTERVAL", 0.0)  # every report, not every half second
    assert cli.main(["odds", str(BURST), "--samples", "5000", "--progress"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert lines and all(line.startswith("gunline: odds: Monte Carlo, ") and line.endswith("; Ctrl+C stops")
                         for line in lines)
    # after each chunk (and within one that takes a while); the first report is not shown
    assert any("4,096 of 5,000 samples (82%)" in line for line in lines), lines
    assert not any("5,000 of 5,000" in line for line in lines[:-1])
    assert cli.main(["odds", str(BURST), "--samples", "5000"]) == 0  # stderr is no terminal here
    assert capsys.readouterr().err == ""


def test_ctrl_c_stops_monte_carlo_with_one_line_and_exit_130():
    env = {k: v for k, v in os.environ.items() if not k.startswith("GUNLINE_")}
    # preexec_fn: Ctrl+C reaches the child even when the tests run in the background
    # (a shell starts background commands with SIGINT ignored, and children inherit it)
    proc = subprocess.Popen([sys.executable, "-m", "gunline.cli", "odds", str(BURST), "--samples", "1000000",
                             "--progress"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    line = proc.stderr.readline()  # the first progress report: sampling is under way
    assert "Monte Carlo" in line, line
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert out == "" and err.splitlines()[-1] == "gunline: interrupted" and "Traceback" not in err


# -- new-plugin names ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name, says",
    [
        ("x" * 300, "the name is 300 characters long; at most 40"),
        ("a" * 41, "at most 40"),
        ("space marines", "not a usable ruleset name"),
        ("space_marines", "not a usable ruleset name"),
        ("9lives", "not a usable ruleset name"),
        ("wod.9-again", "not a usable ruleset name"),
        ("import", None),  # a keyword is fine: the package is gunline_import
        ("necromunda", "'necromunda' is the name of a ruleset shipped with gunline"),
        ("fallout", "shipped with gunline"),
    ],
)
def test_new_plugin_refuses_names_that_would_break_or_shadow(capsys, tmp_path, name, says):
    if says is None:
        assert cli.main(["new-plugin", name, "--dir", str(tmp_path)]) == 0
        return
    one_line_exit_2(capsys, ["new-plugin", name, "--dir", tmp_path], says)
    assert not any(tmp_path.iterdir())


class Stats(msgspec.Struct):
    name: str = ""


def test_new_plugin_refuses_the_name_of_an_installed_plugin(capsys, tmp_path, monkeypatch):
    registry = Registry()
    mod = types.ModuleType("duel_plugin")
    mod.gunline_ruleset = hookimpl(
        lambda: Ruleset(name="duel", title="Duel", shooter=Stats, weapon=Stats, target=Stats, api=2)
    )
    for hook in ("build_pool", "resolve_hit", "spend_ammo"):
        setattr(mod, hook, hookimpl(specname=hook)(lambda: None))
    registry.add("duel", mod)
    monkeypatch.setattr("gunline.plugins.discover", lambda *a, **k: registry)
    one_line_exit_2(capsys, ["new-plugin", "duel", "--dir", tmp_path], "'duel' is the name of an installed plugin")
    assert not any(tmp_path.iterdir())


def test_new_plugin_refuses_the_name_of_an_installed_distribution(capsys, tmp_path, monkeypatch):
    info = tmp_path / "site" / "gunline_brawl-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: gunline-brawl\nVersion: 1.0\n")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    one_line_exit_2(
        capsys, ["new-plugin", "brawl", "--dir", tmp_path / "out"], "gunline-brawl 1.0 is installed already"
    )
    assert not (tmp_path / "out").exists()


def test_a_budget_is_read_in_the_units_a_person_writes():
    """``1h`` is the longest budget, as the refusal of a longer one says."""
    import argparse

    import pytest

    from gunline.odds.cli import _seconds

    assert [_seconds(t) for t in ("500ms", "2s", "1.5", "1m", "2min", "1h")] == [0.5, 2.0, 1.5, 60.0, 120.0, 3600.0]
    for text in ("2h", "0", "2x", "h"):
        with pytest.raises(argparse.ArgumentTypeError):
            _seconds(text)
