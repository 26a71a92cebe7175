"""The variants: each overrides one first-result hook through public functions."""

from __future__ import annotations

import pytest

from gunline_necromunda.variants.book_grenade_range import book_grenade_range


@pytest.mark.parametrize(
    "strength, seed, book", [(1, 3, 4), (2, 6, 6), (3, 9, 8), (4, 12, 10), (5, 15, 12), (8, 24, 12)]
)
def test_book_grenade_range_by_strength(nec, strength, seed, book):
    assert book_grenade_range(strength) == book
    doc = nec.example("grenade-at-nine-inches.toml")
    doc["shooter"]["strength"] = strength
    for reach, variants in ((seed, []), (book, ["necromunda.book-grenade-range"])):
        doc["variants"] = variants
        doc["targets"][0]["distance"] = reach
        assert nec.step(nec.resolve(doc, [1]), "pool").value is not None
        doc["targets"][0]["distance"] = reach + 0.5
        assert nec.step(nec.resolve(doc, []), "pool").value is None


def test_n25_s3_grenade_at_9_inches(nec):
    doc = nec.example("grenade-at-nine-inches.toml")
    assert nec.step(nec.resolve(doc, [1]), "pool").value == 3
    doc["variants"] = ["necromunda.book-grenade-range"]
    pool = nec.step(nec.resolve(doc, []), "pool")
    assert pool.value is None and "8\" throw" in pool.text


def test_book_range_keeps_the_collected_modifiers(nec):
    doc = nec.example("grenade-scatter.toml")
    doc["variants"] = ["necromunda.book-grenade-range"]
    chain = nec.resolve(doc, [5, 1, 1])  # needs 5+ (cover −1): hit; both wound rolls fail
    pool = nec.step(chain, "pool", "Cawdor")
    assert pool.source == "necromunda.book-grenade-range"
    assert [(m.label, m.value) for m in pool.modifiers] == [("cover (grenade)", -1)]


def test_variant_steps_are_attributed_to_it(nec):
    doc = nec.example("lasgun-long-range.toml")
    doc["variants"] = ["necromunda.d6-ammo-roll"]
    chain = nec.resolve(doc, [3])
    assert nec.step(chain, "ammo").source == "necromunda.d6-ammo-roll"
    assert nec.step(chain, "hit").source == "necromunda"


def test_variants_together(nec):
    doc = nec.example("grenade-at-nine-inches.toml")
    doc["weapon"] = {"name": "autogun"}
    doc["variants"] = ["necromunda.d6-ammo-roll", "necromunda.book-grenade-range"]
    chain = nec.resolve(doc, [6, 1, 2])  # hit on 6, S3 vs T4 5+ fails on 1, D6 ammo 2 < 4: broken
    assert chain.weapon["status"] == "broken"
    assert chain.variants == ["necromunda.d6-ammo-roll", "necromunda.book-grenade-range"]
