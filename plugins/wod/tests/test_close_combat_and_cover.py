"""Issue 18, points 6 and 7. A single shot into close combat: −2 for each combatant
avoided, −4 for each in a grapple; on a dramatic failure a random avoided person is
hit, a pool against him as his own step. Full cover: the cover is hit first, and
successes above its Durability pass through as a new pool against the target, less
his armor. Forced dice against hand-worked cases; exact odds against fractions and
icepool."""

from __future__ import annotations

from fractions import Fraction as F

import icepool
import pytest

from gunline import AttackRefused
from gunline.odds import compute_odds
from gunline.runner import check
from gunline.scenario import build_attack
from gunline.testing import chain_for

CLOSE = "single-shot-into-close-combat.toml"


def _successes(count: int) -> icepool.Die:
    """Successes of ``count`` d10, 8+, 10-again, as icepool counts them."""
    die = icepool.d10.map(lambda x: 0 if x < 8 else (1 if x < 10 else 1 + icepool.Again), again_depth=24)
    return count @ die


def _p(die: icepool.Die, test) -> float:
    total = die.denominator()
    return sum(q for outcome, q in die.items() if test(outcome)) / total


# -- close combat ------------------------------------------------------------------------


def test_avoiding_costs_2_and_a_grapple_4(resolve, wod):
    chain = resolve(CLOSE, faces=[7])  # the chance die: a 7 fails, nothing else is rolled
    pool = wod.steps(chain, "pool", "Farrow")[0]
    assert pool.value == -1 and pool.text == "chance die (pool -1)"
    assert [(m.label, m.value) for m in pool.modifiers][-2:] == [
        ("avoiding Sykes (close combat)", -2), ("avoiding Jones (grappling)", -4)
    ]
    for name in ("Sykes", "Jones"):
        assert wod.steps(chain, "pool", name)[0].text == "avoided in close combat: not shot at"
        assert wod.steps(chain, "hit", name)[0].rolls == []
    assert chain.outcomes["Sykes"] == "Sykes (avoided) is not hit"
    assert chain.weapon["status"] == "ok"  # a plain miss


@pytest.mark.parametrize(("pick", "who", "dice"), [(1, "Sykes", 5), (2, "Jones", 4)])
def test_a_dramatic_failure_hits_a_random_avoided_combatant(resolve, wod, pick, who, dice):
    faces = [1, pick] + [8] * dice  # the chance die's 1; which of two; his pool, every die a success
    chain = resolve(CLOSE, faces=faces)
    hit = wod.steps(chain, "hit", "Farrow")[0]
    assert hit.text == f"dramatic failure: the shot strays to {who}"
    assert hit.rolls[1].label == "stray shot: which avoided combatant" and hit.rolls[1].values == [pick]
    stray = wod.steps(chain, "pool", who)[0]
    assert (stray.value, stray.text) == (dice, f"the stray shot (a dramatic failure): {dice} dice")
    assert wod.steps(chain, "hit", who)[0].value == dice
    assert chain.targets[who]["lethal"] == dice
    assert chain.weapon["status"] == "ok"  # the dramatic failure went into the melee, not the gun
    other = "Jones" if who == "Sykes" else "Sykes"
    assert wod.steps(chain, "hit", other)[0].rolls == []


def test_one_avoided_combatant_is_hit_without_a_die_to_pick_him(resolve, wod):
    doc = wod.example(CLOSE)
    del doc["targets"][2]  # Jones: only Sykes is avoided now, pool 5 - 2 = 3
    chain = resolve(doc, faces=[1, 1, 1, 1, 1, 1])  # 3 dice at Farrow all 1s: no dramatic failure on a pool
    assert wod.steps(chain, "hit", "Farrow")[0].text == "no successes: missed"
    doc["targets"][0]["range"] = "long"  # -4: a chance die
    chain = resolve(doc, faces=[1, 9, 1, 1, 1, 1])  # 1: dramatic; straight to Sykes (5 dice: one 9)
    assert wod.steps(chain, "hit", "Farrow")[0].text == "dramatic failure: the shot strays to Sykes"
    assert wod.steps(chain, "hit", "Sykes")[0].value == 1


