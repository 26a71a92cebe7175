"""Exact odds of a return-fire exchange, 2 shots against 1, computed by hand and
checked two ways: all 10^3 dice of the exchange scripted through the engine, and
the odds interpreter.

The seed's example: the ninja's Shooting 6 − 2 (cover) = 4, two dice; the bushido
master's 9, one die (the yumi).

Ninja die: Lucky on 4 (1/10), success on 1-3 (3/10), failure 5-10 (6/10).
Master die: Lucky on 9 (1/10), success on 1-8 (8/10), failure on 10 (1/10).
Outcomes per 1000 (La, Lb = Lucky Chances of ninja and master):

* Lb=1, La=0: 1·81 → master's net Lucky: the ninja takes a wound at once   81
* Lb=1, La=2: 1 → ninja net 1 Lucky, no ordinary                             1
* Lb=1, La=1: 18 → cancel; the ninja's other die alone: a success (3 of 9
  faces) is an unpaired win → 1 hit (6); else nobody (12)
* Lb=0, La=2: 9 → 2 Lucky (wounds at once) for the ninja                     9
* Lb=0, La=1: 162 → 1 Lucky, plus 1 hit when the other die succeeds:
  54 with a hit, 108 without
* Lb=0, La=0, master fails (10): 81 → ninja both succeed 9 (2 hits), one 36
  (1 hit), none 36 (nobody)
* Lb=0, La=0, master succeeds on m: 8·81 = 648. For m = 4..8 every ninja
  success (≤3) loses the pair: master 1 hit (405). For m = 1, 2, 3 over the
  81 ordered pairs of ninja faces (1-3, 5-10): m=1: master 36, nobody 12,
  ninja 1 hit 25, 2 hits 8; m=2: 49, 12, 15, 5; m=3: 64, 12, 5, 0.

Totals: master Lucky 81; master 1 hit 405+36+49+64 = 554; nobody 12+36+36 = 84;
ninja 1 hit (no Lucky) 6+36+45 = 87; 2 hits 9+13 = 22; 2 Lucky 9;
1 Lucky 1+108 = 109; 1 Lucky + 1 hit 54. Sum 1000.

That table counts a Catastrophic Failure (a 10) as one failed die
(``samurai.catastrophe-one-die``). By default it voids its side's dice. The
master's only failing face is his 10, so his voided die is the failure it was; the
ninja's 10 now fails his other die too. The 19 ordered ninja pairs holding a 10
(per master face m):

* m = 9 (Lucky): (4, 10) and (10, 4) cancelled the Lucky Chances and left nobody;
  now the master's Lucky stands: master Lucky +2, nobody −2;
* m = 1..8: (4, 10), (10, 4) were a net ninja Lucky (16): now master 1 hit; the 6
  pairs with a success 1-3 won (m=1: 4 pairs, m=2: 2), tied (m=1, 2, 3: 2 each) or
  lost: all master 1 hit now: ninja 1 hit −6, nobody −6, ninja 1 Lucky −16,
  master 1 hit +28;
* m = 10 (the master fails): (4, 10), (10, 4) were a ninja Lucky, the 6 with a
  success a ninja hit: now nobody: ninja 1 Lucky −2, ninja 1 hit −6, nobody +8.

Totals: master Lucky 83; master 1 hit 582; nobody 84; ninja 1 hit 75; 2 hits 22;
2 Lucky 9; 1 Lucky 91; 1 Lucky + 1 hit 54. Sum 1000.
"""

import itertools
from fractions import Fraction

import pytest

from gunline import RandomDice, ScriptedDice
from gunline.engine import resolve as run_engine
from gunline_samurai.characteristic import judge, ranked
from gunline_samurai.comparative import against, compare
from gunline_samurai.schema import Settings
from gunline_samurai.wounding import wound_test_result

