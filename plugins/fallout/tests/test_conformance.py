"""The core's conformance suite, run against the Fallout ruleset and its variants."""

from gunline.testing import RulesetConformance


class TestConformance(RulesetConformance):
    ruleset = "fallout"
