"""The staged enumeration runs the attack hook by hook: it merges paths at target
boundaries by what later hooks can see (``state.attack`` included), runs each hook
once per distinct input it read, and keeps finished targets in its keys when a later
hook uses them. Each of these is checked against replaying whole chains."""

from __future__ import annotations

import msgspec
import pytest

from gunline import ChainState, Registry, Ruleset, Step, hookimpl
from gunline.engine import resolve
from gunline.odds import api, compute_odds
from gunline.odds.leaf import summarize
from gunline.odds.stages import staged
from gunline.odds.tally import build_odds
from gunline.scenario import build_attack


class Shooter(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str
    bullets: int = 6


class Weapon(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str


class Target(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str
    hits_on: int = 5  # a d10 at or under it hits
    hp: int = 4


class LineRules:
    """A burst down a line of fire: every bullet is rolled against the first target,
    the misses fly on to the next (left in ``state.attack``), each hit deals 1d3 up
    to the target's hit points. The hit step says how many bullets reached; the wound
    hook reads only the hits and the target's own state. Counts wound hook calls."""

    def __init__(self, count_back: bool = False) -> None:
        self.wounds: dict[str, int] = {}
        self.count_back = count_back

    @hookimpl
    def gunline_ruleset(self):
        return Ruleset(name="line", title="Line", shooter=Shooter, weapon=Weapon, target=Target,
                       statuses=("unharmed", "hurt", "dead"), weapon_statuses=("ok",))

    @hookimpl
    def start_state(self, attack):
        return ChainState(
            shooter={"name": attack.shooter.name, "status": "unharmed"},
            weapon={"rounds_left": None, "status": "ok"},
            targets={t.name: {"status": "unharmed", "hp": t.hp} for t in attack.targets},
        )

    @hookimpl
    def build_pool(self, target):
        return Step(kind="pool", value=target.hits_on)

    @hookimpl
    def resolve_hit(self, attack, target, pool, state, dice):
        first = target.name == attack.targets[0].name
        reaching = attack.shooter.bullets if first else state.attack.get("flying", 0)
        roll = dice.pool(reaching, "to hit", at_least=None, at_most=pool.value, again=None, chance=False,
                         target=target.name)
        return Step(kind="hit", value=roll.total, rolls=[roll], text=f"{roll.total} of {reaching} hit",
                    data={"reaching": reaching}, attack_state={"flying": reaching - roll.total})

    @hookimpl
    def resolve_wound(self, target, hit, state, dice):
        self.wounds[target.name] = self.wounds.get(target.name, 0) + 1
        hp = state.targets[target.name]["hp"]

        def bullet(d):
            return d.roll(3, "damage", target=target.name).total, None

        lost, _ = dice.repeat(hit.value, "bullet", bullet, fold=lambda a, b: min(hp, a + b), start=0,
                              key=("line", hp))
        left = hp - lost
        return Step(kind="wound", value=lost, target_state={"hp": left, "status": "dead" if left <= 0 else "hurt"})

    @hookimpl
    def spend_ammo(self, attack, state):
        steps = [Step(kind="ammo", value=attack.shooter.bullets, weapon_state={"status": "ok"})]
        if self.count_back:  # a step aimed back at the first target, after its stage
            first = attack.targets[0].name
            steps.append(Step(kind="tally", target=first, value=int(state.targets[first]["status"] == "dead"),
                              target_state={"status": "counted_" + state.targets[first]["status"]}))
        return steps


DOC = {
    "ruleset": "line",
    "shooter": {"name": "Vic", "bullets": 6},
    "weapon": {"name": "smg"},
    "targets": [{"name": "A", "hits_on": 4}, {"name": "B", "hits_on": 6, "hp": 5}, {"name": "C"}],
}


def _registry(rules) -> Registry:
    reg = Registry()
    reg.add("line", rules)
    return reg


def _whole(reg, attack):
    stack = reg.stack("line", ())
    names = tuple(t.name for t in attack.targets)

    def run(dice):
        return summarize(resolve(stack, attack, dice), names, dice.pool_rolls)

    shape = dict(names=names, statuses=stack.ruleset.statuses, weapon_statuses=stack.ruleset.weapon_statuses,
                 ruleset="line", variants=[])
    return build_odds(api.whole_marginals(run, 1_000_000, len(names)), **shape), shape


def _same(a, b):
    a, b = msgspec.to_builtins(a), msgspec.to_builtins(b)
    a.pop("outcomes"), b.pop("outcomes")
    _close(a, b)


def _close(a, b):
    if isinstance(a, dict):
        assert a.keys() == b.keys()
        for k in a:
            _close(a[k], b[k])
    elif isinstance(a, list):
        assert len(a) == len(b)
        for x, y in zip(a, b):
            _close(x, y)
    elif isinstance(a, float) or isinstance(b, float):
        assert a == pytest.approx(b, abs=1e-12)
    else:
        assert a == b


def _classes(hits: int, hp: int) -> int:
    """Distinct hit points lost to ``hits`` bullets of 1d3, capped at ``hp``."""
    return len({min(hp, total) for total in range(hits, 3 * hits + 1)})


def test_a_line_of_fire_is_exact_and_each_wound_hook_runs_once_per_number_of_hits():
    rules = LineRules()
    reg = _registry(rules)
    attack = build_attack(reg, DOC)
    whole, shape = _whole(reg, attack)
    rules.wounds.clear()
    _same(build_odds(staged(reg.stack("line", ()), attack, None, 100_000), **shape), whole)
    # B is reached by 0-6 bullets (the misses of A) and hit 1-6 times: its wound hook
    # runs once per outcome of each number of hits, not once per (reaching, hits)
    assert rules.wounds["A"] == sum(_classes(h, 4) for h in range(1, 7))
    assert rules.wounds["B"] == sum(_classes(h, 5) for h in range(1, 7))
    assert rules.wounds["C"] == sum(_classes(h, 4) for h in range(1, 7))


def test_a_line_of_fire_by_hand():
    """A's hits are Binomial(6, 0.4); a bullet ends in B with 0.6 · 0.6 = 0.36."""
    reg = _registry(LineRules())
    odds = compute_odds(reg, build_attack(reg, DOC))
    assert odds.exact
    assert odds.targets["A"].hit == pytest.approx(1 - 0.6**6, abs=1e-12)
    assert odds.targets["B"].hit == pytest.approx(1 - (1 - 0.36) ** 6, abs=1e-12)
    assert odds.targets["C"].expected["hit"] == pytest.approx(6 * 0.6 * 0.4 * 0.5, abs=1e-12)
    # A has 4 hp: one bullet of 1d3 never kills it, two when they total 4+ (6 of 9),
    # three unless all show 1 (26 of 27), four or more always
    from math import comb

    kills = {0: 0, 1: 0, 2: 6 / 9, 3: 26 / 27}
    dead = sum(comb(6, h) * 0.4**h * 0.6 ** (6 - h) * kills.get(h, 1.0) for h in range(7))
    assert odds.targets["A"].status["dead"] == pytest.approx(dead, abs=1e-12)


def test_a_step_aimed_back_at_a_finished_target_keeps_every_target_to_the_end():
    rules = LineRules(count_back=True)
    reg = _registry(rules)
    attack = build_attack(reg, DOC)
    whole, shape = _whole(reg, attack)
    staged_odds = build_odds(staged(reg.stack("line", ()), attack, None, 100_000), **shape)
    _same(staged_odds, whole)
    assert staged_odds.targets["A"].status.get("counted_dead", 0.0) > 0.0
    assert "dead" not in [s for s, p in staged_odds.targets["A"].status.items() if p > 0]
