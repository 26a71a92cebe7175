"""Fixtures for the Fallout tests: the ruleset and its variants registered directly
(no entry-point scan), and helpers to build and resolve scenario documents."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from gunline import Registry
from gunline.runner import run
from gunline.scenario import build_attack, read_document
from gunline_fallout import ruleset
from gunline_fallout.variants import (
    burst_damage_once,
    cap_95,
    cluster_burst,
    critical_on_hit_roll,
    hex_range,
    zero_misses,
)

EXAMPLES = Path(ruleset.EXAMPLES)

#: A plain single shot at 60%: skill 60, Perception 5 (reach 9) + weapon range 21 = 30
#: hexes, target at 30 (no range term), AC 0, sunny, no cover; fixed 10 damage.
BASE = {
    "ruleset": "fallout",
    "mode": "single",
    "shooter": {"name": "Vic", "skill": 60, "perception": 5, "strength": 5, "luck": 5},
    "weapon": {"name": "test gun", "damage": "10", "range": 21, "magazine": 30, "burst": 3},
    "targets": [{"name": "raider", "distance": 30, "hp": 30}],
}


def make_registry() -> Registry:
    reg = Registry()
    reg.add("fallout", ruleset)
    reg.add("fallout.hex-range", hex_range)
    reg.add("fallout.cluster-burst", cluster_burst)
    reg.add("fallout.critical-on-hit-roll", critical_on_hit_roll)
    reg.add("fallout.burst-damage-once", burst_damage_once)
    reg.add("fallout.cap-95", cap_95)
    reg.add("fallout.zero-misses", zero_misses)
    return reg


@pytest.fixture(scope="session")
def registry() -> Registry:
    return make_registry()


@pytest.fixture
def doc():
    return copy.deepcopy(BASE)


def attack_of(registry, doc, *variants):
    return build_attack(registry, doc, "test.toml", variants)


def resolve_doc(registry, doc, faces, *variants):
    """Resolve with scripted faces; returns the chain (all faces must be used)."""
    chain, unused = run(registry, attack_of(registry, doc, *variants), faces=faces)
    assert unused == 0, f"{unused} scripted faces were not used"
    return chain


def example(name: str) -> dict:
    return read_document(EXAMPLES / name)


def steps(chain, kind, target=None):
    return [s for s in chain.steps if s.kind == kind and (target is None or s.target == target)]


class Helpers:
    """The helpers above as a fixture (test modules cannot import conftest under
    ``--import-mode=importlib``)."""

    BASE = BASE
    EXAMPLES = EXAMPLES
    attack_of = staticmethod(attack_of)
    resolve_doc = staticmethod(resolve_doc)
    example = staticmethod(example)
    steps = staticmethod(steps)
    make_registry = staticmethod(make_registry)

    @staticmethod
    def run(registry, doc, faces, *variants):
        return run(registry, attack_of(registry, doc, *variants), faces=faces)


@pytest.fixture(scope="session")
def fo() -> Helpers:
    return Helpers()