#: The exchange under ``samurai.catastrophe-one-die``: a 10 is one failed die.
EXCHANGE_ONE_DIE = {
    ("master", 1, 0): 81,
    ("master", 0, 1): 554,
    ("nobody", 0, 0): 84,
    ("ninja", 0, 1): 87,
    ("ninja", 0, 2): 22,
    ("ninja", 2, 0): 9,
    ("ninja", 1, 0): 109,
    ("ninja", 1, 1): 54,
}
#: By default: a side's Catastrophic Failure voids its dice.
EXCHANGE = {
    ("master", 1, 0): 83,
    ("master", 0, 1): 582,
    ("nobody", 0, 0): 84,
    ("ninja", 0, 1): 75,
    ("ninja", 0, 2): 22,
    ("ninja", 2, 0): 9,
    ("ninja", 1, 0): 91,
    ("ninja", 1, 1): 54,
}
ONE_DIE = ("samurai.catastrophe-one-die",)


def small_wound_tests(doc):
    """The example with wound tests of few outcomes, so the whole tree is small:
    no armour, Body 0 on the side being hurt, Body + Damage 2 on the side hurting.
    Each hit then wounds on a 1 (success against a Body that cannot succeed) and
    kills on a 2 (Lucky Chance): 1/10 each."""
    doc["shooter"]["body"] = 0
    doc["weapon"]["damage"] = 2
    general = doc["targets"][0]
    general.update(body=0, protection=0, durability=0)
    general["reactor"].update(body=2, weapon={"name": "yumi", "damage": 0})
    return doc


def exchange_of(chain):
    hit = next(s for s in chain.steps if s.kind == "hit")
    if hit.data["winner"] == "Ninja":
        return ("ninja", hit.data["lucky"], hit.data["hits"])
    if hit.data["winner"] is None:
        return ("nobody", 0, 0)
    against = hit.data["against_shooter"]
    return ("master", against["lucky"], against["hits"])


def test_the_hand_tables_add_up():
    assert sum(EXCHANGE.values()) == sum(EXCHANGE_ONE_DIE.values()) == 1000


@pytest.mark.parametrize("variants, table", [((), EXCHANGE), (ONE_DIE, EXCHANGE_ONE_DIE)], ids=["voids", "one-die"])
@pytest.mark.parametrize("small", [False, True])
def test_every_exchange_dice_sequence_through_the_engine(registry, attack_of, example, small, variants, table):
    doc = example("ninja_and_bushido_master")
    attack = attack_of(small_wound_tests(doc) if small else doc, variants)
    stack = registry.stack("samurai", variants)
    tally: dict[tuple, int] = {}
    for faces in itertools.product(range(1, 11), repeat=3):
        # the exchange takes the first three dice; the wound tests after it are rolled
        chain = run_engine(stack, attack, ScriptedDice(list(faces), fallback=RandomDice(sum(faces))))
        key = exchange_of(chain)
        tally[key] = tally.get(key, 0) + 1
    assert tally == table


# -- with the small wound tests, the final outcomes by hand --------------------------
# Per hit: kill 1/10, wound 1/10, nothing 8/10.
# Ninja (1 wound): stunned by the master's Lucky (81) or a won hit's wound (554/10);
# killed by a hit's Lucky Chance (554/10).
# (The exchange's counts per 1000 below are ``EXCHANGE``'s: master Lucky 83, master
# 1 hit 582, ninja 1 hit 75, 2 hits 22, 2 Lucky 9, 1 Lucky 91, Lucky + hit 54.)
NINJA_STUNNED = Fraction(83, 1000) + Fraction(582, 1000) / 10
NINJA_KILLED = Fraction(582, 1000) / 10
# General (2 wounds). Two ordinary hits: killed 1/10 + 1/10·1/10 + 8/10·1/10 = 19/100,
# stunned (two wounds) 1/100, at least one wound 1 − (8/10)² = 36/100.
GENERAL_KILLED = Fraction(75 * 10 + 22 * 19 + 54 * 10, 100_000)
GENERAL_STUNNED = Fraction(22 * 1 + 9 * 100 + 54 * 10, 100_000)
GENERAL_WOUNDED = Fraction(75 * 20 + 22 * 36 + (9 + 91 + 54) * 100, 100_000)
GENERAL_HIT = Fraction(75 + 22 + 9 + 91 + 54, 1000)


