"""The encounter pane below the chain: the chosen encounter's saved state."""

from __future__ import annotations

from textual.widgets import Static

from ..shown import Text
from ..speech import _


def no_encounter() -> Text:
    """What the pane says while no encounter is chosen."""
    return Text(_(
        "No encounter: attacks start from the scenario alone.\n"
        "F3 picks or starts an encounter; its state (rounds left, wounds, statuses)\n"
        "then carries from one attack to the next."
    ))


class EncounterView(Static):
    def on_mount(self) -> None:
        self.update(no_encounter())

    def show(self, text: Text) -> None:
        self.update(text)
