"""The odds as pictures: bar charts of block characters, one set per target.

Per target, the distribution of its final status, then of the hits it takes and of
the wounds (or damage points) that get through (``TargetOdds.distributions``). A bar
is ``width`` cells: full blocks, one partial block to the eighth of a cell, then a
light-shade track to 100%, so every bar has the same scale and reads without colour;
its percentage is written beside it. ``gunline odds --plot`` prints
:func:`charts_text`; the app's odds pane draws the same :class:`Chart` rows in colour.
No Textual here.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from ..language import N_, _, term
from .model import Odds, TargetOdds
from .render import _pct

FULL = "█"
#: A cell filled to 1/8, 2/8, ... 7/8 of its width.
EIGHTHS = ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")
TRACK = "░"
#: Narrowest and widest bar, in cells.
MIN_BAR = 4
MAX_BAR = 40
#: A distribution of more values than this is shown in ranges of values.
MAX_ROWS = 12
#: The values at the end of a distribution that together are less likely than this
#: (shown as "<0.1%") share one row.
TAIL = 0.0005
#: Labels longer than this are cut (with an ellipsis).
MAX_LABEL = 16
#: The distributions charted, and the title of each (a key: :func:`heading` words it).
TITLES = {"hit": "hits", "wound": "wounds"}
#: The titles in words.
HEADINGS = {"status": N_("status"), "hits": N_("hits"), "wounds": N_("wounds")}
#: Cells a percentage takes beside its bar (``>99.9%``, ``100.0%``).
PERCENT = 6


def eighths(p: float, width: int) -> int:
    """The length of ``p``'s bar in eighths of a cell: ``p * width * 8``, rounded."""
    return round(max(0.0, min(1.0, p)) * width * 8)


def bar(p: float, width: int) -> str:
    """``p`` (0 to 1) as a bar of exactly ``width`` cells."""
    full, part = divmod(eighths(p, width), 8)
    drawn = FULL * full + EIGHTHS[part]
    return drawn + TRACK * (width - len(drawn))


class Row(NamedTuple):
    label: str
    p: float
    #: The bar, ``width`` cells, track included (:func:`bar`).
    bar: str
    #: The percentage written beside the bar.
    percent: str

    @property
    def filled(self) -> str:
        """The bar without its track."""
        return self.bar.rstrip(TRACK)


class Chart(NamedTuple):
    """One distribution: a title (``status``, ``hits``, ``wounds``: a key, which
    :func:`heading` words) and its rows."""

    title: str
    rows: list[Row]


def heading(chart: Chart) -> str:
    """A chart's title in words, in the language in use."""
    return _(HEADINGS[chart.title]) if chart.title in HEADINGS else chart.title


def _cut(label: str, most: int) -> str:
    return label if len(label) <= most else label[: most - 1] + "…"


def _number(v: float) -> str:
    return f"{v:g}"


