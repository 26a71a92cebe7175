"""Sight decides reactions: a target that sees the shooter may react; Alert against
Stealth applies to one that does not; a third model that sees the shooter may react
in its place. Each branch with forced dice, and the seed's example."""

from __future__ import annotations

import pytest


def _sentry(example, *, sees, alert, stealth):
    doc = example("sentry_sees_the_ninja")
    target = doc["targets"][0]
    target.update(sees_shooter=sees, alert=alert)
    doc["shooter"]["stealth"] = stealth
    return doc


def test_the_seed_general_has_his_back_turned_and_the_master_sees_the_ninja(example, resolve, step_of):
    """SAM-1: the general does not see the ninja and his Alert 1 falls to Stealth 2;
    the bushido master has the ninja in his field of view and returns fire."""
    chain = resolve(example("ninja_and_bushido_master"), [2, 3, 9])
    check = step_of(chain, "reaction_check", "General")
    assert check.data["target_may_react"] is False
    assert "General does not see Ninja; Alert 1 < Ninja's Stealth 2: cannot react" in check.text
    assert "Bushido master sees Ninja and may react in its place" in check.text
    assert step_of(chain, "reaction", "General").data["by"] == "Bushido master"
    assert chain.shooter["status"] == "stunned"


def test_a_target_that_sees_the_shooter_reacts_whatever_its_alert(example, resolve, step_of):
    # Alert 0 against Stealth 2, but the sentry sees the ninja: it returns fire.
    # The ninja's 2 and 5 (on 6) against the sentry's 7, a Lucky Chance on its 7.
    chain = resolve(_sentry(example, sees=True, alert=0, stealth=2), [2, 5, 7])
    check = step_of(chain, "reaction_check", "Sentry")
    assert check.value == 1 and check.data["target_may_react"] is True
    assert check.text == "Sentry sees Ninja: may react"
    assert step_of(chain, "reaction", "Sentry").data["effective"] == "return_fire"
    assert step_of(chain, "return_fire", "Sentry").value == 1
    assert chain.shooter["status"] == "stunned"


def test_a_target_that_does_not_see_reacts_by_alert_against_stealth(example, resolve, step_of):
    # not seen, Alert 2 against Stealth 2: at least, so it may react (the default rule)
    chain = resolve(_sentry(example, sees=False, alert=2, stealth=2), [2, 5, 7])
    check = step_of(chain, "reaction_check", "Sentry")
    assert check.value == 1
    assert "does not see Ninja; Alert 2 = Ninja's Stealth 2: may react" in check.text
    assert step_of(chain, "reaction", "Sentry").data["effective"] == "return_fire"


def test_a_target_that_neither_sees_nor_is_alert_enough_cannot_react(example, resolve, step_of):
    # not seen, Alert 1 against Stealth 2: no reaction; two plain tests, 2 hits on 6 ...
    chain = resolve(_sentry(example, sees=False, alert=1, stealth=2), [2, 5, 10, 10, 10, 10])
    check = step_of(chain, "reaction_check", "Sentry")
    assert check.value == 0
    reaction = step_of(chain, "reaction", "Sentry")
    assert reaction.data["effective"] == "none"
    assert "may not react" in reaction.text
    assert step_of(chain, "hit", "Sentry").data["test"] == "plain"
    assert chain.shooter["status"] == "unharmed"


def test_alert_above_stealth_under_the_variant_still_yields_to_sight(example, resolve, step_of):
    not_seen = _sentry(example, sees=False, alert=2, stealth=2)
    chain = resolve(not_seen, [2, 5, 10, 10, 10, 10], variants=("samurai.alert-exceeds-stealth",))
    assert step_of(chain, "reaction_check", "Sentry").value == 0
    seen = _sentry(example, sees=True, alert=2, stealth=2)
    chain = resolve(seen, [2, 5, 7], variants=("samurai.alert-exceeds-stealth",))
    assert step_of(chain, "reaction_check", "Sentry").value == 1


@pytest.mark.parametrize("sees", [True, False])
def test_a_model_reacting_in_the_target_s_place_must_see_the_shooter(example, resolve, step_of, sees):
    doc = example("ninja_and_bushido_master")
    doc["targets"][0]["reactor"]["sees_shooter"] = sees
    chain = resolve(doc, [2, 3, 9] if sees else [9, 9])
    assert step_of(chain, "reaction_check", "General").value == int(sees)
    reaction = step_of(chain, "reaction", "General")
    assert reaction.data["effective"] == ("return_fire" if sees else "none")
    if not sees:
        assert reaction.text == "Bushido master does not see Ninja: the return fire is lost"


def test_a_general_who_turns_round_reacts_himself(example, resolve, step_of):
    """The seed's general facing the ninja may react; he carries no bow, so his
    return fire is impossible and lost, and the ninja's shots stay plain tests."""
    doc = example("general_alone")
    doc["targets"][0]["sees_shooter"] = True
    chain = resolve(doc, [2, 5, 7, 9, 9])
    assert step_of(chain, "reaction_check", "General").data["target_may_react"] is True
    reaction = step_of(chain, "reaction", "General")
    assert reaction.text == "General has no missile weapon: the return fire is lost"
    assert step_of(chain, "hit", "General").value == 1


def test_sight_is_a_described_field_of_the_target():
    import msgspec

    from gunline_samurai.schema import Target

    schema = msgspec.json.schema(Target)
    field = schema["$defs"]["Target"]["properties"]["sees_shooter"]
    assert field["default"] is False
    assert "sees the shooter" in field["description"]


@pytest.mark.parametrize(("sees", "alert"), [(True, 0), (False, 0), (False, 3)],
                         ids=["sees", "blind-and-not-alert", "blind-but-alert"])
def test_each_sight_branch_s_odds_equal_every_dice_sequence_walked_through_the_engine(
        registry, attack_of, example, sees, alert):
    """The sentry example on a d4, so that the whole tree (the exchange, then every
    wound test) is walked face by face through the engine with forced dice; each
    face 1/4. The odds interpreter must give exactly the same final statuses."""
    from fractions import Fraction

    from gunline import DiceNeeded, ScriptedDice
    from gunline.engine import resolve as run_engine
    from gunline.odds import compute_odds

    doc = _sentry(example, sees=sees, alert=alert, stealth=2)
    doc["die"] = 4
    doc["shooter"].update(shooting=2, body=1)
    doc["targets"][0].update(shooting=3, body=1)
    attack = attack_of(doc)
    stack = registry.stack("samurai")
    totals: dict[str, Fraction] = {}
    pending: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    while pending:
        faces, weight = pending.pop()
        try:
            chain = run_engine(stack, attack, ScriptedDice(faces))
        except DiceNeeded as need:
            assert need.request.sides == 4
            pending.extend((faces + [f], weight / 4) for f in range(1, 5))
            continue
        for who, status in (("Ninja", chain.shooter["status"]), ("Sentry", chain.targets["Sentry"]["status"])):
            totals[f"{who} {status}"] = totals.get(f"{who} {status}", Fraction(0)) + weight
    odds = compute_odds(registry, attack, method="exact")
    assert odds.exact
    for key, p in totals.items():
        who, status = key.split(" ", 1)
        got = (odds.shooter.status if who == "Ninja" else odds.targets["Sentry"].status).get(status, 0.0)
        assert got == pytest.approx(float(p), abs=1e-12), key
    reacted = any(k.startswith("Ninja") and not k.endswith("unharmed") for k in totals)
    assert reacted == (sees or alert > 2)  # only a sentry that may react can hurt the ninja
