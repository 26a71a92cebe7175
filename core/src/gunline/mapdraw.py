"""The battlefield drawn in a terminal's cells: ``gunline map FILE`` prints it, the
app shows it. No Textual here, and nothing of any game: the ruleset says what to
shade (``map_areas``: a template, a burst's band, where a blast came down).

Each cell of the drawing has a character and a kind (``shooter``, ``model``,
``fire``, ``area``, ``landed``, ``wall``, ``empty``): a front end colours by kind,
and the characters alone say everything (a letter per model, ``@`` the shooter, ``·``
the line of fire, ``░`` an area, ``×`` where a blast came down, ``#`` a wall), so
the map reads without colour. On a plane one cell is as tall as two are wide, as a
terminal's are; north is up.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .battlefield import Area, Battlefield, Point, band_cells, hex_line
from .language import _

#: The characters a drawing uses, by kind.
GLYPHS = {"fire": "·", "area": "░", "landed": "×", "wall": "#", "empty": " "}
#: A circle on a plane, in half-block cells (top half in, bottom half in): twice the
#: rows' resolution, so a small template still looks round.
HALVES = {(True, True): "█", (True, False): "▀", (False, True): "▄"}


@dataclass
class Drawing:
    """Rows of (character, kind) cells, and the legend's lines."""

    rows: list[list[tuple[str, str]]]
    legend: list[str] = field(default_factory=list)
    #: Where each model was drawn: (row, column).
    spots: dict[str, tuple[int, int]] = field(default_factory=dict)

    def text(self) -> str:
        body = ["".join(c for c, _ in row).rstrip() for row in self.rows]
        return "\n".join(body + ([""] + self.legend if self.legend else []))


def letters(names: Sequence[str], shooter: str | None) -> dict[str, str]:
    """A letter for each model: ``@`` the shooter, the others their initials, the next
    free letter or digit where two would share one."""
    out: dict[str, str] = {}
    used = {"@"}
    for name in names:
        if name == shooter:
            out[name] = "@"
            continue
        # ASCII only: a letter from a file must take one cell and mean one thing
        initials = [c.upper() for c in name if c.isascii() and c.isalnum()]
        for ch in initials + list("ABCDEFGHIJKLMNOPQRSTUVWXYZ123456789"):
            if ch not in used:
                out[name] = ch
                used.add(ch)
                break
        else:
            out[name] = "?"
    return out


def draw(field: Battlefield, shooter: str | None, targets: Sequence[str], areas: Iterable[Area] = (),
         width: int = 78, height: int = 20, selected: str | None = None) -> Drawing:
    """The map in at most ``width`` × ``height`` cells (the legend below it). The
    ``selected`` model's cell has the kind ``selected`` (the app's cursor)."""
    areas = list(areas)
    # the line of fire runs to the first target, or along a burst's band where one is shaded
    aimed = next((a.through for a in areas if a.shape == "band" and a.through), None)
    order = [aimed, *[t for t in targets if t != aimed]] if aimed is not None else list(targets)
    drawing = (_hexes if field.hex else _plane)(field, shooter, order, areas, width, height)
    spot = drawing.spots.get(selected) if selected is not None else None
    if spot is not None:
        r, c = spot
        drawing.rows[r][c] = (drawing.rows[r][c][0], "selected")
    return drawing


def _legend(field: Battlefield, marks: dict[str, str], areas: list[Area], shooter: str | None,
            targets: list[str], spots: dict[str, tuple[int, int]], width: int) -> list[str]:
    on_top = {spot: n for n, spot in spots.items()}  # the last drawn in each cell
    items = []
    for n in marks:
        item = f"{marks[n]} {n}" + (" " + _("(shooting)") if n == shooter else "")
        if n not in spots:
            item += " " + _("(off the drawing)")
        elif on_top[spots[n]] != n:
            item += " " + _("(under {mark})", mark=marks[on_top[spots[n]]])
        items.append(item)
    if shooter and targets:
        d = field.distance(shooter, targets[0])
        if d is not None:
            items.append("· " + _("line of fire, {distance} to {target}", distance=distance_words(field, round(d, 1)),
                                  target=targets[0]))
    items += [f"{_swatch(field, a)} {a.label}" for a in areas]
    if field.walls or field.blocked:
        items.append("# " + _("blocks sight"))
    lines, line = [], ""
    for item in items:
        if line and len(line) + 3 + len(item) > width:
            lines.append(line)
            line = ""
        line = f"{line}   {item}" if line else item
    return lines + ([line] if line else [])


