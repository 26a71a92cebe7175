"""The app against the toy ruleset of core's tests: no bundled game needed."""

from __future__ import annotations

import pytest

from gunline import drafts
from gunline.render import chain_text
from gunline.runner import run
from gunline.scenario import build_attack
from gunline_tui.app import make_app
from gunline_tui.screens.dialogs import PromptDialog, TextScreen
from gunline_tui.screens.dice_entry import DiceEntryDialog
from gunline_tui.screens.main import ACTIONS, MainScreen
from gunline_tui.testing import (
    answer,
    choose,
    editor_of,
    field_error,
    focus_field,
    run_async,
    screen_text,
    set_field,
    settle,
    tab_to,
    type_into,
)
from gunline_tui.widgets.form import ScenarioForm

DOC = {
    "ruleset": "toy",
    "mode": "double",
    "shooter": {"name": "Ada", "skill": 4},
    "weapon": {"name": "pistol"},
    "targets": [{"name": "Bo"}, {"name": "Cy", "wounds": 2, "cover": True}],
}


@run_async
async def test_fits_80x24_with_every_key_in_the_footer(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        keys = app.screen.query_one("#keys")
        footer = str(keys.render())
        for _key, _action, label, _help in ACTIONS:
            assert label in footer, label
        assert keys.region.bottom == 24 and keys.region.height <= 3
        form = app.screen.query_one("#form")
        chain = app.screen.query_one("#chain")
        log = app.screen.query_one("#log")
        # scenario on one side, chain and log on the other, all on screen
        assert form.region.right <= chain.region.x and chain.region.bottom <= log.region.y
        assert log.region.bottom <= keys.region.y and log.region.height >= 4
        # and more room is used when there is more
        small = (chain.region.width, chain.region.height, form.region.width)
        await pilot.resize_terminal(140, 50)
        await settle(pilot)
        big = (chain.region.width, chain.region.height, form.region.width)
        assert all(b > s for b, s in zip(big, small))


@run_async
async def test_every_action_is_in_the_command_palette(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for key, _action, label, _help in ACTIONS:
            assert f"{label} ({key})" in titles
        # and a palette command really runs its action
        command = next(c for c in app.get_system_commands(app.screen) if c.title.startswith("Plugins"))
        await command.callback()
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)


@run_async
async def test_question_mark_and_f1_show_help(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#chain-tree").focus()
        await pilot.press("question_mark")
        assert isinstance(app.screen, TextScreen) and "Ctrl+P" in screen_text(app)
        await pilot.press("escape")
        await focus_field(pilot, "shooter.name")  # F1 helps from a text field too, where ? is typed
        await pilot.press("f1")
        assert isinstance(app.screen, TextScreen)


@run_async
async def test_invalid_field_is_marked_with_the_cli_message(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "targets[1].wounds", "0")
        await settle(pilot)
        bad = {**DOC, "targets": [{"name": "Bo"}, {"name": "Cy", "wounds": 0, "cover": True}]}
        with pytest.raises(Exception) as err:
            build_attack(toy_registry, bad)
        path, _, message = str(err.value).partition(": ")
        assert path == "targets[1].wounds"
        assert field_error(app, path) == "✗ " + message
        # fixing it clears the mark
        await set_field(pilot, "targets[1].wounds", "3")
        await settle(pilot)
        assert field_error(app, path) is None and not app.screen.query(".field-error")
        assert "✓ valid scenario" in screen_text(app)


@run_async
async def test_resolve_with_a_seed_shows_the_cli_chain_and_logs_it(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f4")
        assert isinstance(app.screen, PromptDialog)
        await answer(pilot, "12345")
        await settle(pilot)
        main = app.screen
        assert isinstance(main, MainScreen)
        expected, _ = run(toy_registry, build_attack(toy_registry, DOC), seed=12345)
        assert chain_text(main.chain) == chain_text(expected)
        text = screen_text(app)
        for line in expected.outcomes.values():
            assert line in text
        assert "seed 12345" in text and "#1 " in text  # in the log


@run_async
async def test_targets_added_moved_and_removed_by_keys(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert app.focused.name == "targets[2].name"
        await set_field(pilot, "targets[2].name", "Di")
        await settle(pilot)
        main = app.screen
        assert [t.get("name") for t in main.draft.targets] == ["Bo", "Cy", "Di"]
        await pilot.press("shift+tab")  # the target's title row
        assert type(app.focused).__name__ == "TargetHeader"
        await pilot.press("k")  # move up
        await pilot.pause()
        assert [t.get("name") for t in main.draft.targets] == ["Bo", "Di", "Cy"]
        await pilot.press("x")  # remove
        await pilot.pause()
        assert [t.get("name") for t in main.draft.targets] == ["Bo", "Cy"]
        await pilot.press("a")  # add after
        await pilot.pause()
        assert main.draft.targets[2] == {} and len(main.draft.targets) == 3
        await settle(pilot)
        # an unnamed target is an error at its field, and the app goes on
        assert "targets[2].name" in screen_text(app)


@run_async
async def test_dice_by_hand_with_backspace_and_blank(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    attack = build_attack(toy_registry, DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+t")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, DiceEntryDialog)
        assert dialog.request_text == "Bo, to hit: 1d6, needs 4+"
        await answer(pilot, "9")  # not a face of a d6
        assert "not a face" in screen_text(app) and dialog.faces == []
        await answer(pilot, "2")
        await pilot.press("backspace")  # in the empty field: takes the 2 back...
        await answer(pilot, "5")  # ...to make it a 5
        assert dialog.faces == [5]
        await answer(pilot, "")  # blank: roll it for me
        await answer(pilot, "6")
        assert dialog.request_text == "Cy, to hit: 1d6, needs 5+"
        await answer(pilot, "5")
        await settle(pilot)
        main = app.screen
        assert isinstance(main, MainScreen)
        # the same as manual_dice: typed faces, the blank rolled from the dialog's seed
        expected, _ = run(toy_registry, attack, faces=[5, None, 6, 5], seed=dialog.seed)
        assert main.chain.dice == expected.dice and main.chain.steps == expected.steps
        assert main.chain.manual == [0, 2, 3]  # the blank was rolled, not typed
        text = screen_text(app)
        assert "✎" in text and "dice typed" in text


@run_async
async def test_broken_plugins_listed_with_their_error(toy_registry):
    toy_registry.add_broken("gunline-bad", "ImportError: No module named 'numpy'", "gunline-bad", "0.1")
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+l")
        text = screen_text(app)
        assert "BROKEN" in text and "No module named 'numpy'" in text and "ruleset  toy" in text


@run_async
async def test_draft_saved_on_every_change_and_restored(toy_registry, home):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "shooter.name", "Zed")
        await settle(pilot)
    assert drafts.load_draft()["shooter"]["name"] == "Zed"
    again = make_app(toy_registry)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert again.main.draft.doc["shooter"]["name"] == "Zed"
        assert again.main.query_one(ScenarioForm).editors["shooter.name"].value == "Zed"


@run_async
async def test_mode_select_and_export_log(toy_registry, tmp_path):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "mode", "single")
        await settle(pilot)
        assert app.main.draft.doc["mode"] == "single"
        await pilot.press("ctrl+r")
        await settle(pilot)
        out = tmp_path / "log.md"
        await app.main.run_action("export")  # in the command palette
        await settle(pilot)
        await answer(pilot, str(out))
        await settle(pilot)
        text = out.read_text()
        assert text.startswith("# gunline session") and "## #1" in text
        for line in app.main.chain.outcomes.values():
            assert line in text


@run_async
async def test_odds_beside_the_steps_and_as_bars(toy_registry):
    # one d6 at 4+ to hit (3 faces of 6), one wound kills a 1-wound target
    doc = {**DOC, "mode": "single", "targets": [{"name": "Bo"}]}
    app = make_app(toy_registry, doc=doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause(0.6)  # the odds start a moment after the last edit
        await settle(pilot)
        await pilot.press("f6")
        text = screen_text(app)
        assert "Odds (exact)" in text and "hit 50% · wound 50%" in text
        # its charts: 1/2 is half of each bar, the bar as wide as the pane lets it be
        dead = next(line for line in text.splitlines() if line.startswith("  dead "))
        label, drawn, percent = dead.split()
        assert (label, percent) == ("dead", "50.0%") and len(drawn) >= 16
        assert drawn == "█" * (len(drawn) // 2) + ("▌" if len(drawn) % 2 else "") + "░" * (len(drawn) // 2)
        assert "  1        " + drawn + "  50.0%" in text  # one hit, half the time
        assert "p=50%" in text  # beside the hit step of the chain
        # an edit recomputes them: skill 2 hits on 2+ (5 of 6)
        await set_field(pilot, "shooter.skill", "2")
        await pilot.pause(0.6)
        await settle(pilot)
        assert "hit 83% · wound 83%" in screen_text(app)


@run_async
async def test_save_writes_the_scenario_the_cli_reads(toy_registry, tmp_path):
    out = tmp_path / "saved.toml"
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "targets[0].wounds", "3")
        await pilot.press("ctrl+s")
        await answer(pilot, str(out))
        await settle(pilot)
        assert app.main.model.source.path == str(out)
    from gunline.scenario import load_attack

    saved = load_attack(toy_registry, out)
    assert saved.targets[0].wounds == 3
    assert saved == build_attack(toy_registry, {**DOC, "targets": [{"name": "Bo", "wounds": 3}, DOC["targets"][1]]})


@run_async
async def test_reroll_logs_the_last_attack_again_with_new_dice(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+r")
        await settle(pilot)
        first = app.main.chain
        await set_field(pilot, "shooter.name", "")  # the draft is now invalid...
        await settle(pilot)
        await pilot.press("ctrl+g")  # ...but the last logged attack can be rolled again
        await settle(pilot)
        entries = app.main.logbook.entries
        assert len(entries) == 2 and entries[1].how.startswith("re-roll · seed ")
        assert entries[1].chain.seed != first.seed and entries[1].chain.shooter["name"] == "Ada"


@run_async
async def test_every_field_is_reached_by_tab_and_edited_by_keys_alone(toy_registry):
    """The one test that moves through the form by keys (the others set fields
    directly): Tab walks every field in the order shown, Down and Up step as Tab
    and Shift+Tab do, and a text field, a choice, a list and a switch each take
    their keys."""
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        editors = app.main.query_one(ScenarioForm).editors
        await focus_field(pilot, "ruleset")  # the form's first field
        start = app.focused
        walked = []
        for _ in range(3 * len(editors)):
            await pilot.press("tab")
            if app.focused is start:
                break
            walked.append(app.focused)
        else:
            raise AssertionError(f"Tab never came back to the first field: {[w.name for w in walked]}")
        assert [w.name for w in walked if w.name in editors] == list(editors)[1:]
        headers = [w.index for w in walked if type(w).__name__ == "TargetHeader"]
        assert headers == [0, 1]  # each target's title row, where its keys work

        # from the first field on, in the form's order
        await choose(pilot, "mode", "single")
        await type_into(pilot, "shooter.name", "Zed")
        await pilot.press("down")
        assert app.focused is editors["shooter.skill"]
        await pilot.press("up")
        assert app.focused is editors["shooter.name"]
        await choose(pilot, "weapon:catalogue", "(custom)")
        await settle(pilot)
        await tab_to(pilot, "targets[1].cover")
        await pilot.press("space")
        await settle(pilot)
        want = {**DOC, "mode": "single", "shooter": {"name": "Zed", "skill": 4},
                "weapon": {"name": "custom", "rounds": 6}, "targets": [{"name": "Bo"}, {"name": "Cy", "wounds": 2}]}
        assert build_attack(toy_registry, app.main.draft.doc) == build_attack(toy_registry, want)
        assert editor_of(app, "targets[1].cover").value is False


@run_async
async def test_the_sessions_log_is_kept_on_disk_and_the_log_says_where(toy_registry):
    """Each resolution is in ``sessions/`` of the data directory as it comes: a
    dropped connection loses none of the session's rolls."""
    from gunline.drafts import data_dir

    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+r")
        await settle(pilot)
        await pilot.press("ctrl+r")
        await settle(pilot)
        book = app.main.logbook
        [kept] = sorted((data_dir() / "sessions").glob("session-*.md"))
        assert book.kept == kept and kept.read_text(encoding="utf-8") == book.markdown()
        assert len(book.entries) == 2
        written = [str(line) for line in app.main.log_view.lines]
        assert sum("this session's log is kept in" in line for line in written) == 1
