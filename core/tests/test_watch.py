"""A hook that never returns is named and abandoned; quick hooks, however many, are
never taken for one; the limit is read from GUNLINE_HOOK_TIMEOUT or the option."""

from __future__ import annotations

import importlib.util
import sys
import textwrap
import threading
import time
import types
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from gunline import BadInput, Registry, Variant, hookimpl
from gunline.errors import HookTimedOut
from gunline.plugins import discover
from gunline.runner import run
from gunline.scenario import build_attack
from gunline.watch import DEFAULT_HOOK_TIMEOUT, Abandoned, hook_timeout, running_hook
from gunline.watch import run as watched

HERE = Path(__file__).parent
TOY_DOC = {
    "ruleset": "toy",
    "shooter": {"name": "Ann", "skill": 4},
    "weapon": {"name": "pistol"},
    "targets": [{"name": "Bo"}],
}


def load_toy():
    spec = importlib.util.spec_from_file_location("toy_ruleset_watch", HERE / "toy_ruleset.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def stuck_variant(hook: str, body):
    mod = types.ModuleType("toy_stuck")
    mod.gunline_variant = hookimpl(lambda: Variant(name="toy.stuck", ruleset="toy", api=2))
    setattr(mod, hook, hookimpl(specname=hook)(body))
    return mod


def spin(*args, **kwargs):
    while True:  # a hook that never returns (pure Python: it can be stopped)
        pass


@pytest.fixture
def stuck_registry():
    registry = Registry()
    registry.add("toy", load_toy())
    registry.add("toy.stuck", stuck_variant("resolve_hit", spin))
    return registry


def test_a_hook_that_never_returns_is_named_and_its_thread_stopped(stuck_registry):
    attack = build_attack(stuck_registry, {**TOY_DOC, "variants": ["toy.stuck"]})
    before = set(threading.enumerate())
    with pytest.raises(HookTimedOut) as info:
        watched(lambda: run(stuck_registry, attack, seed=1), 0.2)
    assert (info.value.plugin, info.value.hook) == ("toy.stuck", "resolve_hit")
    assert "plugin 'toy.stuck' failed in resolve_hit: no answer after 0.2 s, abandoned" in str(info.value)
    assert "GUNLINE_HOOK_TIMEOUT" in str(info.value)
    leftover = [t for t in threading.enumerate() if t not in before]
    for thread in leftover:
        thread.join(5)
    assert not any(t.is_alive() for t in leftover)  # it was asked to stop, and did


def test_many_quick_hook_calls_outlast_the_limit_and_are_not_stopped():
    registry = Registry()
    registry.add("toy", load_toy())
    attack = build_attack(registry, TOY_DOC)

    def many() -> int:
        chains, end = 0, time.monotonic() + 0.6  # three times the limit, in all
        while time.monotonic() < end:
            run(registry, attack, seed=chains)
            chains += 1
        return chains

    assert watched(many, 0.2) > 10


def test_without_a_limit_nothing_is_abandoned():
    assert watched(lambda: (time.sleep(0.3), "done")[1], None) == "done"


def test_what_the_work_raises_is_raised_to_the_caller():
    def fail():
        raise BadInput("a file: wrong")

    with pytest.raises(BadInput, match="a file: wrong"):
        watched(fail, 1.0)


def test_the_hook_running_is_found_in_the_worker_frames(stuck_registry):
    attack = build_attack(stuck_registry, {**TOY_DOC, "variants": ["toy.stuck"]})
    seen = {}

    def resolve() -> None:
        try:
            run(stuck_registry, attack, seed=1)
        except Abandoned:
            pass

    def look() -> None:
        thread = threading.Thread(target=resolve, daemon=True)
        thread.start()
        for _ in range(500):  # quick hooks come and go first; the stuck one stays
            found = running_hook(thread.ident)
            if found is not None:
                seen["hook"] = (found.plugin, found.hook)
                if found.hook == "resolve_hit":
                    break
            time.sleep(0.01)
        from gunline.watch import abandon

        abandon(thread)
        thread.join(5)

    look()
    assert seen["hook"] == ("toy.stuck", "resolve_hit")


@pytest.fixture
def nothing_given_up(monkeypatch):
    """The record of abandoned imports, empty for the test and as it was after."""
    import gunline.plugins

    monkeypatch.setattr(gunline.plugins, "_UNFINISHED", {})
    return gunline.plugins._UNFINISHED


@pytest.mark.parametrize("body", ["while True:\n    pass\n", "import time\ntime.sleep(60)\n"],
                         ids=["loops", "sleeps"])
def test_a_plugin_that_hangs_while_loading_is_broken_and_the_others_load(tmp_path, monkeypatch, body,
                                                                         nothing_given_up):
    """A plugin whose import never ends, in Python or asleep in C (which no exception
    can reach), is listed as broken after the limit, naming it; the work starts
    again without it, and every other plugin loads."""
    module = f"hangs_on_import_{len(body)}"
    (tmp_path / f"{module}.py").write_text(body)
    monkeypatch.syspath_prepend(str(tmp_path))
    eps = [EntryPoint(name="hangs", value=module, group="gunline"),
           EntryPoint(name="wod", value="gunline_wod.ruleset", group="gunline")]
    started = []

    def work():
        started.append(1)
        return discover(eps)

    t0 = time.monotonic()
    registry = watched(work, 0.3)
    assert time.monotonic() - t0 < 10
    assert "wod" in registry.rulesets
    assert [b.name for b in registry.broken] == ["hangs"]
    assert "did not finish in 0.3 s" in registry.broken[0].error
    assert len(started) == 2  # once stuck, once again without it
    assert list(nothing_given_up) == [("hangs", module)]
    # and from then on it is never imported again in this process (its import lock
    # is held by the thread that never finished)
    again = discover(eps)
    assert [b.name for b in again.broken] == ["hangs"] and "wod" in again.rulesets


def test_a_hook_that_hangs_after_loading_still_ends_the_work(stuck_registry, nothing_given_up):
    """Starting again is for imports alone: a hook that hangs ends the work, named."""
    attack = build_attack(stuck_registry, {**TOY_DOC, "variants": ["toy.stuck"]})
    calls = []

    def work():
        calls.append(1)
        return run(stuck_registry, attack, seed=1)

    with pytest.raises(HookTimedOut):
        watched(work, 0.2)
    assert calls == [1] and not nothing_given_up


@pytest.mark.parametrize(
    "env, option, expected",
    [(None, None, DEFAULT_HOOK_TIMEOUT), ("5", None, 5.0), ("0.5", None, 0.5), ("0", None, None), ("7", "2", 2.0),
     (None, "0", None)],
)
def test_the_limit_comes_from_the_option_then_the_variable(monkeypatch, env, option, expected):
    if env is None:
        monkeypatch.delenv("GUNLINE_HOOK_TIMEOUT", raising=False)
    else:
        monkeypatch.setenv("GUNLINE_HOOK_TIMEOUT", env)
    assert hook_timeout(option) == expected


@pytest.mark.parametrize("value", ["soon", "-1", "nan", "1e9"])
def test_a_limit_that_is_not_a_number_of_seconds_is_bad_input(monkeypatch, value):
    monkeypatch.setenv("GUNLINE_HOOK_TIMEOUT", value)
    with pytest.raises(BadInput, match="GUNLINE_HOOK_TIMEOUT: expected"):
        hook_timeout()
    with pytest.raises(BadInput, match="--hook-timeout: expected"):
        hook_timeout(value)


def test_the_cli_refuses_a_bad_limit_in_one_line(capsys):
    from gunline import cli

    assert cli.main(["--hook-timeout", "forever", "plugins"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gunline: --hook-timeout: expected seconds") and err.count("\n") == 1


STUCK_SCRIPT = textwrap.dedent(
    """
    import importlib.util, sys, types
    from gunline import Registry, Variant, hookimpl
    from gunline.runner import run
    from gunline.scenario import build_attack
    from gunline.watch import run as watched
    mod = types.ModuleType("toy_stuck")
    mod.gunline_variant = hookimpl(lambda: Variant(name="toy.stuck", ruleset="toy", api=2))
    def resolve_hit():
        import time
        while True:
            time.sleep(1)  # blocked in C most of the time: it cannot be stopped
    mod.resolve_hit = hookimpl(resolve_hit)
    spec = importlib.util.spec_from_file_location("toy_ruleset", sys.argv[1])
    toy = importlib.util.module_from_spec(spec); spec.loader.exec_module(toy)
    registry = Registry(); registry.add("toy", toy); registry.add("toy.stuck", mod)
    doc = {"ruleset": "toy", "variants": ["toy.stuck"], "shooter": {"name": "Ann"}, "weapon": {"name": "pistol"},
           "targets": [{"name": "Bo"}]}
    attack = build_attack(registry, doc)
    try:
        watched(lambda: run(registry, attack, seed=1), 0.2)
    except Exception as exc:
        print(exc)
    """
)


def test_a_worker_that_cannot_be_stopped_does_not_keep_the_process(tmp_path):
    import subprocess

    script = tmp_path / "stuck.py"
    script.write_text(STUCK_SCRIPT)
    out = subprocess.run([sys.executable, str(script), str(HERE / "toy_ruleset.py")],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "plugin 'toy.stuck' failed in resolve_hit: no answer after 0.2 s" in out.stdout


def test_a_workers_thread_is_known_by_its_ident_until_it_ends():
    import sys

    from gunline.watch import Worker

    seen = {}

    def work():
        seen["frame"] = sys._getframe()
        return 5

    worker = Worker(work, name="gunline-test")
    assert worker.done.wait(5)
    assert worker.outcome() == 5
    assert worker.thread.ident is not None and worker.thread.name == "gunline-test"
    for _ in range(500):  # the thread ends just after the work is handed over
        if not worker.thread.is_alive():
            break
        time.sleep(0.01)
    assert not worker.thread.is_alive()
    assert worker.thread.ident not in sys._current_frames()


def test_the_waiting_thread_stays_the_main_thread_of_threading():
    """The worker is a thread of ``threading``: were it started from ``_thread`` in a
    process that had not imported ``threading``, the first import (in the worker: a
    plugin's logging, a process pool) would take the worker for the main thread, and
    threads started later would not be daemons as they should, nor waited for as
    they should."""
    import subprocess

    code = textwrap.dedent("""
        import sys
        from gunline.watch import run
        run(lambda: __import__("threading"), None)
        import threading
        print(threading.main_thread() is threading.current_thread())
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True"]

