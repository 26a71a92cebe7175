"""``gunline serve`` in a real browser: start the server, open the page in headless
Chromium, commit an attack from the command line and see its chain appear on the
page, live; then a screenshot of it.

The page draws the terminal on a canvas (xterm.js), so its text is not in the DOM: a
script put in the page before its own (DevTools protocol) keeps hold of the xterm
terminal as it is made, and the test reads the terminal's screen buffer through it.
Skipped where Debian's chromium is not installed (``apt-get install chromium``).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "necromunda" / "boltgun-vs-carapace.toml"
PNG = b"\x89PNG\r\n\x1a\n"

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium (/usr/bin/chromium)")

#: Run in the page before its scripts: the xterm.js Terminal sets ``_addonManager``
#: on itself as it is made; a setter on Object.prototype sees it do so.
KEEP_TERMINAL = """
Object.defineProperty(Object.prototype, "_addonManager", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "_addonManager", {value, writable: true, configurable: true, enumerable: true});
    window.__terminal = this;
  },
});
"""

SCREEN_TEXT = """
(() => {
  const terminal = window.__terminal;
  if (!terminal || !document.body.classList.contains("-first-byte")) return "";
  const buffer = terminal.buffer.active, lines = [];
  for (let i = 0; i < buffer.length; i++) lines.push(buffer.getLine(i).translateToString(true));
  return lines.join("\\n");
})()
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _gunline(*argv: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gunline.cli", *argv], capture_output=True, text=True, env=env,
                          timeout=60, check=True)


def _outcome(stdout: str) -> list[str]:
    lines = stdout.splitlines()
    start = lines.index("outcome:") + 1
    return [line.strip() for line in lines[start:] if line.startswith("  ") and not line.startswith("  weapon")]


def _wait(condition, what: str, limit: float = 15.0):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"gave up waiting for {what}")


def _accepts(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
        return True
    return False


class DevTools:
    """The DevTools protocol over the page's websocket: a command, its result."""

    def __init__(self, ws) -> None:
        self.ws, self.next_id = ws, 0

    async def __call__(self, method: str, **params):
        self.next_id += 1
        await self.ws.send_str(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads((await self.ws.receive(timeout=20)).data)
            if message.get("id") == self.next_id:
                assert "error" not in message, message
                return message["result"]

    async def screen(self) -> str:
        result = await self("Runtime.evaluate", expression=SCREEN_TEXT, returnByValue=True)
        return str(result["result"].get("value") or "")

    async def until_on_screen(self, text: str, limit: float = 15.0) -> str:
        end = time.monotonic() + limit
        while time.monotonic() < end:
            screen = await self.screen()
            if text in screen:
                return screen
            await asyncio.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared on the page; it shows:\n{await self.screen()}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    """End a process this test started, and its children (its own session)."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)


def test_a_committed_attack_appears_in_the_players_browser(tmp_path):
    import aiohttp

    env = {**os.environ, "GUNLINE_HOME": str(tmp_path / "home"), "GUNLINE_JOURNAL": ""}
    journal = str(tmp_path / "journal.sqlite3")
    first = _gunline("resolve", str(EXAMPLE), "--encounter", "pit", "--journal", journal, "--seed", "3", env=env)
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunline.cli", "serve", "--encounter", "pit", "--journal", journal,
         "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, start_new_session=True,
    )
    profile = tmp_path / "chromium"
    browser = subprocess.Popen(
        [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={profile}", "--remote-debugging-port=0", "--window-size=1200,1000",
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    try:
        _wait(lambda: _accepts(port) or server.poll() is not None, "the server to listen")
        assert server.poll() is None, server.stdout.read().decode() if server.stdout else ""
        active = profile / "DevToolsActivePort"
        devtools = int(_wait(lambda: active.exists() and active.read_text().split("\n")[0], "chromium's DevTools"))

        async def drive() -> tuple[str, bytes, list[str]]:
            async with aiohttp.ClientSession() as session:
                async with session.get(f"http://127.0.0.1:{devtools}/json/list") as response:
                    targets = await response.json()
                page = next(t for t in targets if t["type"] == "page")
                async with session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                    cdp = DevTools(ws)
                    await cdp("Page.enable")
                    await cdp("Page.addScriptToEvaluateOnNewDocument", source=KEEP_TERMINAL)
                    await cdp("Page.navigate", url=f"http://127.0.0.1:{port}/")
                    screen = await cdp.until_on_screen("#1 attack")
                    assert "#2 attack" not in screen
                    for line in _outcome(first.stdout):
                        assert f"» {line}" in screen
                    # the GM commits another attack, from the command line
                    second = await asyncio.to_thread(
                        _gunline, "resolve", str(EXAMPLE), "--encounter", "pit", "--journal", journal,
                        "--seed", "11", env=env,
                    )
                    screen = await cdp.until_on_screen("#2 attack")
                    shot = await cdp("Page.captureScreenshot", format="png")
                    return screen, base64.b64decode(shot["data"]), _outcome(second.stdout)

        screen, png, outcome = asyncio.run(asyncio.wait_for(drive(), 25))
    finally:
        _stop(browser)
        _stop(server)
    assert outcome
    for line in outcome:
        assert f"» {line}" in screen
    assert screen.index("#2 attack") < screen.index("#1 attack")  # newest first
    assert "Encounter 'pit' · 2 entries · read-only" in screen
    (tmp_path / "players.png").write_bytes(png)
    assert png.startswith(PNG) and len(png) > 10_000  # a page drawn, not an empty one
