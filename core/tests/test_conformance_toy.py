"""The conformance suite passes on the toy ruleset, which keeps every promise."""

import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location("conformance_helpers", Path(__file__).parent / "conformance_helpers.py")
helpers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(helpers)

from gunline.testing import RulesetConformance  # noqa: E402


class TestToyConformance(RulesetConformance):
    ruleset = "toy"
    plugins = {"toy": helpers.fresh_toy()}
