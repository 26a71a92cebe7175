"""Scenarios side by side as a picture (:mod:`gunline.odds.compare_chart`): the toy
ruleset fired single, then double, the bars' lengths worked out by hand.

Ann hits on 4+ (1/2 a shot), Cy in cover on 5+ (1/3); a hit is a wound. Bo has one
wound: single, unharmed 1/2 and dead 1/2, one hit expected 1/2; double, unharmed 1/4
and dead 3/4, hits expected 1. Cy has two: single, unharmed 2/3 and wounded 1/3, hits
expected 1/3; double, unharmed 4/9, wounded 4/9, dead 1/9, hits expected 2/3."""

from __future__ import annotations

import pytest

from gunline.odds import compute_odds
from gunline.odds.compare import build_comparison
from gunline.odds.compare_chart import comparison_charts_text, target_charts
from gunline.scenario import build_attack


def _odds(registry, doc, mode):
    doc = dict(doc, mode=mode)
    return compute_odds(registry, build_attack(registry, doc))


@pytest.fixture
def single_and_double(registry, doc):
    return build_comparison([("single.toml", [], _odds(registry, doc, "single")),
                             ("double.toml", [], _odds(registry, doc, "double"))])


def bars(chart):
    return {g.label: [(b.column, b.filled, b.text) for b in g.bars] for g in chart.groups}


def test_bo_s_bars_by_hand(single_and_double):
    status, expected = target_charts(single_and_double, "Bo", 80)
    # 80 cells: 4 of indent, "unharmed" (8), two spaces, the column (1), a space,
    # a space and 6 for the value: 59 left, at most 40; 40 cells are 320 eighths.
    assert {len(b.bar) for c in (status, expected) for g in c.groups for b in g.bars} == {40}
    assert status.title == "status" and status.full == 1
    assert bars(status) == {
        "unharmed": [("1", "█" * 20, "50.0%"), ("2", "█" * 10, "25.0%")],
        "wounded": [("1", "", "0.0%"), ("2", "", "0.0%")],
        "dead": [("1", "█" * 20, "50.0%"), ("2", "█" * 30, "75.0%")],
    }
    # the expected values run to the largest of them: 1 hit (double)
    assert expected.title == "expected" and expected.full == pytest.approx(1.0)
    assert bars(expected) == {
        "hits": [("1", "█" * 20, "0.50"), ("2", "█" * 40, "1.00")],
        "wounds": [("1", "█" * 20, "0.50"), ("2", "█" * 40, "1.00")],
    }


def test_cy_s_bars_by_hand(single_and_double):
    status, expected = target_charts(single_and_double, "Cy", 80)
    # 2/3 of 320 eighths is 213.3: 26 cells and 5/8; 4/9 is 142.2: 17 and 6/8; 1/3 is
    # 106.7: 13 and 3/8; 1/9 is 35.6: 4 and 4/8
    assert bars(status) == {
        "unharmed": [("1", "█" * 26 + "▋", "66.7%"), ("2", "█" * 17 + "▊", "44.4%")],
        "wounded": [("1", "█" * 13 + "▍", "33.3%"), ("2", "█" * 17 + "▊", "44.4%")],
        "dead": [("1", "", "0.0%"), ("2", "█" * 4 + "▌", "11.1%")],
    }
    assert expected.full == pytest.approx(2 / 3)  # 1/3 of a hit is half a bar
    assert bars(expected)["hits"] == [("1", "█" * 20, "0.33"), ("2", "█" * 40, "0.67")]


def test_the_text_fits_the_width_and_a_missing_target_has_no_bar(registry, doc):
    alone = dict(doc, targets=[doc["targets"][0]])
    comparison = build_comparison([("both.toml", [], _odds(registry, doc, "single")),
                                   ("bo.toml", [], _odds(registry, alone, "single"))])
    lines = comparison_charts_text(comparison, 50).splitlines()
    rows = [line for line in lines if line.startswith("    ")]
    assert max(len(line) for line in rows) == 50
    cy = lines[lines.index("Cy:"):]
    assert cy[1:4] == [
        "  status:",
        "    unharmed  1 " + "█" * 18 + "░" * 9 + "  66.7%",  # 27 cells: 2/3 of 216 eighths is 144
        "              2 —",
    ]
