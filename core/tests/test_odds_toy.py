"""compute_odds on the toy ruleset, worked out by hand, and on small rulesets written
here to corner the interpreter: a WoD-like pool at several targets (staged and whole
enumeration must agree, and Monte Carlo must agree with both), a burst whose misses
go on to the next target (a multinomial, not 100**n leaves), an impure hook, a
tree too large to enumerate; and the choice between exact and sampled odds by cost,
sampling to a precision, alike on any number of processes."""

from __future__ import annotations

import json
import random
from typing import Annotated

import msgspec
import pytest

from gunline import ChainState, PluginFailed, Registry, Ruleset, Step, hookimpl
from gunline.dice import at_least, at_most
from gunline.errors import AttackRefused
from gunline.odds import api, chunks, clock, compute_odds, odds_json
from gunline.odds.stages import staged_marginals
from gunline.odds.tally import build_odds
from gunline.scenario import build_attack


def odds_of(registry, doc, **kw):
    return compute_odds(registry, build_attack(registry, doc), **kw)


# -- the toy ruleset, by hand ---------------------------------------------------------


def test_toy_single_shot_by_hand(registry, doc):
    # Bo: 4+ on a d6 -> 1/2, one wound kills. Cy: cover makes it 5+ -> 1/3, 2 wounds.
    odds = odds_of(registry, doc)
    bo, cy = odds.targets["Bo"], odds.targets["Cy"]
    assert odds.exact and odds.samples is None
    assert bo.hit == pytest.approx(1 / 2) and bo.wound == pytest.approx(1 / 2)
    assert bo.status == pytest.approx({"unharmed": 1 / 2, "wounded": 0.0, "dead": 1 / 2})
    assert cy.hit == pytest.approx(1 / 3)
    assert cy.status == pytest.approx({"unharmed": 2 / 3, "wounded": 1 / 3, "dead": 0.0})
    assert odds.weapon.status == pytest.approx({"ok": 1.0, "empty": 0.0})
    assert odds.weapon.rounds_spent == pytest.approx(1.0)


def test_toy_double_shot_by_hand(registry, doc):
    doc["mode"] = "double"
    odds = odds_of(registry, doc)
    bo, cy = odds.targets["Bo"], odds.targets["Cy"]
    assert bo.hit == pytest.approx(3 / 4)  # 1 - (1/2)**2
    # Cy: 0, 1, 2 hits at 5+ with 2 wounds: 4/9, 4/9, 1/9
    assert cy.status == pytest.approx({"unharmed": 4 / 9, "wounded": 4 / 9, "dead": 1 / 9})
    assert cy.expected["hit"] == pytest.approx(2 / 3)
    assert odds.weapon.rounds_spent == pytest.approx(2.0)


def test_step_probability_is_keyed_by_target_and_kind(registry, doc):
    odds = odds_of(registry, doc)
    assert odds.step_probability("Cy", "wound") == pytest.approx(1 / 3)
    assert odds.targets["Cy"].reached["wound"] == pytest.approx(1 / 3)
    assert odds.step_probability("Bo", "hit") == pytest.approx(1 / 2)
    assert odds.step_probability(None, "ammo") == pytest.approx(1.0)
    assert odds.step_probability("Bo", "save") is None
    assert odds.step_interval("Bo", "hit") is None  # exact


def test_empty_weapon_and_encounter_state(registry, doc):
    doc["weapon"] = {"name": "pistol", "rounds": 1}
    assert odds_of(registry, doc).weapon.status == pytest.approx({"ok": 0.0, "empty": 1.0})
    # An encounter where Cy already lost a wound: one hit now kills.
    attack = build_attack(registry, doc)
    prior = ChainState(targets={"Cy": {"status": "wounded", "wounds_left": 1}})
    cy = compute_odds(registry, attack, prior=prior).targets["Cy"]
    assert cy.status == pytest.approx({"unharmed": 0.0, "wounded": 2 / 3, "dead": 1 / 3})


