"""The staged enumeration runs the attack hook by hook: it merges paths at target
boundaries by what later hooks can see (``state.attack`` included), runs each hook
once per distinct input it read, and keeps finished targets in its keys when a later
hook uses them. Each of these is checked against replaying whole chains."""

from __future__ import annotations

import msgspec
import pytest

from gunline import ChainState, Registry, Ruleset, Step, hookimpl
from gunline.dice import at_least, at_most, faces
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
                       statuses=("unharmed", "hurt", "dead"), weapon_statuses=("ok",), api=2)

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
        roll = dice.pool(reaching, "to hit", sides=10, success=at_most(pool.value), target=target.name)
        hits = roll.value.successes
        return Step(kind="hit", value=hits, rolls=[roll.roll], text=f"{hits} of {reaching} hit",
                    data={"reaching": reaching}, attack_state={"flying": reaching - hits})

    @hookimpl
    def resolve_wound(self, target, hit, state, dice):
        self.wounds[target.name] = self.wounds.get(target.name, 0) + 1
        hp = state.targets[target.name]["hp"]

        def bullet(d):
            return d.roll(3, "damage", target=target.name).value, None

        lost, _ = dice.repeat(hit.value, "bullet", bullet, fold=lambda a, b: min(hp, a + b), start=0)
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
    """The odds of replaying every whole chain through the engine, and the shape
    :func:`build_odds` needs."""
    stack = reg.stack(attack.ruleset, ())
    names = tuple(t.name for t in attack.targets)

    def run(dice):
        return summarize(resolve(stack, attack, dice), names, dice.pool_rolls)

    shape = dict(names=names, statuses=stack.ruleset.statuses, weapon_statuses=stack.ruleset.weapon_statuses,
                 ruleset=attack.ruleset, variants=[])
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
    elif isinstance(a, (list, tuple)):
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


# -- rules that use their arguments in unusual ways: the staged odds (or, where the
# -- views cannot follow, whole chains) must still be those of replaying every chain.

class Plain(msgspec.Struct, kw_only=True):
    name: str


class Hp(msgspec.Struct, kw_only=True):
    name: str
    hp: int = 2


class Toy:
    """A 4+ on a d6 hits; one ammo step. Subclasses change one hook."""

    @hookimpl
    def gunline_ruleset(self):
        return Ruleset(name="odd", title="Odd", shooter=Plain, weapon=Plain, target=Hp,
                       statuses=("unharmed", "hurt", "dead"), weapon_statuses=("ok",), api=2)

    @hookimpl
    def build_pool(self):
        return Step(kind="pool", value=4)

    @hookimpl
    def resolve_hit(self, pool, dice):
        roll = dice.roll(6, "hit", read=at_least(pool.value))
        return Step(kind="hit", value=int(roll.value), rolls=[roll.roll])

    @hookimpl
    def spend_ammo(self):
        return Step(kind="ammo", value=1)


class DataSubclass(Toy):
    @hookimpl
    def resolve_hit(self, dice):
        from collections import OrderedDict

        roll = dice.roll(6, "hit", read=faces({4: 4, 5: 5, 6: 6}, otherwise=0))
        return Step(kind="hit", value=int(roll.value >= 4), rolls=[roll.roll], data=OrderedDict(face=roll.value))

    @hookimpl
    def resolve_wound(self, hit):
        damage = hit.data["face"] - 3
        return Step(kind="wound", value=damage, target_state={"status": "dead" if damage >= 2 else "hurt"})


class ViewHandedOn(Toy):
    @hookimpl
    def begin_attack(self, dice):
        return Step(kind="declare", value=0, attack_state={"bonus": dice.roll(3, "bonus").value})

    @hookimpl
    def resolve_hit(self, state):
        return Step(kind="hit", value=1, data=state.attack)  # hands the view on, reads nothing

    @hookimpl
    def resolve_wound(self, hit):
        return Step(kind="wound", value=hit.data["bonus"])


class ReplacesTheHit(Toy):
    @hookimpl
    def resolve_hit(self, dice):
        roll = dice.roll(6, "hit", read=faces({4: 4, 5: 5, 6: 6}, otherwise=0))
        return Step(kind="hit", value=max(0, roll.value - 3), rolls=[roll.roll])

    @hookimpl
    def resolve_wound(self, hit):
        return msgspec.structs.replace(hit, kind="wound", rolls=[])


class OwnStep(Step, kw_only=True):
    crits: int = 0


class StepSubclass(Toy):
    @hookimpl
    def resolve_hit(self, dice):
        roll = dice.roll(6, "hit", read=faces({range(4, 6): "hit", 6: "crit"}))
        return OwnStep(kind="hit", value=int(roll.value is not None), rolls=[roll.roll],
                       crits=int(roll.value == "crit"))

    @hookimpl
    def resolve_wound(self, hit):
        return Step(kind="wound", value=1 + hit.crits)


class DefaultDicts(Toy):
    @hookimpl
    def start_state(self, attack):
        from collections import defaultdict

        return ChainState(shooter={"name": "S", "status": "unharmed"}, weapon={"status": "ok"},
                          targets={t.name: defaultdict(int, status="unharmed") for t in attack.targets})

    @hookimpl
    def resolve_wound(self, target, state):
        wounds = state.targets[target.name]["wounds"] + 1
        return Step(kind="wound", value=1, target_state={"wounds": wounds, "status": "hurt"})


class RicochetAtTheFirst(Toy):
    @hookimpl
    def spend_ammo(self, dice):
        dice.pool(2, "ricochet", sides=6, success=at_least(5), target="A")
        return Step(kind="ammo", value=1)


class ShowsTheRollAgain(Toy):
    @hookimpl
    def resolve_hit(self, dice):
        roll = dice.pool(2, "to hit", sides=6, success=at_least(4))
        return Step(kind="hit", value=roll.value.successes, rolls=[roll.roll])

    @hookimpl
    def resolve_wound(self, target, hit):
        if target.name == "A":
            return Step(kind="through", value=hit.value, target="B", rolls=list(hit.rolls))
        return Step(kind="wound", value=hit.value)


class LooksForThePool(Toy):
    @hookimpl
    def resolve_hit(self, pool, state, dice):
        roll = dice.roll(6, "hit", read=at_least(4))
        return Step(kind="hit", value=int(roll.value and pool in state.steps), rolls=[roll.roll])


ODD = {"ruleset": "odd", "shooter": {"name": "S"}, "weapon": {"name": "w"}, "targets": [{"name": "A"}, {"name": "B"}]}


@pytest.mark.parametrize(
    "rules",
    [DataSubclass, ViewHandedOn, ReplacesTheHit, StepSubclass, DefaultDicts, RicochetAtTheFirst,
     ShowsTheRollAgain, LooksForThePool],
    ids=lambda r: r.__name__,
)
def test_unusual_uses_of_the_arguments_give_the_odds_of_whole_chains(rules):
    reg = Registry()
    reg.add("odd", rules())
    attack = build_attack(reg, ODD)
    whole, _ = _whole(reg, attack)
    odds = compute_odds(reg, attack)
    assert odds.exact
    a, b = msgspec.to_builtins(odds), msgspec.to_builtins(whole)
    for doc in (a, b):
        doc.pop("outcomes")
        for key in ("ruleset", "variants", "samples", "note"):
            doc.pop(key, None)
    _close(a, b)
