"""The compare view: the scenario kept as a column (a), the same with a variant
toggled (v), a column dropped (d); the table and chart are ``gunline compare``'s, of
each column's own odds; the odds are computed off the event loop; a snapshot at
80×24.

Snapshot: ``GUNLINE_UPDATE_SNAPSHOTS=1 uv run pytest tui/tests/test_app_compare.py``
after a change to the look (look at it first)."""

from __future__ import annotations

import copy
import threading
from pathlib import Path

import pytest

from gunline.odds import compute_odds
from gunline.odds.compare import build_comparison
from gunline.odds.compare_render import comparison_text
from gunline.scenario import build_attack
from gunline_tui.app import make_app
from gunline_tui.screens.compare_view import CompareScreen
from gunline_tui.screens.dialogs import PickDialog
from gunline_tui.screens.main import MainScreen, help_text
from gunline_tui.testing import check_snapshot, opened, run_async, set_field, settle

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOTS = Path(__file__).parent / "snapshots"

#: Ada hits on 4+ (1/2 a shot), Cy in cover on 5+ (1/3); a hit is a wound.
DOC = {
    "ruleset": "toy",
    "mode": "double",
    "shooter": {"name": "Ada", "skill": 4},
    "weapon": {"name": "pistol"},
    "targets": [{"name": "Bo"}, {"name": "Cy", "wounds": 2, "cover": True}],
}


@pytest.fixture(autouse=True)
def same_seed(fixed_seed):
    """The same chain on every run."""


def view(app) -> CompareScreen:
    assert isinstance(app.screen, CompareScreen), app.screen
    return app.screen


async def two_columns(pilot) -> None:
    """Double kept as column 1, then single (the mode set directly) as column 2."""
    await pilot.press("ctrl+backslash")
    await settle(pilot)
    assert "No columns yet" in view(pilot.app).body_text()
    await pilot.press("a")
    await settle(pilot)
    await pilot.press("escape")
    await settle(pilot)
    assert isinstance(pilot.app.screen, MainScreen)
    await set_field(pilot, "mode", "single")
    await settle(pilot)
    await pilot.press("ctrl+backslash", "a")
    await settle(pilot)
    await computed(pilot)


async def computed(pilot, seconds: float = 30) -> None:
    """Wait until no column is still being computed (off the event loop, where
    settle does not look: on a busy machine it may end after settle)."""
    for _ in range(int(seconds / 0.05)):
        if "computing" not in view(pilot.app).body_text():
            break
        await pilot.pause(0.05)
    await pilot.pause()


@run_async
async def test_two_columns_show_each_scenario_s_own_figures(toy_registry):
    app = make_app(toy_registry, doc=copy.deepcopy(DOC))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await two_columns(pilot)
        body = view(app).body_text()
        # each column's odds as compute_odds gives them, laid out as gunline compare does
        double = compute_odds(toy_registry, build_attack(toy_registry, DOC))
        single = compute_odds(toy_registry, build_attack(toy_registry, dict(DOC, mode="single")))
        table = comparison_text(build_comparison([("Ada · pistol · double", [], double),
                                                  ("Ada · pistol · single", [], single)]))
        assert body.startswith(table + "\n\n")
        # by hand: Bo is wounded by one of two shots at 1/2 with 3/4, by one shot with 1/2
        assert "  wound                     75.0% *   50.0%" in body.splitlines()
        assert "    dead      1 " + "█" * 30 + "░" * 10 + "  75.0%" in body  # 3/4 of 40 cells
        assert "Compare · toy · 2 columns" in str(app.screen.query_one("#compare-title").render())

        # the columns stay for the session; d drops one (picked in a list)
        await pilot.press("escape", "ctrl+backslash")
        await settle(pilot)
        assert len(app.main.comparing.columns) == 2
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, PickDialog)
        await pilot.press("enter")  # the first: double
        await settle(pilot)
        body = view(app).body_text()
        assert "toy — 1 scenario compared (exact)\n  1  Ada · pistol · single\n" in body
        assert "double" not in body


@run_async
async def test_snapshot_80x24(toy_registry):
    app = make_app(toy_registry, doc=copy.deepcopy(DOC))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await two_columns(pilot)
        check_snapshot(app, SNAPSHOTS / "compare-80x24.svg")


@run_async
async def test_a_column_is_computed_off_the_event_loop(toy_registry, monkeypatch):
    """A computation that does not end: the view says so and the app answers keys."""
    go = threading.Event()

    def slow(*args, **kwargs):
        go.wait(30)
        return compute_odds(*args, **kwargs)

    app = make_app(toy_registry, doc=copy.deepcopy(DOC))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        monkeypatch.setattr("gunline.odds.compute_odds", slow)
        await pilot.press("ctrl+backslash", "a")
        await pilot.pause()
        assert view(app).body_text() == "  1  Ada · pistol · double: computing…\n"
        await pilot.press("escape")  # the screen answers while it computes
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        await pilot.press("ctrl+backslash")
        await pilot.pause()
        go.set()
        await settle(pilot)
        assert view(app).body_text().startswith("toy — 1 scenario compared (exact)\n  1  Ada · pistol · double\n")


@run_async
async def test_the_palette_opens_the_view_and_keeps_a_column(toy_registry):
    app = make_app(toy_registry, doc=copy.deepcopy(DOC))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        await commands["Keep as a column"].callback()
        await settle(pilot)
        assert [c.name for c in app.main.comparing.columns] == ["Ada · pistol · double"]
        assert "column 1 kept: Ada · pistol · double (Ctrl+\\ compares)" in str(
            app.screen.query_one("#status").render())
        assert any(line.startswith("ctrl+\\ ") and "Compare" in line for line in help_text().plain.splitlines())
        await commands["Compare (ctrl+\\)"].callback()
        await settle(pilot)
        assert "  1  Ada · pistol · double\n" in view(app).body_text()


@run_async
async def test_a_variant_toggled_is_a_column(wod_registry):
    """WoD, 4 dice at 8+: 4/3 successes expected, 3/2 with 9-again (see
    tests/test_compare.py)."""
    file = ROOT / "examples" / "wod" / "three-successes.toml"
    app = make_app(wod_registry, file=str(file))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("ctrl+backslash", "a", "v")
        await settle(pilot)
        assert isinstance(app.screen, PickDialog)
        list_ = app.screen.query_one("#pick-list")
        ids = [list_.get_option_at_index(i).id for i in range(list_.option_count)]
        list_.highlighted = ids.index("wod.9-again")
        await pilot.press("enter")
        await settle(pilot)
        body = view(app).body_text()
        assert "  1  Carter · heavy pistol · single\n  2  Carter · heavy pistol · single +wod.9-again  " \
            "variants: wod.9-again\n" in body
        assert "    hits                     1.33      1.50 *" in body.splitlines()
        assert app.main.model.doc.get("variants", []) == []  # the scenario itself is unchanged
