"""Every shipped example opened in the app is the attack the command line resolves:
its forms show each value as text and read it back unchanged (Fallout's ``+35``,
damage over the ammunition's dice, once came back as the number 35)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from gunline import discover
from gunline.scenario import load_attack, read_document
from gunline_tui.app import make_app
from gunline_tui.screens.main import MainScreen
from gunline_tui.testing import run_async, settle

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*/*.toml"))


@pytest.fixture(scope="module")
def registry():
    return discover()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
@run_async
async def test_an_example_in_the_app_is_the_attack_of_the_file(registry, path):
    if read_document(path).get("ruleset") not in registry.rulesets:
        pytest.skip("its ruleset does not load")
    app = make_app(registry, file=str(path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, MainScreen)
        assert msgspec.to_builtins(screen.attack) == msgspec.to_builtins(load_attack(registry, path, []))
