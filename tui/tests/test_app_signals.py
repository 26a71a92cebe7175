"""A dropped connection loses no keystroke: the app in a real terminal (a pty), keys
typed into it, then the terminal hung up (its master closed, as sshd does when the
connection drops), or SIGTERM, or SIGINT. The draft on disk holds what was typed,
although the app's own timer would have written it only an hour later."""

from __future__ import annotations

import os
import pty
import signal
import subprocess
import sys
import textwrap
import threading
import time
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "core" / "tests" / "toy_ruleset.py"

CHILD = textwrap.dedent(
    """
    import importlib.util, pathlib, sys
    from gunline import Registry
    from gunline_tui.app import make_app
    from gunline_tui.screens.main import MainScreen
    from gunline_tui.widgets.form import ScenarioForm

    spec = importlib.util.spec_from_file_location("toy_ruleset", sys.argv[1])
    toy = importlib.util.module_from_spec(spec); spec.loader.exec_module(toy)
    registry = Registry(); registry.add("toy", toy)
    marker = pathlib.Path(sys.argv[2])
    MainScreen.DRAFT_DELAY = 3600.0  # never by the timer: only the signal can write it

    changed = MainScreen._changed
    def _changed(self, change):
        changed(self, change)
        marker.write_text("typed:" + str(self.model.doc["shooter"].get("name")))
    MainScreen._changed = _changed

    mounted = MainScreen.on_mount
    def on_mount(self):
        mounted(self)
        def ready():
            self.query_one(ScenarioForm).focus_path("shooter.name")
            marker.write_text("ready")
        self.set_timer(0.5, ready)
    MainScreen.on_mount = on_mount

    doc = {"ruleset": "toy", "shooter": {"name": "Ada"}, "weapon": {"name": "pistol"}, "targets": [{"name": "Bo"}]}
    app = make_app(registry, doc=doc)
    app.run()
    sys.exit(app.return_code or 0)
    """
)


def _controlling_terminal() -> None:  # in the child, before exec: the pty is its terminal
    import fcntl
    import termios

    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _wait_for(marker: Path, test, seconds: float = 30.0) -> str:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        text = marker.read_text() if marker.exists() else ""
        if test(text):
            return text
        time.sleep(0.02)
    raise AssertionError(f"the app never got there: {marker.read_text() if marker.exists() else 'no marker'}")


@pytest.mark.parametrize("ending", ["hang-up", "SIGTERM", "SIGINT"])
def test_the_draft_is_written_when_the_terminal_goes(tmp_path, ending):
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    marker = tmp_path / "marker"
    home = tmp_path / "home"
    master, slave = pty.openpty()
    env = {**os.environ, "GUNLINE_HOME": str(home), "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    env.pop("GUNLINE_LOAD_PLUGINS", None)
    proc = subprocess.Popen([sys.executable, str(script), str(TOY), str(marker)], stdin=slave, stdout=slave,
                            stderr=slave, env=env, preexec_fn=_controlling_terminal, close_fds=True)
    os.close(slave)
    drained = threading.Thread(target=_drain, args=(master,), daemon=True)
    drained.start()
    try:
        _wait_for(marker, lambda t: t == "ready")
        os.write(master, b"Zed")
        _wait_for(marker, lambda t: t.startswith("typed:") and "Zed" in t)
        assert not (home / "draft.toml").exists() or "Zed" not in (home / "draft.toml").read_text()
        if ending == "hang-up":
            os.close(master)  # the connection drops: the kernel sends SIGHUP
            master = -1
        else:
            proc.send_signal(getattr(signal, ending))
        code = proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
        if master != -1:
            os.close(master)
    number = {"hang-up": signal.SIGHUP, "SIGTERM": signal.SIGTERM, "SIGINT": signal.SIGINT}[ending]
    assert code == 128 + number
    draft = tomllib.loads((home / "draft.toml").read_text())
    assert "Zed" in draft["shooter"]["name"]


def _drain(fd: int) -> None:
    """Read what the app draws, so that it never blocks on a full terminal."""
    try:
        while os.read(fd, 65536):
            pass
    except OSError:
        pass


def test_the_ctrl_c_key_writes_the_draft_at_once_and_says_which_key_quits(monkeypatch):
    """In raw mode Ctrl+C is a key, not SIGINT: it writes the draft at once (a GM who
    presses it may close the terminal next) and the app stays, saying Ctrl+Q quits."""
    import asyncio

    from gunline import drafts
    from gunline_tui.app import make_app
    from gunline_tui.screens.main import MainScreen
    from gunline_tui.testing import set_field, settle

    monkeypatch.setattr(MainScreen, "DRAFT_DELAY", 3600.0)  # only the key can write it
    toy = TOY
    import importlib.util

    spec = importlib.util.spec_from_file_location("toy_ruleset_ctrlc", toy)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    from gunline import Registry

    registry = Registry()
    registry.add("toy", module)
    doc = {"ruleset": "toy", "shooter": {"name": "Ada"}, "weapon": {"name": "pistol"}, "targets": [{"name": "Bo"}]}

    async def go():
        app = make_app(registry, doc=doc)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await set_field(pilot, "shooter.name", "Zed")
            await settle(pilot)
            assert (drafts.load_draft() or {}).get("shooter", {}).get("name") != "Zed"
            app.set_focus(app.screen.query_one("#chain-tree"))  # in a text field Ctrl+C copies
            await pilot.press("ctrl+c")
            await settle(pilot)
            assert drafts.load_draft()["shooter"]["name"] == "Zed"
            assert app.is_running
            assert any("Ctrl+Q quits" in str(n.message) for n in app._notifications)

    asyncio.run(go())
