"""Fixtures for the app tests: registries, quicker keys, odds only when asked (each
test's own data directory, ``home``, comes from the workspace's conftest)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from gunline import Registry, discover

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "core" / "tests" / "toy_ruleset.py"
WOD_NAMES = "wod,wod.9-again,wod.per-extra-target"


def load_toy():
    spec = importlib.util.spec_from_file_location("toy_ruleset_tui", TOY)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(autouse=True)
def quicker_keys(monkeypatch):
    """Pilot waits for the process to go idle after every key, sampling every 20 ms;
    sampling every 5 ms keeps the key-by-key tests quick (workers are waited for
    explicitly by ``settle``)."""
    monkeypatch.setattr("textual._wait.SLEEP_GRANULARITY", 0.005)


@pytest.fixture(autouse=True)
def no_odds_unless_asked(request, monkeypatch):
    """Odds are computed in the background after each edit; tests that do not look
    at them leave them off, so that Pilot's wait-for-idle after each key is short."""
    from gunline_tui.screens.main import MainScreen

    if "odds" not in request.node.name:
        monkeypatch.setattr(MainScreen, "ODDS_DELAY", 3600.0)


#: A toy scenario of two targets, the second in cover with two wounds.
TOY_DOC = {
    "ruleset": "toy",
    "mode": "double",
    "shooter": {"name": "Ada", "skill": 4},
    "weapon": {"name": "pistol"},
    "targets": [{"name": "Bo"}, {"name": "Cy", "wounds": 2, "cover": True}],
}


@pytest.fixture
def toy_doc():
    """:data:`TOY_DOC`, a copy of its own for the test."""
    import copy

    return copy.deepcopy(TOY_DOC)


@pytest.fixture
def toy_registry():
    reg = Registry()
    reg.add("toy", load_toy())
    return reg


@pytest.fixture
def wod_registry(monkeypatch):
    """The installed WoD ruleset and its variants, found through entry points."""
    monkeypatch.setenv("GUNLINE_LOAD_PLUGINS", WOD_NAMES)
    reg = discover()
    if "wod" not in reg.rulesets:
        pytest.skip("the WoD ruleset is not installed")
    return reg




@pytest.fixture
def fixed_seed(monkeypatch):
    """The app's new seeds are all 7: the same chain on every run (snapshots)."""
    for module in ("gunline_tui.screens.main", "gunline_tui.screens.resolving"):
        monkeypatch.setattr(f"{module}.new_seed", lambda: 7)


@pytest.fixture(scope="session")
def installed_registry():
    """The rulesets installed in this environment, found through entry points."""
    return discover()
