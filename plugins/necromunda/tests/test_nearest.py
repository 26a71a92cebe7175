"""Issue 18, point 2: the nearest-target rule. "A fighter must shoot at the nearest
enemy. But if a farther target is easier to hit he may shoot at it. He may ignore an
enemy in hand-to-hand combat or lying down." Targets carry their distance; enemies
the attack does not shoot at are listed ``in_sight_only``; the GM waives the rule
with ``shooter.ignore_nearest``."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from gunline.errors import AttackRefused
from gunline.odds import compute_odds
from gunline.runner import check, run
from gunline.state import ChainState


def _aimed_past(nec, **nearer):
    """Vex (BS 3, lasgun) aims at a Goliath 14" away in the open (long range: 4+)
    past another 8" away (short range +1: 3+, unless the test changes him)."""
    return nec.scenario("lasgun", targets=[
        {"name": "Far", "distance": 14},
        {"name": "Near", "distance": 8, "in_sight_only": True, **nearer},
    ])


def _refusal(nec, doc, prior=None):
    with pytest.raises(AttackRefused) as caught:
        check(nec.registry, nec.attack(doc), prior)
    return str(caught.value)


def test_the_example_shoots_the_farther_goliath_who_is_easier_to_hit(nec):
    doc = nec.example("nearest-target-easier-to-hit.toml")
    chain = nec.resolve(doc, [3])  # 4+ to hit: a miss, and no die for the one in cover
    assert nec.step(chain, "pool", "Goliath in the open").value == 4
    near = nec.step(chain, "pool", "Goliath in cover")
    assert (near.value, near.text) == (None, "in sight, not shot at")
    assert nec.step(chain, "hit", "Goliath in cover").value == 0
    assert chain.outcomes["Goliath in cover"] == "Goliath in cover: not hit"
    odds = compute_odds(nec.registry, nec.attack(doc))
    assert odds.targets["Goliath in the open"].hit == pytest.approx(float(F(1, 2)), abs=1e-12)
    assert odds.targets["Goliath in cover"].status["unharmed"] == 1.0


def test_a_nearer_enemy_who_is_no_harder_to_hit_must_be_shot_first(nec):
    message = _refusal(nec, _aimed_past(nec))
    assert message == (
        "targets[0]: "
        'nearest target: Vex must shoot at Near, the nearest enemy (8"), not Far (14"), unless Far is easier '
        "to hit (Far needs 4+ to hit, Near needs 3+ to hit); list Near first, or set shooter.ignore_nearest = "
        "true if the GM allows it"
    )
    # as hard to hit is not easier: partial cover makes Near 4+ too
    assert "not Far" in _refusal(nec, _aimed_past(nec, cover="partial"))


@pytest.mark.parametrize(
    ("nearer", "why"),
    [({"cover": "full"}, "harder to hit (5+)"), ({"status": "down"}, "lying down"),
     ({"in_combat": True}, "in hand-to-hand combat"), ({"distance": 14}, "as near, not nearer")],
)
def test_the_rule_allows_the_farther_target(nec, nearer, why):
    check(nec.registry, nec.attack(_aimed_past(nec, **nearer)))


def test_a_pinned_enemy_is_not_lying_down_for_the_rule(nec):
    assert "nearest target" in _refusal(nec, _aimed_past(nec, status="pinned"))


def test_the_gm_waives_the_rule(nec):
    doc = _aimed_past(nec)
    doc["shooter"]["ignore_nearest"] = True
    check(nec.registry, nec.attack(doc))


def test_an_enemy_the_encounter_has_put_down_may_be_ignored(nec):
    doc = _aimed_past(nec)
    down = ChainState(targets={"Near": {"status": "down", "wounds_left": 0, "flesh_wounds": 0}})
    check(nec.registry, nec.attack(doc), down)
    chain, _ = run(nec.registry, nec.attack(doc), faces=[2], prior=down)
    assert chain.targets["Near"]["status"] == "down"


def test_the_nearest_among_several_is_the_one_to_beat(nec):
    doc = _aimed_past(nec, cover="full")  # Near at 8" is harder (5+) ...
    doc["targets"].append({"name": "Nearest", "distance": 5, "in_sight_only": True, "status": "down"})
    check(nec.registry, nec.attack(doc))  # ... and the one at 5" lies down
    doc["targets"][2]["status"] = "standing"  # now he is the nearest: short range, 3+
    assert "must shoot at Nearest, the nearest enemy (5\")" in _refusal(nec, doc)


def test_a_flamer_has_no_easier_target(nec):
    doc = nec.scenario("flamer", targets=[{"name": "Far", "distance": 6},
                                           {"name": "Near", "distance": 3, "in_sight_only": True}])
    message = _refusal(nec, doc)
    assert "must shoot at Near" in message and "needs" not in message


def test_caught_fighters_count_as_enemies_in_sight(nec):
    doc = nec.example("heavy-bolter-sustained-fire.toml")
    doc["targets"][2]["distance"] = 15  # the Juve at 15" is nearer, but in partial cover: 5+, the Leader 4+
    check(nec.registry, nec.attack(doc))
    doc["targets"][2]["cover"] = "none"  # 4+ as the Leader: the Leader is no easier
    assert "must shoot at Escher Juve, the nearest enemy (15\")" in _refusal(nec, doc)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["targets"][0].update(in_sight_only=True), "targets[0]: Far is the one shot at"),
        (lambda d: d["targets"][1].update(near_first=True), "targets[1]: Near is in_sight_only (not shot at)"),
    ],
)
def test_in_sight_only_is_for_the_others_and_for_nothing_else(nec, change, message):
    doc = _aimed_past(nec, cover="full")
    change(doc)
    assert message in _refusal(nec, doc)


def test_every_shipped_example_keeps_the_rule(nec):
    for path in sorted(nec.EXAMPLES.glob("*.toml")):
        check(nec.registry, nec.attack(nec.example(path.name)))