def test_refused_attack_is_bad_input(registry, doc):
    doc["mode"] = "double"
    doc["weapon"] = {"name": "pistol", "rounds": 1}
    with pytest.raises(AttackRefused):
        odds_of(registry, doc)


def test_odds_json_follows_the_contract(registry, doc):
    data = msgspec.json.decode(odds_json(odds_of(registry, doc)))
    assert data["exact"] is True and data["samples"] is None
    assert set(data["targets"]["Bo"]) >= {"hit", "wound", "status", "steps", "pools"}
    assert "ci95" not in data["targets"]["Bo"]
    assert set(data["weapon"]) == {"status", "rounds_spent"}


# -- a WoD-like pool ruleset at several targets ------------------------------------------


class PoolShooter(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str
    dice: Annotated[int, msgspec.Meta(ge=0, le=30)] = 8


class PoolWeapon(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str
    clip: int = 30


class PoolTarget(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str
    health: int = 7
    armor: int = 0


def attack_pool(dice, count, *, target=None):
    """A d10 pool, 8+ succeeds, 10-again; 0 or fewer dice roll one chance die (only
    a 10 succeeds), as the World of Darkness does."""
    if count <= 0:
        return dice.pool(1, "attack pool", sides=10, success=at_least(10), again=10, ask="chance die",
                         shown="chance die", chance=True, target=target)
    return dice.pool(count, "attack pool", sides=10, success=at_least(8), again=10, target=target)


class PoolRules:
    """d10 pool, 8+, 10-again, minus one die per target; damage = successes;
    3 rounds per target. Reads no earlier steps: stages merge on the clip."""

    @hookimpl
    def gunline_ruleset(self):
        return Ruleset(name="pools", title="Pools", shooter=PoolShooter, weapon=PoolWeapon, target=PoolTarget,
                       statuses=("unharmed", "hurt", "down"), weapon_statuses=("ok", "empty"), api=2)

    @hookimpl
    def start_state(self, attack):
        return ChainState(
            shooter={"name": attack.shooter.name, "status": "unharmed"},
            weapon={"rounds_left": attack.weapon.clip, "status": "ok"},
            targets={t.name: {"status": "unharmed", "health": t.health} for t in attack.targets},
        )

    @hookimpl
    def build_pool(self, attack, target):
        return Step(kind="pool", value=attack.shooter.dice - len(attack.targets) - target.armor)

    @hookimpl
    def resolve_hit(self, target, pool, dice):
        roll = attack_pool(dice, pool.value, target=target.name)
        return Step(kind="hit", value=roll.value.successes, rolls=[roll.roll])

    @hookimpl
    def resolve_wound(self, target, hit, state):
        left = state.targets[target.name]["health"] - hit.value
        return Step(kind="wound", value=hit.value,
                    target_state={"health": left, "status": "down" if left <= 0 else "hurt"})

    @hookimpl
    def spend_ammo(self, attack, state):
        spent = 3 * len(attack.targets)
        left = state.weapon["rounds_left"] - spent
        return Step(kind="ammo", value=spent, weapon_state={"rounds_left": left, "status": "ok" if left else "empty"})


@pytest.fixture
def pools():
    reg = Registry()
    reg.add("pools", PoolRules())
    return reg


POOL_DOC = {
    "ruleset": "pools",
    "shooter": {"name": "Carter", "dice": 11},
    "weapon": {"name": "rifle"},
    "targets": [{"name": "A"}, {"name": "B", "armor": 2}, {"name": "C", "health": 3}],
}


def test_pool_odds_by_closed_form(pools):
    odds = odds_of(pools, POOL_DOC)
    # pools of 8, 6 and 8 dice: P(at least one success) = 1 - 0.7**n
    assert odds.targets["A"].hit == pytest.approx(1 - 0.7**8, abs=1e-12)
    assert odds.targets["B"].hit == pytest.approx(1 - 0.7**6, abs=1e-12)
    table = odds.targets["A"].pools["attack pool"]
    assert table[0] == pytest.approx(1.0) and table[1] == pytest.approx(1 - 0.7**8, abs=1e-12)
    # mean successes of a 10-again 8+ die is 1/3
    assert odds.targets["B"].expected["hit"] == pytest.approx(6 / 3, abs=1e-9)
    for target in odds.targets.values():
        assert sum(target.status.values()) == pytest.approx(1.0, abs=1e-12)


def test_staged_and_whole_enumeration_agree(pools):
    attack = build_attack(pools, dict(POOL_DOC, shooter={"name": "Carter", "dice": 7}))
    stack = pools.stack("pools", ())
    names = tuple(t.name for t in attack.targets)
    shape = dict(names=names, statuses=stack.ruleset.statuses, weapon_statuses=stack.ruleset.weapon_statuses,
                 ruleset="pools", variants=[])
    staged = build_odds(staged_marginals(stack, attack, None, 100_000, with_steps=False), **shape)

    from gunline.engine import resolve
    from gunline.odds.leaf import summarize

    def run(dice):
        return summarize(resolve(stack, attack, dice), names, dice.pool_rolls)

    whole = build_odds(api.whole_marginals(run, 100_000, len(names)), **shape)
    assert whole.outcomes > 10 * staged.outcomes  # the product against the sum
    a, b = msgspec.to_builtins(staged), msgspec.to_builtins(whole)
    a.pop("outcomes"), b.pop("outcomes")
    assert _close(a, b)


def _close(a, b, tol=1e-12):
    """Equal structures, floats within ``tol`` (sums taken in another order)."""
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k], tol) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_close(x, y, tol) for x, y in zip(a, b))
    if isinstance(a, float) or isinstance(b, float):
        return abs(a - b) <= tol
    return a == b


