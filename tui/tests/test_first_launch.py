"""First launch (no draft, no file): the app opens a telling example, chosen by the
rulesets' own ``featured`` declaration, never by a ruleset's name in the app."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import msgspec
import pytest

from gunline import Registry, discover, hookimpl
from gunline.scenario import read_document
from gunline_tui.app import first_example, initial_doc, make_app
from gunline_tui.testing import run_async, screen_text, settle

TOY = Path(__file__).resolve().parents[2] / "core" / "tests" / "toy_ruleset.py"


def load_toy():
    spec = importlib.util.spec_from_file_location("toy_ruleset_first_launch", TOY)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def ruleset_named(name: str, examples, featured: str | None = None):
    """The toy ruleset under another name, with an examples folder of its own."""
    toy = load_toy()
    declared = msgspec.structs.replace(toy.gunline_ruleset(), name=name, examples=str(examples), featured=featured)

    @hookimpl
    def gunline_ruleset():
        return declared

    toy.gunline_ruleset = gunline_ruleset
    return toy


def folder_with(tmp_path, name: str, *files: str):
    folder = tmp_path / name
    folder.mkdir()
    for f in files:
        (folder / f).write_text(f'ruleset = "{name}"\n', encoding="utf-8")
    return folder


def test_without_a_featured_example_the_first_example_of_the_first_ruleset(tmp_path):
    reg = Registry()
    reg.add("beta", ruleset_named("beta", folder_with(tmp_path, "beta", "a.toml")))
    reg.add("alpha", ruleset_named("alpha", folder_with(tmp_path, "alpha", "z.toml", "m.toml")))
    assert first_example(reg) == tmp_path / "alpha" / "m.toml"


def test_a_featured_example_wins_over_the_alphabet(tmp_path):
    reg = Registry()
    reg.add("alpha", ruleset_named("alpha", folder_with(tmp_path, "alpha", "a.toml")))
    reg.add("beta", ruleset_named("beta", folder_with(tmp_path, "beta", "a.toml", "show.toml"), featured="show.toml"))
    assert first_example(reg) == tmp_path / "beta" / "show.toml"


def test_a_featured_file_that_is_missing_falls_back_to_the_first_example(tmp_path):
    reg = Registry()
    reg.add("alpha", ruleset_named("alpha", folder_with(tmp_path, "alpha", "b.toml", "a.toml"), featured="gone.toml"))
    assert first_example(reg) == tmp_path / "alpha" / "a.toml"


def test_first_launch_with_every_installed_ruleset_opens_the_wod_four_target_burst():
    reg = discover()
    if "wod" not in reg.rulesets:
        pytest.skip("the WoD ruleset is not installed")
    doc, file, notice = initial_doc(reg, None)
    assert file is not None and file.endswith("four-targets-long-burst.toml")
    assert notice == "example four-targets-long-burst.toml"
    assert doc["ruleset"] == "wod" and len(doc["targets"]) == 4
    assert doc == read_document(file)


@run_async
async def test_first_launch_shows_four_outcome_lines_at_80x24(wod_registry):
    app = make_app(wod_registry)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        main = app.main
        assert main.model.source.example.endswith("four-targets-long-burst.toml")  # a copy of it
        assert main.chain is not None and len(main.chain.outcomes) == 4
        text = screen_text(app)
        assert list(main.chain.outcomes) == ["Farrow", "Sykes", "Jones", "Bystander"]
        for line in main.chain.outcomes.values():
            assert f"► {line}" in text
        assert "four-targets-long-burst.toml" in str(main.query_one("#status").render())
