"""Issue 18, point 10: a dramatic failure jams the gun (its state in the encounter),
the next attack is refused until the jam is cleared, an action between attacks
(``clear-jam``), and a reload does not clear it. Variant wod.storytellers-call: the
dramatic failure is reported and left to the Storyteller."""

from __future__ import annotations

import pytest

from gunline import AttackRefused, ChainState, cli
from gunline.journal import Journal
from gunline.odds import action_odds, compute_odds
from gunline.runner import check, run_action
from gunline.scenario import build_attack

JAM = "jam-on-a-dramatic-failure.toml"
JAMMED = ChainState(weapon={"rounds_left": 16, "status": "jammed"})


def test_the_chance_die_1_jams_the_pistol(resolve, wod):
    chain = resolve(JAM, faces=[1])
    assert wod.steps(chain, "hit")[0].text == "dramatic failure"
    (ammo,) = wod.steps(chain, "ammo")
    assert ammo.text == "1 round fired, 16 left; a dramatic failure: the light pistol jams (clear it: action clear-jam)"
    assert chain.weapon == {"rounds_left": 16, "status": "jammed"}
    assert chain.outcomes["Farrow"] == "Farrow: dramatic failure on the chance die: the light pistol jams"
    for faces in ([2], [10, 3]):
        assert resolve(JAM, faces=faces).weapon["status"] == "ok"


def test_the_storytellers_call_leaves_the_gun_as_it_is(resolve, wod):
    chain = resolve(JAM, faces=[1], variants=["wod.storytellers-call"])
    assert chain.weapon == {"rounds_left": 16, "status": "ok"}
    ammo = wod.steps(chain, "ammo")[0]
    assert ammo.text.endswith("a dramatic failure: the Storyteller decides (a jam, or a stray hit)")
    assert "the Storyteller decides" in chain.outcomes["Farrow"]


def test_a_burst_jams_once_whatever_the_number_of_dramatic_failures(resolve, wod):
    doc = wod.example("four-targets-long-burst.toml")
    for target in doc["targets"]:
        target["range"] = "long"
        target["concealment"] = 3  # 12 - 4 - 4 - 3: a chance die each, at least
    chain = resolve(doc, faces=[1, 1, 1, 1])
    assert chain.weapon == {"rounds_left": 10, "status": "jammed"}
    assert len(wod.steps(chain, "ammo")) == 1


def test_the_jam_odds_are_the_chance_die_1(registry, wod):
    odds = compute_odds(registry, build_attack(registry, wod.example(JAM)))
    assert odds.exact
    assert odds.weapon.status == {"ok": pytest.approx(0.9, abs=1e-12), "empty": 0.0,
                                  "jammed": pytest.approx(0.1, abs=1e-12)}
    odds = compute_odds(registry, build_attack(registry, wod.example(JAM), "", ["wod.storytellers-call"]))
    assert odds.weapon.status["jammed"] == 0.0


def test_a_jammed_gun_is_refused_and_the_file_can_say_so(registry, wod):
    attack = build_attack(registry, wod.example(JAM))
    with pytest.raises(AttackRefused, match="the light pistol is jammed: clear it first"):
        check(registry, attack, JAMMED)
    doc = wod.example(JAM)
    doc["weapon"]["jammed"] = True
    with pytest.raises(AttackRefused, match="is jammed"):
        check(registry, build_attack(registry, doc))


def test_clearing_the_jam_is_an_action_with_no_roll(registry, wod):
    attack = build_attack(registry, wod.example(JAM))
    chain, _ = run_action(registry, attack, "clear-jam", faces=[], prior=JAMMED)
    assert chain.who == "Mickey" and chain.dice == []
    assert chain.weapon == {"rounds_left": 16, "status": "ok"}
    assert chain.steps[0].text == "the light pistol is cleared: 16 rounds left"
    empty = ChainState(weapon={"rounds_left": 0, "status": "jammed"})
    assert run_action(registry, attack, "clear-jam", faces=[], prior=empty)[0].weapon["status"] == "empty"
    with pytest.raises(AttackRefused, match="the weapon is ok, not jammed: there is nothing to clear"):
        run_action(registry, attack, "clear-jam", faces=[])
    odds = action_odds(registry, attack, "clear-jam", prior=JAMMED)
    assert odds.weapon.status["ok"] == 1.0 and odds.outcomes == 1


def test_a_reload_keeps_the_jam(registry, wod, tmp_path):
    path = tmp_path / "j.db"
    doc = wod.example(JAM)
    attack = build_attack(registry, doc)
    with Journal(path) as journal:
        journal.resolve("alley", registry, attack, doc, faces=[1])
        journal.reload("alley", registry, attack=attack, document=doc)
        assert journal.state("alley").weapons["Mickey"]["light pistol"] == {"rounds_left": 17, "status": "jammed"}


def test_jammed_then_cleared_in_an_encounter_from_the_command_line(wod, tmp_path, capsys):
    """WOD: Mickey's chance die shows 1: jammed; his next shot is refused; the GM
    clears the jam (an action, committed); the shot after it is allowed; undo jams
    it again."""
    journal = str(tmp_path / "j.db")
    scenario = str(wod.EXAMPLES / JAM)
    base = ["--encounter", "alley", "--journal", journal]
    assert cli.main(["resolve", scenario, "--dice", "1", *base]) == 0
    capsys.readouterr()
    assert cli.main(["resolve", scenario, "--dice", "5", *base]) == 2
    assert "the light pistol is jammed: clear it first" in capsys.readouterr().err
    assert cli.main(["act", "clear-jam", "--shooter", "Mickey", *base]) == 0
    out, err = capsys.readouterr()
    assert "wod: clear-jam for Mickey" in out and "committed to encounter 'alley' as entry #2" in err
    assert cli.main(["resolve", scenario, "--dice", "5", *base]) == 0
    capsys.readouterr()
    assert cli.main(["journal", "undo", "alley", "--journal", journal]) == 0  # the second shot
    assert cli.main(["journal", "undo", "alley", "--journal", journal]) == 0  # the clearing
    with Journal(journal) as j:
        assert j.state("alley").weapons["Mickey"]["light pistol"]["status"] == "jammed"


def test_clearing_the_jam_passes_the_action_checks(registry, wod):
    """The conformance suite's action checks, from a jammed gun (no example starts
    jammed: a jammed gun's attack is refused)."""
    from gunline.testing.actions import check_actions

    attack = build_attack(registry, wod.example(JAM))
    assert check_actions(registry, attack, [0, 1], 200, 3000, prior=JAMMED) == 1