def test_monte_carlo_agrees_with_the_exact_odds(pools):
    exact = odds_of(pools, POOL_DOC)
    mc = odds_of(pools, POOL_DOC, samples=3000, seed=11)
    assert not mc.exact and mc.samples == 3000 and "3000" in mc.note
    for name, target in exact.targets.items():
        other = mc.targets[name]
        pairs = [(target.hit, other.ci95.hit), (target.wound, other.ci95.wound)]
        pairs += [(p, other.ci95.status[s]) for s, p in target.status.items()]
        for p, (lo, hi) in pairs:
            # 4.5 standard errors instead of 1.96: dozens of comparisons, no false alarms
            half = (hi - lo) / 2 * 4.5 / 1.96
            assert (lo + hi) / 2 - half - 1e-9 <= p <= (lo + hi) / 2 + half + 1e-9
    # same seed, same numbers
    assert odds_json(odds_of(pools, POOL_DOC, samples=500, seed=3)) == odds_json(
        odds_of(pools, POOL_DOC, samples=500, seed=3)
    )


def test_a_chance_die_is_a_pool_of_zero(pools):
    doc = dict(POOL_DOC, shooter={"name": "Carter", "dice": 1}, targets=[{"name": "A"}])
    # 1 die - 1 target = 0 dice: a chance die, success only on a 10 (1/10)
    assert odds_of(pools, doc).targets["A"].hit == pytest.approx(0.1)


# -- a burst whose misses go on to the next target ------------------------------------


class BurstRules(PoolRules):
    """n d100 bullets at the first target (roll at or under its chance); the misses go
    on to the next one, read from the previous hit step, as Fallout does."""

    @hookimpl
    def gunline_ruleset(self):
        return Ruleset(name="burst", title="Burst", shooter=PoolShooter, weapon=PoolWeapon, target=PoolTarget,
                       statuses=("unharmed", "hurt", "down"), weapon_statuses=("ok", "empty"), api=2)

    @hookimpl
    def build_pool(self, attack, target):
        return Step(kind="pool", value=target.health * 10)  # percent chance, from the Struct

    @hookimpl
    def resolve_hit(self, attack, target, pool, state, dice):
        hits = state.steps_of("hit")
        flying = hits[-1].data["passed_on"] if hits else attack.shooter.dice
        roll = dice.pool(flying, "bullets", sides=100, success=at_most(pool.value))
        hits = roll.value.successes
        return Step(kind="hit", value=hits, rolls=[roll.roll], data={"passed_on": flying - hits})


