"""The compare view: scenarios side by side, as ``gunline compare --plot`` shows files.

The GM keeps the scenario on show as a column (``a``), or the same with a variant
toggled (``v``), and sees every column's odds in one table and one chart; ``d`` drops
a column, Esc goes back to the scenario (the columns stay for the session; edit the
scenario, come back, keep another). Each column's odds are computed off the event
loop, by the main screen (:mod:`gunline_tui.offload`), so they go on while this view is
closed, and the screen never waits for them.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.screen import Screen
from textual.widgets import Static

from ..shown import Text, line
from ..speech import N_, SpokenBindings, _, _n
from ..widgets.in_order import KeysInOrder
from .dialogs import PickDialog

if TYPE_CHECKING:
    from .main import MainScreen


#: The view's keys, under it (an English message, worded where drawn).
HELP = N_("a add this scenario · v with a variant toggled · d drop a column · Esc back")


class CompareScroll(KeysInOrder, ScrollableContainer):
    """The columns, scrolled both ways; keys in the order typed (see
    :mod:`..widgets.in_order`)."""


class CompareScreen(SpokenBindings, Screen[None]):
    """The columns kept (:class:`gunline_tui.comparing.Comparing`), their table and chart."""

    BINDINGS = [
        Binding("a", "add", N_("Add this scenario"), id="compare-add"),
        Binding("v", "add_variant", N_("Add with a variant toggled"), id="compare-variant"),
        Binding("d", "drop", N_("Drop a column"), id="compare-drop"),
        Binding("escape", "close", N_("Back"), id="compare-close"),
    ]

    def __init__(self, main: MainScreen) -> None:
        super().__init__()
        self.main = main

    def compose(self) -> ComposeResult:
        yield Static("", id="compare-title")
        with CompareScroll(id="compare-scroll"):
            yield Static("", id="compare-body")
        yield Static(Text(_(HELP)), id="compare-keys")

    def on_mount(self) -> None:
        if not self.query("#compare-scroll"):  # closed before it was drawn (Esc typed with the key)
            return
        self.redraw()
        self.query_one("#compare-scroll").focus()

    def on_resize(self) -> None:
        if self.query("#compare-scroll"):
            self.redraw()

    def _width(self) -> int:
        scroll = self.query_one("#compare-scroll")
        return (scroll.content_region.width or self.app.size.width) - 1  # room for a scroll bar

    def redraw(self) -> None:
        if not self.query("#compare-body"):  # closed before it was drawn
            return
        comparing = self.main.comparing
        count = len(comparing.columns)
        title = Text(_("Compare"), style="bold")
        title.append(f" · {comparing.ruleset} · " if comparing.ruleset else " · ")
        title.append(_n("{n} column", "{n} columns", count, n=count))
        self.query_one("#compare-title", Static).update(title)
        registry = self.main.registry
        packages: list[str] = []
        for column in comparing.columns:  # whose words the columns' rules are in
            packages += [p for p in registry.packages(column.attack.ruleset, column.attack.variants)
                         if p not in packages]
        self.query_one("#compare-body", Static).update(comparing.text(self._width(), tuple(packages)))

    def body_text(self) -> str:
        """What the table and chart say, as plain text."""
        return str(self.query_one("#compare-body", Static).render())

    # -- keys -----------------------------------------------------------------------
    def action_add(self) -> None:
        self.main.keep_column()

    def action_add_variant(self) -> None:
        doc = self.main.model.doc
        names = sorted(self.main.registry.variants_for(str(doc.get("ruleset", ""))))
        if not names:
            self.notify(_("this ruleset has no variants installed"), severity="warning")
            return
        enabled = set(doc.get("variants", []))
        on_off, off_on = _("on → off"), _("off → on")
        options = [(f"{name}: {on_off if name in enabled else off_on}", name) for name in names]

        def picked(name: str | None) -> None:
            if name is not None:
                self.main.keep_column(toggled=name)

        self.app.push_screen(PickDialog(_("Add the scenario with this variant toggled"), options), picked)

    def action_drop(self) -> None:
        columns = self.main.comparing.columns
        if not columns:
            self.notify(_("no column to drop"), severity="warning")
            return
        if len(columns) == 1:
            self.main.drop_column(0)
            return
        options = [(f"{i + 1}  {c.name}", str(i)) for i, c in enumerate(columns)]

        def picked(index: str | None) -> None:
            if index is not None:
                self.main.drop_column(int(index))

        self.app.push_screen(PickDialog(_("Drop a column"), [(line(label).plain, key) for label, key in options]),
                             picked)

    def action_close(self) -> None:
        if self.app.screen is self:  # Esc typed twice: the second finds the view closed
            self.app.pop_screen()


def toggled_doc(doc: dict[str, Any], toggled: str) -> dict[str, Any]:
    """``doc`` with the variant ``toggled`` switched (on if off, off if on)."""
    out = copy.deepcopy(doc)
    variants = [v for v in out.get("variants", []) if v != toggled]
    if toggled not in (doc.get("variants") or []):
        variants.append(toggled)
    out["variants"] = variants
    return out
