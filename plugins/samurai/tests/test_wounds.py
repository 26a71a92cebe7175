"""Armour and wound tests (SAM-4 to SAM-6), Stunned on the last wound, killed only
by a Lucky Chance on the wound test."""


def wound_rolls(chain, step_of):
    return {r.label: r for r in step_of(chain, "wound", "Samurai").rolls}


def test_sam4_armour_takes_the_hit_then_six_against_six(example, resolve, step_of):
    # hit 3 ≤ 7; armour test 4 ≤ Protection 6: the armour; wound test 5 vs 2
    chain = resolve(example("armoured_samurai"), [3, 4, 5, 2])
    rolls = wound_rolls(chain, step_of)
    assert rolls["wound test (hit): Body + Damage"].need.startswith("6 or less")  # Body 4 + Damage 2
    assert rolls["wound test (hit): Body + Durability"].need.startswith("6 or less")  # Body 4 + Durability 2
    wound = step_of(chain, "wound", "Samurai")
    assert wound.value == 1
    assert chain.targets["Samurai"] == {"status": "wounded", "wounds_left": 1}


def test_sam5_armour_test_failed_the_body_alone(example, resolve, step_of):
    chain = resolve(example("armoured_samurai"), [3, 8, 5, 2])
    rolls = wound_rolls(chain, step_of)
    assert rolls["wound test (hit): Body"].need.startswith("4 or less")


def test_sam6_lucky_chance_on_the_wound_test_kills(example, resolve, step_of):
    # the attacker rolls exactly its 6: dead, whatever the wounds left
    chain = resolve(example("armoured_samurai"), [3, 4, 6, 2])
    assert chain.targets["Samurai"]["status"] == "killed"
    assert step_of(chain, "wound", "Samurai").data["kills"] == 1


def test_defender_s_lucky_chance_cancels_the_attacker_s(example, resolve, step_of):
    # the comparative rule: 6 (Lucky on 6) against 6 (Lucky on Body + Durability 6)
    chain = resolve(example("armoured_samurai"), [3, 4, 6, 6])
    assert chain.targets["Samurai"]["status"] == "unharmed"
    assert step_of(chain, "wound", "Samurai").value == 0


def test_higher_success_wins_the_wound_test(example, resolve, step_of):
    chain = resolve(example("armoured_samurai"), [3, 4, 2, 5])
    assert step_of(chain, "wound", "Samurai").value == 0


def test_no_armour_no_armour_test(example, resolve, step_of):
    doc = example("armoured_samurai")
    doc["targets"][0]["protection"] = 0
    chain = resolve(doc, [3, 5, 2])
    assert [r.label for r in step_of(chain, "wound", "Samurai").rolls] == [
        "wound test (hit): Body + Damage", "wound test (hit): Body"]


def test_losing_the_last_wound_stuns(example, resolve):
    doc = example("armoured_samurai")
    doc["targets"][0]["wounds"] = 1
    chain = resolve(doc, [3, 8, 5, 2])
    assert chain.targets["Samurai"] == {"status": "stunned", "wounds_left": 0}


def test_body_plus_damage_above_ten_always_succeeds(example, resolve, step_of):
    doc = example("armoured_samurai")
    doc["weapon"] = {"name": "teppo", "damage": 7}  # Body 4 + 7 = 11
    doc["targets"][0]["protection"] = 0
    # the attacker's 10 is neither a Lucky Chance nor a failure; 10 beats the 3
    chain = resolve(doc, [3, 10, 3])
    assert step_of(chain, "wound", "Samurai").value == 1
    assert chain.targets["Samurai"]["status"] == "wounded"


def test_every_hit_is_rolled_while_the_target_lives_but_not_once_killed(example, resolve, step_of):
    doc = example("armoured_samurai")
    doc["shooter"]["attacks"] = 2
    doc["weapon"] = {"name": "hankyu", "damage": 2}
    # two hits; the first wound test is a Lucky Chance (6 on 6): the second is not rolled
    chain = resolve(doc, [1, 1, 4, 6, 2])
    wound = step_of(chain, "wound", "Samurai")
    assert chain.targets["Samurai"]["status"] == "killed"
    assert len(wound.rolls) == 3


def test_wound_odds_of_one_hit_by_hand(example, resolve):
    """Archer Body 4 + yumi Damage 2 = 6 against Body 4, Protection 6, Durability 2.

    Armour takes the hit on 1-6 (6/10): 6 against 6. Kill: the attacker's Lucky
    (1/10) and not the defender's (9/10) = 9/100. Ordinary win: both succeed on
    1-5 with the attacker higher (10 of 25 pairs) or the attacker succeeds (5) and
    the defender fails (7-10: 4): 10 + 20 = 30/100.
    Body takes it (4/10): 6 against 4. Kill 9/100 again; ordinary: attacker 1-5
    over defender 1-3 higher (1 + 2 + 3 + 3 = 9) or defender fails (5 × 6 = 30):
    39/100. So kill 9/100 and wound 6/10·30/100 + 4/10·39/100 = 336/1000.
    """
    doc = example("armoured_samurai")
    kills = wounds = 0
    for armour in range(1, 11):
        for a in range(1, 11):
            for d in range(1, 11):
                after = resolve(doc, [1, armour, a, d]).targets["Samurai"]
                kills += after["status"] == "killed"
                wounds += after["status"] != "killed" and after["wounds_left"] == 1
    assert (kills, wounds) == (90, 336)
