"""The pytest side of the conformance suite (entry point ``pytest11: gunline``).

It only parametrizes: a test method of a :class:`RulesetConformance` subclass that
asks for ``case`` runs once per example and per variant, one that asks for
``example`` once per example. Nothing happens in a test run that has no such class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .suite import RulesetConformance

if TYPE_CHECKING:
    import pytest


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    cls = metafunc.cls
    if cls is None or not issubclass(cls, RulesetConformance):
        return
    for name, with_variants in (("case", True), ("example", False)):
        if name in metafunc.fixturenames:
            cases = cls.conformance_cases(with_variants)
            metafunc.parametrize(name, cases, ids=[c.id for c in cases])
