"""This session's resolutions, and their Markdown export. No Textual here."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

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


@dataclass
class Logbook:
    entries: list[Entry] = field(default_factory=list)

    def add(self, how: str, chain: Chain) -> Entry:
        entry = Entry(len(self.entries) + 1, how, chain)
        self.entries.append(entry)
        return entry

    def markdown(self) -> str:
        from gunline.render import chain_text

        out = ["# " + _("gunline session"), ""]
        if not self.entries:
            out.append(_("No resolutions yet."))
        for e in self.entries:
            out += [f"## {e.headline()}", ""]
            out += [f"- {line}" for line in e.chain.outcomes.values()]
            if e.manual:
                where = ", ".join(str(i + 1) for i in e.chain.manual)
                out.append("- " + _("dice typed by hand at positions {positions}", positions=where))
            out += ["", "```", chain_text(e.chain), "```", ""]
        return "\n".join(out).rstrip() + "\n"
