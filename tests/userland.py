"""Doing what a user is told to do, as printed, in folders of their own: the helpers
of the tests that run the README's, the plugin docs' and ``gunline new-plugin``'s
commands outside the workspace (fixtures in conftest.py)."""

from __future__ import annotations

import base64
import fcntl
import hashlib
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
import zipfile
from pathlib import Path

import pytest


def section(text: str, heading: str) -> str:
    """The Markdown section under ``## heading`` (to the next ``## ``)."""
    start = text.index(f"\n## {heading}")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else None]


def shell_blocks(text: str) -> list[str]:
    """The ```sh blocks of a Markdown text, in order."""
    return re.findall(r"```sh\n(.*?)```", text, re.S)


#: The README's section on installing, and what each of its ```sh blocks is for.
INSTALLING = "Installing: players, GMs and plugin authors"
INSTALLING_BLOCKS = ("build", "gm", "another ruleset", "player", "author")


def installing(readme: str) -> dict[str, str]:
    """The README's installing commands, by whom they are for."""
    blocks = shell_blocks(section(readme, INSTALLING))
    assert len(blocks) == len(INSTALLING_BLOCKS), blocks
    return dict(zip(INSTALLING_BLOCKS, blocks))


#: Escape sequences of a terminal: cursor moves, colours, modes, window titles.
ESCAPES = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]")


def screen_words(output: bytes) -> str:
    """What a terminal's output shows, as words: escape sequences become spaces."""
    return " ".join(ESCAPES.sub(" ", output.decode("utf-8", "replace")).split())


def run_in_terminal(command: str, cwd: Path, env: dict[str, str], want: str, timeout: float) -> str:
    """Run ``command`` (a shell line) in a pseudo-terminal of 80x24 until its screen
    shows ``want``; then press Ctrl+Q and wait for it to exit 0."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    process = subprocess.Popen(
        ["bash", "-c", command], cwd=cwd, env={**env, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"},
        stdin=follower, stdout=follower, stderr=follower, start_new_session=True,
    )
    os.close(follower)
    output, seen, deadline = b"", False, time.monotonic() + timeout
    try:
        while time.monotonic() < deadline and process.poll() is None:
            ready, _, _ = select.select([leader], [], [], 0.2)
            if ready:
                try:
                    output += os.read(leader, 65536)
                except OSError:
                    break
            if not seen and want in screen_words(output):
                seen = True
                os.write(leader, b"\x11")  # Ctrl+Q
        code = process.wait(timeout=max(deadline - time.monotonic(), 5))
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        code = None
    finally:
        os.close(leader)
    shown = screen_words(output)
    if not seen or code != 0:
        pytest.fail(f"{command!r} (exit {code}) never showed {want!r}; the screen showed:\n{shown[-3000:]}",
                    pytrace=False)
    return shown


#: What the process running the tests has set that a user at a shell would not (the
#: environment of ``uv run``, the tests' own choices); uv's index settings stay.
NOT_THE_USERS = {
    "VIRTUAL_ENV", "UV_PROJECT_ENVIRONMENT", "UV_PROJECT", "UV_RUN_RECURSION_DEPTH", "UV_TOOL_DIR",
    "UV_TOOL_BIN_DIR", "UV_CACHE_DIR", "UV_PYTHON", "UV_FROZEN", "UV_LOCKED", "UV_NO_SYNC", "UV_NO_SOURCES",
    "UV_NO_PROJECT", "UV_FIND_LINKS", "UV_SYSTEM_PYTHON", "UV_WORKING_DIRECTORY", "UV_INDEX",
}


class FreshUser:
    """A user with a home of their own: ``run`` runs shell lines as they are printed,
    ``app`` runs a command that opens the terminal app in a terminal (a pty)."""

    def __init__(self, base: Path, uv_cache: str) -> None:
        self.home = base / "home"
        self.bin = base / "bin"
        for folder in (self.home, self.bin):
            folder.mkdir(parents=True, exist_ok=True)
        keep = {
            k: v for k, v in os.environ.items()
            if not k.startswith(("GUNLINE_", "PYTEST", "PYTHON")) and k not in NOT_THE_USERS
        }
        pyenv_root = os.environ.get("PYENV_ROOT", str(Path.home() / ".pyenv"))
        self.env = {
            **keep,
            "HOME": str(self.home),
            "PYENV_ROOT": pyenv_root,  # where a uv installed by pyenv lives, whatever HOME is
            "PATH": f"{self.bin}{os.pathsep}{keep.get('PATH', '')}",
            "UV_CACHE_DIR": uv_cache,
            "UV_PYTHON": sys._base_executable if hasattr(sys, "_base_executable") else sys.executable,
            "UV_TOOL_DIR": str(base / "tools"),
            "UV_TOOL_BIN_DIR": str(self.bin),
            "UV_NO_PROGRESS": "1",
            "XDG_DATA_HOME": str(self.home / ".local" / "share"),
            "XDG_CONFIG_HOME": str(self.home / ".config"),
            "XDG_STATE_HOME": str(self.home / ".local" / "state"),
            "NO_COLOR": "1",
        }

    def run(self, lines: str | list[str], cwd: Path, timeout: float = 300, **env: str) -> str:
        """Run shell lines as printed (one script: a ``cd`` holds for the lines after
        it); fail the test, showing the output, unless every line succeeds."""
        script = lines if isinstance(lines, str) else "\n".join(lines)
        done = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", script],
            cwd=cwd, env={**self.env, **env}, capture_output=True, text=True, timeout=timeout,
        )
        if done.returncode != 0:
            pytest.fail(
                f"exit {done.returncode} from:\n{script}\n--- stdout\n{done.stdout[-4000:]}\n"
                f"--- stderr\n{done.stderr[-4000:]}",
                pytrace=False,
            )
        return done.stdout

    def app(self, command: str, cwd: Path, want: str, timeout: float = 90, **env: str) -> str:
        """Run ``command`` in an 80x24 terminal until the screen shows ``want``, then
        quit the app with Ctrl+Q; returns what the screen showed."""
        return run_in_terminal(command, cwd, {**self.env, **env}, want, timeout)


DECOY_VERSION = "99.0"
DECOY_MESSAGE = "this gunline was fetched from a package index"


def decoy_wheel(folder: Path, distribution: str, package: str) -> Path:
    """A wheel of ``distribution`` 99.0 whose package raises on import."""
    stem = f"{distribution.replace('-', '_')}-{DECOY_VERSION}"
    files = {
        f"{package}/__init__.py": f"raise ImportError({DECOY_MESSAGE!r})\n",
        f"{stem}.dist-info/METADATA": f"Metadata-Version: 2.1\nName: {distribution}\nVersion: {DECOY_VERSION}\n",
        f"{stem}.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = []
    for name, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={digest},{len(text.encode())}")
    record.append(f"{stem}.dist-info/RECORD,,")
    files[f"{stem}.dist-info/RECORD"] = "\n".join(record) + "\n"
    path = folder / f"{stem}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as whl:
        for name, text in files.items():
            whl.writestr(name, text)
    return path
