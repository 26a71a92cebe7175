"""In an encounter a shooter may have been shot at before: what that did to him (his
state as a target) reaches the hooks of his own attack as ``state.shooter_as_target``,
read-only, in the chain, in the exact odds and when committing."""

from __future__ import annotations

import pytest

from gunline import Modifier, Variant, hookimpl
from gunline.journal import Journal
from gunline.odds import compute_odds
from gunline.runner import run
from gunline.scenario import build_attack


class Shaken:
    """A house rule: a wounded shooter has -1 to hit (needs one more)."""

    @hookimpl
    def gunline_variant(self):
        return Variant(name="toy.shaken", ruleset="toy", api=2)

    @hookimpl
    def modify_pool(self, state):
        if state.shooter_as_target.get("status") == "wounded":
            return [Modifier(label="shaken (wounded)", value=-1)]


ANN_SHOOTS_BO = {"ruleset": "toy", "mode": "single", "shooter": {"name": "Ann", "skill": 4},
                 "weapon": {"name": "pistol"}, "targets": [{"name": "Bo", "wounds": 2}]}
BO_SHOOTS_ANN = {"ruleset": "toy", "mode": "single", "variants": ["toy.shaken"],
                 "shooter": {"name": "Bo", "skill": 4}, "weapon": {"name": "pistol"}, "targets": [{"name": "Ann"}]}


@pytest.fixture
def shaken(registry):
    registry.add("toy.shaken", Shaken())
    return registry


def test_the_shooter_brings_his_wounds_to_his_own_attack(shaken, tmp_path):
    with Journal(tmp_path / "j.db") as journal:
        back = build_attack(shaken, BO_SHOOTS_ANN)
        assert journal.prior("pit", back).shooter_as_target == {}
        journal.resolve("pit", shaken, build_attack(shaken, ANN_SHOOTS_BO), ANN_SHOOTS_BO, faces=[5])
        prior = journal.prior("pit", back)
        assert prior.shooter_as_target == {"status": "wounded", "wounds_left": 1}
        chain, _ = run(shaken, back, faces=[4], prior=prior)
        pool = chain.steps[0]
        assert pool.value == 5 and [m.label for m in pool.modifiers] == ["shaken (wounded)"]
        assert chain.targets["Ann"]["status"] == "unharmed"  # a 4 misses now
        odds = compute_odds(shaken, back, prior=prior)
        assert odds.exact and odds.targets["Ann"].hit == pytest.approx(2 / 6, abs=1e-12)
        assert compute_odds(shaken, back).targets["Ann"].hit == pytest.approx(3 / 6, abs=1e-12)
        # committing does not write his state as a target from his own attack
        _, _, entry = journal.resolve("pit", shaken, back, BO_SHOOTS_ANN, faces=[6])
        assert {c.table for c in entry.changes} == {"shooters", "weapons", "targets"}
        assert journal.state("pit").targets["Bo"] == {"status": "wounded", "wounds_left": 1}
        # a chain resolved elsewhere from that state commits (the state is not stale)
        later = journal.prior("pit", back)
        chain, _ = run(shaken, back, faces=[6], prior=later)
        journal.commit("pit", back, chain, BO_SHOOTS_ANN, prior=later)
