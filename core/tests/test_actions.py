"""Actions between attacks, with the toy ruleset: declared, checked, resolved with
forced dice, their odds against fractions worked by hand, and on the command line
and in the journal (committed, undone, found from the encounter's last attack)."""

from __future__ import annotations

import json
import sqlite3
from fractions import Fraction

import msgspec
import pytest

from gunline import Action, AttackRefused, BadInput, ChainState, PluginFailed, Registry, ScriptedDice
from gunline.actions import offered, resolve_action, who_for
from gunline.cli import main
from gunline.journal import Journal, problems
from gunline.journal.schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION
from gunline.odds import action_odds
from gunline.runner import run_action
from gunline.scenario import build_attack

#: Cy has taken one of his two wounds: first aid is for him.
CY_WOUNDED = ChainState(targets={"Cy": {"status": "wounded", "wounds_left": 1}})


@pytest.fixture
def attack(registry, doc):
    return build_attack(registry, doc)


def first_aid(registry, attack, faces, prior=CY_WOUNDED):
    chain, unused = run_action(registry, attack, "first-aid", "Cy", faces=faces, prior=prior)
    assert unused == 0
    return chain


# -- declaring ------------------------------------------------------------------------


def _declaring(toy, **actions):
    class Declares:
        @toy.hookimpl
        def gunline_ruleset(self):
            return msgspec.structs.replace(toy.gunline_ruleset(), name="declares", actions=actions)

        build_pool = staticmethod(toy.build_pool)
        resolve_hit = staticmethod(toy.resolve_hit)
        spend_ammo = staticmethod(toy.spend_ammo)

    return Declares()


@pytest.mark.parametrize(
    ("actions", "why"),
    [
        ({"First Aid": Action(description="x")}, "action name 'First Aid'; expected lowercase words joined by hyphens"),
        ({"heal": "a d6"}, "action 'heal' is str, expected gunline.Action"),
        ({"heal": Action(description="x", applies_to="everyone")}, "applies to 'everyone'; expected one of target"),
    ],
)
def test_an_action_core_cannot_offer_is_refused_at_load_naming_it(toy, actions, why):
    with pytest.raises(TypeError, match="ruleset 'declares': ") as caught:
        Registry().add("declares", _declaring(toy, **actions))
    assert why in str(caught.value)


def test_actions_declared_without_a_resolver_fail_when_taken_naming_the_ruleset(toy, doc):
    registry = Registry()
    registry.add("declares", _declaring(toy, heal=Action(description="x")))
    doc["ruleset"] = "declares"
    attack = build_attack(registry, doc)
    with pytest.raises(PluginFailed, match="'declares' failed in resolve_action: no plugin of the stack resolves"):
        run_action(registry, attack, "heal", "Bo", seed=1)


def test_the_stack_offers_the_ruleset_actions_and_the_plugins_list_names_them(registry, attack):
    assert sorted(registry.stack("toy").actions) == ["first-aid", "new-magazine"]
    info = registry.plugins["toy"].info()
    assert info.actions == ["first-aid", "new-magazine"]


def test_offers_say_whom_each_action_is_for_and_what_the_rules_refuse(registry, attack):
    offers = offered(registry.stack("toy"), attack, CY_WOUNDED)
    assert [(o.action, o.who, o.refused) for o in offers] == [
        ("first-aid", "Bo", "Bo is unharmed: first aid is for the wounded"),
        ("first-aid", "Cy", ""),
        ("new-magazine", "Ann", ""),
    ]


# -- whom an action is about ------------------------------------------------------------


def test_whom_an_action_is_about_is_checked_against_the_scenario(registry, attack):
    stack = registry.stack("toy")
    assert who_for(stack, attack, "first-aid", "Cy") == "Cy"
    assert who_for(stack, attack, "new-magazine") == "Ann"
    with pytest.raises(BadInput, match="action first-aid: it is about one target; name one of Bo, Cy"):
        who_for(stack, attack, "first-aid")
    with pytest.raises(BadInput, match="'Di' is not a target of the scenario; its targets: Bo, Cy"):
        who_for(stack, attack, "first-aid", "Di")
    with pytest.raises(BadInput, match=r"about the shooter \(Ann's weapon\), not 'Bo'"):
        who_for(stack, attack, "new-magazine", "Bo")
    with pytest.raises(BadInput, match="'dance' is not an action of toy; its actions: first-aid, new-magazine"):
        who_for(stack, attack, "dance", "Bo")