def test_a_burst_spilling_over_targets_is_a_multinomial(pools):
    reg = Registry()
    reg.add("burst", BurstRules())
    n, p1, p2 = 20, 0.3, 0.5
    doc = {"ruleset": "burst", "shooter": {"name": "Harry", "dice": n}, "weapon": {"name": "M60"},
           "targets": [{"name": "Horat", "health": 3}, {"name": "bandit", "health": 5}]}
    odds = odds_of(reg, doc)
    assert odds.exact
    # the bandit's hits are binomial(n, (1 - p1) * p2): thinning of the misses
    q = (1 - p1) * p2
    assert odds.targets["bandit"].hit == pytest.approx(1 - (1 - q) ** n, abs=1e-12)
    assert odds.targets["bandit"].expected["hit"] == pytest.approx(n * q, abs=1e-9)
    assert odds.targets["Horat"].expected["hit"] == pytest.approx(n * p1, abs=1e-9)
    # (n+1) outcomes at the first target, at most (n+1)(n+2)/2 in all: not 100**n
    assert odds.outcomes <= (n + 1) + (n + 1) * (n + 2) // 2


# -- what the interpreter refuses to trust ---------------------------------------------


class ImpureRules(PoolRules):
    """Rolls outside the dice object: the replays disagree."""

    def __init__(self):
        self.rng = random.Random(1)

    @hookimpl
    def resolve_hit(self, target, pool, dice):
        roll = attack_pool(dice, self.rng.randint(1, 12))
        return Step(kind="hit", value=roll.value.successes, rolls=[roll.roll])


def test_an_impure_ruleset_is_named():
    reg = Registry()
    reg.add("pools", ImpureRules())
    doc = dict(POOL_DOC, targets=[{"name": "A"}])
    with pytest.raises(PluginFailed, match="pools"):
        odds_of(reg, doc)


class SprayRules(PoolRules):
    """Twelve separate d6 rolls, every face mattering: 6**12 leaves."""

    @hookimpl
    def resolve_hit(self, target, dice):
        total = sum(dice.roll(6, "spray").value for _ in range(12))
        return Step(kind="hit", value=int(total > 42))


def test_too_large_a_tree_falls_back_to_monte_carlo_and_says_so(monkeypatch):
    reg = Registry()
    reg.add("pools", SprayRules())
    odds = odds_of(reg, dict(POOL_DOC, targets=[{"name": "A"}]), method="exact", work=2000, precision=10)
    assert not odds.exact and odds.samples and odds.samples >= 100
    assert "too large" in odds.note
    lo, hi = odds.targets["A"].ci95.hit
    assert lo <= odds.targets["A"].hit <= hi
    data = msgspec.json.decode(odds_json(odds))
    assert data["targets"]["A"]["ci95"]["status"].keys() == data["targets"]["A"]["status"].keys()


class ShiftyRules(PoolRules):
    """Reads a 4+ to hit, then also takes a 5 on the die as a critical: a face read
    beyond what the rule declared."""

    @hookimpl
    def resolve_hit(self, target, dice):
        roll = dice.roll(6, "to hit", read=at_least(4), target=target.name)
        hits = 2 if roll.roll.values[0] == 5 else int(roll.value)
        return Step(kind="hit", value=hits, rolls=[roll.roll])


def test_swapping_faces_finds_a_face_read_beyond_the_read(pools):
    from gunline.odds.swaps import reads_beyond

    reg = Registry()
    reg.add("pools", ShiftyRules())
    doc = dict(POOL_DOC, targets=[{"name": "A", "health": 2}])
    findings = reads_beyond(reg.stack("pools", ()), build_attack(reg, doc))
    assert [(f.label, f.target) for f in findings] == [("to hit", "A")]
    (found,) = findings
    assert found.faces == (4,) and found.other == (5,)  # 4 and 5 both read "4+"
    assert found.difference == "step 2 (hit, A): value 1 instead of 2"
    # the honest rules read nothing beyond their reads
    assert reads_beyond(pools.stack("pools", ()), build_attack(pools, POOL_DOC)) == []