def distance_words(field: Battlefield, distance: float) -> str:
    """A distance with its unit, in the language in use (in English as
    :meth:`Battlefield.say` says it: ``12 hexes``, ``6.5"``, ``3 yd``)."""
    return field.say(distance)


def _drawing_order(field: Battlefield, shooter: str | None, targets: list[str]) -> list[str]:
    """The models in the order they are drawn, the last on top where two share a
    cell: the others, then the target the line of fire runs to, then the shooter."""
    first = targets[0] if targets else None
    return [n for n in field.at if n not in (first, shooter)] + [n for n in (first, shooter) if n in field.at]


def _swatch(field: Battlefield, area: Area) -> str:
    """How an area looks in the legend: a circle on a plane in full blocks, anything
    on a hex grid shaded (× at a marked centre)."""
    if field.hex:
        return "░ ×" if area.mark else "░"
    return "█ ×" if area.mark else "█"


def _plane(field: Battlefield, shooter: str | None, targets: list[str], areas: list[Area],
           width: int, height: int) -> Drawing:
    points = list(field.at.values()) + [p for w in field.walls for p in w]
    points += [a.centre for a in areas if a.centre is not None]
    xs = [p[0] for p in points] or [0.0]
    ys = [p[1] for p in points] or [0.0]
    pad = max([a.radius for a in areas] + [1.0])
    x0, x1, y0, y1 = min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad
    # a cell is twice as tall as wide: one unit across takes two columns for one row
    scale = min((width - 1) / max(2 * (x1 - x0), 1e-9), (height - 1) / max(y1 - y0, 1e-9), 4.0)
    cols = max(1, min(width, int(2 * (x1 - x0) * scale) + 1))
    rows_n = max(1, min(height, int((y1 - y0) * scale) + 1))

    def cell(p: Point) -> tuple[int, int]:
        c = int(round(2 * (p[0] - x0) * scale))
        r = int(round((y1 - p[1]) * scale))
        return min(max(r, 0), rows_n - 1), min(max(c, 0), cols - 1)

    def centre_of(r: int, c: int) -> Point:
        return (x0 + c / (2 * scale), y1 - r / scale)

    grid = [[(" ", "empty") for _ in range(cols)] for _ in range(rows_n)]
    half = 0.25 / scale  # a cell's top and bottom halves lie this far above and below its centre
    for a in areas:
        if a.shape == "circle" and a.centre is not None:
            kind = "landed" if a.mark else "area"
            for r in range(rows_n):
                for c in range(cols):
                    x, y = centre_of(r, c)
                    top = math.dist((x, y + half), a.centre) <= a.radius
                    bottom = math.dist((x, y - half), a.centre) <= a.radius
                    if top or bottom:
                        grid[r][c] = (HALVES[top, bottom], kind)
            if a.mark:
                r, c = cell(a.centre)
                grid[r][c] = (GLYPHS["landed"], "landed")
    for w0, w1 in field.walls:
        for r, c in _segment(cell(w0), cell(w1)):
            grid[r][c] = ("#", "wall")
    marks = letters(list(field.at), shooter)
    if shooter and targets and field.where(shooter) and field.where(targets[0]):
        for r, c in _segment(cell(field.at[shooter]), cell(field.at[targets[0]]))[1:-1]:
            if grid[r][c][1] == "empty":
                grid[r][c] = ("·", "fire")
    spots = {name: cell(field.at[name]) for name in _drawing_order(field, shooter, targets)}
    for name, (r, c) in spots.items():
        grid[r][c] = (marks[name], "shooter" if name == shooter else "model")
    return Drawing(grid, _legend(field, marks, areas, shooter, targets, spots, width), spots)