# -- resolving, forced dice -------------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "status", "left", "text"),
    [(4, "unharmed", 2, "heals: unharmed, 2 left"), (6, "unharmed", 2, "heals: unharmed, 2 left"),
     (2, "wounded", 1, "no change: wounded, 1 left"), (1, "dead", 0, "worse: dead, 0 left")],
)
def test_first_aid_by_the_face_rolled(registry, attack, face, status, left, text):
    chain = first_aid(registry, attack, [face])
    assert chain.action == "first-aid" and chain.who == "Cy"
    assert chain.targets == {"Cy": {"status": status, "wounds_left": left}}
    (step,) = chain.steps
    assert (step.kind, step.target, step.source, step.text) == ("first-aid", "Cy", "toy", text)
    assert step.rolls[0].values == [face] and chain.dice == [face]
    assert chain.outcomes == {"Cy": f"Cy: {text}"}


def test_an_action_the_rules_refuse_rolls_nothing(registry, attack):
    dice = ScriptedDice([4])
    with pytest.raises(AttackRefused, match="Bo is unharmed: first aid is for the wounded"):
        resolve_action(registry.stack("toy"), attack, "first-aid", "Bo", dice)
    assert dice.consumed == []


def test_an_action_on_the_weapon_changes_the_weapon_alone(registry, attack):
    spent = ChainState(weapon={"rounds_left": 0, "status": "empty"})
    chain, _ = run_action(registry, attack, "new-magazine", seed=3, prior=spent)
    assert chain.weapon == {"rounds_left": 6, "status": "ok"} and chain.targets == {} and chain.dice == []


def test_the_same_seed_gives_the_same_action_and_its_dice_replay_it(registry, attack):
    one, _ = run_action(registry, attack, "first-aid", "Cy", seed=11, prior=CY_WOUNDED)
    two, _ = run_action(registry, attack, "first-aid", "Cy", seed=11, prior=CY_WOUNDED)
    replayed = first_aid(registry, attack, one.dice)
    assert msgspec.json.encode(one) == msgspec.json.encode(two)
    assert replayed.targets == one.targets and replayed.steps[0].text == one.steps[0].text


# -- odds -------------------------------------------------------------------------------


def test_first_aid_odds_are_the_faces_counted_by_hand(registry, attack):
    odds = action_odds(registry, attack, "first-aid", "Cy", prior=CY_WOUNDED)
    by_hand = {"unharmed": Fraction(3, 6), "wounded": Fraction(2, 6), "dead": Fraction(1, 6)}
    assert odds.exact and odds.outcomes == 3
    assert set(odds.targets) == {"Cy"}
    for status, p in by_hand.items():
        assert odds.targets["Cy"].status[status] == pytest.approx(float(p), abs=1e-12)
    assert odds.targets["Cy"].reached["first-aid"] == 1.0


def test_odds_of_a_refused_action_are_refused_too(registry, attack):
    with pytest.raises(AttackRefused, match="Bo is unharmed"):
        action_odds(registry, attack, "first-aid", "Bo")


def test_an_action_without_dice_has_one_outcome(registry, attack):
    odds = action_odds(registry, attack, "new-magazine")
    assert odds.exact and odds.outcomes == 1 and odds.weapon.status == {"ok": 1.0, "empty": 0.0}
    assert odds.targets == {}


# -- the journal ------------------------------------------------------------------------


def test_an_action_commits_to_the_encounter_and_undo_reverts_it(registry, doc, tmp_path):
    attack = build_attack(registry, doc)
    with Journal(tmp_path / "j.db") as journal:
        journal.resolve("pit", registry, attack, doc, faces=[2, 6])  # Cy, in cover, needs 5+: one wound
        assert journal.state("pit").targets["Cy"] == {"status": "wounded", "wounds_left": 1}
        chain, unused, entry = journal.act("pit", registry, "first-aid", who="Cy", faces=[5])
        assert unused == 0 and chain.targets["Cy"]["status"] == "unharmed"
        assert (entry.action, entry.act, entry.who, entry.dice) == ("act", "first-aid", "Cy", [5])
        assert entry.summary == "first-aid: Cy: heals: unharmed, 2 left"
        assert [(c.table, c.key, c.before, c.after) for c in entry.changes] == [
            ("targets", ["Cy"], {"status": "wounded", "wounds_left": 1}, {"status": "unharmed", "wounds_left": 2})
        ]
        assert entry.scenario == doc  # the fighters came from the last attack on Cy
        assert journal.state("pit").targets["Cy"]["wounds_left"] == 2
        undo = journal.undo("pit")
        assert undo.undoes == entry.id
        assert journal.state("pit").targets["Cy"] == {"status": "wounded", "wounds_left": 1}
        with pytest.raises(AttackRefused, match="Bo is unharmed"):
            journal.act("pit", registry, "first-aid", who="Bo", seed=1)
        assert [e.action for e in journal.entries("pit")] == ["attack", "act", "undo"]
        assert problems(journal) == []


