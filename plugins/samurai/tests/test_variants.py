"""The variants: Alert must exceed Stealth; a Lucky Chance on a plain hit wounds."""

ALERT = "samurai.alert-exceeds-stealth"
LUCKY = "samurai.lucky-hit-wounds"


def test_equal_alert_reacts_by_default_but_not_under_the_variant(example, resolve, step_of):
    doc = example("teppo_duel")
    doc["targets"][0]["alert"] = 0  # equal to the gunner's Stealth 0
    base = resolve(doc, [9, 9])
    assert step_of(base, "reaction").data["effective"] == "return_fire"
    variant = resolve(doc, [9], variants=[ALERT])
    assert step_of(variant, "reaction_check").value == 0
    assert step_of(variant, "reaction").data["effective"] == "none"
    assert variant.variants == [ALERT]
    assert step_of(variant, "reaction_check").source == ALERT


def test_greater_alert_still_reacts_under_the_variant(example, resolve, step_of):
    chain = resolve(example("teppo_duel"), [9, 9], variants=[ALERT])  # Alert 1 > Stealth 0
    assert step_of(chain, "reaction").data["effective"] == "return_fire"


def test_plain_lucky_chance_is_an_ordinary_hit_by_default(example, resolve, step_of):
    doc = example("general_alone")
    # 4 on 4 is a Lucky Chance; 9 misses; the hit takes its armour and wound tests
    chain = resolve(doc, [4, 9, 8, 9, 9])
    assert step_of(chain, "hit").data == {"lucky": 0, "hits": 1, "test": "plain"}
    assert len(step_of(chain, "wound").rolls) == 3


def test_plain_lucky_chance_wounds_at_once_under_the_variant(example, resolve, step_of):
    chain = resolve(example("general_alone"), [4, 9], variants=[LUCKY])
    hit = step_of(chain, "hit")
    assert hit.value == 1 and hit.data["lucky"] == 1 and hit.source == LUCKY
    wound = step_of(chain, "wound")
    assert wound.value == 1 and wound.rolls == []  # no armour or wound test
    assert chain.targets["General"] == {"status": "wounded", "wounds_left": 1}


def test_the_lucky_variant_leaves_the_exchange_alone(example, resolve):
    chain = resolve(example("ninja_and_bushido_master"), [2, 3, 9], variants=[LUCKY])
    assert chain.shooter["status"] == "stunned"
