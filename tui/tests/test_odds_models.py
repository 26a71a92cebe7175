"""The odds pane shows each model of a unit with its own final status, beside the
unit's: a wound to the nearest model of three no longer hides in "unharmed 100%"."""

from __future__ import annotations

from pathlib import Path

from gunline import discover
from gunline.odds import compute_odds
from gunline.scenario import load_attack
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
