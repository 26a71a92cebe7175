"""``gunline compare`` as a GM reads it: a legend naming each column, then one table
(a row per figure, a column per scenario), percentages with one decimal, expected
values with two, ``*`` beside the best of a row and ``—`` where a column has no such
target or step: words and marks rather than colour."""

from __future__ import annotations

from ..language import _, _n, term
from .compare import Column, Comparison, Row
from .render import _pct

#: Beside the best value of a row.
BEST = "*"
#: Where a column has no such target or step.
MISSING = "—"


def _value(row: Row, value: float | None) -> str:
    if value is None:
        return MISSING
    if row.measure in ("expected", "rounds_spent"):
        return f"{value:.2f}"
    return _pct(value)


def _label(row: Row, words: tuple[str, ...] = ()) -> str:
    if row.measure in ("hit", "wound"):
        return term(row.measure, words)
    if row.measure == "rounds_spent":
        return _("rounds spent (expected)")
    key = row.key or ""
    if row.measure == "expected" and row.section == "target" and key in ("hit", "wound"):
        return _("hits") if key == "hit" else _("wounds")
    return term(key, words)


def _heading(row: Row, last: Row | None) -> list[str]:
    """The lines that open ``row``'s block, when it opens one."""
    lines: list[str] = []
    if last is None or (row.section, row.target) != (last.section, last.target):
        if row.section == "target":
            lines.append(str(row.target))
        else:
            lines.append({"weapon": _("weapon"), "shooter": _("shooter"),
                          "attack": _("attack steps (expected)")}[row.section])
        last = None
    if row.section == "target" and row.measure in ("status", "expected") and (
        last is None or last.measure != row.measure
    ):
        lines.append("  " + (_("status") if row.measure == "status" else _("expected")))
    return lines


def _indent(row: Row) -> str:
    return "    " if row.section == "target" and row.measure in ("status", "expected") else "  "


def _spread(comparison: Comparison, index: int) -> float:
    """The widest half 95% interval of a column's probabilities (0 when exact)."""
    halves = [0.0]
    for row in comparison.rows:
        value, ci = row.values[index], row.ci95[index]
        if ci is not None and value is not None and row.measure not in ("expected", "rounds_spent"):
            halves.append(max(value - ci[0], ci[1] - value))
    return max(halves)


def _legend(comparison: Comparison, index: int, column: Column) -> str:
    line = f"  {column.label}  {column.file}"
    if column.variants:
        line += "  " + _("variants: {variants}", variants=", ".join(column.variants))
    if not column.exact:
        line += "  (" + _("Monte Carlo, {samples} samples, within ±{points} points at 95%",
                          samples=format(column.samples, ","),
                          points=format(100 * _spread(comparison, index), ".1f")) + ")"
    return line


def comparison_text(comparison: Comparison, words: tuple[str, ...] = ()) -> str:
    """The legend, then the table; ``words`` (the packages of the columns' stacks)
    word the ruleset's statuses and step kinds."""
    columns = comparison.columns
    how = _("exact") if all(c.exact for c in columns) else _("estimates where a column says Monte Carlo")
    out = [_n("{ruleset} — {n} scenario compared ({how})", "{ruleset} — {n} scenarios compared ({how})",
              len(columns), ruleset=comparison.ruleset, n=len(columns), how=how)]
    out += [_legend(comparison, i, c) for i, c in enumerate(columns)]
    out.append(_("{best} marks the best of a row where better is clear; {missing}: not in that scenario",
                 best=BEST, missing=MISSING))
    out.append("")

    body: list[tuple[str, list[str]] | str] = []
    last: Row | None = None
    for row in comparison.rows:
        body.extend(_heading(row, last))
        cells = [_value(row, v) + (f" {BEST}" if i in row.best else "  ") for i, v in enumerate(row.values)]
        body.append((_indent(row) + _label(row, words), cells))
        last = row
    labels = [item[0] for item in body if isinstance(item, tuple)]
    width = max(len(label) for label in labels)
    cell = max(max(len(c) for item in body if isinstance(item, tuple) for c in item[1]), 8)
    out.append(" " * width + "".join(f"  {c.label:>{cell - 2}}  " for c in columns).rstrip())
    for item in body:
        if isinstance(item, str):
            out.append(item)
        else:
            label, cells = item
            out.append((f"{label:<{width}}" + "".join(f"  {c:>{cell}}" for c in cells)).rstrip())
    return "\n".join(out)
