"""The odds pane shows each model of a unit with its own final status, beside the
unit's: a wound to the nearest model of three no longer hides in "unharmed 100%"."""

from __future__ import annotations

from pathlib import Path

from gunline import discover
from gunline.odds import compute_odds
from gunline.odds.chart import bar, bar_width
from gunline.scenario import load_attack
from gunline_tui.app import make_app
from gunline_tui.testing import opened, run_async, settle
from gunline_tui.widgets.odds_view import odds_text, percent

ROOT = Path(__file__).resolve().parents[2]


def test_a_unit_shows_each_model_s_final_status():
    registry = discover()
    attack = load_attack(registry, ROOT / "examples" / "samurai" / "unit_returns_fire.toml")
    odds = compute_odds(registry, attack, method="exact")
    text = odds_text(odds).plain
    lines = text.splitlines()
    archers = odds.targets["Archers"]
    unharmed = next(line for line in lines if line.strip().startswith("unharmed"))
    assert "100%" not in unharmed  # the wound to Taro shows in the unit's status
    taro = next(line for line in lines if line.strip().startswith("Taro:"))
    assert f"stunned {percent(archers.models['Taro']['stunned'])}" in taro
    assert next(line for line in lines if line.strip().startswith("Saburo:")).strip() == "Saburo: unharmed 100%"


def test_a_single_model_has_no_model_lines():
    registry = discover()
    attack = load_attack(registry, ROOT / "examples" / "samurai" / "teppo_duel.toml")
    text = odds_text(compute_odds(registry, attack, method="exact")).plain
    assert not [line for line in text.splitlines() if line.strip().startswith("Archer:")]


LASGUN = ROOT / "examples" / "necromunda" / "lasgun-long-range.toml"


def test_the_pane_charts_hits_and_wounds_by_hand():
    """BS 3 at long range: one shot hits 1/2, wounds 1/2 of that (the README's
    example): 0 or 1 hit, 1/2 each; 0 wounds 3/4, 1 wound 1/4."""

    registry = discover()
    odds = compute_odds(registry, load_attack(registry, LASGUN), method="exact")
    text = odds_text(odds, 60)
    lines = text.plain.splitlines()
    cells = bar_width(60, len("out of action"), indent=2)  # 60 - 2 - 13 - 2 - 6 = 37
    assert cells == 37
    start = lines.index(" hits")
    assert lines[start:start + 6] == [
        " hits",
        f"  0             {bar(1 / 2, 37)}  50.0%",
        f"  1             {bar(1 / 2, 37)}  50.0%",
        " wounds",
        f"  0             {'█' * 27}▊{'░' * 9}  75.0%",  # 3/4 of 296 eighths: 222, 27 cells and 6/8
        f"  1             {'█' * 9}▎{'░' * 27}  25.0%",  # 74 eighths: 9 cells and 2/8
    ]
    # the bars are coloured, their track dim; the characters carry it all without colour
    styles = {str(span.style) for span in text.spans}
    assert {"cyan", "yellow", "red", "bright_black"} <= styles


@run_async
async def test_the_odds_pane_shows_the_charts():
    registry = discover()
    app = make_app(registry, file=str(LASGUN))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot, odds=True)
        await pilot.press("f6")  # the odds below the chain
        await settle(pilot)
        view = app.screen.query_one("#odds")
        shown = str(view.render()).splitlines()
        cells = bar_width(view.content_region.width, len("out of action"), indent=2)
        assert cells >= 8
        assert "Goliath  hit 50% · wound 25%" in shown
        start = shown.index(" wounds")
        assert shown[start:start + 3] == [
            " wounds",
            f"  0             {bar(3 / 4, cells)}  75.0%",
            f"  1             {bar(1 / 4, cells)}  25.0%",
        ]
