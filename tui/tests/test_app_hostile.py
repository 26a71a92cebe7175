"""The app at 80x24 against hostile names and misbehaving plugins.

Names holding escape sequences, C1 controls, bidirectional overrides or markup go
into every pane (form, chain, outcomes, log, odds, encounter, plugins page, dialogs,
notifications): each shows escaped, as text, and nothing a terminal would obey is
painted; the window title stays the app's. A hook that never returns leaves the app
drawing and answering keys; Escape stops it, the limit names it, Ctrl+Q quits."""

from __future__ import annotations

import importlib.util
import re
import threading
import time
import types
from pathlib import Path

from gunline import Variant, hookimpl
from gunline.journal import Journal
from gunline.safe import shown
from gunline.scenario import build_attack
from gunline_tui.app import make_app
from gunline_tui.screens.dialogs import TextScreen
from gunline_tui.testing import run_async, screen_text, settle

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("hostile_strings", ROOT / "tests" / "hostile_strings.py")
hostile = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hostile)

#: Names a scenario file could hold (no lone surrogate: TOML and SQLite refuse them).
NAMES = [t for t in [*hostile.HOSTILE.values(), *hostile.MARKUP.values()] if "\ud800" > max(t) or max(t) > "\udfff"]
SHOOTER = "Vex\x1b]0;PWNED\x07"

DOC = {
    "ruleset": "toy",
    "variants": ["toy.hostile"],
    "shooter": {"name": SHOOTER, "skill": 2},
    "weapon": {"name": "pistol", "rounds": 1000},
    "targets": [{"name": name, "wounds": 3} for name in NAMES],
}

#: Textual's own output: SGR, cursor moves and modes (CSI ... letter).
OWN_SEQUENCES = re.compile(r"\x1b\[[0-9;:?<=>]*[A-Za-z]")


def hostile_variant(registry, description="a house rule \x1b]0;PWNED\x07 [@click=app.quit]x[/]", **hooks):
    mod = types.ModuleType("toy_hostile")
    mod.gunline_variant = hookimpl(lambda: Variant(name="toy.hostile", ruleset="toy", description=description, api=2))
    for name, fn in hooks.items():
        if not callable(getattr(fn, "__code__", None)) and not hasattr(fn, "__code__"):
            fn = (lambda body: lambda: body())(fn)  # an object with __call__: pluggy wants a function
        setattr(mod, name, hookimpl(specname=name)(fn))
    registry.add("toy.hostile", mod)
    return registry


def painted(app) -> str:
    """What the screen sends to the terminal, in full, as it would be written."""
    return app.screen._compositor.render_full_update().render_segments(app.console)


def assert_nothing_raw(app) -> None:
    sent = painted(app)
    for name in NAMES + [SHOOTER]:
        for char in hostile.RAW:
            if char in name:
                assert name not in sent  # not one payload whole
    assert hostile.raw_in(OWN_SEQUENCES.sub("", sent)) == []
    assert app.title == "gunline"  # never retitled, and no OSC sent to do it behind its back
    assert "\x1b]" not in sent and "\x9d" not in sent


@run_async
async def test_hostile_names_show_escaped_in_every_pane_and_nothing_raw_is_painted(toy_registry, tmp_path):
    registry = hostile_variant(toy_registry)
    registry.add_broken("evil", "ImportError: no module \x1b[2J\x9b named numpy", "gunline-evil\x1b[5m", "6.6\x07")
    journal = tmp_path / "j.sqlite3"
    attack = build_attack(registry, DOC)
    with Journal(journal) as j:
        j.resolve("pit", registry, attack, DOC, seed=1)
    app = make_app(registry, doc=DOC, journal=str(journal), encounter="pit")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        main = app.main
        assert main.chain is not None
        text = screen_text(app)
        for name in NAMES:
            assert shown(name).replace("\n", "\\n") in text or shown(name) in text, name
        assert shown(SHOOTER) in main.query_one("#encounter").render().plain or "Vex\\x1b" in text
        assert_nothing_raw(app)
        for _ in range(3):  # log, odds, encounter below the chain
            await pilot.press("f6")
            await settle(pilot)
            assert_nothing_raw(app)
        await pilot.press("ctrl+r")  # a logged resolution, into the log
        await settle(pilot)
        assert_nothing_raw(app)
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert isinstance(app.screen, TextScreen)
        page = screen_text(app)
        assert "no module \\x1b[2J\\x9b named numpy" in page and "gunline-evil\\x1b[5m" in page
        assert "a house rule \\x1b]0;PWNED\\x07 [@click=app.quit]x[/]" in page
        assert_nothing_raw(app)
        await pilot.press("escape")
        await settle(pilot)
        assert app.is_running  # no markup action (app.quit) ran


