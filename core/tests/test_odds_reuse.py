"""Work the exact odds do once instead of on every path, and that doing it once changes
no figure: a replay reuses what the previous one worked out before the request that
moved, a memo reads its paths with getters made once, a pool read by its successes
alone is a binomial in O(count), merge keys of kept targets are made part by part,
and the cyclic collector's older generations wait until the enumeration is done. A
hook's results are still filled in as the engine would: a view handed on in any state
field is replaced by what it stands for."""

from __future__ import annotations

import gc
from math import comb

import msgspec
import pytest

from gunline import ChainState, Registry, Ruleset, Step, hookimpl
from gunline.contract import STATE_FIELDS
from gunline.dice import at_least, faces
from gunline.odds import compute_odds
from gunline.odds.collector import NEVER, young_only
from gunline.odds.distributions import success_distribution
from gunline.odds.explore import leaves
from gunline.odds.interpreter import BranchingDice
from gunline.odds.reads import ALL, FILLED, PRESENT, getter, seen_state, value_at
from gunline.odds.results import fill
from gunline.scenario import build_attack


def test_a_replay_reuses_what_the_previous_one_worked_out_before_the_request_that_moved():
    handed = []

    def run(dice: BranchingDice) -> tuple[bool, int]:
        first = dice.roll(6, "first", read=at_least(4))
        second = dice.pool(3, "second", sides=6, success=at_least(5))
        handed.append(first)
        return first.value, second.value.successes

    out = [(weight, result) for weight, result, _ in leaves(run, 100)]
    assert [result for _, result in out] == [(False, k) for k in range(4)] + [(True, k) for k in range(4)]
    third = 1 / 3
    assert [weight for weight, _ in out] == pytest.approx(
        [0.5 * comb(3, k) * third**k * (1 - third) ** (3 - k) for k in range(4)] * 2, abs=1e-15
    )
    # the replays down one branch of the first roll were handed the reading made
    # for the first of them; the next branch's was made afresh
    assert all(r is handed[0] for r in handed[1:4])
    assert handed[4] is not handed[0] and handed[4].value is True
    assert all(r is handed[4] for r in handed[5:8])


def test_a_reused_pool_is_still_counted_for_its_target():
    def run(dice: BranchingDice) -> list:
        dice.pool(2, "first", sides=6, success=at_least(4), target="A")
        dice.roll(6, "second", read=at_least(6))
        return [(roll.total, target) for roll, target in dice.pool_rolls]

    results = [result for _, result, _ in leaves(run, 100)]
    assert results == [[(k, "A")] for k in range(3) for _ in range(2)]


def _state() -> ChainState:
    return ChainState(
        shooter={"name": "Vic", "status": "unharmed"},
        weapon={"rounds_left": 30, "status": "ok"},
        targets={"raider": {"status": "unharmed", "hp": 30}, "dog": {}},
        attack={"flying": 4},
    )


PATHS = [
    ("shooter", "status"), ("shooter", "ap"), ("shooter", ALL), ("shooter", FILLED),
    ("weapon", "rounds_left"), ("attack", "flying"), ("attack", "called_off"), ("attack", FILLED),
    ("targets", "raider", "hp"), ("targets", "raider", "wounds"), ("targets", "raider", PRESENT),
    ("targets", "raider", ALL), ("targets", "dog", FILLED), ("targets", "ghoul", "hp"),
    ("targets", "ghoul", PRESENT), ("targets", "ghoul", ALL), ("targets", ALL),
    ("arg", "value"), ("arg", "kind"), ("arg", ALL), ("arg", "data"), ("arg", "data", PRESENT),
    ("arg", "data", ALL), ("arg", "data", "bullets"), ("arg", "data", "missing"), ("arg", "data", FILLED),
]


@pytest.mark.parametrize("arg", [
    Step(kind="hit", value=3, data={"bullets": 10}),
    Step(kind="hit", value=0, data={}),
    Step(kind="hit", value=1),
    None,
])
def test_a_memos_getters_read_what_value_at_reads(arg):
    state = _state()
    for path in PATHS:
        expected = value_at(path, state, arg)
        got = getter(path)(state, arg)
        assert type(got) is type(expected) and (got is expected or got == expected), path


