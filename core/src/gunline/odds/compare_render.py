"""``gunline compare`` as a GM reads it: a legend naming each column, then one table
(a row per figure, a column per scenario), percentages with one decimal, expected
values with two, ``*`` beside the best of a row and ``—`` where a column has no such
target or step: words and marks rather than colour."""

from __future__ import annotations

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


def _label(row: Row) -> str:
    if row.measure in ("hit", "wound"):
        return row.measure
    if row.measure == "rounds_spent":
        return "rounds spent (expected)"
    key = row.key or ""
    if row.measure == "expected":
        key = {"hit": "hits", "wound": "wounds"}.get(key, key) if row.section == "target" else key
    return key.replace("_", " ")


def _heading(row: Row, last: Row | None) -> list[str]:
    """The lines that open ``row``'s block, when it opens one."""
    lines: list[str] = []
    if last is None or (row.section, row.target) != (last.section, last.target):
        lines.append({"target": str(row.target), "weapon": "weapon", "shooter": "shooter",
                      "attack": "attack steps (expected)"}[row.section])
        last = None
    if row.section == "target" and row.measure in ("status", "expected") and (
        last is None or last.measure != row.measure
    ):
        lines.append(f"  {'status' if row.measure == 'status' else 'expected'}")
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
        line += f"  variants: {', '.join(column.variants)}"
    if not column.exact:
        line += (f"  (Monte Carlo, {column.samples:,} samples, "
                 f"within ±{100 * _spread(comparison, index):.1f} points at 95%)")
    return line


def comparison_text(comparison: Comparison) -> str:
    """The legend, then the table."""
    columns = comparison.columns
    how = "exact" if all(c.exact for c in columns) else "estimates where a column says Monte Carlo"
    count = f"{len(columns)} scenario{'' if len(columns) == 1 else 's'}"
    out = [f"{comparison.ruleset} — {count} compared ({how})"]
    out += [_legend(comparison, i, c) for i, c in enumerate(columns)]
    out.append(f"{BEST} marks the best of a row where better is clear; {MISSING}: not in that scenario")
    out.append("")

    body: list[tuple[str, list[str]] | str] = []
    last: Row | None = None
    for row in comparison.rows:
        body.extend(_heading(row, last))
        cells = [_value(row, v) + (f" {BEST}" if i in row.best else "  ") for i, v in enumerate(row.values)]
        body.append((_indent(row) + _label(row), cells))
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
