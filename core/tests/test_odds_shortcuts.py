"""The work the odds skip on each replay, and that skipping it changes nothing.

``resolve(describe=False)`` leaves out the read-out lines, ``resolve(check=False)``
the refusal checks (the odds ask them once, up front), and the staged enumeration
walks one path before enumerating, to learn at once that rules read every target at
the end (and keep the finished targets in its merge keys from the start).
"""

from __future__ import annotations

import msgspec
import pytest

from gunline import ChainState, Registry, Ruleset, Step, hookimpl
from gunline.dice import ScriptedDice, at_least
from gunline.engine import resolve
from gunline.errors import AttackRefused
from gunline.odds import compute_odds
from gunline.odds.branches import pool_branches
from gunline.odds.stages import FinishedRead, staged_marginals
from gunline.scenario import build_attack


def test_describe_false_keeps_the_chain_and_drops_the_lines(registry, doc):
    attack = build_attack(registry, doc)
    stack = registry.stack("toy", ())
    full = resolve(stack, attack, ScriptedDice([5, 6]))
    bare = resolve(stack, attack, ScriptedDice([5, 6]), describe=False)
    assert full.outcomes and set(full.outcomes) == {"Bo", "Cy"}
    assert bare.outcomes == {}
    assert bare.steps == full.steps and bare.targets == full.targets and bare.weapon == full.weapon


def test_check_false_skips_the_refusals(registry, doc):
    doc["mode"] = "double"
    doc["weapon"] = {"name": "pistol", "rounds": 1}  # the toy refuses a double shot from one round
    attack = build_attack(registry, doc)
    stack = registry.stack("toy", ())
    with pytest.raises(AttackRefused):
        resolve(stack, attack, ScriptedDice([6] * 8))
    try:
        resolve(stack, attack, ScriptedDice([6] * 8), check=False)
    except AttackRefused:  # pragma: no cover - the assertion below names it
        pytest.fail("check=False still asked check_attack")


class Shooter(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str
    dice: int = 8


class Weapon(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str


class Target(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str


POOL_SUCCESS = at_least(8)


class CountingRules:
    """A d10 pool (8+, 10-again) of the shooter's dice less one per target at each
    target; one success downs it. At the end a casualty count over every target
    (it reads targets whose stage is over). Counts its resolve_hit calls."""

    def __init__(self) -> None:
        self.hits = 0

    @hookimpl
    def gunline_ruleset(self):
        return Ruleset(name="pools", title="Pools", shooter=Shooter, weapon=Weapon, target=Target,
                       statuses=("unharmed", "down"), weapon_statuses=("ok", "empty"), api=2)

    @hookimpl
    def start_state(self, attack):
        return ChainState(
            shooter={"name": attack.shooter.name, "status": "unharmed"},
            weapon={"rounds_left": None, "status": "ok"},
            targets={t.name: {"status": "unharmed"} for t in attack.targets},
        )

    @hookimpl
    def build_pool(self, attack, target):
        return Step(kind="pool", value=attack.shooter.dice - len(attack.targets))

    @hookimpl
    def resolve_hit(self, target, pool, dice):
        self.hits += 1
        roll = dice.pool(pool.value, "attack pool", sides=10, success=POOL_SUCCESS, again=10, target=target.name)
        return Step(kind="hit", value=roll.value.successes, rolls=[roll.roll])

    @hookimpl
    def resolve_wound(self, hit):
        return Step(kind="wound", value=1, target_state={"status": "down"})

    @hookimpl
    def spend_ammo(self, attack, state):
        down = sum(state.targets[t.name]["status"] == "down" for t in attack.targets)
        return Step(kind="ammo", value=down, weapon_state={"status": "ok"})


DOC = {
    "ruleset": "pools",
    "shooter": {"name": "Carter", "dice": 7},
    "weapon": {"name": "rifle"},
    "targets": [{"name": "A"}, {"name": "B"}],
}


def test_rules_reading_every_target_at_the_end_keep_finished_targets_in_the_keys():
    rules = CountingRules()
    reg = Registry()
    reg.add("pools", rules)
    attack = build_attack(reg, DOC)
    staged_marginals(reg.stack("pools", ()), attack, None, 100_000, with_steps=False)
    # The scout walks one path (one hit call per target) and finds the casualty count
    # reading finished targets, so the enumeration keeps them in its keys from the
    # start: A's hook runs once per class of its pool; B's once per class too, as the
    # two states A can be left in (down or not) hand B's hook the same pool.
    classes = len(pool_branches(5, 10, POOL_SUCCESS, None, 10))
    assert rules.hits == 2 + 2 * classes
    odds = compute_odds(reg, attack)
    # 5 dice per target (7 - 2 targets), 8+ on a d10: a miss is 0.7**5; one success downs
    down = 1 - 0.7**5
    assert odds.exact
    assert odds.targets["A"].status["down"] == pytest.approx(down, abs=1e-12)
    assert odds.targets["B"].status["down"] == pytest.approx(down, abs=1e-12)
    # rounds spent = targets down: 2 * P(down) on average
    assert odds.weapon.rounds_spent == pytest.approx(2 * down, abs=1e-12)


def test_a_finished_target_read_without_the_scout_asks_for_a_larger_key():
    """Without the scout's warning the enumeration itself stops at the first read of
    a finished target, so that the caller starts again with it in the keys."""
    from gunline.odds import stages

    reg = Registry()
    reg.add("pools", CountingRules())
    attack = build_attack(reg, DOC)
    run = stages._Run(reg.stack("pools", ()), attack, None, 100_000, False, False)
    with pytest.raises(FinishedRead):
        run.run_stages()
