"""Exact probabilities, computed by enumerating every scripted face sequence and
weighing it 1/6 per die (a second method, independent of the plugin's arithmetic),
checked against closed forms worked by hand; and the core's odds interpreter
checked against the same enumeration."""

from __future__ import annotations

from fractions import Fraction as F

import msgspec
import pytest

from gunline.odds.api import compute_odds


def _to_hit_only(nec, bs: int, cover="none", **target):
    """A shot that can hit but never wound (S1 vs T10) and rolls no ammo ("auto")."""
    weapon = {"name": "sling", "short_range": 12, "long_range": 24, "strength": 1, "ammo_roll": "auto"}
    return nec.scenario(
        weapon, targets=[{"name": "Ogryn", "distance": 18, "toughness": 10, "cover": cover, **target}], bs=bs
    )


def _p_hit(nec, doc) -> F:
    leaves = nec.enumerate(doc)
    assert sum(w for w, _ in leaves) == 1
    return nec.probability(leaves, lambda c: nec.step(c, "hit").value > 0)


@pytest.mark.parametrize(
    "bs, cover, need, p",
    [
        (3, "none", 4, F(1, 2)),
        (1, "none", 6, F(1, 6)),
        (6, "none", 1, F(5, 6)),  # a natural 1 still misses
        (1, "partial", 7, F(1, 12)),  # 6 then 4+: 1/6 * 1/2
        (1, "full", 8, F(1, 18)),  # 6 then 5+: 1/6 * 1/3
        (2, "full", 7, F(1, 12)),
    ],
)
def test_hit_probability(nec, bs, cover, need, p):
    doc = _to_hit_only(nec, bs, cover)
    assert nec.step(nec.resolve(doc, [1]), "pool").value == need
    assert _p_hit(nec, doc) == p


def test_9_needed_is_1_in_36_and_10_is_impossible(nec):
    doc = _to_hit_only(nec, 1, "full", ran=True)  # 6 + 2 + 1 = 9
    assert _p_hit(nec, doc) == F(1, 36)
    doc = _to_hit_only(nec, 1, "full", ran=True, charging=True)  # 10
    assert _p_hit(nec, doc) == 0


def test_lasgun_long_range_distribution(nec):
    """BS 3 lasgun at long range vs T3 W1 in the open: hit 1/2, wound 1/2, then the
    injury dice (1 flesh wound, 2-5 down, 6 out of action)."""
    leaves = nec.enumerate(nec.example("lasgun-long-range.toml"))
    status = lambda s: (lambda c: c.targets["Goliath"]["status"] == s)  # noqa: E731
    assert nec.probability(leaves, lambda c: nec.step(c, "hit").value == 1) == F(1, 2)
    assert nec.probability(leaves, lambda c: sum(s.value for s in nec.steps(c, "wound")) > 0) == F(1, 4)
    assert nec.probability(leaves, status("unharmed")) == F(1, 2)
    assert nec.probability(leaves, status("pinned")) == F(1, 4) + F(1, 4) * F(1, 6)
    assert nec.probability(leaves, status("down")) == F(1, 4) * F(4, 6)
    assert nec.probability(leaves, status("out_of_action")) == F(1, 4) * F(1, 6)
    # lasgun ammo 2+: 2D6 never fails
    assert nec.probability(leaves, lambda c: c.weapon["status"] == "broken") == 0


def test_save_probability_with_modifier(nec):
    """Boltgun at short range (BS 4: 2+), S4 vs T3 (3+), carapace 4+ at −1 (5+):
    wound through = 5/6 * 4/6 * 4/6."""
    leaves = nec.enumerate(nec.example("boltgun-vs-carapace.toml"))
    through = nec.probability(leaves, lambda c: sum(s.value for s in nec.steps(c, "wound")) > 0)
    assert through == F(5, 6) * F(4, 6) * F(4, 6)


