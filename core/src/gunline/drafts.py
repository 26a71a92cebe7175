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
    """The per-user data directory of gunline (not created here): ``$GUNLINE_HOME``
    when set, else by the XDG base directory spec. The one definition: the encounter
    journal's default file lives here too (``gunline.journal.paths``)."""
    home = os.environ.get(ENV_HOME, "").strip()
    if home:
        return Path(home).expanduser()
    base = os.environ.get("XDG_DATA_HOME", "").strip()
    # The spec says a relative XDG_DATA_HOME is invalid and must be ignored.
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "gunline"


def draft_path() -> Path:
    return data_dir() / DRAFT_FILE


def save_draft(doc: dict[str, Any], path: Path | None = None) -> Path:
    """Write the draft atomically and durably (flushed to disk, then renamed over the
    old one): a crash or a dropped SSH session leaves the previous draft or this one."""
    from .journal.atomic import write_atomic  # not at import: the app starts without it

    path = path or draft_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_atomic(path, dumps(doc))


def load_draft(path: Path | None = None) -> dict[str, Any] | None:
    """The saved draft, or ``None`` if there is none or it cannot be read."""
    path = path or draft_path()
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None


#: The parts of a scenario that are tables, and the one that is an array of tables.
_TABLES = ("shooter", "weapon", "settings", "map", "roster")


def shape_problem(doc: dict[str, Any]) -> str | None:
    """What makes ``doc`` no scenario an editor can show, field by field (a value
    where a table goes: ``targets = ["Goliath"]``), or None. Validation names the
    rest; this is what must hold before anything is laid out from it."""
    for key in _TABLES:
        if key in doc and not isinstance(doc[key], dict):
            return f"{key}: expected a table ([{key}]), got {type(doc[key]).__name__}"
    targets = doc.get("targets", [])
    if not isinstance(targets, list):
        return f"targets: expected [[targets]] tables, got {type(targets).__name__}"
    for i, target in enumerate(targets):
        if not isinstance(target, dict):
            return f"targets[{i}]: expected a [[targets]] table, got {type(target).__name__}"
    return None


def set_aside(path: Path | None = None) -> Path | None:
    """Move a draft that cannot be used out of the way, kept (``draft.toml.unusable``),
    so that the next edit's draft does not replace it; where it went, or None."""
    path = path or draft_path()
    aside = path.with_name(path.name + ".unusable")
    try:
        os.replace(path, aside)
    except OSError:
        return None
    return aside
