"""Where the journal lives: one file per user, overridable for a table or a test.

Order of precedence: an explicit path (``--journal``), then ``GUNLINE_JOURNAL``,
then ``journal.sqlite3`` in the data directory: ``$GUNLINE_HOME``, else
``$XDG_DATA_HOME/gunline`` (``~/.local/share/gunline`` when unset).
"""

from __future__ import annotations

import os
from pathlib import Path

ENV_JOURNAL = "GUNLINE_JOURNAL"
FILE_NAME = "journal.sqlite3"


ENV_HOME = "GUNLINE_HOME"


def data_dir() -> Path:
    """The per-user data directory of gunline: ``$GUNLINE_HOME`` when set (as for
    the TUI's draft), else by the XDG base directory spec."""
    home = os.environ.get(ENV_HOME, "").strip()
    if home:
        return Path(home).expanduser()
    base = os.environ.get("XDG_DATA_HOME", "").strip()
    # The spec says a relative XDG_DATA_HOME is invalid and must be ignored.
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "gunline"


def journal_path(explicit: str | os.PathLike[str] | None = None) -> tuple[Path, bool]:
    """The journal file to use, and whether it is the default one (whose folder
    gunline may create; a path the user gave must be in a folder that exists)."""
    if explicit is not None and str(explicit) != "":
        return Path(explicit).expanduser(), False
    env = os.environ.get(ENV_JOURNAL, "").strip()
    if env:
        return Path(env).expanduser(), False
    return data_dir() / FILE_NAME, True