@run_async
async def test_a_plugins_hostile_error_is_notified_escaped(toy_registry):
    def resolve_hit():
        raise ValueError("boom \x1b]0;PWNED\x07 [@click=app.quit]quit[/]")

    registry = hostile_variant(toy_registry, resolve_hit=resolve_hit)
    app = make_app(registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        messages = [str(n.message) for n in app._notifications]
        assert any("boom \\x1b]0;PWNED\\x07 [@click=app.quit]quit[/]" in m for m in messages), messages
        assert all(hostile.raw_in(m) == [] for m in messages)
        assert all(not n.markup for n in app._notifications)
        assert_nothing_raw(app)
        assert app.is_running


# -- a hook that never returns --------------------------------------------------------------------
class Gate:
    """A hook body that spins until told to stop (pure Python: it can be abandoned)."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.calls = 0

    def __call__(self, *args):
        self.calls += 1
        self.entered.set()
        while True:
            time.sleep(0.001)

    def was_entered(self) -> bool:
        return self.entered.is_set()


async def entered(pilot, gate) -> bool:
    """Wait (without blocking the app's event loop) until the hook is running."""
    for _ in range(500):
        if gate.was_entered():
            return True
        await pilot.pause(0.01)
    return False


PLAIN = {**DOC, "shooter": {"name": "Ann", "skill": 2}, "targets": [{"name": "Bo"}]}


@run_async
async def test_a_stuck_hook_is_named_and_abandoned_at_the_limit(toy_registry):
    gate = Gate()
    registry = hostile_variant(toy_registry, resolve_hit=gate)
    app = make_app(registry, doc=PLAIN, hook_timeout=0.5)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await entered(pilot, gate)
        await settle(pilot)  # the resolving worker: abandoned at the limit
        messages = [str(n.message) for n in app._notifications]
        assert any("plugin 'toy.hostile' failed in resolve_hit: no answer after 0.5 s, abandoned" in m
                   for m in messages), messages
        assert "toy.hostile" in (app.main.problem or "")
        assert app.is_running


@run_async
async def test_the_app_answers_keys_while_a_hook_spins(toy_registry):
    gate = Gate()
    registry = hostile_variant(toy_registry, resolve_hit=gate)
    app = make_app(registry, doc=PLAIN, hook_timeout=None)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await entered(pilot, gate)
        bottom = app.main.query_one("#bottom")
        for pane in ("odds-pane", "log", "odds-pane"):
            await pilot.press("f6")
            await pilot.pause()
            assert bottom.current == pane
        await pilot.press("ctrl+l")  # a page opens and closes
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, TextScreen)
        assert gate.calls == 1  # still in that one call all along
        await pilot.press("escape")
        await settle(pilot)


@run_async
async def test_escape_cancels_a_stuck_resolution_and_its_thread_ends(toy_registry):
    gate = Gate()
    registry = hostile_variant(toy_registry, resolve_hit=gate)
    app = make_app(registry, doc=PLAIN, hook_timeout=None)  # no limit: only Escape stops it
    before = set(threading.enumerate())
    async with app.run_test(size=(80, 24)) as pilot:
        assert await entered(pilot, gate)
        await pilot.press("escape")
        await settle(pilot)
        assert any("stopped: resolve" in str(n.message) for n in app._notifications)
        spinning = [t for t in threading.enumerate() if t not in before and t.name.startswith("gunline-")]
        for thread in spinning:
            thread.join(5)
        assert not any(t.is_alive() for t in spinning)
        assert app.is_running


@run_async
async def test_ctrl_q_quits_while_a_hook_is_stuck(toy_registry):
    gate = Gate()
    registry = hostile_variant(toy_registry, resolve_hit=gate)
    app = make_app(registry, doc=PLAIN, hook_timeout=None)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await entered(pilot, gate)
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert not app.is_running


class FileGate(Gate):
    """A spinning hook body that says it was entered with a file: the odds run in a
    child process, where an event of this one is never set."""

    def __init__(self, marker) -> None:
        super().__init__()
        self.marker = marker

    def __call__(self, *args):
        self.marker.write_text("entered")
        super().__call__(*args)

    def was_entered(self) -> bool:
        return self.marker.exists()


@run_async
async def test_odds_that_never_finish_are_off_the_event_loop_and_cancelled(toy_registry, monkeypatch, tmp_path):
    import multiprocessing

    from gunline_tui.screens.main import MainScreen

    monkeypatch.setattr(MainScreen, "ODDS_DELAY", 0.01)
    gate = FileGate(tmp_path / "entered")
    seen = []

    def resolve_hit(dice, state):
        # the chain on screen resolves; the odds interpreter's dice are another kind
        from gunline.dice import RandomDice, ScriptedDice

        if isinstance(dice, (RandomDice, ScriptedDice)):
            seen.append("chain")
            return None
        gate()

    registry = hostile_variant(toy_registry, resolve_hit=resolve_hit)
    app = make_app(registry, doc=PLAIN, hook_timeout=None)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await entered(pilot, gate)
        assert app.main.chain is not None  # the chain is shown while the odds spin
        spinning = [p for p in multiprocessing.active_children() if p.name == "gunline odds"]
        assert len(spinning) == 1  # the odds spin in a process of their own, not in the app's
        await pilot.press("escape")
        await settle(pilot)
        spinning[0].join(5)
        assert not spinning[0].is_alive()  # cancelled: the process is ended
        await pilot.press("f6")  # the odds pane
        await settle(pilot)
        assert "Odds: ✗ cancelled" in str(app.screen.query_one("#odds").render())
        assert app.is_running
