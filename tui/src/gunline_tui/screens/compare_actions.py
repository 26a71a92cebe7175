"""The main screen's part that keeps the compare view's columns and computes their
odds (a mixin of the main screen; the view itself is :mod:`.compare_view`, loaded
when it is first opened, as the columns' code is when the first one is kept).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..speech import _
from .base import ScreenParts

if TYPE_CHECKING:
    from ..comparing import Comparing


class CompareActions(ScreenParts):
    """The main screen's part that keeps the columns (they outlive the view) and
    computes their odds (a mixin of the main screen)."""

    _comparing: Comparing | None = None

    @property
    def comparing(self) -> Comparing:
        if self._comparing is None:
            from ..comparing import Comparing

            self._comparing = Comparing()
        return self._comparing

    def action_compare(self) -> None:
        from .compare_view import CompareScreen

        if not any(isinstance(s, CompareScreen) for s in self.app.screen_stack):
            self.app.push_screen(CompareScreen(self))  # type: ignore[arg-type]

    def action_keep_column(self) -> None:
        self.keep_column()

    def keep_column(self, toggled: str | None = None) -> None:
        """Keep the scenario as it stands as a column, or the same with the variant
        ``toggled`` switched; its odds are computed off the event loop."""
        from gunline.errors import BadInput, PluginFailed
        from gunline.scenario import build_attack

        from ..comparing import column_name
        from .compare_view import toggled_doc

        if toggled is None:
            attack = self.attack_or_say()
            if attack is None:
                return
            name, added = column_name(attack, packages=self._words(attack)), []
        else:
            try:
                attack = build_attack(self.registry, toggled_doc(self.model.doc, toggled))
            except (BadInput, PluginFailed) as exc:
                self.notify(_("column not added: {why}", why=exc), severity="error")
                return
            on = toggled in attack.variants
            name, added = column_name(attack, toggled, on, self._words(attack)), [toggled] if on else []
        refusal = self.comparing.refusal(attack)
        if refusal is not None:
            self.notify(_("column not added: {why}", why=refusal), severity="error")
            return
        column = self.comparing.add(name, attack, added)
        self.set_status(_("column {number} kept: {name} (Ctrl+\\ compares)", number=len(self.comparing.columns),
                          name=name))
        if self.odds is not None and self.odds_key == self.odds_key_of(attack):
            column.odds = self.odds  # the odds pane's, of this very scenario
        else:
            self._compute_column(column)
        self.redraw_comparison()

    def _words(self, attack: Any) -> Any:
        """Whose catalogues word ``attack``'s keys (asked for only when not in English)."""
        return lambda: self.registry.packages(attack.ruleset, attack.variants)

    def _compute_column(self, column: Any) -> None:
        from gunline.odds import compute_odds

        attack = column.attack

        def work() -> Any:
            return compute_odds(self.registry, attack, prior=self.encounter.prior(attack))

        def done(odds: Any) -> None:
            column.odds = odds
            self.redraw_comparison()

        def failed(error: BaseException) -> None:
            from .resolving import _message

            column.problem = _message(error)
            self.redraw_comparison()

        self.off_loop.later(work, done, failed, group=f"compare-{column.key}",
                            description="Computing a column's odds")

    def drop_column(self, index: int) -> None:
        column = self.comparing.drop(index)
        self.off_loop.cancel(f"compare-{column.key}")
        self.set_status(_("column {number} dropped: {name}", number=index + 1, name=column.name))
        self.redraw_comparison()

    def redraw_comparison(self) -> None:
        """Redraw the compare view, if it is open."""
        from .compare_view import CompareScreen

        for screen in self.app.screen_stack:
            if isinstance(screen, CompareScreen):
                screen.redraw()
