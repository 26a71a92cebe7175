"""Shared fixtures: the installed plugins, and a scenario (a dict as a TOML file
would give it) resolved with forced dice."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest

from gunline import discover
from gunline.runner import run
from gunline.scenario import build_attack

EXAMPLES = Path(__file__).parents[1] / "src" / "gunline_samurai" / "examples"


@pytest.fixture(scope="session")
def registry():
    return discover()


@pytest.fixture
def example():
    """A bundled example as a fresh dict, to vary."""

    def load(stem: str) -> dict:
        return tomllib.loads((EXAMPLES / f"{stem}.toml").read_text("utf-8"))

    return load


@pytest.fixture
def attack_of(registry):
    def build(doc: dict, variants=()):
        return build_attack(registry, copy.deepcopy(doc), "scenario.toml", variants)

    return build


@pytest.fixture
def resolve(registry, attack_of):
    """Resolve ``doc`` with exactly these dice (every one must be used), or a seed."""

    def go(doc: dict, dice=None, *, seed=None, variants=()):
        chain, unused = run(registry, attack_of(doc, variants), seed=seed, faces=dice)
        assert not unused, f"{unused} dice left over of {dice}"
        return chain

    return go


def steps(chain, kind, target=None):
    return [s for s in chain.steps if s.kind == kind and (target is None or s.target == target)]


@pytest.fixture
def step_of():
    """The one step of ``kind`` (for ``target``) in a chain."""

    def one(chain, kind, target=None):
        found = steps(chain, kind, target)
        assert len(found) == 1, f"{len(found)} {kind} steps: {[s.text for s in found]}"
        return found[0]

    return one
