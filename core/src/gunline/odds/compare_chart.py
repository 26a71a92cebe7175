"""Scenarios side by side as a picture: ``gunline compare --plot``.

Per target, two charts of the comparison's rows (:mod:`.compare`): its final status
(a group of bars per status, from 0 to 100%) and the expected hits and wounds (a
group each, from 0 to the largest expected value of either, which the chart's title
gives). A group has one bar per column, labelled by the column's number, the value
beside it, as the table writes it; ``—`` and no bar where a column lacks the target.
Bars are drawn as :mod:`.chart` draws them (block characters, a light-shade track),
so they read without colour. No Textual here.
"""

from __future__ import annotations

from typing import NamedTuple

from ..language import N_, _, term
from .chart import MAX_LABEL, MIN_BAR, PERCENT, TRACK, _cut, bar, bar_width
from .compare import Comparison, Row
from .compare_render import MISSING, _value

#: The expected values charted, and how a group of them is labelled (in words: ``_()``).
EXPECTED = {"hit": N_("hits"), "wound": N_("wounds")}


class Bar(NamedTuple):
    """One column's bar in a group."""

    #: The column's number, as the table's header shows it.
    column: str
    #: The figure (None where the column lacks it), and its share of a full bar.
    value: float | None
    share: float
    #: ``width`` cells, track included; "" where the column lacks the figure.
    bar: str
    #: The figure as the table writes it (``50.0%``, ``0.33``, ``—``).
    text: str

    @property
    def filled(self) -> str:
        """The bar without its track."""
        return self.bar.rstrip(TRACK)


class Group(NamedTuple):
    """One figure (a status, the expected hits), a bar per column."""

    label: str
    bars: list[Bar]


class CompareChart(NamedTuple):
    """``status`` or ``expected`` of one target; ``full`` is what a full bar stands
    for (1 for the status odds)."""

    title: str
    full: float
    groups: list[Group]


def _label(row: Row, words: tuple[str, ...] = ()) -> str:
    if row.measure == "expected" and row.key in EXPECTED:
        return _(EXPECTED[row.key])
    return term(row.key or "", words)


def target_rows(comparison: Comparison, target: str) -> list[tuple[str, list[Row]]]:
    """The rows charted for ``target``: its status rows, then its expected hits and
    wounds, as (title, rows)."""
    mine = [r for r in comparison.rows if r.section == "target" and r.target == target]
    status = [r for r in mine if r.measure == "status"]
    expected = [r for r in mine if r.measure == "expected" and r.key in EXPECTED]
    return [(title, rows) for title, rows in (("status", status), ("expected", expected)) if rows]


def _full(rows: list[Row]) -> float:
    """The largest value of ``rows`` (1 when none is above 0)."""
    most = max((v for r in rows for v in r.values if v is not None), default=0.0)
    return most if most > 0 else 1.0


def target_charts(
    comparison: Comparison, target: str, width: int, indent: int = 4, words: tuple[str, ...] = ()
) -> list[CompareChart]:
    """``target``'s charts, each line fitting ``width`` cells (indented by
    ``indent``) where it can: labels are cut (to no fewer than 3 cells) before a bar
    is drawn narrower than :data:`~.chart.MIN_BAR`; all its bars share one width.
    ``words`` (the columns' packages) word the statuses."""
    columns = max(len(c.label) for c in comparison.columns)
    most = max(3, min(MAX_LABEL, width - indent - columns - 4 - PERCENT - MIN_BAR))
    made = [(title, rows, [_cut(_label(r, words), most) for r in rows])
            for title, rows in target_rows(comparison, target)]
    label = max((len(lab) for _, _, labels in made for lab in labels), default=0)
    cells = bar_width(width, label + 2 + columns, indent)
    out = []
    for title, rows, labels in made:
        full = 1.0 if title == "status" else _full(rows)
        groups = []
        for row, lab in zip(rows, labels, strict=True):
            bars = []
            for column, value in zip(comparison.columns, row.values, strict=True):
                share = 0.0 if value is None else value / full
                bars.append(Bar(column.label, value, share, "" if value is None else bar(share, cells),
                                _value(row, value)))
            groups.append(Group(lab, bars))
        out.append(CompareChart(title, full, groups))
    return out


def chart_title(chart: CompareChart) -> str:
    if chart.title == "status":
        return _("status")
    return _("expected (a full bar is {full})", full=format(chart.full, ".2f"))


def group_lines(group: Group, label: int, columns: int) -> list[str]:
    """A group as plain text: its label on the first bar's line, then a line per
    column: number, bar, value."""
    lines = []
    for i, one in enumerate(group.bars):
        name = group.label if i == 0 else ""
        if one.value is None:
            lines.append(f"{name:<{label}}  {one.column:>{columns}} {MISSING}")
        else:
            lines.append(f"{name:<{label}}  {one.column:>{columns}} {one.bar} {one.text:>{PERCENT}}")
    return lines


def label_width(made: list[CompareChart]) -> int:
    return max((len(g.label) for c in made for g in c.groups), default=0)


def comparison_charts_text(comparison: Comparison, width: int = 80, words: tuple[str, ...] = ()) -> str:
    """Every target's charts as text lines of at most ``width`` cells where they fit
    (a bar is never narrower than :data:`~.chart.MIN_BAR`); ``words`` (the columns'
    packages) word the statuses."""
    columns = max(len(c.label) for c in comparison.columns)
    out = [_("charts (a bar per column, by its number; status from 0 to 100%)")]
    for name in comparison.targets:
        made = target_charts(comparison, name, width, words=words)
        label = label_width(made)
        out.append(f"{name}:")
        for chart in made:
            out.append(f"  {chart_title(chart)}:")
            for group in chart.groups:
                out.extend(f"    {line}" for line in group_lines(group, label, columns))
    return "\n".join(out)