def _flame_doc(nec):
    weapon = {"name": "hand flamer", "template": "flame", "strength": 3, "save_mod": -1, "ammo_roll": "auto"}
    return nec.scenario(weapon, targets=[
        {"name": "Delaque", "distance": 4, "armour": "flak"},
        {"name": "Juve", "distance": 5, "toughness": 7, "under_template": "partly"},
    ])


def _blast_doc(nec):
    weapon = {"name": "mortar", "short_range": 12, "long_range": 48, "strength": 3, "ammo_roll": "auto",
              "template": "small_blast"}
    return nec.scenario(weapon, targets=[
        {"name": "Van Saar", "distance": 13},
        {"name": "Juve", "distance": 14, "toughness": 7, "under_template": "partly", "under_scatter": "wholly"},
    ])


def _high_impact_d3_doc(nec):
    """S7 (high impact), D3 damage on a one-wound fighter: up to three injury dice, the
    first read apart (5+ out of action), the rest one pool."""
    weapon = {"name": "test cannon", "short_range": 12, "long_range": 24, "strength": 7, "damage": "D3",
              "save_mod": 0, "ammo_roll": "auto"}
    return nec.scenario(weapon, targets=[{"name": "Goliath", "distance": 10, "toughness": 3}])


def _sustained_shots_doc(nec):
    """A D3 of sustained-fire shots at one fighter who cannot be wounded (S4 vs T8):
    the shots are one pool, read as hits (pinned) and 6s."""
    weapon = {"name": "test stubber", "short_range": 20, "long_range": 40, "strength": 4, "damage": 1,
              "save_mod": 0, "ammo_roll": "auto", "sustained_fire": 1}
    return nec.scenario(weapon, targets=[{"name": "Goliath", "distance": 10, "toughness": 8}])


