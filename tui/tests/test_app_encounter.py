"""Encounters in the app, by their keys: a clip emptied over two committed bursts
(the seed's WoD examples WOD-1 and WOD-2), a burst the empty weapon refuses, reload
and undo; another session committing first; the CLI opening the app on a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from gunline import cli
from gunline.journal import Journal
from gunline.scenario import build_attack, read_document
from gunline_tui.app import make_app
from gunline_tui.testing import answer, run_async, screen_text, set_field, settle

ROOT = Path(__file__).resolve().parents[2]
MEDIUM = ROOT / "examples" / "wod" / "carter-medium-burst.toml"
ENC = "warehouse"


@pytest.fixture
def medium():
    if not MEDIUM.exists():
        pytest.skip("the WoD examples are not there yet")
    return str(MEDIUM)


@pytest.fixture
def journal(tmp_path, monkeypatch):
    path = tmp_path / "journal.sqlite3"
    monkeypatch.setenv("GUNLINE_JOURNAL", str(path))  # as the CLI: the variable names the file
    return path


def rounds_saved(path: Path) -> int:
    with Journal(path) as j:
        return j.state(ENC).weapons["Carter"]["assault rifle"]["rounds_left"]


def notices(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


def pools(chain) -> dict[str, int]:
    return {s.target: s.value for s in chain.steps if s.kind == "pool"}


@run_async
async def test_carter_empties_his_clip_over_two_commits_then_reloads_and_undoes(wod_registry, medium, journal):
    app = make_app(wod_registry, file=medium, encounter=ENC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        main = app.main
        # WOD-1: a medium burst (10 rounds) from a clip of 30, 9 dice at each target
        assert pools(main.chain) == {"Farrow": 9, "Sykes": 9}
        assert main.chain.weapon["rounds_left"] == 20
        await pilot.press("f2")
        await settle(pilot)
        assert rounds_saved(journal) == 20
        assert "Carter's assault rifle: 20 rounds left" in screen_text(app)  # the encounter pane
        await pilot.press("f6")  # encounter -> log
        await settle(pilot)
        assert "committed to warehouse as #1" in screen_text(app)
        await pilot.press("f6", "f6")  # log -> odds -> encounter
        await settle(pilot)

        # WOD-2: the next round a long burst (20 rounds) with what is left: 3+3+3+3-2 = 10 dice
        await set_field(pilot, "mode", "long")
        await settle(pilot)
        assert pools(main.chain) == {"Farrow": 10, "Sykes": 10}
        assert main.chain.weapon["rounds_left"] == 0
        await pilot.press("f2")
        await settle(pilot)
        assert rounds_saved(journal) == 0
        assert "Carter's assault rifle: 0 rounds left · empty" in screen_text(app)

        # a third burst: the empty rifle refuses, and there is nothing to commit
        assert "the assault rifle is empty: reload" in main.problem
        assert "the assault rifle is empty: reload" in screen_text(app)
        await pilot.press("f2")
        await settle(pilot)
        assert any("nothing to commit" in n and "empty: reload" in n for n in notices(app))
        with Journal(journal) as j:
            assert [e.action for e in j.entries(ENC)] == ["attack", "attack"]

        await main.run_action("reload")  # a full clip again, and the burst can be fired
        await settle(pilot)
        assert rounds_saved(journal) == 30
        assert main.problem is None and main.chain.weapon["rounds_left"] == 10
        assert "Carter's assault rifle: 30 rounds left · ok" in screen_text(app)

        await main.run_action("journal_undo")  # undo the reload (asked first): empty again, refused again
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert rounds_saved(journal) == 0
        assert "empty: reload" in main.problem
        await main.run_action("journal_undo")  # undo the long burst: 20 rounds, the burst is allowed
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert rounds_saved(journal) == 20
        assert main.problem is None and main.chain.weapon["rounds_left"] == 0
        assert app.is_running


@run_async
async def test_another_session_committing_first_is_a_notice_and_nothing_is_lost(wod_registry, medium, journal):
    app = make_app(wod_registry, file=medium, encounter=ENC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        main = app.main
        assert main.chain.weapon["rounds_left"] == 20
        draft = dict(main.draft.doc)
        # the other GM's gunline fires the same burst and commits first
        doc = read_document(medium)
        with Journal(journal) as other:
            other.resolve(ENC, wod_registry, build_attack(wod_registry, doc), doc, seed=3)
        await pilot.press("f2")
        await settle(pilot)
        assert any("changed since" in n for n in notices(app))
        with Journal(journal) as j:
            assert len(j.entries(ENC)) == 1  # only the other session's
        assert main.draft.doc == draft
        # the chain on show now starts from the new state: 30 - 10 - 10
        assert main.chain.weapon["rounds_left"] == 10
        await pilot.press("f2")  # and commits from it
        await settle(pilot)
        assert rounds_saved(journal) == 10


@run_async
async def test_pick_and_create_an_encounter_by_keys(wod_registry, medium, journal):
    app = make_app(wod_registry, file=medium)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f2")  # no encounter yet
        await settle(pilot)
        assert any("F3 picks" in n for n in notices(app))
        await pilot.press("f3")
        await settle(pilot)
        await pilot.press("enter")  # "pick or start an encounter…"
        await settle(pilot)
        await pilot.press("enter")  # "+ new encounter…"
        await settle(pilot)
        await answer(pilot, "pit fight")
        await settle(pilot)
        assert app.main.encounter.name == "pit fight"
        assert "⚔ pit fight" in screen_text(app)
        with Journal(journal) as j:
            assert [e.name for e in j.encounters()] == ["pit fight"]
        await pilot.press("f2")
        await settle(pilot)
        with Journal(journal) as j:
            assert j.state("pit fight").weapons["Carter"]["assault rifle"]["rounds_left"] == 20


def test_every_encounter_action_is_in_the_help_and_the_palette():
    from gunline_tui.screens.main import ACTIONS, PALETTE_ONLY, help_text

    keys = {action: key for key, action, _label, _help in ACTIONS}
    palette = {action: label for action, label, _help in PALETTE_ONLY}
    assert keys["commit"] == "f2" and keys["encounter_menu"] == "f3"
    for action in ("encounter", "reload", "journal_undo", "act"):
        assert action in palette
        assert palette[action] in help_text().plain


# -- the CLI opens the app ---------------------------------------------------------------
@pytest.fixture
def opened(monkeypatch):
    calls = []

    def fake_main(file=None, *, journal=None, encounter=None, hook_timeout=None):
        calls.append((file, journal, encounter))
        return 0

    monkeypatch.setattr("gunline_tui.app.main", fake_main)
    return calls


def test_gunline_file_opens_the_app_on_it_as_gunline_tui_file(opened, medium):
    assert cli.main([medium]) == 0
    assert cli.main(["tui", medium]) == 0
    assert cli.main(["--encounter", "pit fight", "--journal", "j.sqlite3", medium]) == 0
    assert cli.main([]) == 0
    assert opened == [(medium, None, None), (medium, None, None), (medium, "j.sqlite3", "pit fight"),
                      (None, None, None)]


def test_other_subcommands_and_typos_are_not_the_app(opened, medium, capsys):
    assert cli.main(["validate", medium]) == 0
    assert cli.main(["resolv"]) == 2  # a mistyped command stays an error
    assert "invalid choice" in capsys.readouterr().err
    assert opened == []


def damaged_journal(tmp_path) -> Path:
    path = tmp_path / "pit.journal"
    path.write_bytes(b"not a journal, only junk bytes\n" * 200)
    return path


def test_gunline_encounter_with_a_damaged_journal_is_one_line_and_exit_2(tmp_path, capsys):
    """As 'gunline resolve --encounter' says it: no screen, no traceback."""
    bad = damaged_journal(tmp_path)
    code = cli.main(["--encounter", ENC, "--journal", str(bad)])
    err = capsys.readouterr().err
    assert code == 2
    assert err == (f"gunline: journal {bad}: not a gunline journal (the file is not an SQLite database: file is "
                   "not a database); give another --journal path\n")


@run_async
async def test_a_journal_that_cannot_be_read_as_the_odds_start_is_said_and_the_app_runs_on(toy_registry, tmp_path,
                                                                                              monkeypatch):
    """The encounter's journal is read as the odds start, on the screen's own loop: a
    damaged one is said, never a crash of the app."""
    from gunline_tui.app import GunlineApp
    from gunline_tui.encounter import Encounter
    from gunline_tui.screens.main import MainScreen

    monkeypatch.setattr(MainScreen, "ODDS_DELAY", 0.01)
    bad = damaged_journal(tmp_path)
    doc = {"ruleset": "toy", "shooter": {"name": "Ada"}, "weapon": {"name": "pistol"}, "targets": [{"name": "Bo"}]}
    app = GunlineApp(toy_registry, doc, encounter=Encounter(str(bad), ENC))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause(0.1)
        await settle(pilot)
        assert app.is_running
        assert f"journal {bad}: not a gunline journal" in app.main.problem  # said under the chain
