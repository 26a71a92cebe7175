"""The exact odds against an independent computation: the SRD's rules written out
face by face, every face of every die enumerated with fractions (nothing of the
ruleset's code, nor of gunline's odds, is used to work them out)."""

from collections import Counter
from fractions import Fraction
from itertools import product
from math import prod
from pathlib import Path

import pytest

from gunline.testing import odds_for

EXAMPLES = Path(__file__).parent.parent / "src" / "gunline_d20srd" / "examples"


def hits(face: int, bonus: int, ac: int) -> bool:
    """"A natural 1 is always a miss, a natural 20 always a hit." """
    return face == 20 or (face != 1 and face + bonus >= ac)


def one_attack(bonus: int, ac: int, threat: int, confirm: bool) -> Counter:
    """miss / hit / critical, over both d20s (the attack and the confirmation)."""
    out: Counter = Counter()
    for attack, confirmation in product(range(1, 21), repeat=2):
        if not hits(attack, bonus, ac):
            result = "miss"
        elif attack >= threat and (not confirm or hits(confirmation, bonus, ac)):
            result = "critical"
        else:
            result = "hit"
        out[result] += Fraction(1, 400)
    return out


def status(hp: int) -> str:
    return "dead" if hp <= -10 else "dying" if hp < 0 else "disabled" if hp == 0 else "wounded"


def sum_of(dice: int, sides: int) -> Counter:
    """The total of ``dice`` dice of ``sides`` sides, one die added at a time."""
    totals: Counter = Counter({0: Fraction(1)})
    for _ in range(dice):
        step: Counter = Counter()
        for total, p in totals.items():
            for face in range(1, sides + 1):
                step[total + face] += p / sides
        totals = step
    return totals


def final_status(hp, ac, bonuses, threat, sides, multiplier, confirm=True) -> dict[str, Fraction]:
    """Every combination of the attacks' results, then every total of the damage dice
    they roll (one die a hit, ``multiplier`` a critical)."""
    out: Counter = Counter()
    attacks = [one_attack(b, ac, threat, confirm).items() for b in bonuses]
    for combination in product(*attacks):
        p = prod(q for _, q in combination)
        landed = [r for r, _ in combination if r != "miss"]
        if not landed:
            out["unharmed"] += p
            continue
        dice = sum(multiplier if r == "critical" else 1 for r in landed)
        for total, q in sum_of(dice, sides).items():
            out[status(hp - total)] += p * q
    return dict(out)


def as_floats(exact):
    return {k: float(v) for k, v in exact.items() if v}


def test_the_orc():
    # +4 against AC 13, a longbow (1d8, 20/x3), 5 hp
    odds = odds_for(EXAMPLES / "longbow-at-an-orc.toml")
    assert odds.exact
    expected = final_status(5, 13, [4], 20, 8, 3)
    assert {k: v for k, v in odds.targets["Orc"].status.items() if v} == pytest.approx(as_floats(expected), abs=1e-12)
    assert odds.targets["Orc"].hit == pytest.approx(12 / 20)


def test_the_orc_without_confirmation():
    odds = odds_for(EXAMPLES / "longbow-at-an-orc.toml", variants=["d20srd.no-confirmation"])
    expected = final_status(5, 13, [4], 20, 8, 3, confirm=False)
    assert {k: v for k, v in odds.targets["Orc"].status.items() if v} == pytest.approx(as_floats(expected), abs=1e-12)


def test_the_two_goblins_of_a_full_attack():
    # +8 at the first, +3 at the second, AC 15, a shortbow (1d6, 20/x3), 5 hp each
    odds = odds_for(EXAMPLES / "full-attack-two-goblins.toml")
    for name, bonus in (("Goblin", 8), ("Goblin archer", 3)):
        expected = final_status(5, 15, [bonus], 20, 6, 3)
        got = {k: v for k, v in odds.targets[name].status.items() if v}
        assert got == pytest.approx(as_floats(expected), abs=1e-12), name


def test_the_hobgoblin_and_the_crossbows_wider_threat():
    # +0 against AC 15, a light crossbow (1d8, 19-20/x2), 6 hp
    odds = odds_for(EXAMPLES / "crossbow-into-melee.toml")
    expected = final_status(6, 15, [0], 19, 8, 2)
    got = {k: v for k, v in odds.targets["Hobgoblin"].status.items() if v}
    assert got == pytest.approx(as_floats(expected), abs=1e-12)
    assert odds.targets["Hobgoblin"].hit == pytest.approx(6 / 20)


def test_every_attack_of_one_target_adds_to_its_odds():
    doc = {
        "ruleset": "d20srd", "mode": "full-attack",
        "shooter": {"name": "Tordek", "base_attack": 11, "dexterity": 14},
        "weapon": {"name": "longbow"},
        "targets": [{"name": "Ogre", "ac": 16, "hp": 30}],
    }
    odds = odds_for(doc)
    expected = final_status(30, 16, [13, 8, 3], 20, 8, 3)
    assert {k: v for k, v in odds.targets["Ogre"].status.items() if v} == pytest.approx(as_floats(expected), abs=1e-12)
