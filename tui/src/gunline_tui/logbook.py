"""This session's resolutions, and their Markdown export. No Textual here."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from gunline.models import Chain

from .speech import _, _n


@dataclass
class Entry:
    """One resolution as the log shows it."""

    number: int
    how: str  # "seed 1234", "dice typed", "variant on: x (same dice)"
    chain: Chain
    when: str = field(default_factory=lambda: time.strftime("%H:%M:%S"))

    @property
    def manual(self) -> bool:
        return bool(self.chain.manual)

    def headline(self) -> str:
        count = len(self.chain.manual)
        typed = " " + _n("✎ {n} typed", "✎ {n} typed", count, n=count) if self.chain.manual else ""
        variants = f" [{', '.join(self.chain.variants)}]" if self.chain.variants else ""
        return f"#{self.number} {self.when} {self.chain.ruleset}{variants} · {self.how}{typed}"


def session_log_path() -> Path:
    """Where a session started now keeps its log: ``sessions/session-<date>.md`` in
    the data directory (not created here: the first resolution creates it)."""
    from gunline.drafts import data_dir

    return data_dir() / "sessions" / f"session-{time.strftime('%Y%m%d-%H%M%S')}.md"


@dataclass
class Logbook:
    """This session's resolutions. With a ``path``, each is also added to that file
    as it comes, in the Markdown of :meth:`markdown`: a dropped connection or a
    closed terminal loses none of the session's rolls (the export was the only
    copy). ``kept`` is where the log went (None until the first resolution, or when
    it cannot be written: ``failed`` says why, once)."""

    entries: list[Entry] = field(default_factory=list)
    path: Path | None = None
    kept: Path | None = None
    failed: str | None = None
    failure_said: bool = False

    def add(self, how: str, chain: Chain) -> Entry:
        entry = Entry(len(self.entries) + 1, how, chain)
        self.entries.append(entry)
        if self.path is not None and self.failed is None:
            self._keep(entry)
        return entry

    def _keep(self, entry: Entry) -> None:
        """Add ``entry`` to the log on disk, flushed to the disk: the first one
        creates the file (under a free name: never over another session's log)."""
        assert self.path is not None
        try:
            if self.kept is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                where = _fresh(self.path)
                out = open(where, "x", encoding="utf-8")  # noqa: SIM115 - closed below
                self.kept, text = where, _header() + _section(entry)
            else:
                out, text = open(self.kept, "a", encoding="utf-8"), "\n" + _section(entry)  # noqa: SIM115
            with out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
        except OSError as exc:
            self.failed = f"{self.kept or self.path}: {exc.strerror or exc}"

    def markdown(self) -> str:
        """The session's log, as the export writes it and the file on disk holds it."""
        if not self.entries:
            return _header() + _("No resolutions yet.") + "\n"
        return _header() + "\n".join(_section(e) for e in self.entries)


def _fresh(path: Path) -> Path:
    """``path``, or ``path`` with ``-2``, ``-3`` ... before its suffix: a name no
    file has (two apps started in the same second)."""
    for n in range(1, 1000):
        candidate = path if n == 1 else path.with_name(f"{path.stem}-{n}{path.suffix}")
        if not candidate.exists():
            return candidate
    return path.with_name(f"{path.stem}-{os.getpid()}{path.suffix}")


def _header() -> str:
    return "# " + _("gunline session") + "\n\n"


def _section(e: Entry) -> str:
    """One resolution in Markdown, made safe to print (names are whatever files and
    plugins hold, and a log is read with ``cat`` in a terminal too)."""
    from gunline.render import chain_text
    from gunline.safe import shown

    out = [f"## {e.headline()}", ""]
    out += [f"- {line}" for line in e.chain.outcomes.values()]
    if e.manual:
        where = ", ".join(str(i + 1) for i in e.chain.manual)
        out.append("- " + _("dice typed by hand at positions {positions}", positions=where))
    out += ["", "```", chain_text(e.chain).rstrip("\n"), "```"]
    return shown("\n".join(out) + "\n")
