"""The chance to hit is capped, and the chance shown is the one rolled against.

By default a d100 at or under the chance: above 100% every face hits, so the chance
is 100% (a point-blank shot's formula gives 184%). ``fallout.cap-95``: at most 95%;
``fallout.zero-misses``: the d100's 00 misses, at most 99%. A clustered burst rounds
to tens and its 0 face misses: 90% at most.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gunline.odds import compute_odds
from gunline.runner import run
from gunline.scenario import load_attack

CAP_95, ZERO, CLUSTER = "fallout.cap-95", "fallout.zero-misses", "fallout.cluster-burst"


def _pool(chain):
    return next(s for s in chain.steps if s.kind == "pool")


@pytest.mark.parametrize("variants, cap", [((), 100), ((CAP_95,), 95), ((ZERO,), 99), ((CAP_95, ZERO), 95)])
def test_a_point_blank_shot_is_capped(registry, fo, variants, cap):
    doc = fo.example("point_blank.toml")
    chain = fo.resolve_doc(registry, doc, [cap, 6], *variants)  # the highest face that still hits
    pool = _pool(chain)
    assert pool.data["chance"] == 184  # the formula: 100 + 84 for range
    assert pool.value == cap
    assert f"184% capped at {cap}%" in pool.text
    assert fo.steps(chain, "hit")[0].value == 1
    assert fo.steps(chain, "hit")[0].rolls[0].need == f"{cap} or less"
    if cap < 100:  # one face more misses (then the critical failure check, 99: none)
        chain = fo.resolve_doc(registry, doc, [cap + 1, 99], *variants)
        assert fo.steps(chain, "hit")[0].value == 0


@pytest.mark.parametrize("variants, cap", [((), 100), ((CAP_95,), 95), ((ZERO,), 99)])
def test_point_blank_odds_are_the_cap(registry, fo, variants, cap):
    odds = compute_odds(registry, fo.attack_of(registry, fo.example("point_blank.toml"), *variants), method="exact")
    assert odds.targets["raider"].hit == pytest.approx(cap / 100, abs=1e-12)


def test_a_chance_below_zero_counts_as_zero(registry, fo):
    pool = _pool(fo.resolve_doc(registry, fo.example("aimed_head_called_off.toml"), []))
    assert pool.value == 0 and pool.data["called_off"] is True


@pytest.mark.parametrize("skill, bullets, variants, shown, rounded", [
    (96, 3, (), 90, 100),         # FO-12: rounds up to 100, but the 0 face misses
    (96, 3, (CAP_95,), 90, 100),  # capped at 95 first, then rounded up
    (200, 10, (), 90, 100),       # 100 rounds down to 100: still 1-9
    (200, 10, (CAP_95,), 90, 90),  # 95 rounds down to 90
    (73, 10, (), 70, 70),         # FO-5
    (45, 3, (), 50, 50),          # FO-6
])
def test_a_cluster_burst_shows_the_chance_its_d10s_give(registry, doc, fo, skill, bullets, variants, shown, rounded):
    doc.update(mode="burst")
    doc["weapon"].update(damage="0", burst=bullets)
    doc["shooter"]["skill"] = skill
    chain, _ = run(registry, fo.attack_of(registry, doc, CLUSTER, *variants), seed=3)
    pool = _pool(chain)
    assert (pool.value, pool.data["rounded"]) == (shown, rounded)
    hit = fo.steps(chain, "hit")[0]
    assert hit.rolls[0].need == f"{shown // 10} or less"


EXAMPLES = sorted((Path(__file__).parents[1] / "src" / "gunline_fallout" / "examples").glob("*.toml"))
VARIANTS = [None, CAP_95, ZERO, CLUSTER, "fallout.critical-on-hit-roll", "fallout.burst-damage-once",
            "fallout.hex-range"]
#: Too many bullets for a test to enumerate under every variant; its chance is checked by the others.
LARGE = {"minigun_twenty_bullets.toml"}


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("path", [p for p in EXAMPLES if p.name not in LARGE], ids=lambda p: p.stem)
def test_every_example_rolls_against_the_chance_it_shows(registry, path, variant):
    """The first target's P(hit) is what its pool shows: the pool's chance for a
    single shot, and per bullet for a burst (each of its d100s, or d10s, hits with
    the shown chance, independently)."""
    base = load_attack(registry, path)
    attack = load_attack(registry, path, [variant] if variant and variant not in base.variants else [])
    chain, _ = run(registry, attack, seed=1)
    pool = _pool(chain)
    if pool.data["called_off"]:
        pytest.skip("called off: no die is rolled")
    p = pool.value / 100
    bullets = attack.weapon.burst if attack.mode == "burst" else 1
    odds = compute_odds(registry, attack, method="exact")
    assert odds.exact
    assert odds.targets[attack.targets[0].name].hit == pytest.approx(1 - (1 - p) ** bullets, abs=1e-9)