def _faces_for(label: str) -> list[tuple[int, Fraction]]:
    """The faces a die can show, weighed. The exchange's dice: all ten. In the small
    wound tests the hurting side's die (Body + Damage 2) matters only as 1 (a win),
    2 (Lucky) or anything else, and the hurt side's (Body 0) never succeeds: one
    representative face each, with its weight."""
    tenth = Fraction(1, 10)
    if "Body + Damage" in label:
        return [(1, tenth), (2, tenth), (5, 8 * tenth)]
    if "wound test" in label:
        return [(5, Fraction(1))]
    return [(f, tenth) for f in range(1, 11)]


def test_final_outcomes_through_the_engine(registry, attack_of, example):
    """The whole tree walked through the engine: the exchange's 10^3 faces, then
    each wound test's outcomes."""
    from gunline import DiceNeeded

    attack = attack_of(small_wound_tests(example("ninja_and_bushido_master")))
    stack = registry.stack("samurai")
    totals: dict[str, Fraction] = {}

    def add(key, weight):
        totals[key] = totals.get(key, Fraction(0)) + weight

    pending = [([], Fraction(1))]
    while pending:
        faces, weight = pending.pop()
        try:
            chain = run_engine(stack, attack, ScriptedDice(faces))
        except DiceNeeded as need:
            pending.extend((faces + [f], weight * w) for f, w in _faces_for(need.request.label))
            continue
        add("ninja " + chain.shooter["status"], weight)
        add("general " + chain.targets["General"]["status"], weight)
        if any(s.kind == "hit" and s.value for s in chain.steps):
            add("general hit", weight)
        if any(s.kind == "wound" and s.value for s in chain.steps):
            add("general wound step", weight)
    assert sum(totals[k] for k in totals if k.startswith("ninja ")) == 1
    assert totals["ninja stunned"] == NINJA_STUNNED
    assert totals["ninja killed"] == NINJA_KILLED
    assert totals["general killed"] == GENERAL_KILLED
    assert totals["general stunned"] == GENERAL_STUNNED
    assert totals["general wound step"] == GENERAL_WOUNDED
    assert totals["general hit"] == GENERAL_HIT


def test_the_odds_interpreter_agrees(registry, attack_of, example):
    odds = pytest.importorskip("gunline.odds")
    attack = attack_of(small_wound_tests(example("ninja_and_bushido_master")))
    result = odds.compute_odds(registry, attack)
    assert result.exact
    general = result.targets["General"]
    assert general.hit == pytest.approx(float(GENERAL_HIT), abs=1e-9)
    assert general.wound == pytest.approx(float(GENERAL_WOUNDED), abs=1e-9)
    assert general.status["killed"] == pytest.approx(float(GENERAL_KILLED), abs=1e-9)
    assert general.status["stunned"] == pytest.approx(float(GENERAL_STUNNED), abs=1e-9)
    # the return fire step's value is the ninja's wounds: P(at least one)
    assert general.steps["return_fire"] == pytest.approx(float(NINJA_STUNNED + NINJA_KILLED), abs=1e-9)


def test_one_against_one_duel_odds_by_hand(registry, attack_of, example):
    """The teppo duel: the gunner's Shooting 6 against the archer's 5, a die each.

    Lucky Chances: the gunner's alone 1/10·9/10 = 9/100, the archer's alone 9/100.
    Neither Lucky: the gunner succeeds on 1-5, fails on 7-10; the archer succeeds on
    1-4, fails on 6-10. Gunner wins: success against failure 5·5 = 25, higher success
    10 → 35/100; the archer: 4·4 = 16 + 6 → 22/100.
    Wound test on the archer (gunner Body 3 + teppo 3 = 6 against Body 3): kill 9/100,
    win 1-5 over 1-2 (7) or over a failure 4-10 (5·7 = 35) → 42/100.
    Wound test on the gunner (archer Body 3 + hankyu 1 = 4 against Body 3): kill 9/100,
    win 1-3 over 1-2 (3) or over 4-10 (3·7 = 21) → 24/100.
    The archer has 1 wound: a Lucky exchange stuns it at once.
    """
    odds = pytest.importorskip("gunline.odds")
    result = odds.compute_odds(registry, attack_of(example("teppo_duel")))
    assert result.exact
    archer = result.targets["Archer"]
    hit = Fraction(9, 100) + Fraction(35, 100)
    killed = Fraction(35, 100) * Fraction(9, 100)
    stunned = Fraction(9, 100) + Fraction(35, 100) * Fraction(42, 100)
    gunner_hurt = Fraction(9, 100) + Fraction(22, 100) * Fraction(9 + 24, 100)
    assert archer.hit == pytest.approx(float(hit), abs=1e-9)
    assert archer.status["killed"] == pytest.approx(float(killed), abs=1e-9)
    assert archer.status["stunned"] == pytest.approx(float(stunned), abs=1e-9)
    assert archer.steps["return_fire"] == pytest.approx(float(gunner_hurt), abs=1e-9)