class ReturnFireRules(PoolRules):
    """Each target shoots back on a 5+ (1/3): the shooter's final status."""

    @hookimpl
    def gunline_ruleset(self):
        return Ruleset(name="pools", title="Pools", shooter=PoolShooter, weapon=PoolWeapon, target=PoolTarget,
                       statuses=("unharmed", "hurt", "down"), weapon_statuses=("ok", "empty"), api=2)

    @hookimpl
    def resolve_hit(self, target, pool, dice):
        roll = attack_pool(dice, pool.value, target=target.name)
        back = dice.roll(6, "return fire", read=at_least(5))
        answer = Step(kind="return_fire", value=int(back.value), rolls=[back.roll],
                      shooter_state={"status": "hurt"} if back.value else None)
        return [Step(kind="hit", value=roll.value.successes, rolls=[roll.roll]), answer]


def test_shooter_status_when_targets_shoot_back():
    reg = Registry()
    reg.add("pools", ReturnFireRules())
    odds = odds_of(reg, POOL_DOC)  # three targets, each 1/3 to hurt the shooter
    assert odds.shooter.status == pytest.approx({"unharmed": (2 / 3) ** 3, "hurt": 1 - (2 / 3) ** 3, "down": 0.0})
    assert odds.targets["B"].steps["return_fire"] == pytest.approx(1 / 3)


# -- exact or sampled, by cost; sampled to a precision, alike on any number of processes


SPRAY = dict(POOL_DOC, ruleset="pools", targets=[{"name": "A"}])


def _registry(rules):
    reg = Registry()
    reg.add("pools", rules)
    return reg


def test_a_small_tree_is_exact_whatever_sampling_would_cost(monkeypatch):
    """The pools of three targets enumerate long before the grace period: exact, no
    probe of sampling at all."""
    probes = []
    monkeypatch.setattr(api, "samples_for", lambda *a: probes.append(1) or 1)
    reg = _registry(PoolRules())
    odds = compute_odds(reg, build_attack(reg, POOL_DOC), method="auto")
    assert odds.exact and odds.note == "" and probes == []


def test_enumeration_that_would_cost_more_than_sampling_is_sampled_and_says_why(monkeypatch):
    """Twelve d6 read face by face (6**12 leaves): once the grace period is over the
    probe says sampling is cheap, so the enumeration stops and the note says why."""
    monkeypatch.setattr(clock, "GRACE", 0.0)
    monkeypatch.setattr(api, "samples_for", lambda odds, half: 10)  # sampling: a few ms
    reg = _registry(SprayRules())
    odds = compute_odds(reg, build_attack(reg, SPRAY), precision=20, jobs=1, method="auto")
    assert not odds.exact
    assert odds.note.startswith("Monte Carlo: enumerating every outcome ")
    assert "; sampling takes about " in odds.note
    assert odds.note.endswith(" samples, every figure within ±20 points (95%)")


def test_a_time_budget_caps_the_enumeration():
    reg = _registry(SprayRules())
    odds = compute_odds(reg, build_attack(reg, SPRAY), budget=0.02, precision=20, jobs=1, method="auto")
    assert not odds.exact and odds.note.startswith("Monte Carlo: ")
    reason = clock.Clock(0.02, None)._why("took more than 0.02 s")
    assert reason == "enumerating every outcome took more than 0.02 s, past the time budget of 0.02 s"


class DawdlingRules(PoolRules):
    """The pools, with a wound hook that waits (for a disk, a lock, another process):
    the time passes on the wall clock, hardly on the CPU's."""

    @hookimpl
    def resolve_wound(self, target, hit, state):
        import time

        time.sleep(0.02)
        return PoolRules.resolve_wound(self, target, hit, state)


def test_a_time_budget_is_of_the_time_waited_not_of_the_cpu():
    reg = _registry(DawdlingRules())
    odds = compute_odds(reg, build_attack(reg, POOL_DOC), budget=0.2, precision=20, jobs=1, method="auto")
    assert not odds.exact
    assert odds.note.startswith("Monte Carlo: enumerating every outcome ")
    assert ", past the time budget of 0.2 s" in odds.note


