"""The battlefield, drawn to fit the pane: core's drawing (:mod:`gunline.mapdraw`)
coloured by what each cell is, a letter per model so that it reads without colour.

With the focus here the arrow keys move the selected model (one hex, or one unit
of the map; with Shift half a unit on a plane) and ``[`` / ``]`` select another;
each move is a change to the scenario like any other (undone with Ctrl+Z), and the
chain is resolved again with the same dice.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

from ..shown import Text
from ..speech import N_, _
from .in_order import KeysInOrder

#: How each kind of cell is coloured (the characters already say what it is).
STYLES = {
    "shooter": "bold red",
    "model": "bold cyan",
    "selected": "bold reverse",
    "fire": "yellow",
    "area": "dark_orange",
    "landed": "bold red",
    "wall": "bold white on grey23",
    "empty": "grey42",
}
#: The legend's swatches, coloured as on the map.
LEGEND = {"@": STYLES["shooter"], "·": STYLES["fire"], "█": STYLES["area"], "░": STYLES["area"],
          "#": STYLES["wall"]}
#: Arrow keys: a step on a plane (x east, y north) and on a hex grid (axial q, r).
STEPS = {
    "left": ((-1, 0), (-1, 0)),
    "right": ((1, 0), (1, 0)),
    "up": ((0, 1), (0, -1)),
    "down": ((0, -1), (0, 1)),
}


#: The arrow keys' descriptions (English messages, worded where drawn): a step, half a step.
MOVES = {
    "left": (N_("Move left"), N_("Move left ½")),
    "right": (N_("Move right"), N_("Move right ½")),
    "up": (N_("Move up"), N_("Move up ½")),
    "down": (N_("Move down"), N_("Move down ½")),
}


class MapView(KeysInOrder, Widget, can_focus=True):
    """The map of the attack on show, and the model the arrow keys move."""

    BINDINGS = [
        *[Binding(key, f"move('{key}', 1.0)", MOVES[key][0], show=False, id=f"map-{key}") for key in STEPS],
        *[Binding(f"shift+{key}", f"move('{key}', 0.5)", MOVES[key][1], show=False, id=f"map-shift-{key}")
          for key in STEPS],
        Binding("right_square_bracket", "select(1)", N_("Next model"), id="map-next"),
        Binding("left_square_bracket", "select(-1)", N_("Previous model"), id="map-previous"),
    ]

    class Move(Message):
        """Move the model ``name`` by ``by`` (x, y on a plane; q, r on a hex grid):
        the screen changes the scenario, from where he stands in it now."""

        def __init__(self, name: str, by: tuple[float, float]) -> None:
            super().__init__()
            self.name = name
            self.by = by

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.attack: Any = None
        self.areas: list[Any] = []
        self.selected: str | None = None

    def show(self, attack: Any, areas: list[Any]) -> None:
        """Draw ``attack``'s map (None: no map) with the areas the ruleset shades."""
        self.attack, self.areas = attack, areas
        names = list(attack.map.at) if attack is not None and attack.map is not None else []
        if self.selected not in names:
            targets = [t.name for t in attack.targets if t.name in names] if attack is not None else []
            self.selected = (targets or names or [None])[0]
        self.refresh()

    @property
    def field(self) -> Any:
        return self.attack.map if self.attack is not None else None

    def render(self) -> Text:
        from gunline.mapdraw import draw

        field = self.field
        if field is None:
            return Text(_("No map: this scenario places no one. Add a [map] table to the file "
                          "(positions by name) and the rules measure on it."), style="italic")
        width, height = max(self.size.width, 20), max(self.size.height, 4)
        shooter = getattr(self.attack.shooter, "name", None)
        targets = [t.name for t in self.attack.targets]
        # the legend first, then the map in the rows it leaves (at least 3)
        legend = draw(field, shooter, targets, self.areas, width, 3, self.selected).legend
        rows = max(3, height - len(legend) - 1)
        drawing = draw(field, shooter, targets, self.areas, width, rows, self.selected)
        text = Text()
        for row in drawing.rows:
            for glyph, kind in row:
                text.append(glyph, STYLES.get(kind, ""))
            text.append("\n")
        moving = _("{model}: arrows move, [ ] another", model=self.selected) if self.selected else ""
        for item in drawing.legend[: max(0, height - len(drawing.rows) - 1)]:
            for piece in item.split("   "):  # each entry's swatch in its colour
                swatch = LEGEND.get(piece[:1]) or (STYLES["model"] if piece[:1].isalnum() else None)
                text.append(piece[:1], swatch or "")
                text.append(piece[1:] + ("   " if piece is not item.split("   ")[-1] else ""))
            text.append("\n")
        if moving and height > len(drawing.rows):
            text.append(moving, "dim")
        text.rstrip()
        return text

    def action_select(self, by: int) -> None:
        names = list(self.field.at) if self.field is not None else []
        if not names:
            return
        index = names.index(self.selected) if self.selected in names else -1
        self.selected = names[(index + by) % len(names)]
        self.refresh()

    def action_move(self, key: str, by: float) -> None:
        field = self.field
        if field is None or self.selected is None or self.selected not in field.at:
            return
        plane, hexes = STEPS[key]
        step = hexes if field.hex else (plane[0] * by, plane[1] * by)  # a hex at a time, Shift or not
        self.post_message(self.Move(self.selected, step))