def _series(count: int, p0: float, ps: float) -> tuple[float, ...]:
    """The general series of :func:`success_distribution` with no die added, term by
    term as it sums them."""
    numerator = [comb(count, i) * p0 ** (count - i) * ps**i for i in range(count + 1)]
    out, total = [], 0.0
    for k in range(count + 1):
        term = 0.0
        for i in range(k + 1):
            if numerator[i]:
                term += numerator[i] * comb(count + k - i - 1, k - i) * 0.0 ** (k - i)
        out.append(term)
        total += term
    while len(out) > 1 and out[-1] == 0.0:
        out.pop()
    return tuple(p / total for p in out)


@pytest.mark.parametrize("count", [1, 2, 7, 30, 60, 100])
@pytest.mark.parametrize("chance", [0.01, 0.3, 0.5, 0.95, 1.0])
def test_a_pool_read_by_its_successes_alone_is_the_series_to_the_last_bit(count, chance):
    success_distribution.cache_clear()
    assert success_distribution(count, 1.0 - chance, chance, 0.0, 0.0) == _series(count, 1.0 - chance, chance)


def test_older_generations_wait_until_the_enumeration_is_done():
    before = gc.get_threshold()
    with young_only():
        assert gc.get_threshold() == (before[0], NEVER, NEVER)
        with young_only():  # a second enumeration (another thread)
            pass
        assert gc.get_threshold() == (before[0], NEVER, NEVER)
    assert gc.get_threshold() == before
    try:
        with young_only():
            gc.set_threshold(100, 5, 5)  # someone else's choice is kept
        assert gc.get_threshold() == (100, 5, 5)
    finally:
        gc.set_threshold(*before)


class Shooter(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str


class Weapon(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str


class Target(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str


THIRDS = faces({(1, 2): "low", (3, 4): "middling", (5, 6): "high"})


class TypedRules:
    """One d6 per target, read low (1-2), middling (3-4) or high (5-6): high makes its
    hp 1.0 (a float), the others 1 (an int), alike in every other way. At the end a
    count of the targets whose hp is a float, which reads every target (so the
    finished targets stay in the merge keys). The low and middling paths must merge;
    paths that differ only in int and float must not."""

    @hookimpl
    def gunline_ruleset(self):
        return Ruleset(name="typed", title="Typed", shooter=Shooter, weapon=Weapon, target=Target,
                       statuses=("unharmed", "hurt"), weapon_statuses=("ok",), api=2)

    @hookimpl
    def start_state(self, attack):
        return ChainState(
            shooter={"name": attack.shooter.name, "status": "unharmed"},
            weapon={"rounds_left": None, "status": "ok"},
            targets={t.name: {"status": "unharmed", "hp": 2} for t in attack.targets},
        )

    @hookimpl
    def build_pool(self):
        return Step(kind="pool", value=1)

    @hookimpl
    def resolve_hit(self):
        return Step(kind="hit", value=1)

    @hookimpl
    def resolve_wound(self, target, dice):
        high = dice.roll(6, "wound", read=THIRDS, target=target.name).value == "high"
        return Step(kind="wound", value=1, target_state={"status": "hurt", "hp": 1.0 if high else 1})

    @hookimpl
    def spend_ammo(self, attack, state):
        floats = sum(type(state.targets[t.name]["hp"]) is float for t in attack.targets)
        return Step(kind="ammo", value=floats)


def test_kept_targets_that_differ_in_int_and_float_stay_apart():
    reg = Registry()
    reg.add("typed", TypedRules())
    doc = {"ruleset": "typed", "shooter": {"name": "Vic"}, "weapon": {"name": "rifle"},
           "targets": [{"name": "A"}, {"name": "B"}]}
    odds = compute_odds(reg, build_attack(reg, doc), method="exact")
    assert odds.exact
    assert odds.expected["ammo"] == pytest.approx(2 / 3, abs=1e-12)  # two targets, each a float a third of the time
    assert odds.steps["ammo"] == pytest.approx(5 / 9, abs=1e-12)  # at least one float
    # both targets tallied on each of the four paths left (int or float for each):
    # the low and middling rolls merged, int and float did not
    assert odds.outcomes == 2 * 4
    assert odds.targets["A"].status["hurt"] == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("field", STATE_FIELDS)
def test_each_state_field_a_hook_hands_a_view_in_is_laundered(field):
    reads: set = set()
    view = seen_state(_state(), reads)
    step = Step(kind="hit", value=1, **{field: view.attack})
    (filled,) = fill([step], "rules", "raider")
    assert type(getattr(filled, field)) is dict and getattr(filled, field) == {"flying": 4}
    assert ("attack", ALL) in reads  # handed on whole: read whole
    assert filled.source == "rules" and filled.target == "raider"
