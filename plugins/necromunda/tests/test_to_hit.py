"""To hit: 7 − BS, the seed's modifier table, range, 7+ in two steps, pinning
(notes N-1 to N-6, N-15, N-28)."""

from __future__ import annotations

import pytest


def _pool(nec, chain, target="Goliath"):
    return nec.step(chain, "pool", target)


@pytest.mark.parametrize("bs, need", [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1), (7, 0), (8, -1), (10, -3)])
def test_score_is_seven_minus_bs(nec, bs, need):
    # Heavy stubber: no range modifiers, so the score is the seed's BS table.
    doc = nec.scenario("heavy stubber", bs=bs)
    doc["weapon"]["sustained_fire"] = 0
    chain = nec.resolve(doc, [1])
    assert _pool(nec, chain).value == need


def test_n1_bs3_needs_4(nec):
    doc = nec.scenario("autocannon")
    chain = nec.resolve(doc, [3])
    pool = _pool(nec, chain)
    assert (pool.value, pool.text) == (4, "needs 4+ to hit")
    assert nec.step(chain, "hit").value == 0
    chain = nec.resolve(doc, [4, 1])
    assert nec.step(chain, "hit").value == 1


def test_n2_temir_tabancasi_short_range_partial_cover_needs_3(nec):
    chain = nec.resolve(nec.example("temir-tabancasi-partial-cover.toml"), [2])
    pool = _pool(nec, chain, "Orlok")
    assert pool.value == 3
    assert sorted((m.label, m.value) for m in pool.modifiers) == [("partial cover", -1), ("short range", 2)]
    assert nec.step(chain, "hit", "Orlok").value == 0


def test_n3_bs2_cover_overwatch_needs_6_then_5(nec):
    doc = nec.example("overwatch-in-cover.toml")
    chain = nec.resolve(doc, [6, 4, 3, 3])  # 6, then 4 on the second dice: miss; ammo 3+3
    pool = _pool(nec, chain, "Escher")
    assert pool.value == 8
    assert pool.text == "needs 6 then 5+ to hit"
    assert nec.step(chain, "hit", "Escher").value == 0
    chain = nec.resolve(doc, [6, 5, 3, 3, 3])  # 6 then 5: hit; wound 3 fails (S3 vs T3); ammo 3+3
    assert nec.step(chain, "hit", "Escher").value == 1
    chain = nec.resolve(doc, [5])  # not a 6: no second dice at all
    assert nec.step(chain, "hit", "Escher").value == 0
    assert len(chain.dice) == 1


def test_n4_score_9_needs_6_then_6(nec):
    doc = nec.scenario("autocannon", bs=1, targets=[{"name": "Goliath", "distance": 30, "cover": "full", "ran": True}])
    chain = nec.resolve(doc, [6, 5, 6, 6])
    assert _pool(nec, chain).value == 9
    assert _pool(nec, chain).text == "needs 6 then 6+ to hit"
    assert nec.step(chain, "hit").value == 0
    chain = nec.resolve(doc, [6, 6, 1, 6, 6])  # hit; to wound 1 fails; ammo 6+6
    assert nec.step(chain, "hit").value == 1


def test_n5_ten_or_more_cannot_hit_and_rolls_nothing(nec):
    chain = nec.resolve(nec.example("cannot-hit.toml"), [])
    pool = _pool(nec, chain, "Charger")
    assert pool.value == 10
    assert pool.text == "cannot hit (10+)"
    assert nec.step(chain, "hit", "Charger").value == 0
    assert chain.dice == []


def test_n6_bs7_hits_on_anything_but_a_natural_1(nec):
    doc = nec.scenario("autocannon", bs=7)
    assert nec.step(nec.resolve(doc, [1]), "hit").value == 0
    for face in (2, 3, 4, 5):
        chain = nec.resolve(doc, [face, 1])  # hit; to wound (S8 vs T3: 2+) fails on 1
        assert _pool(nec, chain).value == 0
        assert nec.step(chain, "hit").value == 1


def test_natural_1_misses_even_when_needing_2_or_less(nec):
    doc = nec.scenario("autopistol", bs=5, targets=[{"name": "Goliath", "distance": 4}])  # 7-5-2 = 0
    chain = nec.resolve(doc, [1])
    assert _pool(nec, chain).value == 0
    assert nec.step(chain, "hit").value == 0


