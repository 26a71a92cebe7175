"""The odds of the scenario as it stands: each target's chance to be hit and
wounded, then bar charts of its final status, of the hits it takes and of the wounds
that get through (:mod:`gunline.odds.chart`, the charts ``gunline odds --plot``
prints: the same block characters with the percentage beside each bar, so they read
without colour; here coloured too); for a unit, each model's final status on a line
of its own. Computed by ``gunline.odds`` in a worker; exact, or Monte Carlo and then
labelled so."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from gunline.odds import chart

from ..shown import Text

BAR = 16
#: The colour of each chart's bars (their track is dim).
COLOURS = {"status": "cyan", "hits": "yellow", "wounds": "red"}


def bar(p: float, width: int = BAR) -> str:
    """``p`` as a bar of ``width`` cells, as the charts draw it (:func:`gunline.odds.chart.bar`)."""
    return chart.bar(p, width)


def append_charts(text: Text, target: Any, width: int) -> None:
    """A target's charts appended to ``text``: a title per chart, then a row per
    status or value, its bar coloured and its percentage beside it."""
    made = chart.charts(target, width, indent=2)
    label = chart.label_width(made)
    for one in made:
        text.append(f"\n {one.title}", style="dim italic")
        colour = COLOURS.get(one.title, "cyan")
        for row in one.rows:
            filled = row.filled
            text.append(f"\n  {row.label:<{label}} ")
            text.append(filled, style=colour)
            text.append(row.bar[len(filled):], style="bright_black")
            text.append(f" {row.percent:>{chart.PERCENT}}")


def percent(p: float) -> str:
    if 0 < p < 0.001:
        return "<0.1%"
    if 0.999 < p < 1:
        return ">99.9%"
    return f"{p:.1%}" if p < 0.1 else f"{p:.0%}"


def odds_text(odds: Any, width: int = 80) -> Text:
    """The odds in lines of at most ``width`` cells where it can: the bars shrink to
    fit a narrow pane (a chart's row is its label, its bar and its percent)."""
    text = Text()
    how = "exact" if odds.exact else f"≈ Monte Carlo, {odds.samples} samples"
    text.append(f"Odds ({how})", style="bold")
    if getattr(odds, "note", ""):
        text.append(f" — {odds.note}", style="italic")
    for name, t in odds.targets.items():
        text.append(f"\n{name}", style="bold")
        ci = getattr(t, "ci95", None)
        if ci is not None:  # Monte Carlo: say how sure the estimate is
            text.append(f"  hit {percent(t.hit)} ±{(ci.hit[1] - ci.hit[0]) / 2:.1%}"
                        f" · wound {percent(t.wound)} ±{(ci.wound[1] - ci.wound[0]) / 2:.1%}")
        else:
            text.append(f"  hit {percent(t.hit)} · wound {percent(t.wound)}")
        for model, statuses in (getattr(t, "models", None) or {}).items():
            # a unit: each model's own final status, so no model's fate hides in the unit's
            shown = " · ".join(f"{s.replace('_', ' ')} {percent(p)}" for s, p in statuses.items() if p)
            text.append(f"\n  {model}: {shown}")
        append_charts(text, t, width)
    shooter_status = getattr(getattr(odds, "shooter", None), "status", None) or {}
    hurt = {s: p for s, p in shooter_status.items() if p}
    if len(hurt) > 1 or (hurt and next(iter(hurt)) != next(iter(shooter_status), None)):
        # the shooter can come to harm (return fire, his own weapon): say how likely
        text.append("\nshooter: ", style="bold")
        text.append(" · ".join(f"{s.replace('_', ' ')} {percent(p)}" for s, p in hurt.items()))
    weapon = odds.weapon
    statuses = " · ".join(f"{s} {percent(p)}" for s, p in weapon.status.items() if p)
    text.append(f"\nweapon: {statuses}; rounds spent ≈ {weapon.rounds_spent:g}")
    return text


class OddsView(Static):
    """The odds pane's text. While another pane is shown below the chain, new text is
    kept and put on screen only when the pane is shown (``flush``): a hidden pane
    that changes height would still cost a layout of the whole screen per edit."""

    def __init__(self, **kwargs) -> None:
        super().__init__("Odds appear here once the scenario is valid.", **kwargs)

    _pending = False
    _held: Text | None = None

    def _put(self, text: Text) -> None:
        pane = self.parent
        if pane is not None and not pane.display:
            self._held = text
        else:
            self._held = None
            self.update(text)

    def flush(self) -> None:
        """Put the latest text on screen (its pane is about to be shown)."""
        if self._held is not None:
            text, self._held = self._held, None
            self.update(text)

    _odds: Any = None

    def show(self, odds: Any) -> None:
        self._pending = False
        self._odds = odds
        self._put(odds_text(odds, self._width()))

    def _width(self) -> int:
        return self.content_region.width or self.size.width or 80

    def on_resize(self) -> None:
        if self._odds is not None and not self._pending:
            self._put(odds_text(self._odds, self._width()))

    def pending(self) -> None:
        if not self._pending:  # once per computation, not once per keystroke
            self._pending = True
            self._put(Text("Odds: computing… (the rest of the screen stays live)", style="italic"))

    def problem(self, message: str) -> None:
        self._pending = False
        self._odds = None
        self._put(Text(f"Odds: ✗ {message}"))
