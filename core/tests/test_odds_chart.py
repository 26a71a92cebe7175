"""The odds as pictures (:mod:`gunline.odds.chart`): the distributions of hits and
wounds the odds carry, worked out by hand on the toy ruleset, and the bars drawn
from them, their lengths checked against the probabilities."""

from __future__ import annotations

import pytest

from gunline.odds import compute_odds
from gunline.odds.chart import MAX_ROWS, bar, charts, charts_text, eighths
from gunline.odds.model import TargetOdds
from gunline.scenario import build_attack


@pytest.fixture
def double(registry, doc):
    """Two shots at each target: Bo at 4+ (1/2 a shot), Cy in cover at 5+ (1/3)."""
    doc["mode"] = "double"
    return compute_odds(registry, build_attack(registry, doc))


def test_the_distributions_of_hits_and_wounds_by_hand(double):
    bo, cy = double.targets["Bo"], double.targets["Cy"]
    # Bo: 0, 1, 2 hits of two shots at 1/2: 1/4, 1/2, 1/4; each hit is a wound.
    for kind in ("hit", "wound"):
        assert [v for v, _ in bo.distributions[kind]] == [0, 1, 2]
        assert [p for _, p in bo.distributions[kind]] == pytest.approx([1 / 4, 1 / 2, 1 / 4])
    # Cy: at 1/3 a shot: (2/3)^2, 2 (1/3)(2/3), (1/3)^2.
    assert [p for _, p in cy.distributions["hit"]] == pytest.approx([4 / 9, 4 / 9, 1 / 9])
    # the mean of each distribution is the expected value the odds give beside it
    for target in (bo, cy):
        for kind, pairs in target.distributions.items():
            assert sum(p for _, p in pairs) == pytest.approx(1.0)
            assert sum(v * p for v, p in pairs) == pytest.approx(target.expected[kind])


def test_a_target_never_hit_has_every_chain_at_zero(registry, doc):
    doc["targets"][1]["cover"] = True
    doc["shooter"]["skill"] = 6  # Cy in cover needs 7+: never hit, never wounded
    cy = compute_odds(registry, build_attack(registry, doc)).targets["Cy"]
    assert cy.distributions["hit"] == [(0, 1.0)]
    assert cy.distributions["wound"] == [(0, 1.0)]


def test_monte_carlo_gives_an_interval_per_value(registry, doc):
    doc["mode"] = "double"
    odds = compute_odds(registry, build_attack(registry, doc), samples=2000, seed=3)
    cy = odds.targets["Cy"]
    assert cy.ci95 is not None
    for (_, p), (lo, hi) in zip(cy.distributions["hit"], cy.ci95.distributions["hit"], strict=True):
        assert lo <= p <= hi
    assert [v for v, _ in cy.distributions["hit"]] == [0, 1, 2]


def test_a_bar_is_its_probability_in_eighths_of_a_cell():
    assert bar(0.0, 4) == "░░░░"
    assert bar(1.0, 4) == "████"
    assert bar(0.5, 3) == "█▌░"  # 12 eighths of 24
    assert bar(1 / 3, 5) == "█▋░░░"  # 13.33 -> 13 eighths: one cell and 5/8
    assert eighths(1 / 9, 40) == 36  # 35.56, rounded


def test_cy_s_bars_by_hand(double):
    made = charts(double.targets["Cy"], 80)
    assert [c.title for c in made] == ["status", "hits", "wounds"]
    # 80 cells: 4 of indent, "unharmed" (8), two spaces, 6 for the percent: 60, at most 40
    for chart in made:
        for row in chart.rows:
            assert len(row.bar) == 40
            full, part = divmod(eighths(row.p, 40), 8)
            assert row.filled == "█" * full + " ▏▎▍▌▋▊▉"[part].strip()
    hits = made[1].rows
    assert [(r.label, r.percent) for r in hits] == [("0", "44.4%"), ("1", "44.4%"), ("2", "11.1%")]
    # 4/9 of 320 eighths is 142.2: 17 cells and 6/8; 1/9 is 35.6: 36 eighths, 4 cells and 4/8
    assert hits[0].bar == "█" * 17 + "▊" + "░" * 22
    assert hits[2].bar == "█" * 4 + "▌" + "░" * 35
    status = made[0].rows
    assert [(r.label, r.percent) for r in status] == [("unharmed", "44.4%"), ("wounded", "44.4%"), ("dead", "11.1%")]


def test_the_charts_fit_the_width(double):
    lines = charts_text(double, 50).splitlines()
    assert max(len(line) for line in lines) == 50  # the rows of the longest label fill it
    lines = charts_text(double, 120).splitlines()
    assert max(len(line) for line in lines) == 4 + 8 + 1 + 40 + 1 + 6  # bars stop at 40 cells
    rows = [line for line in charts_text(double, 30).splitlines() if line.startswith("    ")]
    assert max(len(line) for line in rows) == 30
    # narrow: the labels are cut before a bar goes under 4 cells (22 - 4 - 2 - 6 - 4 = 6)
    status = charts(double.targets["Cy"], 22)[0].rows
    assert [r.label for r in status] == ["unhar…", "wounded"[:5] + "…", "dead"]
    assert all(len(r.bar) == 4 for r in status)
    # narrower than that: the bars stay 4 cells
    assert all(len(r.bar) == 4 for c in charts(double.targets["Bo"], 10) for r in c.rows)


def _target(pairs):
    return TargetOdds(hit=1.0, wound=1.0, status={"ok": 1.0}, steps={}, reached={}, expected={}, pools={},
                      distributions={"wound": pairs})


def test_many_values_are_shown_in_ranges():
    # 0 and 1..30 damage points: 0 keeps its row, 30 values in 11 ranges of 3
    pairs = [(0, 0.4)] + [(v, 0.02) for v in range(1, 31)]
    rows = charts(_target(pairs), 80)[1].rows
    assert len(rows) <= MAX_ROWS
    assert [r.label for r in rows] == ["0", "1–3", "4–6", "7–9", "10–12", "13–15", "16–18", "19–21", "22–24",
                                       "25–27", "28–30"]
    assert rows[0].p == pytest.approx(0.4) and rows[1].p == pytest.approx(0.06)
    assert sum(r.p for r in rows) == pytest.approx(1.0)


def test_a_gap_between_values_shows_at_zero():
    rows = charts(_target([(0, 0.5), (3, 0.5)]), 80)[1].rows
    assert [(r.label, r.percent) for r in rows] == [("0", "50.0%"), ("1", "0.0%"), ("2", "0.0%"), ("3", "50.0%")]


def test_a_tail_too_unlikely_to_show_shares_one_row():
    # 5 and 6 together 0.04%: under 0.05%, one row "≥5"; 4 alone (0.06%) keeps its own
    pairs = [(0, 0.5), (1, 0.3), (2, 0.1), (3, 0.099), (4, 0.0006), (5, 0.0003), (6, 0.0001)]
    rows = charts(_target(pairs), 80)[1].rows
    assert [(r.label, r.percent) for r in rows] == [
        ("0", "50.0%"), ("1", "30.0%"), ("2", "10.0%"), ("3", "9.9%"), ("4", "0.1%"), ("≥5", "<0.1%"),
    ]
    assert rows[-1].p == pytest.approx(0.0004)
