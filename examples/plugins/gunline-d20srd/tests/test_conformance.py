"""gunline's conformance suite: seeds, replay, purity, odds, file format, for every
example under ruleset/examples and under each variant."""

from gunline.testing import RulesetConformance


class TestConformance(RulesetConformance):
    ruleset = "d20srd"
