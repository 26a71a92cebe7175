"""The players' view (``gunline players``, served by ``gunline serve``): an entry the
GM commits appears by itself; nothing in it edits; the journal is only read; the
odds shown are those the attack had from the state the encounter was in."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Button, Checkbox, Input, OptionList, RadioSet, Select, Switch, TextArea

from gunline.journal import Journal
from gunline.scenario import build_attack
from gunline_tui.players import PlayersApp, attack_odds, rows_before
from gunline_tui.testing import run_async

DOC = {
    "ruleset": "toy",
    "mode": "single",
    "shooter": {"name": "Ann", "skill": 4},
    "weapon": {"name": "pistol"},
    "targets": [{"name": "Bo"}, {"name": "Cy", "wounds": 2, "cover": True}],
}


def commit(path: Path, registry, faces: list[int], encounter: str = "pit"):
    """What ``gunline resolve FILE --encounter pit --dice ...`` does, from the GM's side."""
    with Journal(path) as journal:
        return journal.resolve(encounter, registry, build_attack(registry, DOC), DOC, faces=faces, manual=False)


def shown(app, selector: str) -> str:
    return str(app.query_one(selector).render())


async def until(pilot, condition, tries: int = 400) -> None:
    """Let the app run until ``condition()`` holds (a bounded wait, not a timing)."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.01)
        await asyncio.sleep(0.005)
    raise AssertionError("the players' view never showed it")


@run_async
async def test_an_entry_committed_while_the_view_is_open_appears(tmp_path, toy_registry):
    path = tmp_path / "j.db"
    commit(path, toy_registry, [6, 6])  # Bo hit (dead), Cy hit (wounded, 1 left)
    app = PlayersApp("pit", str(path), poll=0.05, registry=toy_registry)
    async with app.run_test(size=(100, 50)) as pilot:
        await until(pilot, lambda: "#1 attack" in shown(app, "#chains"))
        chains = shown(app, "#chains")
        assert "» Bo:" in chains and "» Cy:" in chains  # the lines to read out
        assert "#2" not in chains
        # the GM commits from elsewhere: two misses
        commit(path, toy_registry, [1, 1])
        await until(pilot, lambda: "#2 attack" in shown(app, "#chains"))
        chains = shown(app, "#chains")
        assert chains.index("#2 attack") < chains.index("#1 attack")  # newest first
        assert "to hit: 1d6 [1] = 1, needs 5" in chains  # its steps, with the die
        assert "1 entries" not in shown(app, "#status") and "2 entries" in shown(app, "#status")
        # the odds #2 had: Cy, one wound left after #1, dies on a hit (5+ through cover)
        await until(pilot, lambda: shown(app, "#odds").startswith("The odds #2 had before its dice were rolled\nOdds"))
        odds = shown(app, "#odds")
        cy = odds.split("\nCy")[1].splitlines()
        assert cy[0] == "  hit 33% · wound 33%"
        assert next(row for row in cy if row.startswith("  dead ")).endswith(" 33.3%")
        assert next(row for row in cy if row.startswith("  wounded ")).endswith(" 66.7%")


def test_the_odds_of_an_attack_start_from_the_state_before_it(tmp_path, toy_registry):
    """By hand: skill 4 hits Bo on 4+ (1/2) and Cy in cover on 5+ (1/3). After #1 (two
    sixes) Cy has one wound of two left, so #2 kills him on a hit: dead 1/3, wounded
    2/3; #1 itself, from nothing, could only wound him (2 wounds, 1 shot)."""
    path = tmp_path / "j.db"
    commit(path, toy_registry, [6, 6])
    commit(path, toy_registry, [1, 1])
    commit(path, toy_registry, [1, 6])  # a later entry that kills Cy
    with Journal(path, read_only=True) as journal:
        state, entries = journal.state("pit"), journal.entries("pit")
    first, second, _third = entries
    assert rows_before(state, entries, first) == {"shooters": {}, "weapons": {}, "targets": {}}
    before = rows_before(state, entries, second)
    assert before["targets"][("Cy",)] == {"status": "wounded", "wounds_left": 1}
    assert before["targets"][("Bo",)] == {"status": "dead", "wounds_left": 0}
    assert before["weapons"][("Ann", "pistol")] == {"rounds_left": 5, "status": "ok"}
    odds = attack_odds(toy_registry, state, entries, second)
    assert odds.exact
    assert odds.targets["Cy"].status["dead"] == pytest.approx(1 / 3)
    assert odds.targets["Cy"].status["wounded"] == pytest.approx(2 / 3)
    assert odds.targets["Bo"].hit == pytest.approx(1 / 2)
    fresh = attack_odds(toy_registry, state, entries, first)
    assert fresh.targets["Cy"].status["dead"] == 0
    assert fresh.targets["Cy"].status["wounded"] == pytest.approx(1 / 3)


