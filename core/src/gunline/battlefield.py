"""The battlefield: where the models stand, and the geometry of it. Game-agnostic.

A scenario may place its models on a map (a ``[map]`` table, see
:class:`Battlefield`): a hex grid (Fallout's, 1 hex = 1 m) or a plane measured in
inches, yards or metres, the kind the ruleset declares (``Ruleset.map``). Core
knows distances on each kind, lines, the 3-hex-wide band along a hex line of fire,
circles, facing and line of sight past blocking terrain; what any of it means for
the rules (a range band, who a burst can hit, who lies under a template) is each
ruleset's, in its ``measure`` hook and its rules.

Hexes use axial coordinates ``[q, r]`` (pointy-topped: the six neighbours of a hex
are q±1; r±1; q+1 r−1; q−1 r+1). On a plane, positions are ``[x, y]`` in the map's
unit. Facing is in degrees, 0 along +x (east) and counter-clockwise, on either kind.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Annotated, Literal

import msgspec

Kind = Literal["hex", "inches", "yards", "metres"]
#: A coordinate: far beyond any table, and small enough that no distance overflows.
Coordinate = Annotated[float, msgspec.Meta(ge=-1_000_000, le=1_000_000)]
HexCoordinate = Annotated[int, msgspec.Meta(ge=-1_000_000, le=1_000_000)]
Point = tuple[float, float]
#: The unit of each kind, as a distance is said.
UNITS: dict[str, str] = {"hex": "hexes", "inches": '"', "yards": "yd", "metres": "m"}


class Battlefield(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A scenario's ``[map]`` table::

        [map]
        kind = "inches"
        at = { Vex = [0, 0], Goliath = [10, 4] }   # every model placed, by name
        facing = { Goliath = 180 }                   # degrees, where the game uses it
        walls = [[[5, 0], [5, 3]]]                   # plane: segments that block sight
        blocked = [[2, -1]]                          # hex grid: hexes that block sight
    """

    kind: Kind
    at: dict[str, tuple[Coordinate, Coordinate]] = {}
    facing: dict[str, Annotated[float, msgspec.Meta(ge=-360, le=360)]] = {}
    walls: list[tuple[tuple[Coordinate, Coordinate], tuple[Coordinate, Coordinate]]] = []
    blocked: list[tuple[HexCoordinate, HexCoordinate]] = []

    # -- where -----------------------------------------------------------------------
    def where(self, name: str | None) -> Point | None:
        """Where the model ``name`` stands (None when it is not placed, or no name)."""
        return self.at.get(name) if isinstance(name, str) else None

    @property
    def hex(self) -> bool:
        return self.kind == "hex"

    def say(self, distance: float) -> str:
        """A distance with its unit, in the language in use: ``12 hexes``, ``6.5"``,
        ``3 yd``."""
        from .language import _, _n

        text = f"{distance:g}" if float(distance).is_integer() else f"{distance:.1f}"
        if self.kind == "hex":
            # Translators: a distance on a hex grid; the English says "hexes" whatever the count.
            return _n("{n} hexes", "{n} hexes", round(distance), n=text)
        if self.kind == "yards":
            return _("{n} yd", n=text)
        if self.kind == "metres":
            return _("{n} m", n=text)
        unit = UNITS[self.kind]
        return f"{text}{unit}" if unit == '"' else f"{text} {unit}"

    # -- distance ----------------------------------------------------------------------
    def between(self, a: Point, b: Point) -> float:
        """The distance from ``a`` to ``b``: hexes counted on a hex grid, a straight line
        on a plane."""
        if self.hex:
            return float(hex_distance(_cell(a), _cell(b)))
        return math.dist(a, b)

    def distance(self, a: str | None, b: str | None) -> float | None:
        """The distance between two models by name (None if either is not placed)."""
        pa, pb = self.where(a), self.where(b)
        return None if pa is None or pb is None else self.between(pa, pb)

    def within(self, centre: Point, radius: float, names: Iterable[str] | None = None) -> list[str]:
        """The models (of ``names``, else all) at most ``radius`` from ``centre``,
        nearest first."""
        found = [(self.between(centre, p), n) for n, p in self.at.items() if names is None or n in names]
        return [n for d, n in sorted(found) if d <= radius + 1e-9]

    # -- sight -------------------------------------------------------------------------
    def line_of_sight(self, a: Point, b: Point) -> bool:
        """Whether nothing blocks the line from ``a`` to ``b``: no wall crosses it
        (plane), no blocked hex lies on it between the two (hex grid)."""
        if self.hex:
            blocked = {(int(q), int(r)) for q, r in self.blocked}
            return not any(cell in blocked for cell in hex_line(_cell(a), _cell(b))[1:-1])
        return not any(_segments_cross(a, b, w0, w1) for w0, w1 in self.walls)

    def facing_towards(self, observer: str | None, other: str | None, arc: float = 180.0) -> bool | None:
        """Whether ``other`` lies within ``observer``'s arc of view (centred on his
        facing); None when his facing or either position is not given."""
        facing = self.facing.get(observer) if isinstance(observer, str) else None
        pa, pb = self.where(observer), self.where(other)
        if facing is None or pa is None or pb is None:
            return None
        x0, y0 = _plane(pa, self.hex)
        x1, y1 = _plane(pb, self.hex)
        if (x0, y0) == (x1, y1):
            return True
        bearing = math.degrees(math.atan2(y1 - y0, x1 - x0))
        off = abs((bearing - facing + 180.0) % 360.0 - 180.0)
        return off <= arc / 2 + 1e-9

    def sees(self, observer: str | None, other: str | None, arc: float = 180.0) -> bool | None:
        """Whether ``observer`` sees ``other``: facing it (when his facing is given)
        and with nothing blocking the line; None when either is not placed."""
        pa, pb = self.where(observer), self.where(other)
        if pa is None or pb is None:
            return None
        facing = self.facing_towards(observer, other, arc)
        return (facing is not False) and self.line_of_sight(pa, pb)

    def out_of_sight(self, shooter: str | None, names: Iterable[str]) -> list[str]:
        """Why each of ``names`` cannot be shot at by ``shooter``: a wall (or a blocked
        hex) crosses the line between them. One line each, naming both; nothing for a
        model not placed. A ruleset that lets no shot pass a wall refuses the attack
        with these (its ``check_attack``)."""
        at = self.where(shooter)
        out = []
        for name in names:
            there = self.where(name)
            if at is not None and there is not None and name != shooter and not self.line_of_sight(at, there):
                what = "a blocked hex" if self.hex else "a wall"
                out.append(f"{name} is out of {shooter}'s sight on the map: {what} stands between them; "
                           "move one of them, or the wall")
        return out

    # -- areas -------------------------------------------------------------------------
    def band(self, shooter: str | None, target: str | None, beyond: int = 1, half_width: int = 1) -> list[str]:
        """On a hex grid, the models in the band along the line of fire from
        ``shooter`` through ``target``: the hexes within ``half_width`` of the line,
        which runs ``beyond`` hexes past the target (Fallout's 3-hex-wide burst
        area). Nearest the shooter first; the shooter himself is not in it."""
        ps, pt = self.where(shooter), self.where(target)
        if ps is None or pt is None:
            return []
        cells = band_cells(_cell(ps), _cell(pt), beyond, half_width)
        order = {c: i for i, c in enumerate(cells)}
        found = []
        for name, p in self.at.items():
            c = _cell(p)
            if name != shooter and c in order:
                found.append((hex_distance(_cell(ps), c), order[c], name))
        return [n for _, _, n in sorted(found)]

    def coverage(self, centre: Point, radius: float, name: str | None, base: float = 0.5) -> str:
        """How the model ``name`` (a round base of radius ``base``) lies under a
        circle of ``radius`` at ``centre``: ``wholly``, ``partly`` or ``none``."""
        p = self.where(name)
        if p is None:
            return "none"
        d = self.between(centre, p)
        if d + base <= radius + 1e-9:
            return "wholly"
        if d - base < radius - 1e-9:
            return "partly"
        return "none"


