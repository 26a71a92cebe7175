"""Where the journal lives: one file per user, overridable for a table or a test.

Order of precedence: an explicit path (``--journal``), then ``GUNLINE_JOURNAL``,
then ``journal.sqlite3`` in the data directory: ``$GUNLINE_HOME``, else
``$XDG_DATA_HOME/gunline`` (``~/.local/share/gunline`` when unset).
"""

from __future__ import annotations

import os
from pathlib import Path

# One data directory for the draft and the journal, defined beside the draft.
from ..drafts import ENV_HOME, data_dir

__all__ = ["ENV_HOME", "ENV_JOURNAL", "FILE_NAME", "data_dir", "journal_path"]

ENV_JOURNAL = "GUNLINE_JOURNAL"
FILE_NAME = "journal.sqlite3"


def journal_path(explicit: str | os.PathLike[str] | None = None) -> tuple[Path, bool]:
    """The journal file to use, and whether it is the default one (whose folder
    gunline may create; a path the user gave must be in a folder that exists)."""
    if explicit is not None and str(explicit) != "":
        return Path(explicit).expanduser(), False
    env = os.environ.get(ENV_JOURNAL, "").strip()
    if env:
        return Path(env).expanduser(), False
    return data_dir() / FILE_NAME, True
