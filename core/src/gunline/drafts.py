"""Where a front end keeps the scenario being edited, so a dropped connection loses
nothing: the draft is written on every change and read back on the next launch.

The per-user data directory is ``$GUNLINE_HOME`` when set (tests, several
installations side by side), else ``$XDG_DATA_HOME/gunline``, else
``~/.local/share/gunline``.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from .tomlwrite import dumps

ENV_HOME = "GUNLINE_HOME"
DRAFT_FILE = "draft.toml"


def data_dir() -> Path:
    """The per-user data directory (not created here)."""
    home = os.environ.get(ENV_HOME)
    if home:
        return Path(home)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "gunline"


def draft_path() -> Path:
    return data_dir() / DRAFT_FILE


def save_draft(doc: dict[str, Any], path: Path | None = None) -> Path:
    """Write the draft atomically (a crash mid-write leaves the previous one)."""
    path = path or draft_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(dumps(doc), encoding="utf-8")
    os.replace(tmp, path)
    return path


def load_draft(path: Path | None = None) -> dict[str, Any] | None:
    """The saved draft, or ``None`` if there is none or it cannot be read."""
    path = path or draft_path()
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