def test_the_close_combat_odds_are_the_fractions_by_hand(registry, wod):
    """The chance die succeeds on a 10 (1/10) and is a dramatic failure on a 1 (1/10);
    then Sykes or Jones (1/2 each) takes a pool of 5 or 4 dice (Jones's armor 1). At
    least one success of n dice is 1 - 0.7**n (10-again changes no "at least one");
    his expected successes are n/3 (each die: 0.3 + 0.1 of another die)."""
    odds = compute_odds(registry, build_attack(registry, wod.example(CLOSE)))
    assert odds.exact
    assert odds.targets["Farrow"].hit == pytest.approx(0.1, abs=1e-12)
    assert odds.targets["Sykes"].hit == pytest.approx(float(F(1, 20) * (1 - F(7, 10) ** 5)), abs=1e-12)
    assert odds.targets["Jones"].hit == pytest.approx(float(F(1, 20) * (1 - F(7, 10) ** 4)), abs=1e-12)
    assert odds.targets["Jones"].expected["wound"] == pytest.approx(float(F(1, 20) * F(4, 3)), abs=1e-12)
    assert odds.weapon.status["jammed"] == 0.0  # a dramatic failure here strays, it does not jam


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(mode="short", weapon={"name": "small SMG"}),
         "Sykes, Jones: a burst cannot avoid anyone"),
        (lambda d: d["targets"][1].update(bystander=True), "targets[1]: Sykes is avoided or a bystander, not both"),
        (lambda d: d["targets"][1].update(avoided=False, grappling=True),
         "targets[1].grappling: only for a combatant the shot avoids"),
        (lambda d: d["targets"].reverse(), "targets[0]: the combatant the shot avoids cannot be the one aimed at"),
    ],
)
def test_what_a_shot_into_close_combat_cannot_do(registry, wod, change, message):
    doc = wod.example(CLOSE)
    change(doc)
    with pytest.raises(AttackRefused, match=message.replace("[", r"\[").replace("]", r"\]")):
        check(registry, build_attack(registry, doc))


def test_avoided_combatants_are_no_targets_of_the_single_shot(registry, wod):
    doc = wod.example(CLOSE)
    check(registry, build_attack(registry, doc))  # three listed, one target: a single shot is allowed
    pool = wod.steps(chain_for(doc, dice=[7], registry=registry), "pool", "Farrow")[0]
    assert all("targets" not in m.label for m in pool.modifiers)  # no multiple-target penalty


# -- full cover --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "cover", "hit", "text"),
    [
        # 5 successes: 2 through, the flak jacket's 2 stop them
        ([8] * 5 + [1] * 4, 2, 0, "2 through the cover, the armor stops them"),
        # 6: 3 through, 1 die left after the armor: a 9
        ([8] * 6 + [1] * 3 + [9], 3, 1, "1 die through the cover: 1 success"),
        # 3: the door takes them all
        ([8] * 3 + [1] * 6, 0, 0, "the cover stops the shot"),
    ],
)
def test_full_cover_takes_its_durability_and_armor_takes_the_rest(resolve, wod, faces, cover, hit, text):
    chain = resolve("full-cover.toml", faces=faces)
    pool = wod.steps(chain, "pool", "Farrow")[0]
    assert pool.value == 9 and pool.text == "9 dice at the cover (Durability 3)"
    assert all(not m.label.startswith("armor") for m in pool.modifiers)  # armor counts after the cover
    (at_cover,) = wod.steps(chain, "cover", "Farrow")
    assert at_cover.value == cover
    (step,) = wod.steps(chain, "hit", "Farrow")
    assert (step.value, step.text) == (hit, text)
    assert chain.targets["Farrow"]["lethal"] == hit


def test_a_dramatic_failure_at_the_cover_jams_the_gun(resolve, wod):
    doc = wod.example("full-cover.toml")
    doc["shooter"].update(dexterity=1, firearms=0)
    doc["targets"][0]["range"] = "long"  # 1 - 1 + 3 - 4 = -1: a chance die at the door
    chain = resolve(doc, faces=[1])
    assert wod.steps(chain, "hit", "Farrow")[0].text == "nothing reaches him"
    assert chain.weapon["status"] == "jammed"


def test_the_full_cover_odds_agree_with_icepool(registry, wod):
    """P(Farrow hit) = sum over the successes k at the door of P(k) times P(at least
    one success among the k - 3 - 2 dice that pass the door and the armor)."""
    at_door = _successes(9)
    expected = sum(
        q / at_door.denominator() * (1 - 0.7 ** (k - 5)) for k, q in at_door.items() if k > 5
    )
    odds = compute_odds(registry, build_attack(registry, wod.example("full-cover.toml")))
    assert odds.exact
    assert odds.targets["Farrow"].hit == pytest.approx(expected, abs=1e-12)
    assert odds.targets["Farrow"].steps["cover"] == pytest.approx(_p(at_door, lambda k: k > 3), abs=1e-12)


def test_full_cover_or_concealment_not_both(registry, wod):
    doc = wod.example("full-cover.toml")
    doc["targets"][0]["concealment"] = 2
    with pytest.raises(AttackRefused, match="wholly behind cover .* or concealed, not both"):
        check(registry, build_attack(registry, doc))
