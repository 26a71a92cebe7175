"""Exact odds of what the rules read of their dice: a single shot hits with
chance/100, and a burst's hits per object follow the per-bullet chain, computed here
independently.

Each bullet of a burst, rolled in line order, misses object 1 with q1 = 1 − p1, then
hits object 2 with p2, and so on: so the hits on object i are Binomial(n, q1…q(i−1)·pi)
and the counts of all objects together are multinomial. The ruleset rolls it as one
d100 pool per object (the misses of one object are the next one's pool); these tests
check that the two agree.
"""

import types
from math import comb

import pytest

from gunline import Step, Variant, hookimpl

odds = pytest.importorskip("gunline.odds")


def no_damage_registry(fo):
    """The ruleset with a test plugin that resolves wounds without dice, so that the
    tree holds only the to-hit dice."""
    reg = fo.make_registry()
    mod = types.ModuleType("fallout.test-no-damage")
    mod.gunline_variant = hookimpl(lambda: Variant(name="fallout.test-no-damage", ruleset="fallout", api=2))
    mod.resolve_wound = hookimpl(lambda hit: Step(kind="wound", value=0, text="not rolled"))
    reg.add("fallout.test-no-damage", mod)
    return reg


@pytest.mark.parametrize("skill, chance", [(60, 60), (7, 7), (100, 100), (150, 100)])
def test_single_shot_hits_with_chance_over_100(registry, doc, fo, skill, chance):
    doc["shooter"]["skill"] = skill
    result = odds.compute_odds(registry, fo.attack_of(registry, doc))
    assert result.exact
    assert result.targets["raider"].hit == pytest.approx(chance / 100, abs=1e-12)


def test_called_off_single_shot_never_hits_and_spends_nothing(registry, fo):
    result = odds.compute_odds(registry, fo.attack_of(registry, fo.example("aimed_head_called_off.toml")))
    assert result.exact and result.targets["raider"].hit == 0.0
    assert result.weapon.rounds_spent == 0.0


