"""Where a draft goes when the data folder cannot take it (a full disk, a read-only
mount, a quota, ``GUNLINE_HOME`` naming a file): a folder private to the user, so
that a dropped SSH session still loses nothing.

The places, in order: ``gunline-<uid>`` in the system's temporary folder
(``tempfile.gettempdir()``: it outlives the session), then ``gunline`` in
``$XDG_RUNTIME_DIR`` (kept in memory, and removed when the user's last session ends:
a dropped connection may take it, so it comes second). In each, a folder of the data
folder's own (``<name>-<digest of its path>``): two data folders never share a draft.

The temporary folder is shared by every user, so a place there is used only if it is
a folder (not a symbolic link) of this user's that no one else can write; one that is
missing is made with mode 0700. A draft found in a place that fails those checks is
never read: another user could have put it there.

A fallback draft is only ever written when the data folder refused the draft; the
next launch finds it, brings it back into the data folder when it can be written
(:func:`bring_back`), and otherwise restores it from where it is.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .drafts import DRAFT_FILE, data_dir, fresh_draft_path, keep_aside, source_path


def temp_root() -> Path:
    """The system's temporary folder (``$TMPDIR``, else ``/tmp``, ...)."""
    return Path(tempfile.gettempdir())


def _uid() -> int | None:
    getuid = getattr(os, "getuid", None)
    return getuid() if getuid is not None else None


def roots() -> list[Path]:
    """The user's folders that fallback drafts go in, in the order they are tried."""
    uid = _uid()
    found = [temp_root() / (f"gunline-{uid}" if uid is not None else "gunline")]
    runtime = os.environ.get("XDG_RUNTIME_DIR", "").strip()
    if runtime and os.path.isabs(runtime):
        found.append(Path(runtime) / "gunline")
    return found


def places(home: Path | None = None) -> list[Path]:
    """The fallback folders of the data folder ``home`` (the data folder by default),
    in the order they are tried; none of them is made here."""
    home = Path(os.path.abspath(home or data_dir()))
    tag = f"{home.name or 'gunline'}-{hashlib.sha256(str(home).encode('utf-8', 'surrogateescape')).hexdigest()[:8]}"
    return [root / tag for root in roots()]


def unsafe(folder: Path, make: bool = False) -> str | None:
    """Why ``folder`` is no private folder of this user's, or None: missing (made,
    mode 0700, when ``make``), a symbolic link, not a folder, another user's, or one
    that others can write. A folder of this user's that others can read is made
    private (0700)."""
    try:
        st = os.lstat(folder)
    except FileNotFoundError:
        if not make:
            return f"{folder} is not there"
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:
            pass  # made meanwhile, by whom is checked below
        except OSError as exc:
            return f"{folder} cannot be made: {exc.strerror or exc}"
        try:
            st = os.lstat(folder)
        except OSError as exc:
            return f"{folder}: {exc.strerror or exc}"
    except OSError as exc:
        return f"{folder}: {exc.strerror or exc}"
    if stat.S_ISLNK(st.st_mode):
        return f"{folder} is a symbolic link, not a folder of this user's"
    if not stat.S_ISDIR(st.st_mode):
        return f"{folder} is not a folder"
    uid = _uid()
    if uid is None:  # Windows: no owners or modes to check; the temporary folder is the user's own
        return None
    if st.st_uid != uid:
        return f"{folder} belongs to another user"
    if st.st_mode & 0o022:
        return f"{folder} can be written by other users"
    if st.st_mode & 0o077:
        try:
            os.chmod(folder, 0o700)
        except OSError as exc:
            return f"{folder} cannot be made private: {exc.strerror or exc}"
    return None


def _checked(place: Path, make: bool) -> str | None:
    """Why the fallback folder ``place`` (in one of :func:`roots`) cannot be used."""
    return unsafe(place.parent, make) or unsafe(place, make)


def place(home: Path | None = None) -> tuple[Path | None, list[str]]:
    """The first fallback folder of ``home`` that is private and writable (made if
    missing), and why each one before it was refused."""
    refused: list[str] = []
    for folder in places(home):
        problem = _checked(folder, make=True)
        if problem is None and not os.access(folder, os.W_OK | os.X_OK):
            problem = f"{folder} cannot be written"
        if problem is None:
            return folder, refused
        refused.append(problem)
    return None, refused


def found(home: Path | None = None) -> list[Path]:
    """The fallback folders of ``home`` that are there and safe to read drafts from."""
    return [folder for folder in places(home) if _checked(folder, make=False) is None]


