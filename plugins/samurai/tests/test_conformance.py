"""gunline's conformance suite over every example scenario of the samurai ruleset and
under each of its variants: seeds, replay, purity, chain contract, odds, file format."""

from gunline.testing import RulesetConformance


class TestConformance(RulesetConformance):
    ruleset = "samurai"