def _hexes(field: Battlefield, shooter: str | None, targets: list[str], areas: list[Area],
           width: int, height: int) -> Drawing:
    cells = {(round(q), round(r)) for q, r in field.at.values()}
    shaded: dict[tuple[int, int], str] = {}
    landed: set[tuple[int, int]] = set()
    for a in areas:
        if a.shape == "band" and field.where(a.start) and field.where(a.through):
            start, through = field.at[a.start], field.at[a.through]  # type: ignore[index]
            for h in band_cells((round(start[0]), round(start[1])), (round(through[0]), round(through[1])), a.beyond):
                shaded[h] = "area"
        elif a.shape == "circle" and a.centre is not None:
            # every hex within the radius of the centre's hex, counted as distances are
            centre = (round(a.centre[0]), round(a.centre[1]))
            reach = int(min(a.radius, max(width, height)) + 1e-9)
            for dq in range(-reach, reach + 1):
                for dr in range(max(-reach, -dq - reach), min(reach, -dq + reach) + 1):
                    shaded[(centre[0] + dq, centre[1] + dr)] = "area"
            if a.mark:
                landed.add(centre)
    cells |= set(shaded) | {(int(q), int(r)) for q, r in field.blocked}
    qs_cols = [2 * q + r for q, r in cells] or [0]
    rs = [r for _, r in cells] or [0]
    c0, r0 = min(qs_cols) - 2, min(rs) - 1
    cols = min(width, max(qs_cols) - c0 + 3)
    rows_n = min(height, max(rs) - r0 + 2)
    # too big to draw whole: a window on the shooter and his first target
    # (both, when they fit in it; else the shooter)
    aim = [(round(p[0]), round(p[1])) for p in (field.where(shooter), field.where(next(iter(targets), None)))
           if p is not None]
    if aim and max(qs_cols) - c0 + 3 > width:
        across = [2 * q + r for q, r in aim]
        mid = sum(across) // len(across) if max(across) - min(across) < width - 4 else across[0]
        c0 = mid - width // 2
        c0 -= (c0 - r0) % 2  # keep the hexes on the dotted columns
    if aim and max(rs) - r0 + 2 > height:
        down = [r for _, r in aim]
        r0 = (sum(down) // len(down) if max(down) - min(down) < height - 2 else down[0]) - height // 2
    grid = [[(" ", "empty") for _ in range(cols)] for _ in range(rows_n)]

    def put(h: tuple[int, int], glyph: str, kind: str) -> tuple[int, int] | None:
        r, c = h[1] - r0, 2 * h[0] + h[1] - c0
        if 0 <= r < rows_n and 0 <= c < cols:
            grid[r][c] = (glyph, kind)
            return (r, c)
        return None

    for r in range(rows_n):  # the grid itself, faintly: a dot per hex
        for c in range(cols):
            if (c + c0 - (r + r0)) % 2 == 0:
                grid[r][c] = (".", "empty")
    for h in shaded:
        put(h, "░", "area")
    for h in landed:
        put(h, GLYPHS["landed"], "landed")
    blocked = {(int(q), int(r)) for q, r in field.blocked}
    for h in blocked:
        put(h, "#", "wall")
    marks = letters(list(field.at), shooter)
    if shooter and targets and field.where(shooter) and field.where(targets[0]):
        s, t = field.at[shooter], field.at[targets[0]]
        for h in hex_line((round(s[0]), round(s[1])), (round(t[0]), round(t[1])))[1:-1]:
            if h not in shaded and h not in blocked:
                put(h, "·", "fire")
    spots = {}
    for name in _drawing_order(field, shooter, targets):
        p = field.at[name]
        spot = put((round(p[0]), round(p[1])), marks[name], "shooter" if name == shooter else "model")
        if spot is not None:
            spots[name] = spot
    return Drawing(grid, _legend(field, marks, areas, shooter, targets, spots, width), spots)


def _segment(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells of a straight line from ``a`` to ``b`` (row, column), ends included."""
    (r0, c0), (r1, c1) = a, b
    n = max(abs(r1 - r0), abs(c1 - c0), 1)
    return [(round(r0 + (r1 - r0) * i / n), round(c0 + (c1 - c0) * i / n)) for i in range(n + 1)]