def test_an_action_with_nothing_to_act_from_names_what_to_give(registry, doc, tmp_path):
    with Journal(tmp_path / "j.db") as journal:
        journal.create("pit")
        with pytest.raises(BadInput, match="first-aid: no attack in encounter 'pit' .* give the scenario file"):
            journal.act("pit", registry, "first-aid", who="Cy", seed=1)


def _old_journal(path):
    """A journal as gunline wrote it before actions (schema 1), with one attack, its
    undo, and one more number issued than kept (a rolled-back entry takes none, but
    the sequence may run ahead of a journal that lost its last entry)."""
    conn = sqlite3.connect(path, isolation_level=None)
    for statement in MIGRATIONS[0]:
        conn.execute(statement)
    conn.execute("INSERT INTO encounters (name, created_at) VALUES ('pit', 't')")
    change = json.dumps([{"table": "targets", "key": ["Bo"], "before": None, "after": {"status": "dead"}}])
    undo = json.dumps([{"table": "targets", "key": ["Bo"], "before": {"status": "dead"}, "after": None}])
    conn.execute("INSERT INTO entries (encounter_id, at, action, changes, summary) VALUES (1, 't', 'attack', ?, 'a')",
                 (change,))
    conn.execute("INSERT INTO entries (encounter_id, at, action, changes, undoes, summary) "
                 "VALUES (1, 't', 'undo', ?, 1, 'u')", (undo,))
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 1")
    conn.close()


def test_a_journal_from_before_actions_is_upgraded_keeping_every_entry(registry, doc, tmp_path):
    path = tmp_path / "old.db"
    _old_journal(path)
    with Journal(path) as journal:
        assert [(e.id, e.action, e.undoes, e.undone_by) for e in journal.entries("pit")] == [
            (1, "attack", None, 2), (2, "undo", 1, None)
        ]
        assert problems(journal) == []
        attack = build_attack(registry, doc)
        _, _, entry = journal.act("pit", registry, "new-magazine", attack=attack, document=doc, seed=1)
        assert entry.id == 3 and entry.act == "new-magazine"
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("DELETE FROM entries")
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute("INSERT INTO entries (encounter_id, at, action, changes) VALUES (1, 't', 'dance', '[]')")
    conn.close()


# -- the command line ---------------------------------------------------------------------

SCENARIO = """ruleset = "toy"
mode = "single"

[shooter]
name = "Ann"
skill = 4

[weapon]
name = "pistol"

[[targets]]
name = "Cy"
wounds = 2
"""


@pytest.fixture
def cli(tmp_path, monkeypatch, registry):
    monkeypatch.setattr("gunline.plugins.discover", lambda *a, **k: registry)
    monkeypatch.setenv("GUNLINE_JOURNAL", str(tmp_path / "j.db"))
    scenario = tmp_path / "ann.toml"
    scenario.write_text(SCENARIO)
    return scenario


