"""The pytest side of the conformance suite (entry point ``pytest11: gunline``).

It parametrizes: a test method of a :class:`RulesetConformance` subclass that asks
for ``case`` runs once per example and per variant, one that asks for ``example``
once per example. And it makes odds exact under test, whatever the time they take
(``GUNLINE_ODDS_METHOD=exact``, whatever the shell had): outside
tests gunline samples an attack whose enumeration would cost more than sampling, a
choice made by the clock, which a test must not depend on.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from .suite import RulesetConformance

if TYPE_CHECKING:
    import pytest


def pytest_configure(config: pytest.Config) -> None:
    os.environ["GUNLINE_ODDS_METHOD"] = "exact"  # a test that wants another passes method=


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    cls = metafunc.cls
    if cls is None or not issubclass(cls, RulesetConformance):
        return
    for name, with_variants in (("case", True), ("example", False)):
        if name in metafunc.fixturenames:
            cases = cls.conformance_cases(with_variants)
            metafunc.parametrize(name, cases, ids=[c.id for c in cases])