CASES = {
    "high-impact-d3": _high_impact_d3_doc,
    "sustained-shots": _sustained_shots_doc,
    "lasgun-long-range": lambda nec: nec.example("lasgun-long-range.toml"),
    "boltgun-vs-carapace": lambda nec: nec.example("boltgun-vs-carapace.toml"),
    "overwatch-in-cover": lambda nec: nec.example("overwatch-in-cover.toml"),
    "flame": _flame_doc,
    "blast": _blast_doc,
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_core_odds_agree_with_enumeration(nec, case):
    doc = CASES[case](nec)
    leaves = nec.enumerate(doc)
    odds = compute_odds(nec.registry, nec.attack(doc))
    assert odds.exact
    for t in doc["targets"]:
        name = t["name"]
        got = odds.targets[name]
        for status, p in got.status.items():
            want = nec.probability(leaves, lambda c: c.targets[name]["status"] == status)
            assert p == pytest.approx(float(want), abs=1e-9), (name, status)
        want_hit = nec.probability(leaves, lambda c: sum(s.value or 0 for s in nec.steps(c, "hit", name)) > 0)
        assert got.hit == pytest.approx(float(want_hit), abs=1e-9)
    broken = nec.probability(leaves, lambda c: c.weapon["status"] == "broken")
    assert odds.weapon.status.get("broken", 0.0) == pytest.approx(float(broken), abs=1e-9)


def test_sustained_fire_at_1_plus_odds_count_natural_1s_as_misses(nec):
    """Issue 18: BS 6, heavy stubber, sustained fire 1 at 30" (1+ to hit, S4 vs T3
    wounds on 3+). A D3 of shots, each hitting on 2-6 (5/6) and wounding on 3+ (4/6):
    P(no hit) = (1/6 + 1/6² + 1/6³) / 3, P(no wound) = (4/9 + (4/9)² + (4/9)³) / 3."""
    doc = nec.stubber_at_1_plus()
    hit, wound = F(605, 648), F(1655, 2187)
    assert 1 - sum(F(1, 6) ** k for k in (1, 2, 3)) / 3 == hit
    assert 1 - sum(F(4, 9) ** k for k in (1, 2, 3)) / 3 == wound
    unwoundable = nec.stubber_at_1_plus()
    unwoundable["targets"][0]["toughness"] = 8  # S4 vs T8: "—", so no dice after the hits
    leaves = nec.enumerate(unwoundable)
    assert nec.probability(leaves, lambda c: nec.step(c, "hit").value > 0) == hit
    odds = compute_odds(nec.registry, nec.attack(doc))
    assert odds.exact
    assert odds.targets["Goliath"].hit == pytest.approx(float(hit), abs=1e-12)
    assert odds.targets["Goliath"].wound == pytest.approx(float(wound), abs=1e-12)


def test_blast_hit_then_partial_catch(nec):
    """The blast case by hand: BS 3 at 13" (long range, no modifier) hits on 4+ (1/2);
    the juve partly under it is hit on 4+ (1/2); on a miss the shot scatters and he is
    wholly under it unless the artillery dice misfires (5/6)."""
    leaves = nec.enumerate(_blast_doc(nec))
    juve_hit = nec.probability(leaves, lambda c: nec.step(c, "hit", "Juve").value > 0)
    assert juve_hit == F(1, 2) * F(1, 2) + F(1, 2) * F(5, 6)


def test_three_injury_dice_branch_over_their_counts(nec, monkeypatch):
    """Damage 3 on one wound: three injury dice read only as how many show a 1 and how
    many a 6, so the odds see one request of 10 branches (the ways to split 3 dice
    among 1 / 2-5 / 6), not three requests of 3; their weights are the multinomial."""
    from math import comb, factorial

    from gunline.engine import resolve
    from gunline.odds.explore import leaves
    from gunline.odds.interpreter import BranchingDice

    attack = nec.attack(nec.example("damage-three.toml"))
    stack = nec.registry.stack(attack.ruleset, attack.variants)
    seen = []
    choose = BranchingDice._choose

    def spy(self, branches, what):
        seen.append((what, branches))
        return choose(self, branches, what)

    monkeypatch.setattr(BranchingDice, "_choose", spy)
    for _ in leaves(lambda dice: resolve(stack, attack, dice), 1000):
        pass
    injury = {id(o): o for what, o in seen if what.startswith("injury dice")}
    assert len(injury) == 1  # one request (reached on every wounding path)
    (branches,) = injury.values()
    assert len(branches) == comb(5, 2)
    splits = set()
    for weight, faces in branches:
        assert len(faces) == 3
        ones, sixes = faces.count(1), faces.count(6)
        splits.add((ones, sixes))
        rest = 3 - ones - sixes
        ways = factorial(3) // (factorial(ones) * factorial(sixes) * factorial(rest))
        assert weight == pytest.approx(ways * (1 / 6) ** ones * (1 / 6) ** sixes * (4 / 6) ** rest, abs=1e-12)
    assert len(splits) == comb(5, 2)


def test_injury_dice_are_worked_out_once_per_count_and_joined_exactly(nec, monkeypatch):
    """The wound hook ends with ``dice.then``: the odds walk the injury dice once for
    each number of them, whatever the hits and wounds before (a heavy bolter's
    sustained fire: 1-3 hits, each wound a D3 of injury dice), and the figures are
    those of replaying every whole chain."""
    from gunline.odds import tails
    from gunline.testing.odds import whole_chain_odds

    walks = []
    walk = tails._walk

    def counted(body, args):
        walks.append(args)
        return walk(body, args)

    monkeypatch.setattr(tails, "_walk", counted)
    doc = nec.scenario({"name": "heavy bolter", "sustained_fire": 1}, targets=[{"name": "Escher", "distance": 18}])
    attack = nec.attack(doc)
    odds = compute_odds(nec.registry, attack, method="exact")
    assert sorted(args[1] for args in walks) == list(range(1, 10))  # 1-9 injury dice, each walked once

    whole = whole_chain_odds(nec.registry, attack)
    ours, theirs = msgspec.to_builtins(odds), msgspec.to_builtins(whole)
    ours.pop("outcomes"), theirs.pop("outcomes")
    _close(ours, theirs)


def _close(a, b):
    """Equal structures whose floats agree to 1e-12."""
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
