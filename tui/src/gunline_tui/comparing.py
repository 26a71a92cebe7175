"""The columns of the compare view, kept for the session: each is the scenario as it
stood when the GM kept it (an Attack, perhaps with a variant toggled), and its odds
once computed. Laid out as ``gunline compare`` lays out files: the table
(:mod:`gunline.odds.compare_render`) and its chart (:mod:`gunline.odds.compare_chart`),
each column numbered by its place in the list. No Textual here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from gunline.models import Attack

from .shown import Text
from .speech import Packages, _, said


@dataclass
class Column:
    """One scenario kept for comparing."""

    #: How the legend names it: the shooter and the weapon, and a variant toggled.
    name: str
    attack: Attack
    #: The variant toggled on for this column (``+NAME``); none for a variant
    #: toggled off, which the legend's list of variants shows.
    added: list[str] = field(default_factory=list)
    #: Unique in the session: names the work that computes its odds.
    key: int = 0
    odds: Any = None
    #: Why its odds could not be computed.
    problem: str | None = None


def column_name(attack: Attack, toggled: str | None = None, on: bool = True, packages: Packages = ()) -> str:
    """``Vex · lasgun · single``: the shooter, the weapon and the fire mode (in the
    ruleset's words, with its ``packages``), then ``+wod.9-again`` or
    ``−wod.9-again`` for a variant toggled on or off."""
    mode = said(attack.mode, packages) if attack.mode else attack.mode
    parts = [getattr(attack.shooter, "name", None), getattr(attack.weapon, "name", None), mode]
    name = " · ".join(str(n) for n in parts if n) or attack.ruleset
    if toggled is not None:
        name += f" {'+' if on else '−'}{toggled}"
    return name


@dataclass
class Comparing:
    """The columns, in the order kept."""

    columns: list[Column] = field(default_factory=list)
    _keys: int = 0

    @property
    def ruleset(self) -> str | None:
        return self.columns[0].attack.ruleset if self.columns else None

    def refusal(self, attack: Attack) -> str | None:
        """Why ``attack`` cannot join the columns (another ruleset), or None."""
        if self.ruleset is not None and attack.ruleset != self.ruleset:
            return _("ruleset {ruleset}, but the columns are {columns}: the scenarios compared must share a ruleset "
                     "(drop the columns first: d)", ruleset=repr(attack.ruleset), columns=repr(self.ruleset))
        return None

    def add(self, name: str, attack: Attack, added: list[str] | None = None) -> Column:
        self._keys += 1
        column = Column(name, attack, list(added or []), key=self._keys)
        self.columns.append(column)
        return column

    def drop(self, index: int) -> Column:
        return self.columns.pop(index)

    def comparison(self) -> Any:
        """The comparison of the columns whose odds are in, labelled by their place
        among all the columns; None when there are none."""
        from gunline.odds.compare import build_comparison

        done = [(i, c) for i, c in enumerate(self.columns) if c.odds is not None]
        if not done:
            return None
        made = build_comparison([(c.name, c.added, c.odds) for _i, c in done])
        made.columns = [msgspec.structs.replace(col, label=str(i + 1))
                        for (i, _c), col in zip(done, made.columns, strict=True)]
        return made

    def text(self, width: int = 80, packages: tuple[str, ...] = ()) -> Text:
        """What the view shows: the columns still computing or failed, the table,
        then the chart (bars fitting ``width`` cells); ``packages`` (the stacks')
        word the ruleset's statuses and kinds."""
        from gunline.odds.compare_chart import comparison_charts_text
        from gunline.odds.compare_render import comparison_text

        if not self.columns:
            return Text(_("No columns yet. a keeps the scenario as it stands as a column; v the same with a "
                          "variant toggled. Edit the scenario (Esc), come back, add another."))
        text = Text()
        for i, column in enumerate(self.columns):
            if column.odds is None:
                how = f"✗ {column.problem}" if column.problem is not None else _("computing…")
                text.append(f"  {i + 1}  {column.name}: {how}\n")
        made = self.comparison()
        if made is not None:
            text.append(comparison_text(made, packages))
            text.append("\n\n")
            text.append(comparison_charts_text(made, width, packages))
        return text
