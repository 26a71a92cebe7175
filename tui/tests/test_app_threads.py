"""No widget is touched from a worker thread: the journal and the plugins run off
the event loop, and only the screen's own methods, called back on it, reach a
widget. Checked by watching every widget lookup and update through an encounter's
whole round (pick, commit, the encounter pane, reload, undo) and the odds."""

from __future__ import annotations

import threading
from pathlib import Path

from textual.dom import DOMNode
from textual.widget import Widget
from textual.widgets import Static

from gunline.journal import Journal
from gunline_tui.app import make_app
from gunline_tui.testing import run_async, settle

ROOT = Path(__file__).resolve().parents[2]
MEDIUM = ROOT / "examples" / "wod" / "carter-medium-burst.toml"


@run_async
async def test_widgets_are_touched_on_the_event_loop_only(wod_registry, tmp_path, monkeypatch):
    journal = tmp_path / "journal.sqlite3"
    monkeypatch.setenv("GUNLINE_JOURNAL", str(journal))
    main_thread = threading.main_thread()
    touched: list[tuple[str, str]] = []

    def watched(cls, name):
        original = getattr(cls, name)

        def wrapper(self, *args, **kwargs):
            if threading.current_thread() is not main_thread:
                touched.append((name, threading.current_thread().name))
            return original(self, *args, **kwargs)

        monkeypatch.setattr(cls, name, wrapper)

    calls = []
    for cls, name in ((DOMNode, "query_one"), (DOMNode, "query"), (Static, "update"), (Widget, "mount"),
                      (Widget, "refresh")):
        watched(cls, name)
        calls.append(name)

    app = make_app(wod_registry, file=str(MEDIUM), encounter="warehouse")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        main = app.main
        await pilot.press("f2")  # commit: a journal write in a thread, the pane after it
        await settle(pilot)
        await main.run_action("reload")
        await settle(pilot)
        await main.run_action("journal_undo")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        await main.run_action("encounter")  # the list of encounters, read in a thread
        await settle(pilot)
        await pilot.press("escape")
        main._start_odds(main.attack, main.odds_key_of(main.attack))
        await pilot.pause(0.3)
        await settle(pilot)
        assert main.odds is not None
    with Journal(journal) as j:
        assert [e.action for e in j.entries("warehouse")] == ["attack", "reload", "undo"]
    assert touched == []