class Area(msgspec.Struct, frozen=True, kw_only=True):
    """A part of the map a ruleset shades (the ``map_areas`` hook), for the map the
    app and ``gunline map`` draw: a ``circle`` of ``radius`` at ``centre`` (a
    template, where a blast came down, a yard around a target), or the ``band``
    along a hex line of fire from ``start`` through ``through`` (model names; the
    3-hex-wide band of a burst, ``beyond`` hexes past it). ``label`` says what it
    is, in the legend."""

    shape: Literal["circle", "band"]
    label: str
    centre: tuple[float, float] | None = None
    radius: float = 0.0
    start: str | None = None
    through: str | None = None
    beyond: int = 1
    #: A point to mark (a scattered blast's landing), drawn with ``×``.
    mark: bool = False


# -- plane ---------------------------------------------------------------------------
def displaced(point: Point, bearing: float, distance: float) -> Point:
    """``point`` moved ``distance`` along ``bearing`` (degrees, 0 along +x)."""
    rad = math.radians(bearing)
    return (point[0] + distance * math.cos(rad), point[1] + distance * math.sin(rad))


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segment a-b and segment c-d cross or touch."""

    def orient(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    def on(p: Point, q: Point, r: Point) -> bool:
        return min(p[0], r[0]) - 1e-9 <= q[0] <= max(p[0], r[0]) + 1e-9 and \
            min(p[1], r[1]) - 1e-9 <= q[1] <= max(p[1], r[1]) + 1e-9

    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    if ((o1 > 0) != (o2 > 0)) and ((o3 > 0) != (o4 > 0)) and o1 and o2 and o3 and o4:
        return True
    eps = 1e-9
    return (abs(o1) < eps and on(a, c, b)) or (abs(o2) < eps and on(a, d, b)) or \
        (abs(o3) < eps and on(c, a, d)) or (abs(o4) < eps and on(c, b, d))


# -- hexes (axial, pointy-topped) ----------------------------------------------------------
Cell = tuple[int, int]
#: The six neighbours' offsets, counter-clockwise from east.
DIRECTIONS: tuple[Cell, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _cell(p: Point | Sequence[float]) -> Cell:
    return (round(p[0]), round(p[1]))


def hex_distance(a: Cell, b: Cell) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _cube_round(q: float, r: float) -> Cell:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


def hex_line(a: Cell, b: Cell) -> list[Cell]:
    """The hexes a straight line from ``a`` to ``b`` passes, ``a`` and ``b`` included
    (a nudge breaks ties the same way every time)."""
    n = hex_distance(a, b)
    if n == 0:
        return [a]
    eps = 1e-6
    out = []
    for i in range(n + 1):
        t = i / n
        q = a[0] + (b[0] - a[0]) * t + eps
        r = a[1] + (b[1] - a[1]) * t + eps
        out.append(_cube_round(q, r))
    return out


def band_cells(a: Cell, b: Cell, beyond: int = 1, half_width: int = 1) -> list[Cell]:
    """The hexes within ``half_width`` of the line from ``a`` through ``b`` extended
    ``beyond`` hexes past ``b``, ``a`` itself left out; nearest ``a`` first, ties in
    the order the line passes them."""
    n = hex_distance(a, b)
    if n == 0:
        return []
    # extend the line: the point beyond b on the same straight line
    t = (n + beyond) / n
    end = _cube_round(a[0] + (b[0] - a[0]) * t + 1e-6, a[1] + (b[1] - a[1]) * t + 1e-6)
    line = hex_line(a, end)
    reach = hex_distance(a, end)
    seen: dict[Cell, int] = {}
    for i, c in enumerate(line):
        for dq in range(-half_width, half_width + 1):
            for dr in range(-half_width, half_width + 1):
                cell = (c[0] + dq, c[1] + dr)
                if hex_distance(cell, c) > half_width or cell == a or cell in seen:
                    continue
                # beside the line, neither behind the shooter nor past its end
                if hex_distance(a, cell) <= reach and hex_distance(cell, end) <= reach:
                    seen[cell] = i
    return sorted(seen, key=lambda cell: (hex_distance(a, cell), seen[cell]))


def _plane(p: Point, hexes: bool) -> Point:
    """A position on the plane: a hex's centre (unit spacing between neighbours)."""
    if not hexes:
        return p
    q, r = p
    return (q + r / 2.0, -r * math.sqrt(3) / 2.0)
