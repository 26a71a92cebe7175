"""Encounters: a committed chain's state carries into the next attack; reload and
undo are journaled actions. Uses the toy ruleset (d6 >= skill, one wound per hit,
a double shot spends two rounds)."""

from __future__ import annotations

import types

import msgspec
import pytest

from gunline import AttackRefused, BadInput, PluginFailed, Variant, hookimpl
from gunline.journal import Journal, StaleState, problems
from gunline.runner import chain_json, run
from gunline.scenario import build_attack


def reload_variant(result=None):
    """A toy variant that reloads the pistol to its full magazine (or returns
    ``result`` when given, to test what the journal does with it)."""
    mod = types.ModuleType("toy_reload")

    @hookimpl
    def gunline_variant():
        return Variant(name="toy.reload", ruleset="toy", api=2)

    @hookimpl
    def reload_weapon(attack, state):
        if result is not None:
            return result
        return {"rounds_left": attack.weapon.rounds, "status": "ok"}

    mod.gunline_variant = gunline_variant
    mod.reload_weapon = reload_weapon
    return mod


@pytest.fixture
def journal(tmp_path):
    with Journal(tmp_path / "j.sqlite3") as j:
        yield j


@pytest.fixture
def magazine(doc):
    """Ann's pistol holds 3 rounds; she fires double shots (2 rounds each)."""
    doc.update(mode="double", variants=["toy.reload"], weapon={"name": "pistol", "rounds": 3})
    return doc


@pytest.fixture
def reg(registry):
    registry.add("toy_reload", reload_variant())
    return registry


def test_rounds_carry_between_attacks_until_a_reload(journal, reg, magazine):
    attack = build_attack(reg, magazine)
    chain, _, entry = journal.resolve("pit", reg, attack, magazine, seed=1)
    assert chain.weapon["rounds_left"] == 1 and entry.id == 1 and entry.action == "attack"
    # The scenario still says 3 rounds; the encounter knows only 1 is left.
    with pytest.raises(AttackRefused, match="1 rounds left"):
        journal.resolve("pit", reg, attack, magazine, seed=2)
    single = build_attack(reg, {**magazine, "mode": "single"})
    chain, _, _ = journal.resolve("pit", reg, single, magazine, seed=3)
    assert chain.weapon == {"rounds_left": 0, "status": "empty"}
    reload = journal.reload("pit", reg, shooter="Ann")
    assert reload.action == "reload" and "3 rounds" in reload.summary
    assert journal.state("pit").weapons["Ann"]["pistol"] == {"rounds_left": 3, "status": "ok"}
    chain, _, _ = journal.resolve("pit", reg, attack, magazine, seed=4)
    assert chain.weapon["rounds_left"] == 1
    assert [e.action for e in journal.entries("pit")] == ["attack", "attack", "reload", "attack"]
    assert problems(journal) == []


def test_wounds_carry_over_and_the_first_chain_equals_a_plain_resolve(journal, reg, doc):
    attack = build_attack(reg, doc)
    plain, _ = run(reg, attack, faces=[6, 6])
    chain, _, entry = journal.resolve("pit", reg, attack, doc, faces=[6, 6])
    assert chain_json(chain) == chain_json(plain)
    assert entry.dice == [6, 6] and entry.scenario == doc
    assert entry.chain == msgspec.json.decode(chain_json(chain))
    # Cy (2 wounds) took one; the next hit finishes her. Bo is already dead.
    chain, _, _ = journal.resolve("pit", reg, attack, doc, faces=[1, 6])
    assert chain.targets["Cy"] == {"status": "dead", "wounds_left": 0}
    assert journal.state("pit").targets["Bo"]["status"] == "dead"


def test_undo_restores_the_state_exactly_and_is_itself_an_entry(journal, reg, magazine):
    attack = build_attack(reg, magazine)
    journal.resolve("pit", reg, attack, magazine, faces=[6, 6, 6, 6])
    before = journal.state("pit")
    journal.resolve("pit", reg, build_attack(reg, {**magazine, "mode": "single"}), magazine, faces=[6, 6])
    assert journal.state("pit") != before
    undo = journal.undo("pit")
    assert undo.action == "undo" and undo.undoes == 2
    assert journal.state("pit") == before
    entries = journal.entries("pit")
    assert [e.undone_by for e in entries] == [None, 3, None]
    # Undo again reverts the first attack: the encounter is back to nothing saved.
    journal.undo("pit")
    empty = journal.state("pit")
    assert empty.shooters == empty.weapons == empty.targets == {}
    with pytest.raises(BadInput, match="nothing to undo"):
        journal.undo("pit")
    assert problems(journal) == []