def binomial_at_least(n: int, p: float) -> list[float]:
    pmf = [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
    return [sum(pmf[k:]) for k in range(n + 1)]


def test_burst_hits_per_object_follow_the_per_bullet_chain(fo):
    reg = no_damage_registry(fo)
    doc = fo.example("minigun_twenty_bullets.toml")
    attack = fo.attack_of(reg, doc, "fallout.test-no-damage")
    result = odds.compute_odds(reg, attack)
    assert result.exact
    chances = [0.41, 0.13, 0.27]  # the example's chances to hit, object by object
    from gunline.runner import run

    chain, _ = run(reg, attack, seed=1)
    assert [s.value / 100 for s in chain.steps if s.kind == "pool"] == chances
    n, reach = 20, 1.0
    for name, p in zip(["super mutant", "centaur", "floater"], chances):
        per_bullet = reach * p  # P(a bullet ends in this object)
        target = result.targets[name]
        assert target.hit == pytest.approx(1 - (1 - per_bullet) ** n, abs=1e-9)
        assert target.expected["hit"] == pytest.approx(n * per_bullet, abs=1e-9)
        reach *= 1 - p
    first = result.targets["super mutant"].pools["to hit, per bullet"]
    assert first == pytest.approx(binomial_at_least(n, chances[0]), abs=1e-9)


def test_burst_joint_counts_are_multinomial(fo):
    # Two objects, 4 bullets: P(k1 on the first, k2 on the second) by brute force over
    # every ordered sequence of per-bullet fates, against the tallied odds.
    from itertools import product

    reg = no_damage_registry(fo)
    doc = fo.example("three_bullet_burst.toml")
    doc["weapon"].update(burst=4)
    doc["targets"].append({"name": "dog", "distance": 35})  # −6%: 54%
    result = odds.compute_odds(reg, fo.attack_of(reg, doc, "fallout.test-no-damage"))
    p1, p2 = 0.60, 0.54
    fates = {"first": p1, "second": (1 - p1) * p2, "none": (1 - p1) * (1 - p2)}
    dog_hit = 0.0
    for seq in product(fates, repeat=4):
        weight = 1.0
        for f in seq:
            weight *= fates[f]
        if "second" in seq:
            dog_hit += weight
    assert result.targets["dog"].hit == pytest.approx(dog_hit, abs=1e-9)


def test_cluster_burst_hits_are_binomial_on_d10(fo):
    reg = no_damage_registry(fo)
    doc = fo.example("cluster_burst_seventy.toml")
    result = odds.compute_odds(reg, fo.attack_of(reg, doc, "fallout.test-no-damage"))
    assert result.exact
    raider = result.targets["raider"].pools["to hit, d10 per bullet"]
    assert raider == pytest.approx(binomial_at_least(10, 0.7), abs=1e-9)
    # the dog: a bullet reaches it with 0.3, then hits on 1-6 of a d10
    assert result.targets["dog"].hit == pytest.approx(1 - (1 - 0.3 * 0.6) ** 10, abs=1e-9)


def _three_dice_at_least(total: int) -> float:
    """P(3d6 >= total), by listing the 216 faces (a second method)."""
    from itertools import product

    return sum(sum(f) >= total for f in product(range(1, 7), repeat=3)) / 216


#: The general critical table's multipliers (face -> numerator, denominator) and the
#: face that knocks out, copied from the notes for the oracle below.
_MULTIPLIER = {3: (3, 1), 4: (2, 1), 5: (3, 2)}
_UNCONSCIOUS_FACE = 6


def _fate(hits: int, total: int, knocked_out: bool, hp: int) -> str:
    """The status the notes give a target after ``hits`` bullets that dealt ``total``
    (damage always wounds here: every bullet gets through)."""
    if hits == 0:
        return "unharmed"
    if total >= hp:
        return "dead"
    return "unconscious" if knocked_out else "wounded"


def _ghoul_oracle(luck: int, hp: int = 40):
    """The Sten gun's burst at the ghoul by a second method: every sequence of
    bullet fates listed, in exact fractions. A bullet deals 1d6+9 (DT 0, DR 0: the
    ammo's −10 cannot take DR below 0); with Luck % it is critical and the d10 of the
    general table may multiply it or knock the ghoul out. Returns the status
    distribution and the expected hit points lost (never more than the ghoul has)."""
    from fractions import Fraction as F
    from itertools import product

    crit = F(luck, 100)
    bullet: dict[tuple[int, bool], F] = {}
    for face in range(1, 7):
        rolled = face + 9
        bullet[(rolled, False)] = bullet.get((rolled, False), F(0)) + F(1, 6) * (1 - crit)
        for effect in range(1, 11):
            num, den = _MULTIPLIER.get(effect, (1, 1))
            key = (rolled * num // den, effect == _UNCONSCIOUS_FACE)
            bullet[key] = bullet.get(key, F(0)) + F(1, 6) * crit / 10
    status = dict.fromkeys(("unharmed", "wounded", "unconscious", "dead"), F(0))
    lost = F(0)
    for hits in range(4):
        p_hits = comb(3, hits) * F(3, 5) ** hits * F(2, 5) ** (3 - hits)
        for fates in product(bullet.items(), repeat=hits):
            weight, total, knocked_out = p_hits, 0, False
            for (through, out), p in fates:
                weight *= p
                total += through
                knocked_out |= out
            status[_fate(hits, total, knocked_out, hp)] += weight
            lost += weight * min(total, hp)
    return status, lost


@pytest.mark.parametrize("luck", [1, 10])
def test_three_bullet_burst_damage_is_exact(registry, fo, luck):
    """The Sten gun's 3-bullet burst (60% a bullet) at a ghoul of 40 hp, 1d6+9 a
    bullet. Each bullet's damage and critical is one run of a repeat: the odds
    branch over the hit points the burst takes, not over every bullet's dice.
    Checked exactly against every sequence of bullet fates listed in fractions,
    against 3d6 listed by hand without criticals, and against every-face Monte Carlo."""
    doc = fo.example("three_bullet_burst.toml")
    doc["shooter"]["luck"] = luck
    attack = fo.attack_of(registry, doc)
    exact = odds.compute_odds(registry, attack)
    assert exact.exact
    ghoul = exact.targets["ghoul"]
    assert ghoul.hit == pytest.approx(1 - 0.4**3, abs=1e-12)
    status, lost = _ghoul_oracle(luck)
    for name, p in status.items():
        assert ghoul.status[name] == pytest.approx(float(p), abs=1e-12), name
    assert ghoul.expected["wound"] == pytest.approx(float(lost), abs=1e-9)
    # without criticals dead only when all three hit and 3d6 + 27 >= 40; criticals
    # (Luck % a bullet) only add damage
    no_critical = 0.6**3 * _three_dice_at_least(13)
    assert no_critical * (1 - luck / 100) ** 3 - 1e-12 <= ghoul.status["dead"]
    mc = odds.compute_odds(registry, attack, samples=4000, seed=3, every_face=True)
    for name, p in ghoul.status.items():
        lo, hi = mc.targets["ghoul"].ci95.status[name]
        mid, half = (lo + hi) / 2, (hi - lo) / 2 * 4.5 / 1.96
        assert mid - half - 1e-9 <= p <= mid + half + 1e-9, name


def _once_critical_oracle(hp: int = 40):
    """The Sten gun's burst at the ghoul under ``fallout.critical-on-hit-roll`` and
    ``fallout.burst-damage-once``, by a second method in exact fractions: each bullet
    is critical (to-hit 1-5 at Luck 5), a plain hit (6-60) or a miss; one damage roll
    of 1d6+9 stands for every hit, critical when any hit was, the general table's d10
    then multiplying it or knocking the ghoul out."""
    from fractions import Fraction as F

    fates = {"critical": F(5, 100), "hit": F(55, 100), "miss": F(40, 100)}
    status = dict.fromkeys(("unharmed", "wounded", "unconscious", "dead"), F(0))
    lost = F(0)
    for criticals in range(4):
        for plain in range(4 - criticals):
            misses = 3 - criticals - plain
            weight = (F(comb(3, criticals) * comb(3 - criticals, plain)) * fates["critical"] ** criticals
                      * fates["hit"] ** plain * fates["miss"] ** misses)
            hits = criticals + plain
            if hits == 0:
                status["unharmed"] += weight
                continue
            effects = [((3, 1) if e == 3 else (2, 1) if e == 4 else (3, 2) if e == 5 else (1, 1), e == 6)
                       for e in range(1, 11)] if criticals else [((1, 1), False)]
            for face in range(1, 7):
                for (num, den), knocked_out in effects:
                    p = weight * F(1, 6) / len(effects)
                    taken = min(hp, (face + 9) * num // den * hits)
                    status[_fate(hits, taken, knocked_out, hp)] += p
                    lost += p * taken
    return status, lost


def test_one_damage_roll_for_every_hit_is_critical_when_any_hit_was(registry, fo):
    """Exact odds of the two readings together, against the oracle above."""
    attack = fo.attack_of(registry, fo.example("three_bullet_burst.toml"), "fallout.critical-on-hit-roll",
                          "fallout.burst-damage-once")
    exact = odds.compute_odds(registry, attack)
    assert exact.exact
    status, lost = _once_critical_oracle()
    ghoul = exact.targets["ghoul"]
    for name, p in status.items():
        assert ghoul.status[name] == pytest.approx(float(p), abs=1e-12), name
    assert ghoul.expected["wound"] == pytest.approx(float(lost), abs=1e-9)


def _super_mutant_oracle(p_hit: float = 0.41, bullets: int = 20, hp: int = 120):
    """The minigun's first object by a second method: hits are Binomial(20, 0.41)
    (every bullet is rolled against it first); a bullet deals 1d10+35 (2mm EC) against
    DT 4 and DR 30 − 20 = 10%, rounded down; Luck 6 makes 6% of bullets critical, and
    the general table's d10 multiplies (3: ×3, 4: ×2, 5: ×1.5), bypasses armour (7) or
    knocks the mutant out (6). Damage through is never 0 here, so every hit wounds.
    Returns the status distribution and the expected hit points lost."""
    crit = 0.06
    bullet: dict[tuple[int, bool], float] = {}
    for face in range(1, 11):
        rolled = face + 35
        plain = (rolled - 4) * 90 // 100
        bullet[(plain, False)] = bullet.get((plain, False), 0.0) + 0.1 * (1 - crit)
        for effect in range(1, 11):
            num, den = _MULTIPLIER.get(effect, (1, 1))
            through = rolled if effect == 7 else plain * num // den
            key = (through, effect == _UNCONSCIOUS_FACE)
            bullet[key] = bullet.get(key, 0.0) + 0.1 * crit * 0.1
    status = dict.fromkeys(("unharmed", "wounded", "unconscious", "dead"), 0.0)
    lost = 0.0
    after = {(0, False): 1.0}  # (hit points lost so far, capped; knocked out) after h hits
    for hits in range(bullets + 1):
        weight = comb(bullets, hits) * p_hit**hits * (1 - p_hit) ** (bullets - hits)
        for (taken, out), p in after.items():
            status[_fate(hits, taken, out, hp)] += weight * p
            lost += weight * p * taken
        nxt: dict[tuple[int, bool], float] = {}
        for (taken, out), p in after.items():
            for (through, knocked), q in bullet.items():
                key = (min(hp, taken + through), out or knocked)
                nxt[key] = nxt.get(key, 0.0) + p * q
        after = nxt
    return status, lost


def test_twenty_bullet_burst_at_three_objects_is_exact(registry, fo):
    """The minigun example with damage, criticals and hit points: exact, its first
    object checked against a second computation, and every object against every-face
    Monte Carlo (which reads every face)."""
    attack = fo.attack_of(registry, fo.example("minigun_twenty_bullets.toml"))
    exact = odds.compute_odds(registry, attack)
    assert exact.exact
    mutant = exact.targets["super mutant"]
    status, lost = _super_mutant_oracle()
    for name, p in status.items():
        assert mutant.status[name] == pytest.approx(p, abs=1e-12), name
    assert mutant.expected["wound"] == pytest.approx(lost, abs=1e-9)
    for target in exact.targets.values():
        assert sum(target.status.values()) == pytest.approx(1.0, abs=1e-12)
    mc = odds.compute_odds(registry, attack, samples=3000, seed=11, every_face=True)
    for name, target in exact.targets.items():
        for status_name, p in target.status.items():
            lo, hi = mc.targets[name].ci95.status[status_name]
            mid, half = (lo + hi) / 2, (hi - lo) / 2 * 4.5 / 1.96
            assert mid - half - 1e-9 <= p <= mid + half + 1e-9, (name, status_name)
