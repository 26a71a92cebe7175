"""Fixtures for the WoD tests: the ruleset and its variants registered directly (no
entry-point scan), and helpers to resolve a scenario file or document."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from gunline import Registry
from gunline.runner import run
from gunline.scenario import build_attack, read_document
from gunline_wod import ruleset
from gunline_wod.variants import aim_with_autofire, nine_again, per_extra_target, storytellers_call

EXAMPLES = Path(ruleset.EXAMPLES)
REFUSED = Path(__file__).parent / "refused"


def make_registry() -> Registry:
    reg = Registry()
    reg.add("wod", ruleset)
    reg.add("wod.per-extra-target", per_extra_target)
    reg.add("wod.9-again", nine_again)
    reg.add("wod.aim-with-autofire", aim_with_autofire)
    reg.add("wod.storytellers-call", storytellers_call)
    return reg


@pytest.fixture(scope="session")
def registry() -> Registry:
    return make_registry()


def _example(name: str) -> dict:
    """A bundled example as a document, to be tweaked by a test."""
    return copy.deepcopy(read_document(EXAMPLES / name))


class Wod:
    """Helpers the tests share (conftest cannot be imported under importlib mode)."""

    EXAMPLES = EXAMPLES
    REFUSED = REFUSED
    example = staticmethod(_example)
    make_registry = staticmethod(make_registry)

    @staticmethod
    def pools(chain) -> dict[str, int]:
        return {s.target: s.value for s in chain.steps if s.kind == "pool"}

    @staticmethod
    def steps(chain, kind: str, target: str | None = None) -> list:
        return [s for s in chain.steps if s.kind == kind and (target is None or s.target == target)]


@pytest.fixture(scope="session")
def wod() -> type[Wod]:
    return Wod


@pytest.fixture
def resolve(registry):
    """resolve(doc_or_name, faces=None, seed=1, variants=(), prior=None) -> Chain"""

    def _resolve(doc, faces=None, seed=1, variants=(), prior=None):
        if isinstance(doc, str):
            doc = _example(doc)
        attack = build_attack(registry, doc, "test.toml", variants)
        chain, _ = run(registry, attack, seed=None if faces else seed, faces=faces, prior=prior)
        return chain

    return _resolve

