"""N-16 and N-17: the recovery rolls of pinned and down fighters, as data and as the
ruleset's actions between attacks (forced dice, odds against the faces counted, the
command line in an encounter)."""

from fractions import Fraction as F

import pytest

from gunline.errors import AttackRefused
from gunline.journal import Journal
from gunline.odds import action_odds
from gunline.runner import run_action
from gunline_necromunda.recovery import down_recovery, early_recovery


def test_n16_pinned_fighter_stands_on_initiative_with_a_friend_near():
    assert early_recovery(initiative=3, roll=3, friend_within_2=True) == "standing"
    assert early_recovery(initiative=3, roll=4, friend_within_2=True) == "pinned"


@pytest.mark.parametrize("friend", ["juve", "down", "broken"])
def test_n16_no_early_recovery_without_a_fit_friend(friend):
    assert early_recovery(initiative=6, roll=1, friend_within_2=True, friend=friend) == "pinned"
    assert early_recovery(initiative=6, roll=1, friend_within_2=False) == "pinned"


@pytest.mark.parametrize(
    "roll, status", [(1, "pinned"), (2, "down"), (3, "down"), (4, "down"), (5, "down"), (6, "out_of_action")]
)
def test_n17_down_fighters_recovery_roll(roll, status):
    assert down_recovery(roll) == (status, 0)


def test_n17_other_reading_adds_a_flesh_wound_on_a_1_only():
    assert down_recovery(1, flesh_wound_on_pinned=True) == ("pinned", 1)
    assert down_recovery(6, flesh_wound_on_pinned=True) == ("out_of_action", 0)


def test_a_d6_shows_one_to_six():
    with pytest.raises(ValueError):
        down_recovery(7)
    with pytest.raises(ValueError):
        early_recovery(3, 0, True)


# -- the recovery rolls as actions between attacks (issue 18, point 4) --------------------

JUVE, GANGER = "Goliath Juve", "Goliath Ganger"


def _act(nec, action, who, faces, variants=(), doc=None, prior=None):
    doc = doc or nec.example("recovery-pinned-and-down.toml")
    attack = nec.attack({**doc, "variants": list(variants)})
    chain, unused = run_action(nec.registry, attack, action, who, faces=faces, prior=prior)
    assert unused == 0
    return chain


@pytest.mark.parametrize(
    ("face", "status", "value", "text"),
    [(1, "pinned", 1, "recovers: pinned"), (2, "down", 0, "stays down"), (5, "down", 0, "stays down"),
     (6, "out_of_action", 0, "out of action")],
)
def test_n17_the_recovery_roll_of_a_down_fighter(nec, face, status, value, text):
    chain = _act(nec, "recovery", GANGER, [face])
    (step,) = chain.steps
    assert (step.kind, step.target, step.value, step.text) == ("recovery", GANGER, value, text)
    assert chain.targets[GANGER]["status"] == status
    assert chain.targets[GANGER]["flesh_wounds"] == 0


def test_n17_the_other_reading_adds_a_flesh_wound_on_the_1(nec):
    chain = _act(nec, "recovery", GANGER, [1], variants=["necromunda.flesh-wound-on-recovery"])
    assert chain.targets[GANGER] == {"status": "pinned", "wounds_left": 0, "flesh_wounds": 1}
    assert chain.steps[0].text == "recovers: pinned, and a flesh wound"
    chain = _act(nec, "recovery", GANGER, [6], variants=["necromunda.flesh-wound-on-recovery"])
    assert chain.targets[GANGER]["flesh_wounds"] == 0
    doc = nec.example("recovery-pinned-and-down.toml")
    doc["targets"][1].update(ws=1, bs=2, flesh_wounds=1)  # a second flesh wound: WS and BS at 0
    chain = _act(nec, "recovery", GANGER, [1], variants=["necromunda.flesh-wound-on-recovery"], doc=doc)
    assert chain.targets[GANGER]["status"] == "out_of_action"


@pytest.mark.parametrize(("face", "stands"), [(1, True), (3, True), (4, False), (6, False)])
def test_n16_the_early_recovery_test_with_initiative_3(nec, face, stands):
    chain = _act(nec, "early-recovery", JUVE, [face])
    step = chain.steps[0]
    assert step.value == int(stands)
    assert step.text == f"Initiative 3, rolled {face}: {'stands up' if stands else 'stays pinned'}"
    assert step.rolls[0].need == "3 or under"
    assert chain.targets[JUVE]["status"] == ("unharmed" if stands else "pinned")


