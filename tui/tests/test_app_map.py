"""The map in the app: it comes up with a scenario that has one, fits 80×24 and
stands beside the chain at 120×40 (snapshots of both), the arrow keys move a model
and the chain is resolved again with the same dice, Ctrl+Z puts him back.

Snapshots: ``GUNLINE_UPDATE_SNAPSHOTS=1 uv run pytest tui/tests/test_app_map.py``
after a change to the look (look at them first)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gunline_tui.app import make_app
from gunline_tui.testing import check_snapshot, opened, run_async, settle
from gunline_tui.widgets.map_view import MapView

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "examples" / "necromunda" / "missile-on-the-map.toml"


@pytest.fixture(autouse=True)
def same_seed(fixed_seed):
    """The same chain on every run."""


@pytest.fixture(scope="module")
def registry(installed_registry):
    return installed_registry


def drawn(app) -> str:
    return str(app.screen.query_one(MapView).render())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
@run_async
async def test_the_map_comes_up_with_a_scenario_that_has_one(registry, size):
    app = make_app(registry, file=str(TABLE))
    async with app.run_test(size=size) as pilot:
        await opened(pilot)
        view = app.screen.query_one(MapView)
        chain = app.screen.query_one("#chain")
        assert app.screen.query_one("#bottom").current == "map-pane"
        text = drawn(app)
        for line in ("@ Goliath Heavy (shooting)", "V Van Saar", "A Van Saar Juve", "E Escher"):
            assert line in text
        row = next(r for r in text.splitlines() if "@" in r)
        assert row.index("@") < row.index("V") < row.index("E")  # the line of fire runs east, as placed
        assert "·" * 10 in row
        if size == (120, 40):
            assert chain.region.right <= view.region.x and view.region.height >= 30  # side by side
        else:
            assert chain.region.bottom <= view.region.y and view.region.height >= 10  # above it, the chain
        assert view.region.right <= size[0] and view.region.bottom <= size[1]
        check_snapshot(app, Path(__file__).parent / "snapshots" / f"map-necromunda-{size[0]}x{size[1]}.svg")


@run_async
async def test_arrows_move_a_model_with_the_same_dice_and_ctrl_z_puts_him_back(registry):
    app = make_app(registry, file=str(TABLE))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        main = app.main
        before = main.chain
        view = app.screen.query_one(MapView)
        app.set_focus(view)
        assert view.selected == "Van Saar"  # the first target, to begin with
        await pilot.press("right_square_bracket")  # the juve
        assert view.selected == "Van Saar Juve"
        await pilot.press("right", "right", "shift+down")  # 2" east, ½" south: (15, 0)
        await settle(pilot)
        assert main.model.doc["map"]["at"]["Van Saar Juve"] == [15, 0]
        after = main.chain
        assert after.dice[: len(before.dice)] == before.dice[: len(after.dice)]  # the same dice
        moved = {m.path: m.value for m in after.geometry}
        assert moved["targets[1].distance"] == 15
        assert moved["targets[1].under_template"] == "none"  # 3" from the Van Saar: out of the 1" template
        assert "Van Saar Juve moved to (15, 0)" in str(app.screen.query_one("#status").render())
        for _ in range(3):
            await pilot.press("ctrl+z")
        await settle(pilot)
        assert main.model.doc["map"]["at"]["Van Saar Juve"] == [13, 0.5]
        assert [s.text for s in main.chain.steps] == [s.text for s in before.steps]


@run_async
async def test_moving_the_juve_nearer_than_the_target_is_refused_by_the_nearest_target_rule(registry):
    app = make_app(registry, file=str(TABLE))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        app.set_focus(app.screen.query_one(MapView))
        await pilot.press("right_square_bracket", "left", "left")  # (11, 0.5): 11" away, nearer than 12"
        await settle(pilot)
        assert app.main.problem.startswith("refused: targets[0]: nearest target: "
                                           "Goliath Heavy must shoot at Van Saar Juve")
        assert "V Van Saar" in drawn(app)  # the map still there, to move him back
        await pilot.press("right")
        await settle(pilot)
        assert app.main.problem is None


@run_async
async def test_a_scenario_refused_as_it_opens_still_shows_its_map(registry, tmp_path):
    doc = TABLE.read_text(encoding="utf-8").replace('"Van Saar Juve" = [13, 0.5]', '"Van Saar Juve" = [11, 0.5]')
    assert "[11, 0.5]" in doc
    path = tmp_path / "nearer.toml"
    path.write_text(doc, encoding="utf-8")
    app = make_app(registry, file=str(path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        assert app.main.problem.startswith("refused: targets[0]: nearest target")
        assert app.screen.query_one("#bottom").current == "map-pane" and "A Van Saar Juve" in drawn(app)


async def panes_f6_shows(registry, file) -> list[tuple[str, str]]:
    """The pane and the focused widget after each of three F6 presses."""
    app = make_app(registry, file=str(file))
    seen = []
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        for _ in range(3):
            await pilot.press("f6")
            seen.append((app.screen.query_one("#bottom").current, type(app.focused).__name__))
    return seen


@run_async
async def test_f6_reaches_the_map_only_when_there_is_one(registry):
    plain = ROOT / "examples" / "necromunda" / "missile-blast-scatter.toml"
    assert "map-pane" not in {pane for pane, _ in await panes_f6_shows(registry, plain)}
    # the map came up by itself: the first F6 takes it in hand, the next ones move on
    assert await panes_f6_shows(registry, TABLE) == [
        ("map-pane", "MapView"), ("log", "ChainTree"), ("odds-pane", "ChainTree")]


@run_async
async def test_a_hex_map_shows_the_burst_band_and_moves_a_hex_at_a_time(registry):
    """Fallout's burst on the hex map: the band shaded ░, the letters on it; Right
    moves the selected model one hex east (q + 1), Up one row north-east (r − 1)."""
    app = make_app(registry, file=str(ROOT / "examples" / "fallout" / "harry_on_the_hex_map.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        text = drawn(app)
        assert "░ burst area" in text and "@ Harry (shooting)" in text
        row = next(r for r in text.splitlines() if "@" in r)
        assert row.index("@") < row.index("D") < row.index("B") and "░" in row
        view = app.screen.query_one(MapView)
        app.set_focus(view)
        start = list(app.main.model.doc["map"]["at"][view.selected])
        await pilot.press("right", "up")
        await settle(pilot)
        assert app.main.model.doc["map"]["at"][view.selected] == [start[0] + 1, start[1] - 1]


@run_async
async def test_the_log_written_while_the_map_was_shown_wraps_at_the_logs_width(registry):
    """The map comes up first, so the log gets its lines while it has no width; when
    it is shown they are wrapped again at its own width, not at the narrowest (20)."""
    from gunline_tui.widgets.log_view import LogView

    app = make_app(registry, file=str(ROOT / "examples" / "samurai" / "sentry_on_the_map.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        for _ in range(3):
            await pilot.press("ctrl+r")
            await settle(pilot)
        log = app.main.query_one(LogView)
        assert log._written, "nothing was logged"
        app.main._show_pane("log")
        await settle(pilot)
        width = log.scrollable_content_region.width
        assert width > 30
        widest = max(strip.cell_length for strip in log.lines)
        longest = max(len(line) for text in log._written for line in text.plain.splitlines())
        assert widest == min(longest, width), (widest, longest, width)
