"""Variants change the pools or the rolls, and nothing else: the same scenario with
the same dice, with and without the variant, differs only where the rule does."""

from __future__ import annotations

import msgspec


def _plain(step):
    return msgspec.to_builtins(step)


def test_per_extra_target_changes_only_the_target_penalty(resolve, wod):
    # Every die an 8: successes = dice in the pool, no rerolls.
    faces = [8] * 40
    book = resolve("carter-medium-burst.toml", faces=faces)
    later = resolve("carter-medium-burst.toml", faces=faces, variants=["wod.per-extra-target"])
    assert wod.pools(book) == {"Farrow": 9, "Sykes": 9}
    assert wod.pools(later) == {"Farrow": 10, "Sykes": 10}  # −1 instead of −2
    assert [s.kind for s in book.steps] == [s.kind for s in later.steps]
    for a, b in zip(book.steps, later.steps):
        if a.kind == "pool":
            changed = [(m.label, m.value, m.source) for m in b.modifiers if m not in a.modifiers]
            gone = [(m.label, m.value) for m in a.modifiers if m not in b.modifiers]
            assert changed == [("1 extra target", -1, "wod.per-extra-target")]
            assert gone == [("2 targets", -2)]
        elif a.kind in ("hit", "wound"):
            assert b.value == a.value + 1  # one more die, one more success
        else:
            assert _plain(a) == _plain(b)  # the ammo step
    assert book.weapon == later.weapon


def test_per_extra_target_leaves_one_target_alone(resolve):
    faces = [8, 1, 10, 2, 3, 4, 5, 6, 7, 1, 1, 1, 9]
    book = resolve("long-burst-one-target.toml", faces=faces)
    later = resolve("long-burst-one-target.toml", faces=faces, variants=["wod.per-extra-target"])
    assert _plain(book.steps) == _plain(later.steps)
    assert book.targets == later.targets and book.dice == later.dice


def test_per_extra_target_at_four_targets(resolve, wod):
    chain = resolve("four-targets-long-burst.toml", seed=2, variants=["wod.per-extra-target"])
    assert wod.pools(chain) == {"Farrow": 5, "Sykes": 6, "Jones": 6, "Bystander": 9}


def test_nine_again_without_nines_changes_nothing_but_the_need(resolve):
    faces = [8, 1, 10, 2, 3, 4, 5, 6, 7, 1, 1, 1, 8]
    book = resolve("long-burst-one-target.toml", faces=faces)
    nine = resolve("long-burst-one-target.toml", faces=faces, variants=["wod.9-again"])
    assert book.dice == nine.dice and book.targets == nine.targets
    for a, b in zip(book.steps, nine.steps):
        if a.kind == "hit":
            assert a.rolls[0].need == "8+, 10-again" and b.rolls[0].need == "8+, 9-again"
            assert a.rolls[0].values == b.rolls[0].values and a.value == b.value
        else:
            assert _plain(a) == _plain(b)


def test_nine_again_rerolls_nines(resolve, wod):
    # 12 dice: one 9, eleven 1s, then one more face: the 9's reroll under 9-again.
    faces = [9] + [1] * 11 + [8]
    book = resolve("long-burst-one-target.toml", faces=faces)
    nine = resolve("long-burst-one-target.toml", faces=faces, variants=["wod.9-again"])
    assert wod.pools(book) == wod.pools(nine) == {"Farrow": 12}
    assert wod.steps(book, "hit")[0].value == 1 and len(book.dice) == 12
    assert wod.steps(nine, "hit")[0].value == 2 and nine.dice == faces
    assert wod.steps(book, "ammo")[0].value == wod.steps(nine, "ammo")[0].value == 20


def test_nine_again_does_not_touch_a_chance_die(resolve):
    nine = resolve("chance-die.toml", faces=[9], variants=["wod.9-again"])
    assert nine.dice == [9] and nine.steps[1].value == 0


def test_both_variants_together(resolve, wod):
    faces = [9] * 10 + [1] * 40
    chain = resolve("carter-medium-burst.toml", faces=faces,
                    variants=["wod.per-extra-target", "wod.9-again"])
    assert wod.pools(chain) == {"Farrow": 10, "Sykes": 10}
    # Farrow's ten 9s all reroll (9-again); the rerolls are 1s.
    assert wod.steps(chain, "hit", "Farrow")[0].value == 10