def gunline(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_act_on_the_command_line_rolls_commits_undoes_and_gives_odds(cli, capsys):
    code, _, err = gunline(capsys, "resolve", cli, "--dice", "4", "--encounter", "pit")
    assert code == 0
    code, out, _ = gunline(capsys, "act", "first-aid", "--encounter", "pit", "--odds", "--json")
    odds = json.loads(out)
    assert code == 0 and odds["targets"]["Cy"]["status"]["dead"] == pytest.approx(1 / 6, abs=1e-12)
    code, out, _ = gunline(capsys, "act", "first-aid", "--encounter", "pit", "--odds")
    assert code == 0 and out.splitlines() == [
        "toy — odds of first-aid for Cy (exact)",
        "  first-aid          83.3%",  # its value, the wounds left, is 1 or more unless he dies (5/6)
        "Cy:",
        "    unharmed           50.0%",
        "    wounded            33.3%",
        "    dead               16.7%",
    ]
    code, out, err = gunline(capsys, "act", "first-aid", "--encounter", "pit", "--target", "Cy", "--dice", "1")
    assert code == 0, err
    assert out.splitlines()[0] == "toy: first-aid for Cy (dice given)"
    assert "Cy: worse: dead, 0 left" in out and out.rstrip().endswith("dice: 1")
    assert "committed to encounter 'pit' as entry #2" in err
    code, out, _ = gunline(capsys, "journal", "show", "pit")
    assert "#2 " in out and "act: first-aid: Cy: worse: dead, 0 left" in out
    code, out, _ = gunline(capsys, "journal", "undo", "pit")
    assert code == 0 and "#3 undo #2" in out
    code, out, _ = gunline(capsys, "act", "first-aid", cli, "--target", "Cy", "--seed", "4", "--json")
    assert code == 2 and out == ""  # from the file alone Cy is unharmed: refused


def test_act_says_what_is_wrong_in_one_line(cli, capsys):
    cases = [
        (("act", "dance", cli), 2, "'dance' is not an action of toy; its actions: first-aid, new-magazine"),
        (("act", "first-aid"), 2, "act first-aid: give a scenario FILE, or --encounter NAME"),
        (("act", "first-aid", cli, "--target", "Cy"), 2, "Cy is unharmed: first aid is for the wounded"),
        (("act", "new-magazine", cli, "--target", "Cy", "--shooter", "Ann"), 2, "not both"),
        (("act", "new-magazine", cli, "--odds", "--seed", "1"), 2, "--odds: the odds roll no dice"),
        (("act", "first-aid", "--encounter", "nowhere"), 2, "no journal there yet"),
    ]
    for argv, code, message in cases:
        got, out, err = gunline(capsys, *argv)
        assert got == code and out == "", argv
        assert err.count("\n") == 1 and message in err, err


def test_act_stops_with_exit_3_naming_the_die_it_needs(cli, capsys):
    gunline(capsys, "resolve", cli, "--dice", "4", "--encounter", "pit")
    code, out, err = gunline(capsys, "act", "first-aid", "--encounter", "pit", "--dice", "")
    assert code == 3 and out == ""
    assert "dice needed: Cy, first aid: 1d6, needs 4+ (die 1; 0 given)" in err
    code, out, _ = gunline(capsys, "journal", "show", "pit", "--json")
    assert [e["action"] for e in json.loads(out)["entries"]] == ["attack"]  # nothing written


# -- the conformance checks of actions ----------------------------------------------------


def _toy_with(first_aid_hook):
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("ch", Path(__file__).with_name("conformance_helpers.py"))
    helpers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(helpers)
    toy = helpers.fresh_toy()
    if first_aid_hook is not None:
        toy.resolve_action = first_aid_hook
    registry = Registry()
    registry.add("toy", toy)
    return registry


def _checked(registry, doc):
    from gunline.testing.actions import check_actions

    return check_actions(registry, build_attack(registry, doc), [0, 1, 2], 400, 3000, prior=CY_WOUNDED)


def test_the_action_checks_pass_an_honest_action(doc):
    assert _checked(_toy_with(None), doc) == 2  # Cy's first aid and Ann's new magazine (Bo is unharmed)


def test_the_action_checks_catch_a_face_read_beyond_its_roll(doc):
    from gunline import Step, hookimpl
    from gunline.dice import at_least
    from gunline.testing import ConformanceError

    @hookimpl
    def resolve_action(action, who, state, dice):
        roll = dice.roll(6, "first aid", read=at_least(4), target=who)
        left = state.targets[who]["wounds_left"] + (2 if roll.roll.values[0] == 6 else int(roll.value))
        return Step(kind="first-aid", value=left, text="", rolls=[roll.roll],
                    target_state={"status": "unharmed" if left >= 2 else "wounded", "wounds_left": min(left, 2)})

    with pytest.raises(ConformanceError, match="action first-aid for Cy: a rule decides by faces beyond what it reads"):
        _checked(_toy_with(resolve_action), doc)


def test_the_action_checks_catch_an_action_that_keeps_state(doc):
    from gunline import Step, hookimpl
    from gunline.testing import ConformanceError

    calls = []

    @hookimpl
    def resolve_action(action, who, dice):
        calls.append(1)
        return Step(kind="first-aid", value=len(calls), text=f"call {len(calls)}", rolls=[dice.roll(6, "x").roll])

    with pytest.raises(ConformanceError, match="action first-aid for Cy, seed 0: the same seed gave another result"):
        _checked(_toy_with(resolve_action), doc)