def test_sustained_fire_shots_miss_on_a_natural_1_at_1_plus(nec, tmp_path, capsys):
    """Issue 18: with several sustained-fire shots needing 1+, the natural 1s were
    counted as hits. ``--dice 2,1,1,1,1``: 2 shots, both 1s: no hit, so no wound roll
    (the last two faces are not needed)."""
    import json

    from gunline.cli import main

    path = tmp_path / "stubber.toml"
    path.write_text(nec.STUBBER_AT_1_PLUS)
    assert main(["resolve", str(path), "--dice", "2,1,1,1,1", "--json"]) == 0
    out, err = capsys.readouterr()
    chain = json.loads(out)
    pool, hit = (s for s in chain["steps"] if s["target"] == "Goliath" and s["kind"] in ("pool", "hit"))
    assert pool["value"] == 1
    assert [r["values"] for r in hit["rolls"]] == [[1], [1]]
    assert hit["value"] == 0 and hit["text"] == "0 hits of 2 shots"
    assert not [s for s in chain["steps"] if s["kind"] == "wound"]
    assert chain["dice"] == [2, 1, 1]
    assert chain["targets"]["Goliath"]["status"] == "unharmed"
    assert "2 of the dice given were not needed" in err
    # a 1 among other faces: 3 shots, 1, 2, 6: two hits (the 6 forces an ammo roll)
    chain = nec.resolve(nec.stubber_at_1_plus(), [3, 1, 2, 6, 1, 1, 3, 3])  # wounds 1, 1 fail; ammo 6
    assert nec.step(chain, "hit").value == 2
    assert nec.step(chain, "hit").data["sixes"] == 1


@pytest.mark.parametrize(
    "field, value, label, mod",
    [
        ("cover", "partial", "partial cover", -1),
        ("cover", "full", "cover", -2),
        ("charging", True, "charging target", -1),
        ("ran", True, "target ran in its last turn", -1),
        ("size", "small", "small target", -1),
        ("size", "large", "large target", 1),
    ],
)
def test_every_modifier_of_the_seed_table(nec, field, value, label, mod):
    doc = nec.scenario("autocannon", targets=[{"name": "Goliath", "distance": 30, field: value}])
    pool = _pool(nec, nec.resolve(doc, [1]))
    assert [(m.label, m.value, m.source) for m in pool.modifiers] == [(label, mod, "necromunda")]
    assert pool.value == 4 - mod


def test_overwatch_is_minus_one_and_ends_after_the_shot(nec):
    # N-28
    doc = nec.scenario("autocannon", overwatch=True)
    chain = nec.resolve(doc, [1])
    pool = _pool(nec, chain)
    assert [(m.label, m.value) for m in pool.modifiers] == [("shooting from overwatch", -1)]
    assert pool.value == 5
    assert chain.shooter["overwatch"] is False


@pytest.mark.parametrize("distance, band, mod", [(8, "short", 2), (8.5, "long", -1), (16, "long", -1)])
def test_weapon_range_modifiers(nec, distance, band, mod):
    doc = nec.scenario("laspistol", targets=[{"name": "Goliath", "distance": distance}])
    pool = _pool(nec, nec.resolve(doc, [1]))
    assert [(m.label, m.value) for m in pool.modifiers] == [(f"{band} range", mod)]
    assert pool.value == 4 - mod


def test_zero_range_modifier_is_not_listed(nec):
    chain = nec.resolve(nec.example("lasgun-long-range.toml"), [1])
    assert _pool(nec, chain).modifiers == []
    assert _pool(nec, chain).value == 4


def test_out_of_range_is_no_shot(nec):
    doc = nec.scenario("lasgun", targets=[{"name": "Goliath", "distance": 24.5}])
    chain = nec.resolve(doc, [])
    pool = _pool(nec, chain)
    assert pool.value is None and "out of range" in pool.text and "24\"" in pool.text
    assert nec.step(chain, "hit").value == 0
    assert chain.dice == []
    assert chain.targets["Goliath"]["status"] == "unharmed"


def test_every_hit_pins_even_without_a_wound(nec):
    # N-15: hit (4), wound roll 1 fails -> still pinned
    chain = nec.resolve(nec.example("lasgun-long-range.toml"), [4, 1])
    assert nec.step(chain, "hit").value == 1
    assert nec.step(chain, "wound").value == 0
    assert chain.targets["Goliath"]["status"] == "pinned"


def test_a_miss_leaves_the_target_unharmed(nec):
    chain = nec.resolve(nec.example("lasgun-long-range.toml"), [3])
    assert chain.targets["Goliath"]["status"] == "unharmed"
    assert nec.steps(chain, "wound") == []
