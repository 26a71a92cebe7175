"""``dice.then``: the last dice of a hook as a function of a few plain values. Random
dice give the chain of the plain list; the odds work the body's outcomes out once per
values and join them to the hook's, with the same figures to the last digit as a hook
that rolls the same dice itself, and as a computation by hand."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb

import msgspec
import pytest

from gunline import ChainState, RandomDice, Registry, Ruleset, Step, hookimpl
from gunline.dice import at_least, faces
from gunline.engine import resolve
from gunline.odds import compute_odds, tails
from gunline.odds.model import odds_json
from gunline.scenario import build_attack
from gunline.testing.odds import whole_chain_odds

INJURY = faces({1: "flesh", range(2, 6): "down", 6: "out"})
#: Runs of the injury body, by its number of dice.
RUNS: dict[int, int] = {}


class Shooter(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str
    shots: int = 3


class Weapon(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str


class Target(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str


def injuries(dice, count, flesh, name):
    """One injury die per point of damage: any 6 out, else any 2-5 down, else pinned;
    the 1s add up as flesh wounds."""
    RUNS[count] = RUNS.get(count, 0) + 1
    pool = dice.pool(count, "injury", sides=6, success=at_least(6), read=INJURY, target=name)
    tally = pool.value
    status = "out" if tally["out"] else "down" if tally["down"] else "pinned"
    return [Step(kind="injury", value=count, rolls=[pool.roll], text=f"{tally['flesh']} flesh",
                 target_state={"status": status, "flesh": flesh + tally["flesh"]})]


#: Where the "impure" hook leaves the hits for its body (which must not read it).
HITS_SEEN = [0]


def injuries_by_hits(dice, count, flesh, name):
    """:func:`injuries`, valued by the hits of the hook that called it: more than its
    arguments (a rule that breaks ``dice.then``'s promise)."""
    steps = injuries(dice, count, flesh, name)
    steps[-1].value = count + HITS_SEEN[0]
    return steps


class Rules:
    """Shots at 4+, a wound on 4+ per hit, a D3 of damage per wound, then an injury
    die per point of damage: by ``dice.then`` (``how="then"``), by the plain list
    (``"plain"``), by ``dice.then`` with a step added to what it gives (``"changed"``,
    and ``"changed plain"`` without ``dice.then``) or with a value that is not plain
    (``"list"``)."""

    def __init__(self, how: str) -> None:
        self.how = how

    @hookimpl
    def gunline_ruleset(self):
        return Ruleset(name="then", title="Then", shooter=Shooter, weapon=Weapon, target=Target,
                       statuses=("unharmed", "pinned", "down", "out"), weapon_statuses=("ok",), api=2)

    @hookimpl
    def start_state(self, attack):
        return ChainState(shooter={"name": attack.shooter.name, "status": "unharmed"},
                          weapon={"rounds_left": None, "status": "ok"},
                          targets={t.name: {"status": "unharmed", "flesh": 0} for t in attack.targets})

    @hookimpl
    def build_pool(self):
        return Step(kind="pool", value=4)

    @hookimpl
    def resolve_hit(self, attack, target, pool, dice):
        roll = dice.pool(attack.shooter.shots, "to hit", sides=6, success=at_least(pool.value), target=target.name)
        return Step(kind="hit", value=roll.value.successes, rolls=[roll.roll])

    @hookimpl
    def resolve_wound(self, target, hit, state, dice):
        name = target.name
        rolled = dice.pool(hit.value, "to wound", sides=6, success=at_least(4), target=name)
        wounds = rolled.value.successes
        if not wounds:
            return [Step(kind="wound", value=0, rolls=[rolled.roll])]
        damage = dice.roll(3, "damage", count=wounds).value
        steps = [Step(kind="wound", value=damage, rolls=[rolled.roll], text=f"{damage} through")]
        flesh = state.targets[name]["flesh"]
        if self.how == "plain":
            return [*steps, *injuries(dice, damage, flesh, name)]
        if self.how == "changed plain":
            return [*steps, *injuries(dice, damage, flesh, name), Step(kind="note", value=1)]
        if self.how == "mutated plain":
            return _pinned_taken_down([*steps, *injuries(dice, damage, flesh, name)])
        if self.how == "list":  # a list is not a plain value: the body runs in the hook
            return dice.then(steps, lambda d, values: injuries(d, *values), [damage, flesh, name])
        if self.how == "impure":  # the body reads what the hook left beside it
            HITS_SEEN[0] = hit.value
            return dice.then(steps, injuries_by_hits, damage, flesh, name)
        result = dice.then(steps, injuries, damage, flesh, name)
        if self.how == "changed":
            result.append(Step(kind="note", value=1))
        if self.how == "mutated":  # a step dice.then handed over, changed in place
            return _pinned_taken_down(result)
        return result

    @hookimpl
    def spend_ammo(self, attack):
        return Step(kind="ammo", value=attack.shooter.shots)


def _pinned_taken_down(steps):
    """A hook that changes a step of the body's after the fact (it must not): a
    pinned fighter is down, and the injury counts a die more."""
    last = steps[-1]
    if last.target_state and last.target_state.get("status") == "pinned":
        last.target_state["status"] = "down"
    last.value += 1
    return steps


def _attack(how: str, shots: int = 3):
    reg = Registry()
    reg.add("then", Rules(how))
    doc = {"ruleset": "then", "shooter": {"name": "Vic", "shots": shots}, "weapon": {"name": "bolter"},
           "targets": [{"name": "A"}]}
    return reg, build_attack(reg, doc)


def test_random_dice_give_the_chain_of_the_plain_list():
    for how in ("then", "list"):
        reg, attack = _attack(how)
        plain_reg, plain = _attack("plain")
        for seed in range(30):
            ours = resolve(reg.stack("then", ()), attack, RandomDice(seed), seed=seed)
            theirs = resolve(plain_reg.stack("then", ()), plain, RandomDice(seed), seed=seed)
            assert msgspec.json.encode(ours) == msgspec.json.encode(theirs)


@pytest.mark.parametrize("how", ["then", "changed", "list"])
def test_the_odds_are_those_of_the_hook_rolling_the_dice_itself_to_the_last_digit(how):
    reg, attack = _attack(how)
    ours = compute_odds(reg, attack, method="exact")
    reg, attack = _attack("changed plain" if how == "changed" else "plain")
    assert odds_json(ours) == odds_json(compute_odds(reg, attack, method="exact"))


def test_a_hook_that_changes_the_steps_it_was_handed_gets_whole_chains_replayed():
    """The kept outcomes are handed over as they are: changed in place, they would be
    wrong for every later join, so the attack's chains are replayed whole instead
    (the same figures; only the count of outcomes, which is the method's, differs)."""
    reg, attack = _attack("mutated")
    ours = msgspec.json.decode(odds_json(compute_odds(reg, attack, method="exact")))
    reg, attack = _attack("mutated plain")
    staged = msgspec.json.decode(odds_json(compute_odds(reg, attack, method="exact")))
    reg, attack = _attack("mutated plain")
    whole = msgspec.json.decode(odds_json(whole_chain_odds(reg, attack)))
    assert ours == whole
    ours.pop("outcomes"), staged.pop("outcomes")
    assert ours == staged


def test_the_body_is_walked_once_for_each_number_of_dice(monkeypatch):
    walks: list[tuple[object, ...]] = []
    walk = tails._walk

    def counted(body, args):
        walks.append(args)
        return walk(body, args)

    monkeypatch.setattr(tails, "_walk", counted)
    reg, attack = _attack("then", shots=4)
    RUNS.clear()
    odds = compute_odds(reg, attack, method="exact")
    ours = sum(RUNS.values())
    # 1-12 points of damage, each body walked once, whatever the hits and wounds
    assert sorted(walks) == [(n, 0, "A") for n in range(1, 13)]
    RUNS.clear()
    plain_reg, plain = _attack("plain", shots=4)
    assert odds_json(compute_odds(plain_reg, plain, method="exact")) == odds_json(odds)
    assert 2 * ours < sum(RUNS.values())


def _by_hand(shots: int) -> dict[str, Fraction]:
    """The final status, from the rules as written, face by face for the injury dice."""
    half, third, sixth = Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)
    status = {"unharmed": Fraction(0), "pinned": Fraction(0), "down": Fraction(0), "out": Fraction(0)}
    for hits in range(shots + 1):
        p_hits = comb(shots, hits) * half**shots
        if not hits:
            status["unharmed"] += p_hits
            continue
        for wounds in range(hits + 1):
            p = p_hits * comb(hits, wounds) * half**hits
            if not wounds:
                status["unharmed"] += p
                continue
            for damage_faces in product((1, 2, 3), repeat=wounds):
                q = p * third**wounds
                for injury_faces in product(range(1, 7), repeat=sum(damage_faces)):
                    r = q * sixth ** len(injury_faces)
                    if 6 in injury_faces:
                        status["out"] += r
                    elif any(2 <= f <= 5 for f in injury_faces):
                        status["down"] += r
                    else:
                        status["pinned"] += r
    return status


def test_the_statuses_are_those_worked_out_by_hand():
    reg, attack = _attack("then", shots=2)
    odds = compute_odds(reg, attack, method="exact")
    for status, chance in _by_hand(2).items():
        assert odds.targets["A"].status[status] == pytest.approx(float(chance), abs=1e-14)


def test_the_odds_check_finds_a_body_that_decides_by_more_than_its_arguments():
    from gunline.testing import ConformanceError
    from gunline.testing.odds import check_odds

    reg, attack = _attack("then", shots=2)
    check_odds(reg, attack, samples=400)  # the honest rule passes
    reg, attack = _attack("impure", shots=2)
    with pytest.raises(ConformanceError, match="dice.then body decide by more than its arguments"):
        check_odds(reg, attack, samples=400)