def test_a_pinned_fighter_stands_up_at_the_end_of_his_turn_without_a_roll(nec):
    chain = _act(nec, "stand-up", JUVE, [])
    assert chain.dice == [] and chain.targets[JUVE]["status"] == "unharmed"


@pytest.mark.parametrize(
    ("action", "who", "message"),
    [
        ("recovery", JUVE, "Goliath Juve is pinned, not down: the recovery is for down fighters (pinned: "
                           "early-recovery or stand-up)"),
        ("early-recovery", GANGER, "Goliath Ganger is down, not pinned"),
        ("stand-up", GANGER, "Goliath Ganger is down, not pinned"),
    ],
)
def test_each_action_is_for_the_fighters_it_names(nec, action, who, message):
    with pytest.raises(AttackRefused, match=message.replace("(", r"\(").replace(")", r"\)")):
        _act(nec, action, who, [1])


def test_the_early_test_needs_the_initiative(nec):
    doc = nec.example("recovery-pinned-and-down.toml")
    del doc["targets"][0]["initiative"]
    with pytest.raises(AttackRefused, match=r"targets\[0\].initiative: give Goliath Juve's Initiative"):
        _act(nec, "early-recovery", JUVE, [1], doc=doc)


def test_the_early_test_needs_a_fit_friend_within_2_inches(nec):
    """N-16: only with a friend within 2" (not a juve, down or broken), which the GM
    marks; without one the fighter waits for the end of his turn (stand-up)."""
    doc = nec.example("recovery-pinned-and-down.toml")
    doc["targets"][0]["friend_near"] = False
    with pytest.raises(AttackRefused, match=r'targets\[0\].friend_near: Goliath Juve needs a friend within 2"'):
        _act(nec, "early-recovery", JUVE, [1], doc=doc)
    chain = _act(nec, "stand-up", JUVE, [], doc=doc)  # the end of his turn needs no friend
    assert chain.targets[JUVE]["status"] == "unharmed"  # pinned no more


def test_the_recovery_odds_are_the_faces_counted(nec):
    attack = nec.attack(nec.example("recovery-pinned-and-down.toml"))
    odds = action_odds(nec.registry, attack, "recovery", GANGER)
    by_hand = {"pinned": F(1, 6), "down": F(4, 6), "out_of_action": F(1, 6), "unharmed": F(0)}
    assert odds.exact
    for status, p in by_hand.items():
        assert odds.targets[GANGER].status[status] == pytest.approx(float(p), abs=1e-12)
    for initiative, stands in ((1, F(1, 6)), (3, F(1, 2)), (5, F(5, 6)), (7, F(1))):
        doc = nec.example("recovery-pinned-and-down.toml")
        doc["targets"][0]["initiative"] = initiative
        odds = action_odds(nec.registry, nec.attack(doc), "early-recovery", JUVE)
        assert odds.targets[JUVE].status["unharmed"] == pytest.approx(float(stands), abs=1e-12)
        assert odds.targets[JUVE].steps["recovery"] == pytest.approx(float(stands), abs=1e-12)


def test_a_fighter_downed_in_an_encounter_recovers_from_the_command_line(nec, tmp_path, monkeypatch, capsys):
    """Vex shoots a Goliath down (hit 4, wound 4, injury 3), then, in the recovery
    phase, the GM rolls the Goliath's recovery (a 1: pinned); undo puts him down again."""
    from gunline.cli import main

    monkeypatch.setattr("gunline.plugins.discover", lambda *a, **k: nec.registry)
    journal = tmp_path / "j.db"
    shot = tmp_path / "shot.toml"
    shot.write_text((nec.EXAMPLES / "lasgun-long-range.toml").read_text())
    assert main(["resolve", str(shot), "--encounter", "pit", "--journal", str(journal), "--dice", "4,4,3"]) == 0
    capsys.readouterr()
    code = main(["act", "recovery", "--encounter", "pit", "--journal", str(journal), "--target", "Goliath",
                 "--dice", "1"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "Goliath: recovers: pinned" in out and "committed to encounter 'pit' as entry #2" in err
    with Journal(journal) as j:
        assert j.state("pit").targets["Goliath"]["status"] == "pinned"
    code = main(["act", "recovery", "--encounter", "pit", "--journal", str(journal), "--target", "Goliath",
                 "--dice", "1"])
    assert code == 2 and "Goliath is pinned, not down" in capsys.readouterr().err
    assert main(["journal", "undo", "pit", "--journal", str(journal)]) == 0
    with Journal(journal) as j:
        assert j.state("pit").targets["Goliath"]["status"] == "down"
