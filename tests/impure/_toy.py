"""The toy ruleset's hooks, with its example scenarios, for the impure fixtures here
to take and spoil one hook each. Loaded by file path (tests are not a package)."""

import importlib.util
from pathlib import Path

import msgspec

from gunline import hookimpl

ROOT = Path(__file__).resolve().parents[2]


def toy_hooks() -> dict:
    """Every hook implementation of the toy ruleset, its declaration naming its
    examples folder, as module attributes to copy."""
    spec = importlib.util.spec_from_file_location(f"toy_for_{__name__}", ROOT / "core" / "tests" / "toy_ruleset.py")
    toy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(toy)
    declare = toy.gunline_ruleset

    @hookimpl
    def gunline_ruleset():
        return msgspec.structs.replace(declare(), examples=str(ROOT / "core" / "tests" / "toy_examples"))

    hooks = {name: value for name, value in vars(toy).items() if hasattr(value, "gunline_impl")}
    hooks["gunline_ruleset"] = gunline_ruleset
    return hooks
