"""Loading the toy ruleset as a fresh module, with example scenarios, for the tests
of the conformance suite and the plugin kit."""

from __future__ import annotations

import importlib.util
import itertools
from pathlib import Path

import msgspec

from gunline import hookimpl

HERE = Path(__file__).parent
EXAMPLES = HERE / "toy_examples"
_serial = itertools.count()


def fresh_toy():
    """A new module object of the toy ruleset each call, with its examples declared,
    so a test may patch it without touching any other test."""
    spec = importlib.util.spec_from_file_location(f"toy_ruleset_{next(_serial)}", HERE / "toy_ruleset.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    declare = module.gunline_ruleset

    @hookimpl
    def gunline_ruleset():
        return msgspec.structs.replace(declare(), examples=str(EXAMPLES))

    module.gunline_ruleset = gunline_ruleset
    return module
