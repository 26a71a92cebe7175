"""Where a front end keeps the scenario being edited, so a dropped connection loses
nothing: the draft is written on every change and read back on the next launch.

The per-user data directory is ``$GUNLINE_HOME`` when set (tests, several
installations side by side), else ``$XDG_DATA_HOME/gunline``, else
``~/.local/share/gunline``.
"""

from __future__ import annotations

import os
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .tomlwrite import dumps

ENV_HOME = "GUNLINE_HOME"
DRAFT_FILE = "draft.toml"
#: Beside a draft (``draft.toml`` → ``draft.source.json``): the file it came from.
SOURCE_SUFFIX = ".source.json"


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


def home_problem() -> str | None:
    """Why the data directory cannot keep drafts (made here if it is missing), or
    None: ``$GUNLINE_HOME`` naming a file, a folder that cannot be made or written.
    Said as such, not as a draft that cannot be read or written."""
    folder = data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return f"the data folder {folder} is a file"
    except OSError as exc:
        return f"the data folder {folder} cannot be made: {exc.strerror or exc}"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"the data folder {folder} cannot be written"
    return None


def draft_path() -> Path:
    return data_dir() / DRAFT_FILE


@dataclass(frozen=True)
class DraftSource:
    """Where a draft's scenario came from, kept beside it so that a restored draft is
    saved to its file again: ``path`` the file Save writes (None: untitled),
    ``example`` the bundled example it is a copy of, ``text`` the file's text as read
    (its comments and layout are kept on saving, and a change on disk since shows)."""

    path: str | None = None
    example: str | None = None
    text: str | None = None


def source_path(path: Path) -> Path:
    """The sidecar of the draft at ``path``: ``draft.toml`` → ``draft.source.json``."""
    return path.with_name(path.name.removesuffix(".toml") + SOURCE_SUFFIX)


def save_draft(doc: dict[str, Any], path: Path | None = None, source: DraftSource | None = None) -> Path:
    """Write the draft atomically and durably (flushed to disk, then renamed over the
    old one): a crash or a dropped SSH session leaves the previous draft or this one.

    Its ``source`` goes beside it (:func:`source_path`), naming the digests of the
    drafts it belongs to. Of the same file as the draft on disk (the GM typing on),
    the sidecar is written first and names both that draft and this one: a crash
    between the two writes leaves a draft that still knows its file. Of another file,
    a crash between them leaves a sidecar that names another draft, which
    :func:`load_source` then ignores, so a draft is never saved to a file it did not
    come from. An untitled draft has no sidecar."""
    from .journal.atomic import write_atomic  # not at import: the app starts without it

    path = path or draft_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = dumps(doc)
    sidecar = source_path(path)
    if source is not None and (source.path or source.example):
        import json

        where = os.path.abspath(source.path) if source.path else None  # the next launch may be elsewhere
        ours = [_digest(text)]
        on_disk = _source_of(path)
        if on_disk is not None and (on_disk[0].path, on_disk[0].example) == (where, source.example):
            ours.insert(0, on_disk[1])  # the draft there now, until this one takes its place
        record = {"draft": ours[-1], "drafts": ours, "path": where, "example": source.example,
                  "text": source.text}
        write_atomic(sidecar, json.dumps(record, ensure_ascii=False))
        write_atomic(path, text)
    else:
        write_atomic(path, text)
        try:
            sidecar.unlink()
        except FileNotFoundError:
            pass
    return path


def load_source(path: Path | None = None) -> DraftSource | None:
    """Where the draft at ``path`` came from, or None: untitled, or a sidecar that
    cannot be read or belongs to another draft (see :func:`save_draft`)."""
    found = _source_of(path or draft_path())
    return found[0] if found is not None else None


def _source_of(path: Path) -> tuple[DraftSource, str] | None:
    """:func:`load_source`, with the digest of the draft at ``path``."""
    import json

    try:
        record = json.loads(source_path(path).read_text(encoding="utf-8"))
        draft = _digest(path.read_bytes())
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if not isinstance(record, dict):
        return None
    ours = record.get("drafts")
    if not isinstance(ours, list):  # written by an earlier gunline: one draft's
        ours = [record.get("draft")]
    if draft not in ours:
        return None
    fields = {k: record.get(k) for k in ("path", "example", "text")}
    if not all(v is None or isinstance(v, str) for v in fields.values()):
        return None
    if fields["path"] is not None and not os.path.isabs(fields["path"]):
        # written as typed, by an earlier gunline: relative to a folder no longer
        # known, where the same name may be another file; untitled, so Save asks
        fields["path"] = None
    return DraftSource(**fields), draft


def _digest(text: str | bytes) -> str:
    import hashlib

    return hashlib.sha256(text.encode("utf-8") if isinstance(text, str) else text).hexdigest()


def read_draft(path: Path | None = None) -> tuple[dict[str, Any] | None, str | None]:
    """The saved draft and what is wrong with it: ``(doc, None)``; ``(None, None)``
    when there is none; ``(None, why)`` when one is there and cannot be read (not
    UTF-8, not TOML, unreadable): a draft that must be kept, never replaced."""
    path = path or draft_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, f"cannot read it: {exc.strerror or exc}"
    from .tomltext import KeyTooLong, loads

    try:
        return loads(raw.decode("utf-8")), None
    except UnicodeDecodeError:
        return None, "not a text file (expected UTF-8 TOML)"
    except KeyTooLong as exc:
        return None, str(exc)
    except tomllib.TOMLDecodeError as exc:
        return None, f"not valid TOML: {exc}"
    except RecursionError:
        return None, "not valid TOML: arrays or tables nested too deeply"


