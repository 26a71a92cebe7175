"""Fixtures for core tests: a tiny ruleset registered without installing anything."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from gunline import Registry

HERE = Path(__file__).parent


def load_toy():
    """Import core/tests/toy_ruleset.py as a module (tests are not a package)."""
    if "toy_ruleset" in sys.modules:
        return sys.modules["toy_ruleset"]
    spec = importlib.util.spec_from_file_location("toy_ruleset", HERE / "toy_ruleset.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["toy_ruleset"] = module
    spec.loader.exec_module(module)
    return module


TOY_DOC = {
    "ruleset": "toy",
    "mode": "single",
    "shooter": {"name": "Ann", "skill": 4},
    "weapon": {"name": "pistol"},
    "targets": [{"name": "Bo"}, {"name": "Cy", "wounds": 2, "cover": True}],
}


@pytest.fixture
def toy():
    return load_toy()


@pytest.fixture
def registry(toy):
    reg = Registry()
    reg.add("toy", toy)
    return reg


@pytest.fixture
def doc():
    import copy

    return copy.deepcopy(TOY_DOC)
