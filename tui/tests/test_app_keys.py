"""Keys follow the terminal's habits: the shell's editing keys edit, a pick list
changes nothing until Enter, title rows act only on the keys the footer shows, and
what is typed right after a key that rebuilds the form lands where it should."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Input

from gunline import discover
from gunline_tui.app import GunlineApp, make_app
from gunline_tui.screens.dialogs import PickDialog
from gunline_tui.screens.main import MainScreen
from gunline_tui.testing import burst, editor_of, focus_field, run_async, set_field, settle
from gunline_tui.widgets.form import TargetHeader

DOC = {
    "ruleset": "toy",
    "mode": "double",
    "shooter": {"name": "Ada", "skill": 4},
    "weapon": {"name": "pistol"},
    "targets": [{"name": "Bo"}, {"name": "Cy", "wounds": 2, "cover": True}],
}

#: What a shell's line editor does with these, beyond Textual's own Input bindings.
READLINE = {"ctrl+a", "ctrl+e", "ctrl+b", "ctrl+f", "ctrl+k", "ctrl+u", "ctrl+w", "ctrl+d", "ctrl+h"}


def keys_of(bindings) -> set[str]:
    out = set()
    for b in bindings:
        key = b.key if hasattr(b, "key") else b[0]
        out.update(k.strip() for k in key.split(","))
    return out


def test_no_key_of_the_app_is_a_text_fields_editing_key():
    editing = keys_of(Input.BINDINGS) | READLINE
    ours = keys_of(MainScreen.BINDINGS) | keys_of(GunlineApp.BINDINGS)
    assert not ours & editing, ours & editing


@run_async
async def test_the_shells_editing_keys_edit_the_field_and_nothing_else(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await focus_field(pilot, "shooter.name")
        field = editor_of(app, "shooter.name")
        await pilot.press("ctrl+a", "Z", "ctrl+e", "x")  # to the start, to the end
        await settle(pilot)
        assert field.value == "ZAdax" and app.main.model.doc["shooter"]["name"] == "ZAdax"
        await pilot.press("ctrl+w")  # a word back
        await settle(pilot)
        assert field.value == ""
        await pilot.press(*"Ada", "ctrl+a", "ctrl+k")  # to the start, delete to the end
        await settle(pilot)
        assert field.value == ""
        await pilot.press(*"Vex", "ctrl+u")
        await settle(pilot)
        assert field.value == ""
        doc = app.main.model.doc
        assert [t["name"] for t in doc["targets"]] == ["Bo", "Cy"] and doc["mode"] == "double"


@run_async
async def test_keys_typed_at_once_after_a_new_target_land_in_its_name(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await focus_field(pilot, "shooter.name")
        await pilot.press("ctrl+n", *"Zed", "ctrl+n", *"Ann")  # no pause between them
        await settle(pilot)
        names = [t.get("name") for t in app.main.model.doc["targets"]]
        assert names == ["Bo", "Cy", "Zed", "Ann"]
        assert app.main.model.doc["shooter"]["name"] == "Ada"


@run_async
async def test_undo_and_redo_cover_typing_targets_and_new(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        main = app.main
        await focus_field(pilot, "targets[0].name")
        await pilot.press("end", *"by")
        await settle(pilot)
        assert main.model.doc["targets"][0]["name"] == "Boby"
        await pilot.press("ctrl+n")
        await settle(pilot)
        await pilot.press("f9")  # a new, empty scenario, after a question (the edits are in no file)
        await settle(pilot)
        await pilot.press("r")  # replace it without saving
        await settle(pilot)
        assert main.model.doc["targets"] == [{}]
        await pilot.press("ctrl+z")  # the scenario before New, with its new target
        await settle(pilot)
        assert len(main.model.doc["targets"]) == 3
        await pilot.press("ctrl+z", "ctrl+z")
        await settle(pilot)
        assert [t.get("name") for t in main.model.doc["targets"]] == ["Bo", "Cy"]
        assert editor_of(app, "targets[0].name").value == "Bo"  # the form shows it
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert editor_of(app, "targets[0].name").value == "Boby"
        assert app.focused is editor_of(app, "targets[0].name")  # back where the edit was


@run_async
async def test_title_rows_act_on_their_footer_keys_and_a_removal_comes_back(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        header = app.screen.query(TargetHeader).first()
        app.set_focus(header)
        await settle(pilot)
        footer = str(app.screen.query_one("#keys").render())
        for label in ("Add target", "Remove target", "Move up", "Move down"):
            assert label in footer
        await pilot.press("q", "z", "1", "enter")  # keys a title row does not take
        await settle(pilot)
        assert app.main.model.doc == app.main.model.draft.doc and len(app.main.model.doc["targets"]) == 2
        assert not app.main.model.can_undo
        await pilot.press("x")
        await settle(pilot)
        assert [t["name"] for t in app.main.model.doc["targets"]] == ["Cy"]
        assert any("Ctrl+Z brings them back" in str(n.message) for n in app._notifications)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert [t["name"] for t in app.main.model.doc["targets"]] == ["Bo", "Cy"]


@pytest.fixture
def registry():
    return discover()


@run_async
async def test_the_ruleset_changes_only_when_picked_and_comes_back_with_undo(registry, tmp_path):
    doc = {"ruleset": "necromunda", "shooter": {"name": "Vex", "bs": 4}, "weapon": {"name": "lasgun"},
           "targets": [{"name": "Goliath", "distance": 8}]}
    app = make_app(registry, doc=doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        main = app.main
        await pilot.press("f8")  # to the ruleset
        await settle(pilot)
        await pilot.press("down", "up", "left", "right")  # arrows move, change nothing
        await settle(pilot)
        assert main.model.doc["ruleset"] == "necromunda" and not main.model.can_undo
        await focus_field(pilot, "ruleset")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PickDialog)
        await pilot.press("down", "down", "escape")  # the list walked, then left
        await settle(pilot)
        assert main.model.doc["ruleset"] == "necromunda"
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("down", "enter")
        await settle(pilot)
        assert main.model.doc["ruleset"] != "necromunda"
        assert main.model.source.path is None  # a new scenario of that game
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert main.model.doc == doc
        assert editor_of(app, "shooter.bs").value == "4"


@run_async
async def test_the_field_line_says_what_the_focused_field_is(registry):
    app = make_app(registry, doc={"ruleset": "fallout", "shooter": {"name": "Harry", "skill": 60},
                                  "weapon": {"name": "10mm pistol"}, "targets": [{"name": "rat", "distance": 3}]})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        spec = app.main.query_one("#form").specs["targets[0].ac"]
        await focus_field(pilot, "targets[0].ac")
        line = str(app.screen.query_one("#field-help").render())
        assert line.startswith(spec.label) and spec.description in line
        await set_field(pilot, "targets[0].ac", "5")
        assert app.main.model.doc["targets"][0]["ac"] == 5


@run_async
async def test_a_long_pick_list_narrows_as_its_name_is_typed(registry):
    app = make_app(registry, doc={"ruleset": "necromunda", "shooter": {"name": "Vex", "bs": 3},
                                  "weapon": {"name": "lasgun"}, "targets": [{"name": "Bo", "distance": 5}]})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.main.run_action("examples")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, PickDialog) and dialog.filtering
        await pilot.press(*"gren")
        await settle(pilot)
        assert [label for label, _key in dialog._shown] == [
            "necromunda: grenade-at-nine-inches", "necromunda: grenade-scatter"]
        await pilot.press("down", "enter")
        await settle(pilot)
        assert app.main.model.source.example.endswith("grenade-scatter.toml")


@run_async
async def test_a_pick_fields_own_open_key_leaves_the_screens_open_in_the_bar(registry):
    """A pick field binds Enter to its own "open" (the list); the screen's ^o Open is
    another binding of the same action name, and both stay in the key bar."""
    from gunline_tui.widgets.keybar import keys_text

    doc = {"ruleset": "necromunda", "shooter": {"name": "Vex", "bs": 4}, "weapon": {"name": "lasgun"},
           "targets": [{"name": "Goliath", "distance": 8}]}
    app = make_app(registry, doc=doc)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await focus_field(pilot, "weapon:catalogue")
        bar = keys_text(app.screen).plain
        assert "Pick…" in bar and "Open" in bar, bar
        assert bar.count("Pick…") == 1  # enter and space: one binding, shown once


@run_async
async def test_keys_that_arrive_together_land_in_the_fields_they_were_typed_for(toy_registry):
    """Over a slow connection ``Z``, Tab, ``5`` come in one burst: the 5 went into the
    name (Tab moved the focus only once it had bubbled up to the app, after the 5 was
    typed in); and Backspace acted after the keys typed behind it."""
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "shooter.skill", "")
        await set_field(pilot, "shooter.name", "")
        burst(app, "Z", "e", "x", "backspace", "d", "tab", "5")
        await settle(pilot)
        assert editor_of(app, "shooter.name").value == "Zed"
        assert editor_of(app, "shooter.skill").value == "5"
        assert app.focused is editor_of(app, "shooter.skill")
        burst(app, "backspace", "up", "home", "A", "d", "a", "ctrl+k")  # the form's own arrow, then the line's keys
        await settle(pilot)
        assert editor_of(app, "shooter.skill").value == ""
        assert editor_of(app, "shooter.name").value == "Ada"


@run_async
async def test_keys_behind_a_switch_or_a_choice_that_moves_on_go_to_the_next_field(toy_registry):
    """``Space``, Tab, Tab, ``7`` on a target's switch: the switch turns, the focus goes
    by the next target's title row to its name, and the 7 goes there (it was lost,
    typed at the switch before the focus moved)."""
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        switch, field = editor_of(app, "targets[0].cover"), editor_of(app, "targets[1].name")
        switch.focus()
        await settle(pilot)
        was = switch.value
        burst(app, "space", "tab", "tab", "7")
        await settle(pilot)
        assert switch.value is (not was)
        assert app.focused is field and field.value == "7"  # Tab selects a field's text: typed over, as one by one
        await focus_field(pilot, "mode")  # a choice, then the shooter's name
        burst(app, "tab", "8")
        await settle(pilot)
        assert app.focused is editor_of(app, "shooter.name") and editor_of(app, "shooter.name").value == "8"
        await focus_field(pilot, "mode")
        await pilot.press("tab", "9")  # one by one: the same
        assert editor_of(app, "shooter.name").value == "9"


async def _one_by_one_then_together(pilot, start, keys: list[str]):
    """Where the focus ends after ``keys`` pressed one by one from ``start``, and then
    where it ends, and with what value, when they arrive together from there."""
    start.focus()
    await settle(pilot)
    await pilot.press(*keys[:-1])
    await settle(pilot)
    expected = pilot.app.focused
    start.focus()
    await settle(pilot)
    burst(pilot.app, *keys)
    await asyncio.wait_for(settle(pilot), 20)  # never sent round for ever
    return expected, pilot.app.focused


@run_async
async def test_keys_behind_a_tab_out_of_the_chain_or_the_log_go_where_the_focus_went(toy_registry):
    """Tab out of the chain's tree or the log, then a digit, typed together: the digit
    goes to the field the Tabs reached, as it does typed one by one (it was lost:
    the log took it before the focus had moved)."""
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tree, log = app.main.query_one("#chain-tree"), app.main.log_view
        for start in (tree, log):
            for tabs in range(1, 9):
                keys = ["tab"] * tabs + ["7"]
                expected, focused = await _one_by_one_then_together(pilot, start, keys)
                assert focused is expected, (start, tabs)
                if isinstance(focused, Input):
                    assert focused.value == "7", (start, tabs, focused)
        assert editor_of(app, "shooter.name").value == "7"  # the run reached a text field


@run_async
async def test_a_key_nobody_takes_is_not_sent_round_between_the_form_and_its_field(toy_registry):
    """The form scrolls and takes keys in the order typed too; a key that a field in it
    does not take goes up to the form, which must leave it (sent back to the field,
    where the focus is, it came back again, for ever)."""
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        form = app.main.query_one("#form")
        checks = []
        check_bindings = app._check_bindings

        async def counted(key, *args, **kwargs):
            checks.append(key)
            return await check_bindings(key, *args, **kwargs)

        app._check_bindings = counted
        expected, focused = await _one_by_one_then_together(pilot, form, ["tab", "x", "x"])
        assert focused is expected is editor_of(app, "ruleset")
        assert app.main.model.doc["ruleset"] == "toy"
        assert checks.count("x") < 10, len(checks)  # looked up once or twice a press, not sent round