def load_draft(path: Path | None = None) -> dict[str, Any] | None:
    """The saved draft, or ``None`` if there is none or it cannot be read."""
    return read_draft(path)[0]


#: The parts of a scenario that are tables, and the one that is an array of tables.
_TABLES = ("shooter", "weapon", "settings", "map", "roster")
#: The parts that are strings: the form picks a ruleset and a fire mode by them.
_STRINGS = ("ruleset", "mode")


def toml_kind(value: Any) -> str:
    """A value's TOML type, as a GM who wrote it reads it (``[1]``: an array)."""
    import datetime

    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a float"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, datetime.datetime):
        return "a date-time"
    if isinstance(value, datetime.date):
        return "a date"
    if isinstance(value, datetime.time):
        return "a time"
    return type(value).__name__


def shape_problem(doc: dict[str, Any]) -> str | None:
    """What makes ``doc`` no scenario an editor can show, field by field (a value
    where a table goes: ``targets = ["Goliath"]``), or None. Validation names the
    rest; this is what must hold before anything is laid out from it."""
    for key in _STRINGS:
        if key in doc and not isinstance(doc[key], str):
            return f"{key}: expected a string, got {toml_kind(doc[key])}"
    variants = doc.get("variants", [])
    if not isinstance(variants, list):
        return f"variants: expected an array of strings (variants = [\"name\"]), got {toml_kind(variants)}"
    for i, variant in enumerate(variants):
        if not isinstance(variant, str):
            return f"variants[{i}]: expected a string, got {toml_kind(variant)}"
    for key in _TABLES:
        if key in doc and not isinstance(doc[key], dict):
            return f"{key}: expected a table ([{key}]), got {toml_kind(doc[key])}"
    targets = doc.get("targets", [])
    if not isinstance(targets, list):
        return f"targets: expected [[targets]] tables, got {toml_kind(targets)}"
    for i, target in enumerate(targets):
        if not isinstance(target, dict):
            return f"targets[{i}]: expected a [[targets]] table, got {toml_kind(target)}"
    return None


def set_aside(path: Path | None = None) -> Path | None:
    """Move a draft that cannot be used out of the way, kept (``draft.toml.unusable``,
    else ``draft-2.toml.unusable``, ...: an earlier one is never replaced), so that
    the next edit's draft does not replace it; where it went, or None."""
    path = path or draft_path()
    return _move_fresh(path, path.stem, path.suffix + ".unusable")


def keep_aside(path: Path | None = None) -> Path | None:
    """Move a usable draft, and its sidecar, out of the way under a dated name
    (``draft-20261204-2142.toml``) in its folder, so that another scenario's draft
    can take its place and it stays whole; where it went, or None."""
    path = path or draft_path()
    kept = _move_fresh(path, f"{path.stem}-{time.strftime('%Y%m%d-%H%M%S')}", path.suffix)
    if kept is not None:
        try:
            os.replace(source_path(path), source_path(kept))
        except OSError:
            pass
    return kept


def fresh_draft_path(folder: Path | None = None) -> Path:
    """A dated draft file name in ``folder`` (the data directory) that is not taken:
    where an app that cannot have ``draft.toml`` keeps its own."""
    folder = folder or data_dir()
    stem = f"draft-{time.strftime('%Y%m%d-%H%M%S')}"
    for n in range(1, 1000):
        candidate = folder / (f"{stem}{'' if n == 1 else f'-{n}'}.toml")
        if not candidate.exists():
            return candidate
    return folder / f"{stem}-{os.getpid()}.toml"


def kept_source(path: str | os.PathLike[str]) -> DraftSource | None:
    """Where the draft kept at ``path`` came from, when ``path`` is one of
    :func:`other_drafts` (``draft-<date>.toml`` in the data folder or a fallback
    folder): its sidecar's
    record, or an empty one (untitled: its work is in no file). None for any other
    file. Opened by name, a kept draft is unsaved work, never a file of its own:
    saving it into the data folder would hide it among the drafts."""
    from .draftfallback import found

    try:
        real = Path(path).expanduser().resolve()
        folders = {f.expanduser().resolve() for f in [data_dir(), *found()]}
    except (OSError, RuntimeError, ValueError):
        return None
    if real.parent not in folders or not real.match("draft-*.toml") or not real.is_file():
        return None
    return load_source(real) or DraftSource()


def other_drafts(folder: Path | None = None) -> list[Path]:
    """The drafts kept beside ``draft.toml`` (another instance's, or one kept aside),
    oldest first; without ``folder``, those of the data folder, then those kept in a
    fallback folder (:mod:`gunline.draftfallback`) while it could not be written."""
    if folder is None:
        from .draftfallback import found

        return other_drafts(data_dir()) + [p for f in found() for p in other_drafts(f)]
    try:
        return sorted(folder.glob("draft-*.toml"))
    except OSError:
        return []


def _move_fresh(path: Path, stem: str, suffix: str) -> Path | None:
    """Move ``path`` to ``stem + suffix`` in its folder, or ``stem-2 + suffix``, ...:
    never over a file already there (a hard link fails if the name is taken, which
    a rename would not); the name it went to, or None if it could not be moved."""
    for n in range(1, 1000):
        target = path.with_name(f"{stem}{'' if n == 1 else f'-{n}'}{suffix}")
        try:
            os.link(path, target)
        except FileExistsError:
            continue
        except OSError:  # a file system without hard links: check, then rename
            if target.exists():
                continue
            try:
                os.replace(path, target)
            except OSError:
                return None
            return target
        try:
            os.unlink(path)
        except OSError:
            pass
        return target
    return None