# -- the seed example as it stands: exact within the default budget -------------------
# The seed's worked example (the ninja, the general and the bushido master) has
# exact odds within the default budget, and they are the odds worked out by hand.
#
# The exchange of 2 shots against 1 is the table checked die by die through the
# engine above (``EXCHANGE``, per 1000). The wound tests,
# by hand (d10, a test succeeds at or under, equal is a Lucky Chance, ties cancel):
#
# * The ninja's hit on the general: Body 3 + hankyu 1 = 4 against Body 4, or 4 + 2
#   (Durability) = 6 when the armour test on Protection 6 succeeds (6/10).
#   Kill: the ninja's Lucky 4 and no Lucky from the general: 1/10 · 9/10 = 9/100.
#   Wound, neither Lucky: the ninja's success a = 1..3 wins over the general's
#   failures and over his successes below a. Against 4: failures 5-10 (6 faces),
#   6 + 7 + 8 = 21/100. Against 6: failures 7-10 (4 faces), 4 + 5 + 6 = 15/100.
#   So a wound 6/10 · 15/100 + 4/10 · 21/100 = 174/1000.
# * The master's hit on the ninja: Body 4 + yumi 2 = 6 against Body 3, no armour.
#   Kill 9/100; wound: a = 1..5 over failures 4-10 (7 faces) and over the successes
#   below a (0 + 1 + 2 + 2 + 2): 35 + 7 = 42/100.
#
# A wound takes one of the model's wounds (the ninja has 1, the general 2); losing
# the last stuns; a kill kills, and a killed model takes no further hits.

KILL_GENERAL, WOUND_GENERAL = Fraction(9, 100), Fraction(174, 1000)
KILL_NINJA, WOUND_NINJA = Fraction(9, 100), Fraction(42, 100)


def _per(key) -> Fraction:
    return Fraction(EXCHANGE[key], 1000)


def _general_after_two_hits() -> tuple[Fraction, Fraction]:
    """(killed, stunned) after two ordinary hits on the unharmed general."""
    nothing = 1 - KILL_GENERAL - WOUND_GENERAL
    killed = KILL_GENERAL + (WOUND_GENERAL + nothing) * KILL_GENERAL
    stunned = WOUND_GENERAL * WOUND_GENERAL
    return killed, stunned


def expected() -> dict[str, Fraction]:
    two_killed, two_stunned = _general_after_two_hits()
    one_hit, two_hits = _per(("ninja", 0, 1)), _per(("ninja", 0, 2))
    lucky_and_hit = _per(("ninja", 1, 1))
    master_lucky, master_hit = _per(("master", 1, 0)), _per(("master", 0, 1))
    nothing = 1 - KILL_GENERAL - WOUND_GENERAL
    return {
        "general hit": sum(Fraction(n, 1000) for (w, _, _), n in EXCHANGE.items() if w == "ninja"),
        "general killed": (one_hit + lucky_and_hit) * KILL_GENERAL + two_hits * two_killed,
        # two Lucky Chances at once; one at once and a hit's wound; two hits' wounds
        "general stunned": _per(("ninja", 2, 0)) + lucky_and_hit * WOUND_GENERAL + two_hits * two_stunned,
        "general wounded": one_hit * (KILL_GENERAL + WOUND_GENERAL)
        + two_hits * (1 - nothing * nothing)
        + _per(("ninja", 2, 0)) + _per(("ninja", 1, 0)) + lucky_and_hit,
        "ninja stunned": master_lucky + master_hit * WOUND_NINJA,
        "ninja killed": master_hit * KILL_NINJA,
    }


