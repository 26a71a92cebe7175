"""The battlefield's geometry against cases worked by hand, on every kind of map."""

from __future__ import annotations

import math

import pytest

from gunline.battlefield import Battlefield, band_cells, displaced, hex_distance, hex_line


# -- hexes (axial q, r; pointy-topped) ---------------------------------------------------
@pytest.mark.parametrize(("a", "b", "d"), [
    ((0, 0), (0, 0), 0), ((0, 0), (1, 0), 1), ((0, 0), (1, -1), 1), ((0, 0), (2, -1), 2),
    ((0, 0), (3, -3), 3), ((0, 0), (-2, 3), 3), ((1, 1), (4, -2), 3), ((0, 0), (5, 2), 7),
])
def test_hex_distance(a, b, d):
    assert hex_distance(a, b) == d == hex_distance(b, a)


def test_a_hex_line_steps_one_hex_at_a_time():
    line = hex_line((0, 0), (4, -2))
    assert line[0] == (0, 0) and line[-1] == (4, -2) and len(line) == 5
    assert all(hex_distance(a, b) == 1 for a, b in zip(line, line[1:]))
    assert hex_line((0, 0), (3, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0)]


def test_the_burst_band_is_three_hexes_wide_and_one_past_the_target():
    """Shooting east along r = 0 at a target 3 hexes off: the band is the line and a
    hex either side of it (r = -1 and r = +1 rows, as the axial grid offsets them),
    from the shooter's neighbours to one hex past the target."""
    cells = set(band_cells((0, 0), (3, 0)))
    line = {(1, 0), (2, 0), (3, 0), (4, 0)}
    assert line <= cells and (0, 0) not in cells
    assert (5, 0) not in cells  # two past the target: out
    assert {(1, -1), (2, -1), (3, -1), (4, -1)} <= cells  # the row to one side
    assert {(0, 1), (1, 1), (2, 1), (3, 1)} <= cells  # and to the other
    assert (1, -2) not in cells and (1, 2) not in cells  # two rows off: out
    assert all(min(hex_distance(c, on) for on in line | {(0, 0)}) <= 1 for c in cells)


def test_models_in_the_band_are_taken_nearest_the_shooter_first():
    field = Battlefield(kind="hex", at={
        "Harry": (0, 0), "bandit": (6, 0), "Horat": (3, 0), "dog": (2, -1), "far": (9, 0), "aside": (2, -3),
    })
    assert field.band("Harry", "bandit") == ["dog", "Horat", "bandit"]  # FO-14: Horat before the bandit
    assert field.distance("Harry", "bandit") == 6


# -- a plane -----------------------------------------------------------------------------
def test_distances_on_a_plane_and_their_words():
    field = Battlefield(kind="inches", at={"Vex": (0, 0), "Bo": (3, 4), "Cy": (6, 8)})
    assert field.distance("Vex", "Bo") == 5.0 and field.distance("Vex", "Cy") == 10.0
    assert field.within((0, 0), 5, None) == ["Vex", "Bo"]
    assert field.say(5.0) == '5"' and field.say(2.5) == '2.5"'
    assert Battlefield(kind="hex").say(3) == "3 hexes" and Battlefield(kind="yards").say(1) == "1 yd"


@pytest.mark.parametrize(("at", "coverage"), [
    ((0.0, 0.0), "wholly"),     # on the centre
    ((0.5, 0.0), "wholly"),     # its base's edge touches the template's
    ((1.0, 0.0), "partly"),     # its centre on the rim
    ((1.49, 0.0), "partly"),    # the base just overlaps
    ((1.5, 0.0), "none"),       # the base just touches the rim from outside
    ((3.0, 0.0), "none"),
])
def test_template_coverage_at_the_edges(at, coverage):
    """A template of radius 1 at the origin; a model's base of radius 0.5."""
    field = Battlefield(kind="inches", at={"Bo": at})
    assert field.coverage((0.0, 0.0), 1.0, "Bo") == coverage


def test_a_wall_blocks_sight_and_facing_decides_what_a_model_sees():
    field = Battlefield(kind="inches", at={"ninja": (0, 0), "general": (10, 0), "master": (10, 5)},
                       facing={"general": 0.0, "master": 180.0}, walls=[((5, 2), (5, 10))])
    # the general faces east, away from the ninja (who is west of him): he does not see him
    assert field.facing_towards("general", "ninja") is False and field.sees("general", "ninja") is False
    # the master faces west, towards the ninja, but the wall stands between
    assert field.facing_towards("master", "ninja") is True
    assert field.line_of_sight((10, 5), (0, 0)) is False and field.sees("master", "ninja") is False
    moved = Battlefield(kind="inches", at={**field.at, "master": (10, 1)}, facing=field.facing, walls=field.walls)
    assert moved.sees("master", "ninja") is True  # past the wall's end
    assert field.sees("ninja", "general") is True  # no facing given: only the line counts


def test_a_blocked_hex_blocks_the_line():
    field = Battlefield(kind="hex", at={"a": (0, 0), "b": (4, 0)}, blocked=[(2, 0)])
    assert field.line_of_sight((0, 0), (4, 0)) is False
    assert field.line_of_sight((0, 0), (2, 1)) is True


def test_a_scatter_moves_the_point_along_its_bearing():
    x, y = displaced((10.0, 0.0), 90.0, 6.0)
    assert (round(x, 9), round(y, 9)) == (10.0, 6.0)
    x, y = displaced((0.0, 0.0), 225.0, math.sqrt(2))
    assert (round(x, 9), round(y, 9)) == (-1.0, -1.0)