@run_async
async def test_nothing_in_the_view_edits_and_the_journal_is_only_read(tmp_path, toy_registry):
    path = tmp_path / "j.db"
    commit(path, toy_registry, [6, 6])
    files = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    app = PlayersApp("pit", str(path), poll=0.05, registry=toy_registry)
    async with app.run_test(size=(100, 40)) as pilot:
        await until(pilot, lambda: "#1 attack" in shown(app, "#chains") and "Odds" in shown(app, "#odds"))
        for editing in (Input, TextArea, Checkbox, Switch, Select, RadioSet, Button, OptionList):
            assert not app.query(editing), editing.__name__
        assert app.ENABLE_COMMAND_PALETTE is False
        # what can take the focus only scrolls
        assert {type(w).__name__ for w in app.screen.focus_chain} <= {"VerticalScroll"}
        await pilot.press("ctrl+p", "u", "enter", "tab", "space", "ctrl+z", "escape")
        assert len(app.screen_stack) == 1
        await pilot.pause(0.2)  # a few more looks at the journal
    # the journal file is as it was; SQLite's reader leaves its shared-memory index
    # beside it (a reader of a WAL journal needs one), and a write-ahead log with
    # nothing in it
    assert path.read_bytes() == files["j.db"]
    assert {p.name for p in tmp_path.iterdir()} <= {"j.db", "j.db-shm", "j.db-wal"}
    wal = tmp_path / "j.db-wal"
    assert not wal.exists() or wal.stat().st_size == 0
    with Journal(path) as journal:
        assert [e.number for e in journal.entries("pit")] == [1]


@run_async
async def test_a_journal_or_encounter_not_there_yet_is_waited_for(tmp_path, toy_registry):
    path = tmp_path / "j.db"
    app = PlayersApp("pit", str(path), poll=0.05, registry=toy_registry, odds=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: "waiting" in shown(app, "#status"))
        assert f"waiting: journal {path}: no journal there yet" in shown(app, "#status")
        assert not path.exists()  # read-only: not created
        commit(path, toy_registry, [1, 1], encounter="other")
        await until(pilot, lambda: "Nothing committed to encounter 'pit' yet" in shown(app, "#chains"))
        # a mistyped name shows at once: the journal's encounters are named
        assert "This journal has 'other': is the name right?" in shown(app, "#chains")
        commit(path, toy_registry, [6, 6])
        await until(pilot, lambda: "#1 attack" in shown(app, "#chains"))


@run_async
async def test_snapshot_of_the_players_view(tmp_path, toy_registry):
    """What the players see (the README shows it): two attacks, the newest first, and
    the odds the newest had."""
    from gunline_tui.testing import check_snapshot

    path = tmp_path / "j.db"
    commit(path, toy_registry, [6, 6])
    commit(path, toy_registry, [1, 5])
    app = PlayersApp("pit", str(path), poll=0.05, registry=toy_registry)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: "#2 attack" in shown(app, "#chains") and "Odds" in shown(app, "#odds"))
        await pilot.pause(0.1)
        check_snapshot(app, Path(__file__).parent / "snapshots" / "players-100x30.svg", clock=True)