def test_method_exact_ignores_the_time_and_stops_at_the_work_cap():
    reg = _registry(SprayRules())
    odds = compute_odds(reg, build_attack(reg, SPRAY), method="exact", work=500, precision=20, jobs=1)
    assert not odds.exact and "at most 500 hook runs" in odds.note
    with pytest.raises(ValueError, match="method='best'"):
        compute_odds(reg, build_attack(reg, SPRAY), method="best")


def test_sampling_stops_at_the_first_chunk_within_the_precision():
    reg = _registry(PoolRules())
    attack = build_attack(reg, POOL_DOC)
    odds = compute_odds(reg, attack, method="sample", precision=2, jobs=1)
    assert not odds.exact and odds.samples % chunks.CHUNK == 0
    assert api.widest(odds) <= 0.02
    # one chunk fewer would not have been within it
    fewer = compute_odds(reg, attack, samples=odds.samples - chunks.CHUNK, jobs=1)
    assert odds.samples == chunks.CHUNK or api.widest(fewer) > 0.02


def test_the_same_seed_gives_the_same_odds_whatever_the_processes():
    reg = _registry(PoolRules())
    attack = build_attack(reg, POOL_DOC)
    forced = [odds_json(compute_odds(reg, attack, samples=9000, seed=4, jobs=jobs)) for jobs in (1, 2, 3)]
    assert forced[0] == forced[1] == forced[2]
    precise = [odds_json(compute_odds(reg, attack, method="sample", precision=1.5, seed=4, jobs=jobs))
               for jobs in (1, 2)]
    assert precise[0] == precise[1]
    assert forced[0] != odds_json(compute_odds(reg, attack, samples=9000, seed=5, jobs=1))


def test_sampled_odds_hold_the_exact_odds_in_their_intervals():
    reg = _registry(PoolRules())
    attack = build_attack(reg, POOL_DOC)
    exact = compute_odds(reg, attack)
    widen = 4.5 / 1.959963984540054  # to 4.5 standard errors: no false alarm over many figures
    for seed in range(3):
        sampled = compute_odds(reg, attack, samples=6000, seed=seed, jobs=2)
        assert exact.exact and not sampled.exact
        for name, target in exact.targets.items():
            estimate = sampled.targets[name]
            for status, p in target.status.items():
                lo, hi = estimate.ci95.status[status]
                q = estimate.status[status]
                assert q - (q - lo) * widen - 1e-9 <= p <= q + (hi - q) * widen + 1e-9, (seed, name, status)


def test_the_chunks_are_seeded_apart():
    seeds = {chunks.chunk_seed(s, i) for s in range(4) for i in range(50)}
    assert len(seeds) == 200


def test_odds_json_of_a_sampled_attack_reads_back():
    reg = _registry(PoolRules())
    odds = compute_odds(reg, build_attack(reg, POOL_DOC), samples=2500, jobs=1)
    data = json.loads(odds_json(odds))
    assert data["samples"] == 2500 and data["note"] == "Monte Carlo: 2500 samples requested"
    assert msgspec.json.decode(odds_json(odds))["targets"].keys() == {"A", "B", "C"}


def test_under_test_the_odds_are_exact_unless_a_test_asks(monkeypatch):
    """gunline's pytest plugin makes the method "exact" for test runs; the environment
    chooses it when a caller gives none."""
    import os

    assert os.environ.get("GUNLINE_ODDS_METHOD") == "exact"
    reg = _registry(SprayRules())
    monkeypatch.setenv("GUNLINE_ODDS_METHOD", "sample")
    sampled = compute_odds(reg, build_attack(reg, POOL_DOC | {"ruleset": "pools"}), precision=20, jobs=1)
    assert not sampled.exact
    assert sampled.note == (
        "Monte Carlo: sampling was asked for; 2,048 samples, every figure within ±20 points (95%)"
    )
