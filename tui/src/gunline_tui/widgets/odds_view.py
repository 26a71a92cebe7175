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

from ..shown import Text
from ..speech import _, said, term

BAR = 16
#: The colour of each chart's bars (their track is dim), by what it charts.
COLOURS = {"status": "cyan", "hit": "yellow", "wound": "red"}
#: The distributions charted after the final status, in the order charted.
CHARTED = ("hit", "wound")


def bar(p: float, width: int = BAR) -> str:
    """``p`` as a bar of ``width`` cells, as the charts draw it (:func:`gunline.odds.chart.bar`)."""
    from gunline.odds import chart

    return chart.bar(p, width)


def append_charts(text: Text, target: Any, width: int, packages: tuple[str, ...] = ()) -> None:
    """A target's charts appended to ``text``: a title per chart, then a row per
    status or value, its bar coloured and its percentage beside it (core words the
    titles and, with the stack's ``packages``, the statuses)."""
    from gunline.odds import chart

    made = chart.charts(target, width, indent=2, words=packages)
    label = chart.label_width(made)
    # told apart by what they chart, not by their titles (those are worded for the GM)
    kinds = ["status", *(k for k in CHARTED if (getattr(target, "distributions", None) or {}).get(k))]
    for i, one in enumerate(made):
        text.append(f"\n {chart.heading(one)}", style="dim italic")
        colour = COLOURS.get(kinds[i], "cyan") if len(kinds) == len(made) else "cyan"
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


def odds_text(odds: Any, width: int = 80, packages: tuple[str, ...] = ()) -> Text:
    """The odds in lines of at most ``width`` cells where it can: the bars shrink to
    fit a narrow pane (a chart's row is its label, its bar and its percent);
    ``packages`` (the stack's) word the ruleset's statuses."""
    text = Text()
    how = _("exact") if odds.exact else _("≈ Monte Carlo, {samples} samples", samples=odds.samples)
    text.append(_("Odds ({how})", how=how), style="bold")
    if getattr(odds, "note", ""):
        text.append(f" — {odds.note}", style="italic")
    for name, t in odds.targets.items():
        text.append(f"\n{name}", style="bold")
        ci = getattr(t, "ci95", None)
        # the ruleset's own words for a hit and a wound, as its chain and the odds table say them
        hit, wound = term("hit", packages), term("wound", packages)
        if ci is not None:  # Monte Carlo: say how sure the estimate is
            hit_error = format((ci.hit[1] - ci.hit[0]) / 2, ".1%")
            wound_error = format((ci.wound[1] - ci.wound[0]) / 2, ".1%")
            text.append(f"  {hit} {percent(t.hit)} ±{hit_error} · {wound} {percent(t.wound)} ±{wound_error}")
        else:
            text.append(f"  {hit} {percent(t.hit)} · {wound} {percent(t.wound)}")
        for model, statuses in (getattr(t, "models", None) or {}).items():
            # a unit: each model's own final status, so no model's fate hides in the unit's
            shown = " · ".join(f"{term(s, packages)} {percent(p)}" for s, p in statuses.items() if p)
            text.append(f"\n  {model}: {shown}")
        append_charts(text, t, width, packages)
    shooter_status = getattr(getattr(odds, "shooter", None), "status", None) or {}
    hurt = {s: p for s, p in shooter_status.items() if p}
    if len(hurt) > 1 or (hurt and next(iter(hurt)) != next(iter(shooter_status), None)):
        # the shooter can come to harm (return fire, his own weapon): say how likely
        text.append("\n" + _("shooter:") + " ", style="bold")
        text.append(" · ".join(f"{term(s, packages)} {percent(p)}" for s, p in hurt.items()))
    weapon = odds.weapon
    statuses = " · ".join(f"{said(s, packages)} {percent(p)}" for s, p in weapon.status.items() if p)
    text.append("\n" + _("weapon: {statuses}; rounds spent ≈ {rounds}", statuses=statuses,
                          rounds=format(weapon.rounds_spent, "g")))
    return text


class OddsView(Static):
    """The odds pane's text. While another pane is shown below the chain, new text is
    kept and put on screen only when the pane is shown (``flush``): a hidden pane
    that changes height would still cost a layout of the whole screen per edit."""

    def __init__(self, **kwargs) -> None:
        super().__init__(_("Odds appear here once the scenario is valid."), **kwargs)

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
    _packages: tuple[str, ...] = ()

    def show(self, odds: Any, packages: tuple[str, ...] = ()) -> None:
        """Show ``odds``; ``packages`` (the stack's) word the ruleset's statuses."""
        self._pending = False
        self._odds, self._packages = odds, packages
        self._put(odds_text(odds, self._width(), packages))

    def _width(self) -> int:
        return self.content_region.width or self.size.width or 80

    def on_resize(self) -> None:
        if self._odds is not None and not self._pending:
            self._put(odds_text(self._odds, self._width(), self._packages))

    def pending(self) -> None:
        if not self._pending:  # once per computation, not once per keystroke
            self._pending = True
            self._put(Text(_("Odds: computing… (the rest of the screen stays live)"), style="italic"))

    def progress(self, done: int, total: int) -> None:
        """Samples drawn so far, as a bar: the odds are being sampled (a tree too
        large to enumerate in the time sampling takes)."""
        if not self._pending or total <= 0:
            return
        share = min(max(done / total, 0.0), 1.0)
        self._put(Text(_("Odds: sampling {bar} {done} of {total}", bar=bar(share, 20), done=format(done, ","),
                         total=format(total, ",")), style="italic"))

    def enumerating(self, done: int, total: int) -> None:
        """Targets whose every outcome is worked out so far, as a bar: the exact odds
        of an attack on many targets take a while too."""
        if not self._pending or total <= 0:
            return
        share = min(max(done / total, 0.0), 1.0)
        self._put(Text(_("Odds: every outcome {bar} {done} of {total} targets", bar=bar(share, 20),
                         done=format(done, ","), total=format(total, ",")), style="italic"))

    def problem(self, message: str) -> None:
        self._pending = False
        self._odds = None
        self._put(Text(_("Odds: ✗ {problem}", problem=message)))
