"""The app with the installed World of Darkness ruleset, checked against the CLI."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from gunline import cli
from gunline.runner import chain_json
from gunline.scenario import build_attack
from gunline_tui.app import make_app
from gunline_tui.screens.dialogs import PromptDialog
from gunline_tui.screens.dice_entry import DiceEntryDialog
from gunline_tui.screens.main import MainScreen
from gunline_tui.testing import answer, field_error, focus_field, run_async, screen_text, set_field, settle

ROOT = Path(__file__).resolve().parents[2]

FOUR = ROOT / "examples" / "wod" / "four-targets-long-burst.toml"


@pytest.fixture
def four():
    if not FOUR.exists():
        pytest.skip("the WoD examples are not there yet")
    return str(FOUR)


def cli_run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def pools(chain) -> dict[str, int]:
    return {s.target: s.value for s in chain.steps if s.kind == "pool"}


async def open_file(pilot, path: str) -> None:
    await pilot.press("ctrl+o")
    assert isinstance(pilot.app.screen, PromptDialog)
    await answer(pilot, path)
    await settle(pilot)


@run_async
async def test_build_the_four_target_example_from_an_empty_scenario(wod_registry, four):
    app = make_app(wod_registry, doc={"ruleset": "wod"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f9")  # an empty scenario
        await settle(pilot)
        assert app.main.draft.doc["targets"] == [{}]
        await set_field(pilot, "mode", "long")
        await set_field(pilot, "shooter.name", "Carter")
        await set_field(pilot, "shooter.dexterity", "3")
        await set_field(pilot, "shooter.firearms", "3")
        await set_field(pilot, "weapon:catalogue", "assault rifle")  # from the catalogue...
        await settle(pilot)
        form = app.main.query_one("#form")
        assert form.editors["weapon.name"].value == "assault rifle"
        assert form.editors["weapon.clip"].value == "42"  # the catalogue's profile, shown
        await set_field(pilot, "weapon.damage", "3")  # ...then overridden
        await set_field(pilot, "weapon.clip", "30")
        await set_field(pilot, "targets[0].name", "Farrow")
        await set_field(pilot, "targets[0].range", "long")
        for i, (name, field, value) in enumerate(
            [("Sykes", "concealment", "3"), ("Jones", "armor", "3"), ("Bystander", "bystander", True)], start=1
        ):
            await pilot.press("ctrl+n")
            await pilot.pause()
            assert app.focused.name == f"targets[{i}].name"
            await set_field(pilot, f"targets[{i}].name", name)
            await set_field(pilot, f"targets[{i}].{field}", value)
        await settle(pilot)
        main = app.main
        assert main.problem is None
        assert pools(main.chain) == {"Farrow": 4, "Sykes": 5, "Jones": 5, "Bystander": 8}
        text = screen_text(app)
        for value in (4, 5, 8):
            assert f"pool {value}" in text
        # the same attack the example file describes
        example = tomllib.loads(FOUR.read_text())
        assert build_attack(wod_registry, main.draft.doc) == build_attack(wod_registry, example)


@run_async
async def test_seed_gives_the_cli_chain(wod_registry, four, capsys):
    code, out, _ = cli_run(capsys, "resolve", four, "--seed", "7", "--json")
    assert code == 0
    _, text_out, _ = cli_run(capsys, "resolve", four, "--seed", "7")
    app = make_app(wod_registry, doc={"ruleset": "wod"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_file(pilot, four)
        assert app.main.model.source.example == four and app.main.model.source.path is None  # a copy
        await pilot.press("f4")
        await answer(pilot, "7")
        await settle(pilot)
        assert chain_json(app.main.chain).decode() == out.strip()
        shown = screen_text(app)
        for line in json.loads(out)["outcomes"].values():
            assert line in shown and line in text_out


@run_async
async def test_dice_by_hand_give_the_cli_chain_for_the_same_dice(wod_registry, four, capsys):
    _, out, _ = cli_run(capsys, "resolve", four, "--seed", "11", "--json")
    faces = json.loads(out)["dice"]
    code, _, err = cli_run(capsys, "resolve", four, "--dice", "")
    assert code == 3
    first_request = err.split("dice needed: ", 1)[1].rsplit(" (die 1", 1)[0]
    code, expected, _ = cli_run(capsys, "resolve", four, "--dice", ",".join(map(str, faces)), "--json")
    assert code == 0
    app = make_app(wod_registry, doc=tomllib.loads(FOUR.read_text()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+t")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, DiceEntryDialog)
        assert dialog.request_text == first_request
        await answer(pilot, "1")
        await pilot.press("backspace")  # a slip, taken back
        assert dialog.faces == []
        for face in faces:
            await answer(pilot, "0" if face == 10 else str(face))  # 0 is a 10
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        chain = app.main.chain
        # every die was typed, and is marked so (the CLI's --dice are a script, unmarked)
        assert chain.manual == list(range(len(faces)))
        assert all(r.manual for s in chain.steps for r in s.rolls)
        got = json.loads(chain_json(chain))
        got["manual"] = []
        for step in got["steps"]:
            for roll in step["rolls"]:
                roll["manual"] = False
        assert got == json.loads(expected)
        assert "dice typed" in screen_text(app) and "✎ typed" in screen_text(app)


@run_async
async def test_toggling_a_variant_replays_the_dice_and_marks_the_difference(wod_registry, four, capsys):
    _, expected, _ = cli_run(capsys, "resolve", four, "--seed", "7", "--variant", "wod.per-extra-target", "--json")
    app = make_app(wod_registry, doc=tomllib.loads(FOUR.read_text()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f4")
        await answer(pilot, "7")
        await settle(pilot)
        before = pools(app.main.chain)
        await pilot.press("f7")  # to the variant switches
        assert app.focused.name == "variant:wod.9-again"
        await focus_field(pilot, "variant:wod.per-extra-target")
        await pilot.press("space")
        await settle(pilot)
        main = app.main
        assert main.draft.doc["variants"] == ["wod.per-extra-target"]
        assert chain_json(main.chain).decode() == expected.strip()
        after = pools(main.chain)
        assert after != before
        text = screen_text(app)
        changed = [t for t in before if before[t] != after[t]]
        assert changed and text.count("≠ pool") >= len(changed)
        assert "variant on: wod.per-extra-target" in text  # logged
        # and off again: back to the first chain's pools
        await pilot.press("space")
        await settle(pilot)
        assert pools(app.main.chain) == before


@run_async
async def test_a_broken_file_shows_its_error_and_the_app_goes_on(wod_registry, four, tmp_path, capsys):
    broken = tmp_path / "broken.toml"
    broken.write_text('ruleset = "wod"\nmode = [\n')
    bad = tmp_path / "bad.toml"
    bad.write_text(FOUR.read_text().replace("concealment = 3", "concealment = 9"))
    code, _, err = cli_run(capsys, "validate", str(bad))
    assert code == 2
    message = err.strip().split(f"{bad}: ", 1)[1]
    app = make_app(wod_registry, doc=tomllib.loads(FOUR.read_text()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_file(pilot, str(broken))
        assert isinstance(app.screen, PromptDialog)
        assert f"{broken}: not valid TOML" in screen_text(app)
        await pilot.press("escape")
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert app.main.logbook.entries and app.is_running

        # valid TOML, invalid scenario: it opens, and the field says what the CLI says
        await open_file(pilot, str(bad))
        path, _, why = message.partition(": ")
        assert field_error(app, path) == "✗ " + why


@run_async
async def test_switching_ruleset_starts_a_scenario_from_its_own_structs(monkeypatch):
    from gunline import discover

    monkeypatch.delenv("GUNLINE_LOAD_PLUGINS", raising=False)
    registry = discover()
    if not {"wod", "necromunda"} <= set(registry.rulesets):
        pytest.skip("needs the WoD and Necromunda rulesets")
    app = make_app(registry, doc=tomllib.loads(FOUR.read_text()) if FOUR.exists() else {"ruleset": "wod"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "ruleset", "necromunda")
        await settle(pilot)
        main = app.main
        assert main.draft.doc["ruleset"] == "necromunda" and main.draft.doc["targets"] == [{}]
        from gunline.schema import describe

        necro = registry.ruleset("necromunda")
        form = main.query_one("#form")
        for spec in describe(necro.shooter, "shooter"):
            if spec.kind != "struct":
                assert spec.path in form.editors
        assert not any(p.startswith("shooter.dexterity") for p in form.editors)  # no WoD field left
