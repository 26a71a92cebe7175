"""The line read out to the players, the chain's vocabulary, and no reloading."""

from __future__ import annotations

import pytest

from gunline_necromunda import ruleset
from gunline_necromunda.catalogue import CATALOGUE


@pytest.mark.parametrize(
    "faces, line",
    [
        ([3], "Goliath: missed"),
        ([4, 3], "Goliath: hit, pinned; not wounded"),
        ([4, 4, 3], "Goliath: hit, pinned; wounded, down"),
        ([4, 4, 6], "Goliath: hit, pinned; wounded, out of action"),
        ([4, 4, 1], "Goliath: hit, pinned; wounded, flesh wound"),
    ],
)
def test_describe_outcome(nec, faces, line):
    chain = nec.resolve(nec.example("lasgun-long-range.toml"), faces)
    assert chain.outcomes == {"Goliath": line}


def test_describe_outcome_saved_and_wounds_left(nec):
    chain = nec.resolve(nec.example("boltgun-vs-carapace.toml"), [2, 3, 6])
    assert chain.outcomes["Van Saar"] == "Van Saar: hit, pinned; saved"
    doc = nec.scenario("lasgun", targets=[{"name": "Goliath", "distance": 18, "wounds": 2}])
    chain = nec.resolve(doc, [4, 4])
    assert chain.outcomes["Goliath"] == "Goliath: hit, pinned; wounded, 1 wound left"


def test_describe_outcome_of_a_target_not_shot_at(nec):
    chain = nec.resolve(nec.example("heavy-bolter-sustained-fire.toml"), [1, 1, 3, 3])
    assert chain.outcomes["Escher Juve"] == "Escher Juve: not hit"


def test_chain_vocabulary(nec):
    chain = nec.resolve(nec.example("lasgun-long-range.toml"), [4, 4, 3])
    assert [s.kind for s in chain.steps] == ["pool", "hit", "wound", "injury", "ammo"]
    assert chain.targets["Goliath"] == {"status": "down", "wounds_left": 0, "flesh_wounds": 0}
    assert chain.weapon == {"rounds_left": None, "status": "ok"}
    assert ruleset.RULESET.statuses == ("unharmed", "pinned", "down", "out_of_action")
    assert ruleset.RULESET.weapon_statuses == ("ok", "broken")


def test_no_reloading_in_necromunda(nec):
    attack = nec.attack(nec.example("lasgun-long-range.toml"))
    assert ruleset.reload_weapon(attack, None) is None


@pytest.mark.parametrize(
    "name, short, long",
    [("temir tabancası", 2, 0), ("temren tüfeği", 1, 0), ("lazer tüfeği", 1, 0), ("atgaç", 1, 0), ("patlangaç", 1, -1)],
)
def test_seed_range_modifiers_in_the_catalogue(name, short, long):
    assert (CATALOGUE[name]["hit_short"], CATALOGUE[name]["hit_long"]) == (short, long)


def test_every_catalogue_weapon_is_a_valid_profile(nec):
    for name in CATALOGUE:
        doc = nec.scenario(name, targets=[{"name": "Goliath", "distance": 3}])
        attack = nec.attack(doc)
        assert attack.weapon.name == name


def test_form_fields_parse_numbers_and_words(nec):
    """The TUI's forms: ``damage`` and ``ammo_roll`` take a number or a word."""
    from gunline import schema
    from gunline_necromunda.profiles import Weapon

    fields = {f.name: f for f in schema.describe(Weapon)}
    doc = nec.scenario({
        "name": "custom", "short_range": 6, "long_range": 12, "strength": 4,
        "damage": schema.parse_value(fields["damage"], "D3"),
        "ammo_roll": schema.parse_value(fields["ammo_roll"], "4"),
    })
    weapon = nec.attack(doc).weapon
    assert (weapon.damage, weapon.ammo_roll) == ("D3", 4)
    assert schema.parse_value(fields["ammo_roll"], "auto") == "auto"