def test_undo_a_reload_refuses_the_burst_again(journal, reg, magazine):
    attack = build_attack(reg, magazine)
    journal.resolve("pit", reg, attack, magazine, seed=5)
    journal.reload("pit", reg, attack=attack, document=magazine)
    journal.undo("pit")
    with pytest.raises(AttackRefused):
        journal.resolve("pit", reg, attack, magazine, seed=6)


def test_weapons_are_keyed_by_shooter_and_weapon(journal, reg, magazine):
    ann = build_attack(reg, magazine)
    bob_doc = {**magazine, "shooter": {"name": "Bob"}}
    journal.resolve("pit", reg, ann, magazine, seed=1)
    chain, _, _ = journal.resolve("pit", reg, build_attack(reg, bob_doc), bob_doc, seed=1)
    assert chain.weapon["rounds_left"] == 1  # Bob's own pistol, full before
    weapons = journal.state("pit").weapons
    assert set(weapons) == {"Ann", "Bob"} and weapons["Ann"]["pistol"]["rounds_left"] == 1


def test_encounters_are_separate(journal, reg, magazine):
    attack = build_attack(reg, magazine)
    journal.resolve("one", reg, attack, magazine, seed=1)
    chain, _, _ = journal.resolve("two", reg, attack, magazine, seed=1)
    assert chain.weapon["rounds_left"] == 1
    assert [s.name for s in journal.encounters()] == ["one", "two"]


def test_nothing_is_written_when_refused_or_dice_run_out(journal, reg, doc):
    from gunline import DiceNeeded

    attack = build_attack(reg, doc)
    with pytest.raises(DiceNeeded):
        journal.resolve("pit", reg, attack, doc, faces=[6])
    assert journal.entries() == []


def test_commit_of_a_chain_resolved_from_a_stale_state_is_refused(journal, reg, magazine):
    attack = build_attack(reg, magazine)
    prior = journal.prior("pit", attack)
    chain, _ = run(reg, attack, seed=1, prior=prior)
    journal.resolve("pit", reg, attack, magazine, seed=2)  # another session commits first
    with pytest.raises(StaleState):
        journal.commit("pit", attack, chain, magazine, prior=prior)
    fresh = journal.prior("pit", attack)
    single = build_attack(reg, {**magazine, "mode": "single"})
    chain, _ = run(reg, single, seed=3, prior=fresh)
    entry = journal.commit("pit", single, chain, magazine, prior=fresh)
    assert entry.id == 2 and journal.state("pit").weapons["Ann"]["pistol"]["rounds_left"] == 0


def test_reload_without_a_reload_rule_is_refused(journal, registry, doc):
    attack = build_attack(registry, doc)
    journal.resolve("pit", registry, attack, doc, seed=1)
    with pytest.raises(AttackRefused, match="no reload"):
        journal.reload("pit", registry)
    assert len(journal.entries("pit")) == 1


def test_reload_returning_the_wrong_type_names_the_plugin(journal, registry, magazine):
    registry.add("toy_reload", reload_variant(result=["full"]))
    attack = build_attack(registry, magazine)
    with pytest.raises(PluginFailed) as info:
        journal.reload("pit", registry, attack=attack)
    assert info.value.plugin == "toy.reload" and info.value.hook == "reload_weapon"


def test_reload_finds_the_weapon_or_says_what_to_give(journal, reg, magazine):
    journal.resolve("pit", reg, build_attack(reg, magazine), magazine, seed=1)
    with pytest.raises(BadInput, match="no attack in encounter 'pit' with shooter 'Zed'"):
        journal.reload("pit", reg, shooter="Zed")
    with pytest.raises(BadInput, match="encounter 'nowhere': not in journal"):
        journal.reload("nowhere", reg)
    assert journal.reload("pit", reg, weapon="pistol").summary == "Ann reloads pistol: 3 rounds"