def _value_rows(pairs: list[tuple[int | float, float]]) -> list[tuple[str, float]]:
    """(label, probability) per value, the values of a long tail too unlikely to
    show (together under :data:`TAIL`) on one row ``≥ value``; per range of values
    when there are still more than :data:`MAX_ROWS`: 0 keeps a row of its own (no
    hit at all), the rest share equal ranges. Whole values between the least and the
    most are all shown, at 0% where no chain scores them."""
    if not pairs:
        return []
    beyond, cut = 0.0, len(pairs)
    while cut > 2 and beyond + pairs[cut - 1][1] < TAIL:
        cut -= 1
        beyond += pairs[cut][1]
    if cut < len(pairs) - 1:  # two values or more in the tail
        return _value_rows(pairs[:cut]) + [(f"≥{_number(pairs[cut][0])}", beyond)]
    values = [v for v, _ in pairs]
    whole = all(float(v).is_integer() for v in values)
    lo, hi = min(values), max(values)
    if whole and hi - lo + 1 <= MAX_ROWS:
        of = dict(pairs)
        return [(_number(v), of.get(v, 0.0)) for v in range(int(lo), int(hi) + 1)]
    if not whole and len(pairs) <= MAX_ROWS:
        return [(_number(v), p) for v, p in pairs]
    rows: list[tuple[str, float]] = []
    if lo == 0:
        rows.append(("0", sum(p for v, p in pairs if v == 0)))
        rest = [(v, p) for v, p in pairs if v != 0]
        lo = min(v for v, _ in rest)
    else:
        rest = list(pairs)
    count = MAX_ROWS - len(rows)
    if whole:
        size = math.ceil((hi - lo + 1) / count)
        for start in range(int(lo), int(hi) + 1, size):
            end = min(start + size - 1, int(hi))
            p = sum(q for v, q in rest if start <= v <= end)
            rows.append((f"{start}–{end}" if end > start else f"{start}", p))
        return rows
    size_f = (hi - lo) / count
    for i in range(count):
        start_f = lo + i * size_f
        end_f = hi if i == count - 1 else lo + (i + 1) * size_f
        last = i == count - 1
        p = sum(q for v, q in rest if start_f <= v and (v <= end_f if last else v < end_f))
        rows.append((f"{_number(start_f)}–{_number(end_f)}", p))
    return rows


def target_charts(target: TargetOdds, words: tuple[str, ...] = ()) -> list[tuple[str, list[tuple[str, float]]]]:
    """A target's distributions as (title, [(label, probability)]): its final
    status, then hits and wounds where the odds carry them. ``words`` (the stack's
    packages) word the statuses."""
    out = [("status", [(term(s, words), p) for s, p in target.status.items()])]
    for kind, title in TITLES.items():
        pairs = target.distributions.get(kind)
        if pairs:
            out.append((title, _value_rows(pairs)))
    return out


def bar_width(width: int, label: int, indent: int = 4) -> int:
    """The bar that fits a line of ``width`` cells beside a label of ``label``
    cells and a percentage: at least :data:`MIN_BAR`, at most :data:`MAX_BAR`."""
    return max(MIN_BAR, min(MAX_BAR, width - indent - label - 2 - PERCENT))


def charts(target: TargetOdds, width: int, indent: int = 4, words: tuple[str, ...] = ()) -> list[Chart]:
    """A target's charts, each row fitting a line of ``width`` cells (indented by
    ``indent``) where it can: in a narrow line the labels are cut (to no fewer than
    3 cells) before a bar is drawn narrower than :data:`MIN_BAR`; the bars of all
    its charts share one width."""
    most = max(3, min(MAX_LABEL, width - indent - 2 - PERCENT - MIN_BAR))
    made = [(title, [(_cut(label, most), p) for label, p in rows]) for title, rows in target_charts(target, words)]
    label = max((len(lab) for _, rows in made for lab, _ in rows), default=0)
    cells = bar_width(width, label, indent)
    return [Chart(title, [Row(lab, p, bar(p, cells), _pct(p)) for lab, p in rows]) for title, rows in made]


def row_text(row: Row, label: int) -> str:
    """A row as plain text: label, bar, percentage."""
    return f"{row.label:<{label}} {row.bar} {row.percent:>{PERCENT}}"


def label_width(made: list[Chart]) -> int:
    return max((len(r.label) for c in made for r in c.rows), default=0)


def charts_text(odds: Odds, width: int = 80, words: tuple[str, ...] = ()) -> str:
    """Every target's charts as text lines of at most ``width`` cells where they fit
    (a bar is never narrower than :data:`MIN_BAR`); ``words`` (the stack's packages)
    word the statuses."""
    how = _("exact") if odds.exact else _("Monte Carlo, {samples} samples", samples=odds.samples)
    out = [_("charts ({how}; each bar from 0 to 100%)", how=how)]
    for name, target in odds.targets.items():
        made = charts(target, width, words=words)
        label = label_width(made)
        out.append(f"{name}:")
        for chart in made:
            out.append(f"  {heading(chart)}:")
            out.extend(f"    {row_text(row, label)}" for row in chart.rows)
    return "\n".join(out)
