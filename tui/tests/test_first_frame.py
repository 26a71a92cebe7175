"""The app's first frame: it shows what a GM looks at first, the form and the chain, the
same as a screen built whole would, and what is out of view follows right after it.

The first frame mounts only the form's rows that can be in view (ScenarioForm's
``first_rows``), draws a stand-in for the log (LogSpace) and pauses the garbage
collector; these tests hold that none of it shows: the frame is the one the whole form
gives, a problem in a row mounted later is marked at its field, the log logs, the
collector runs again.
"""

from __future__ import annotations

import gc
import re
from pathlib import Path

import pytest
from textual.app import App

from gunline.scenario import build_attack
from gunline_tui.app import make_app
from gunline_tui.screens.main import MainScreen
from gunline_tui.testing import field_error, run_async, settle
from gunline_tui.widgets.chain_view import ChainView
from gunline_tui.widgets.form import ScenarioForm
from gunline_tui.widgets.log_space import LogSpace
from gunline_tui.widgets.log_view import LogView

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {
    "wod": ROOT / "examples" / "wod" / "four-targets-long-burst.toml",  # the first launch's
    "necromunda": ROOT / "examples" / "necromunda" / "missile-on-the-map.toml",  # the map in the first frame
}


@pytest.fixture(autouse=True)
def same_seed(fixed_seed):
    """The same chain on every run."""


@pytest.fixture(scope="module")
def registry(installed_registry):
    return installed_registry


def first_frame(monkeypatch) -> dict:
    """What the first frame of the main screen shows, filled in as it is painted."""
    seen: dict = {}
    paint = App._display

    def display(app, screen, renderable):
        paint(app, screen, renderable)
        if renderable is not None and isinstance(screen, MainScreen) and not seen:
            form = screen.query_one(ScenarioForm)
            rows = list(form.query_one("#form-grid").children)
            painted = [row for row in rows if row.region]
            seen.update(
                svg=re.sub(r"terminal-\d+", "terminal", app.export_screenshot()),
                chain=screen.query_one(ChainView).chain,
                every_row_painted=len(painted) == len(rows),
                rows_reach=max((row.region.bottom for row in painted), default=0),
                form_bottom=form.region.bottom,
                placed={path: form.is_placed(path) for path in form.editors},
                gc=gc.isenabled(),
            )

    monkeypatch.setattr(App, "_display", display)
    return seen


async def open_example(registry, name: str, size: tuple[int, int]) -> tuple[dict, App]:
    with pytest.MonkeyPatch.context() as monkeypatch:
        seen = first_frame(monkeypatch)
        app = make_app(registry, file=str(EXAMPLES[name]))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            assert seen, "no frame was painted"
            form = app.main.query_one(ScenarioForm)
            seen["after"] = {
                "placed": all(form.is_placed(path) for path in form.editors),
                "editors": len(form.editors),
                "log": type(app.main.query_one("#log")),
                "gc": gc.isenabled(),
            }
    return seen, app


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(EXAMPLES))
@run_async
async def test_the_first_frame_is_the_one_the_whole_form_gives(registry, name, size, monkeypatch):
    seen, _app = await open_example(registry, name, size)
    # the chain is resolved and the form's rows reach its bottom edge
    assert seen["chain"] is not None
    assert seen["every_row_painted"] and seen["rows_reach"] >= seen["form_bottom"] > 0
    assert seen["gc"] is False  # paused for the first frame

    # the same first frame as with the whole form mounted before it
    monkeypatch.setattr(ScenarioForm, "_split", lambda self, widgets, rows: (widgets, iter(())))
    whole, _app = await open_example(registry, name, size)
    assert all(whole["placed"].values())
    assert len(seen["placed"]) < len(whole["placed"]), "the whole form was mounted before the first frame"
    assert seen["svg"] == whole["svg"]
    # right after it, the rest: every field, the log, the collector
    assert seen["after"] == whole["after"] == {"placed": True, "editors": len(whole["placed"]), "log": LogView,
                                               "gc": True}


@run_async
async def test_a_problem_in_a_row_mounted_after_the_first_frame_is_marked_at_its_field(toy_registry, monkeypatch):
    targets = [{"name": f"T{i}"} for i in range(7)] + [{"name": "Last", "wounds": 0}]
    doc = {"ruleset": "toy", "mode": "double", "shooter": {"name": "Ada", "skill": 4},
           "weapon": {"name": "pistol"}, "targets": targets}
    with pytest.raises(Exception) as err:
        build_attack(toy_registry, doc)
    path, _, message = str(err.value).partition(": ")
    assert path == "targets[7].wounds"
    seen = first_frame(monkeypatch)
    app = make_app(toy_registry, doc=doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not seen["placed"].get(path)  # not in the first frame
        assert field_error(app, path) == "✗ " + message


@run_async
async def test_what_is_logged_before_the_log_is_there_is_kept_for_it(toy_registry):
    from gunline_tui.logbook import Logbook

    app = make_app(toy_registry, doc={"ruleset": "toy", "shooter": {"name": "Ada", "skill": 4},
                                      "weapon": {"name": "pistol"}, "targets": [{"name": "Bo"}]})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.main.query_one(LogView)
        chain = app.main.chain
        assert chain is not None
        entry = Logbook().add("seed 7", chain)
        space = LogSpace()
        space.note("encounter: pit")
        space.add(entry)
        space.hand_over(log)
        assert [text.plain.splitlines()[0] for text in log._written] == ["encounter: pit", entry.headline()]
