"""The odds of the scenario as it stands: each target's chance to be hit and
wounded, and its final status as a small bar chart (bars of text, read without
colour); for a unit, each model's final status on a line of its own. Computed by
``gunline.odds`` in a worker; exact, or Monte Carlo and then labelled so."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from ..shown import Text

BAR = 16


def bar(p: float, width: int = BAR) -> str:
    """``p`` as a bar of ``width`` cells: full blocks, then light shade."""
    filled = round(max(0.0, min(1.0, p)) * width)
    return "█" * filled + "░" * (width - filled)


def percent(p: float) -> str:
    if 0 < p < 0.001:
        return "<0.1%"
    if 0.999 < p < 1:
        return ">99.9%"
    return f"{p:.1%}" if p < 0.1 else f"{p:.0%}"


def odds_text(odds: Any, width: int = 80) -> Text:
    """The odds in lines of at most ``width`` cells where it can: the bars shrink to
    fit a narrow pane (a status line is its name, its bar and its percent)."""
    width_of_bar = max(4, min(BAR, width - 24))
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
        for status, p in t.status.items():
            text.append(f"\n  {status.replace('_', ' '):<13.13} {bar(p, width_of_bar)} {percent(p):>6}")
        for model, statuses in (getattr(t, "models", None) or {}).items():
            # a unit: each model's own final status, so no model's fate hides in the unit's
            shown = " · ".join(f"{s.replace('_', ' ')} {percent(p)}" for s, p in statuses.items() if p)
            text.append(f"\n  {model}: {shown}")
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