def drafts_in(folder: Path) -> list[Path]:
    """The drafts in a fallback folder: ``draft.toml`` first, if there, then the
    dated ones (a second app's), oldest first."""
    try:
        dated = sorted(folder.glob("draft-*.toml"))
    except OSError:
        dated = []
    main = folder / DRAFT_FILE
    return ([main] if main.is_file() else []) + [p for p in dated if p.is_file()]


def remove(path: Path) -> None:
    """Remove a fallback draft and its sidecar (the data folder holds it now), and its
    folder once empty."""
    for gone in (path, source_path(path)):
        try:
            gone.unlink()
        except OSError:
            pass
    try:
        path.parent.rmdir()
    except OSError:
        pass


def copy_to(src: Path, dest: Path) -> None:
    """Write the draft ``src`` and its sidecar at ``dest`` (another file system, maybe)
    atomically and durably, with ``src``'s modification time; then remove ``src``.
    Nothing is removed if the write fails (the OSError is raised)."""
    from .journal.atomic import write_atomic

    data = src.read_bytes()
    when = os.stat(src).st_mtime
    sidecar = source_path(src)
    try:
        record: bytes | None = sidecar.read_bytes()
    except OSError:
        record = None
    if record is not None:
        write_atomic(source_path(dest), record)
    else:  # an untitled draft: a sidecar left at ``dest`` is another draft's
        source_path(dest).unlink(missing_ok=True)
    write_atomic(dest, data)
    try:
        os.utime(dest, (when, when))
    except OSError:
        pass
    remove(src)


@dataclass(frozen=True)
class Back:
    """A fallback draft brought back into the data folder: where it was (``came``),
    where it is now (``now``: ``draft.toml`` if it is the draft again, else a dated
    name listed with the kept drafts) and the data folder's own draft it was compared
    with (``other``: where that one is kept now; None when there was none or it was
    the same)."""

    came: Path
    now: Path
    other: Path | None = None

    @property
    def taken(self) -> bool:
        """Whether it is the draft again (it was newer, or the only one)."""
        return self.now.name == DRAFT_FILE


def bring_back(home: Path | None = None, skip: frozenset[Path] = frozenset()) -> list[Back]:
    """Move every fallback draft of ``home`` (but those in ``skip``: another running
    app's) into ``home``, which can be written again. A fallback ``draft.toml`` is
    compared with the data folder's by modification time: the newer becomes
    ``draft.toml``, the older is kept under a dated name; dated ones keep theirs (or
    a fresh one). What could not be moved stays where it is, and is not listed."""
    home = home or data_dir()
    back: list[Back] = []
    for folder in found(home):
        for path in drafts_in(folder):
            if path in skip:
                continue
            try:
                back.append(_back(path, home))
            except OSError:
                continue
    return back


def _back(path: Path, home: Path) -> Back:
    home.mkdir(parents=True, exist_ok=True)
    if path.name != DRAFT_FILE:
        dest = home / path.name if not (home / path.name).exists() else fresh_draft_path(home)
        copy_to(path, dest)
        return Back(path, dest)
    ours = home / DRAFT_FILE
    if not ours.exists():
        copy_to(path, ours)
        return Back(path, ours)
    if ours.read_bytes() == path.read_bytes():
        remove(path)
        return Back(path, ours)
    if os.stat(path).st_mtime > os.stat(ours).st_mtime:
        aside = keep_aside(ours)
        if aside is None:
            raise OSError(f"{ours} could not be kept aside")
        try:
            copy_to(path, ours)
        except OSError:
            os.replace(aside, ours)  # as it was: the fallback one stays where it is
            try:
                os.replace(source_path(aside), source_path(ours))
            except OSError:
                pass
            raise
        return Back(path, ours, aside)
    dest = fresh_draft_path(home)
    copy_to(path, dest)
    return Back(path, dest, ours)


def newest(home: Path | None = None, skip: frozenset[Path] = frozenset()) -> tuple[Path | None, list[Path]]:
    """While the data folder cannot be written: the ``draft.toml`` to restore, the
    newest of the data folder's (if it can be read) and the fallback folders' (but
    those in ``skip``), and the others, older, kept where they are."""
    home = home or data_dir()
    candidates = [folder / DRAFT_FILE for folder in found(home)]
    candidates = [p for p in candidates if p not in skip and p.is_file()]
    try:
        if (home / DRAFT_FILE).is_file():
            candidates.append(home / DRAFT_FILE)
    except OSError:
        pass
    dated: list[tuple[float, Path]] = []
    for p in candidates:
        try:
            dated.append((os.stat(p).st_mtime, p))
        except OSError:
            continue
    if not dated:
        return None, []
    dated.sort(key=lambda pair: pair[0], reverse=True)
    return dated[0][1], [p for _when, p in dated[1:]]