def test_the_seed_example_is_exact_and_agrees_with_the_hand(registry, attack_of, example):
    odds = pytest.importorskip("gunline.odds")
    result = odds.compute_odds(registry, attack_of(example("ninja_and_bushido_master")))
    assert result.exact, result.note
    want = {k: float(v) for k, v in expected().items()}
    general = result.targets["General"]
    assert general.hit == pytest.approx(want["general hit"], abs=1e-12)
    assert general.wound == pytest.approx(want["general wounded"], abs=1e-12)
    assert general.status["killed"] == pytest.approx(want["general killed"], abs=1e-12)
    assert general.status["stunned"] == pytest.approx(want["general stunned"], abs=1e-12)
    assert result.shooter.status["stunned"] == pytest.approx(want["ninja stunned"], abs=1e-12)
    assert result.shooter.status["killed"] == pytest.approx(want["ninja killed"], abs=1e-12)


def test_a_hit_wound_test_through_the_engine_agrees_with_the_hand(registry, attack_of, example):
    """The per-hit numbers above, by every face of one hit's three dice run
    through the engine: the exchange forced to one ninja hit (2 and 7 against the
    master's 10)."""
    attack = attack_of(example("ninja_and_bushido_master"))
    stack = registry.stack("samurai")
    tally = {"killed": Fraction(0), "wounded": Fraction(0)}
    for armour in range(1, 11):
        for mine in range(1, 11):
            for his in range(1, 11):
                chain = run_engine(stack, attack, ScriptedDice([2, 7, 10, armour, mine, his]))
                status = chain.targets["General"]
                if status["status"] == "killed":
                    tally["killed"] += Fraction(1, 1000)
                elif status["wounds_left"] == 1:
                    tally["wounded"] += Fraction(1, 1000)
    assert tally == {"killed": KILL_GENERAL, "wounded": WOUND_GENERAL}


@pytest.mark.parametrize("variants", [(), ONE_DIE], ids=["voids", "one-die"])
def test_the_general_alone_is_exact(registry, attack_of, example, variants):
    """The same two shots as plain tests at 6 − 2 = 4: a hit on 1-4 (4/10), a miss on
    5-9 (5/10), and the 10 a Catastrophic Failure (1/10) that by default leaves both
    shots without a hit: P(a hit) = (9/10)² − (5/10)², one hit 2·4/10·5/10, two
    (4/10)². As one failed die: P(a hit) = 1 − (6/10)², one hit 2·4/10·6/10. Every
    hit wounds as above."""
    odds = pytest.importorskip("gunline.odds")
    result = odds.compute_odds(registry, attack_of(example("general_alone"), variants))
    assert result.exact, result.note
    general = result.targets["General"]
    miss = Fraction(5, 10) if not variants else Fraction(6, 10)
    hit = Fraction(9, 10) ** 2 - miss**2 if not variants else 1 - miss**2
    assert general.hit == pytest.approx(float(hit), abs=1e-12)
    one, two = 2 * Fraction(4, 10) * miss, Fraction(4, 10) ** 2
    assert one + two == hit
    killed, _ = _general_after_two_hits()
    assert general.status["killed"] == pytest.approx(float(one * KILL_GENERAL + two * killed), abs=1e-12)


SETTINGS = Settings()


@pytest.mark.parametrize("attack_value", range(0, 12))
@pytest.mark.parametrize("defence_value", range(0, 12))
def test_a_wound_test_defending_die_reads_what_the_test_does(attack_value, defence_value):
    """For every pair of faces of a wound test, the defending die reads as the test
    ends: a kill exactly when the attacker rolls a Lucky Chance the defender does not
    match, a wound when the attacker wins otherwise, else nothing (the attacking die
    read by its rank, as the wound test rolls it)."""
    for mine in range(1, SETTINGS.die + 1):
        attacker = judge(mine, attack_value, SETTINGS)
        read = against([ranked(attack_value, SETTINGS)(mine)], defence_value, SETTINGS, then=wound_test_result)
        for his in range(1, SETTINGS.die + 1):
            defender = judge(his, defence_value, SETTINGS)
            won = compare([attacker], [defender]).winner == "attacker"
            killed = attacker.lucky and not defender.lucky
            assert read(his) == ("kill" if killed else "wound" if won else "nothing"), (mine, his)
