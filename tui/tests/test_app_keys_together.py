"""A dialog, a page or the palette opened and closed by keys typed together, as they
arrive over a slow connection: the app stays up, and goes on taking keys. A dialog
closed before it was drawn ran its start on no widgets and stopped the app; PageDown
typed with Ctrl+P stopped it in Textual's list."""

from __future__ import annotations

import copy

import pytest

from gunline_tui.app import make_app
from gunline_tui.screens.dialogs import PickDialog, PromptDialog, TextScreen
from gunline_tui.screens.palette import Palette
from gunline_tui.testing import burst, run_async, settle

DIALOGS = {
    "page": lambda: TextScreen("Help", "a page"),
    "short list": lambda: PickDialog("Pick", [("a", "a"), ("b", "b")]),
    "long list": lambda: PickDialog("Pick", [(str(i), str(i)) for i in range(12)]),
    "empty list": lambda: PickDialog("Pick", []),
    "line": lambda: PromptDialog("Seed", "7", "a number"),
    "palette": lambda: Palette(id="--command-palette"),
}


async def still_taking_keys(pilot) -> None:
    app = pilot.app
    assert app.is_running and app.screen is app.main
    await pilot.press("f1")
    await settle(pilot)
    assert isinstance(app.screen, TextScreen)  # the help page: keys still act


@pytest.mark.parametrize("kind", list(DIALOGS))
@run_async
async def test_a_dialog_closed_before_it_was_drawn_leaves_the_app_up(toy_registry, toy_doc, kind):
    app = make_app(toy_registry, doc=toy_doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialog = DIALOGS[kind]()
        app.push_screen(dialog)
        dialog.dismiss(None)  # as Esc typed with the key that opened it does
        await settle(pilot)
        await still_taking_keys(pilot)


@pytest.mark.parametrize("key", ["f1", "ctrl+l", "ctrl+o", "f4", "ctrl+t", "ctrl+backslash", "f3", "f5"])
@run_async
async def test_a_key_that_opens_a_dialog_and_esc_typed_together(toy_registry, toy_doc, key):
    app = make_app(toy_registry, doc=toy_doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        burst(app, key, "escape", "down", "up")
        await settle(pilot)
        while app.screen is not app.main:  # a dialog the Esc did not reach: closed now
            await pilot.press("escape")
            await settle(pilot)
        await still_taking_keys(pilot)


@pytest.mark.parametrize("move", ["pagedown", "pageup", "down"])
@run_async
async def test_a_page_move_typed_with_ctrl_p_moves_nothing_and_the_palette_opens(toy_registry, toy_doc, move):
    app = make_app(toy_registry, doc=toy_doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        burst(app, "ctrl+p", move)
        await settle(pilot)
        assert isinstance(app.screen, Palette)
        await pilot.press(move, "escape")
        await settle(pilot)
        await still_taking_keys(pilot)


@pytest.mark.parametrize("keys", [["enter", "enter"], ["escape", "escape"], ["enter", "escape"]])
@run_async
async def test_a_dialog_closes_once_and_never_the_screen_under_it(toy_registry, toy_doc, keys):
    """Enter typed twice on a pick list: the first picks, the second (still coming to
    the closed dialog) popped the screen under it, and the app stopped."""
    app = make_app(toy_registry, doc=toy_doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        picked = []
        app.push_screen(PickDialog("Pick", [("a", "a"), ("b", "b")]), picked.append)
        await settle(pilot)
        burst(app, *keys)
        await settle(pilot)
        assert picked == (["a"] if keys[0] == "enter" else [None])
        await still_taking_keys(pilot)
        app.push_screen(PickDialog("Pick", [("a", "a")]), picked.append)
        inner = PickDialog("Inner", [("c", "c")])
        await settle(pilot)
        app.push_screen(inner, picked.append)
        await settle(pilot)
        app.screen_stack[-2].dismiss("x")  # a late close of the dialog under another
        await settle(pilot)
        assert app.screen is inner and picked[-1] != "x"


@run_async
async def test_keys_typed_behind_a_prompts_enter_go_to_the_screen_under_it(toy_registry, toy_doc):
    """``F4 8 Enter Ctrl+N X`` at once: the seed set, a target added, X its name. The
    prompt answered through its line's message, a few turns after the keys behind the
    Enter had gone into its line (lost with it); it answers as the Enter is taken."""
    app = make_app(toy_registry, doc=toy_doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        burst(app, "f4", "8", "enter", "ctrl+n", "X")
        await settle(pilot)
        await settle(pilot)
        assert app.screen is app.main and app.main.seed == 8
        assert [t.get("name") for t in app.main.model.doc["targets"]] == ["Bo", "Cy", "X"]
        burst(app, "f4", "7", "enter", "ctrl+t")
        await settle(pilot)
        assert app.main.seed == 7 and type(app.screen).__name__ == "DiceEntryDialog"


@run_async
async def test_enter_and_esc_together_on_a_chain_line_open_its_detail_and_close_it(toy_registry, toy_doc):
    """The detail of a chain line opened through two messages, a few turns after the
    Enter; an Esc typed with it was taken first (by the main screen), and the detail
    then opened and stayed. It opens as the Enter is taken, and the Esc closes it."""
    app = make_app(toy_registry, doc=toy_doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tree = app.main.query_one("#chain-tree")
        app.set_focus(tree)
        tree.cursor_line = 0
        await settle(pilot)
        burst(app, "enter", "escape")
        await settle(pilot)
        assert app.screen is app.main
        burst(app, "enter")  # and Enter alone still opens it
        await settle(pilot)
        assert isinstance(app.screen, TextScreen)


def _toy_file(tmp_path, name: str, shooter: str) -> str:
    from gunline.tomlwrite import dumps

    path = tmp_path / name
    path.write_text(dumps({"ruleset": "toy", "mode": "single", "shooter": {"name": shooter, "skill": 4},
                           "weapon": {"name": "pistol", "rounds": 3}, "targets": [{"name": "Bo"}]}))
    return str(path)


@run_async
async def test_keys_typed_behind_an_open_or_save_as_answer_never_edit_the_scenario(toy_registry, tmp_path):
    """``Ctrl+O path Enter 7`` at once: the 7 went into the field that had the focus,
    in the file just opened; ``F12 path Enter y`` for an "Overwrite?" not up yet wrote
    the y into a field (and the next y saved it). Keys typed behind such an answer
    are held until its work is done, then said and dropped; the question that opens
    takes the keys typed to it."""
    from gunline_tui.screens.dialogs import ConfirmDialog
    from gunline_tui.testing import focus_field

    first, second = _toy_file(tmp_path, "a.toml", "Ada"), _toy_file(tmp_path, "b.toml", "Bea")
    app = make_app(toy_registry, file=first)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await focus_field(pilot, "shooter.skill")
        burst(app, "ctrl+o", "ctrl+u", *second, "enter", "7")
        await settle(pilot)
        await settle(pilot)
        assert app.screen is app.main and app.main.model.source.path == second
        assert app.main.model.doc["shooter"] == {"name": "Bea", "skill": 4} and not app.main.model.dirty
        said = [str(n.message) for n in app._notifications]
        assert "typed before the last answer was acted on, and not taken: '7'" in said

        await focus_field(pilot, "shooter.skill")
        third = _toy_file(tmp_path, "c.toml", "Cid")
        burst(app, "f12", "ctrl+u", *third, "enter", "y")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)  # Overwrite c.toml? (not this session's)
        assert app.main.model.doc["shooter"]["skill"] == 4
        await pilot.press("n")
        await settle(pilot)
        assert 'name = "Cid"' in open(third).read() and app.screen is app.main

        app.set_focus(app.main.query_one("#chain-tree"))
        burst(app, "f4", "8", "enter", "ctrl+t")  # a prompt that only sets a value lets them on
        await settle(pilot)
        assert app.main.seed == 8 and type(app.screen).__name__ == "DiceEntryDialog"
        assert app.key_hold.dropped is None


@run_async
async def test_keys_typed_behind_a_questions_answer_go_nowhere_until_it_is_acted_on(toy_registry, tmp_path):
    """``y Ctrl+U X`` on "Overwrite?": the Ctrl+U cleared a field of the scenario
    just saved; ``s Ctrl+U path Enter`` on "Unsaved changes" (save first) cleared a
    field and saved to the path the prompt offered, not the one typed. Keys typed
    behind the answer, wherever they arrive while it is acted on (the closing
    question, the form, the prompt that follows), are not taken, and are said."""
    from gunline_tui.screens.dialogs import ChoiceDialog, ConfirmDialog
    from gunline_tui.testing import answer, focus_field, set_field

    first, other = _toy_file(tmp_path, "a.toml", "Ada"), _toy_file(tmp_path, "c.toml", "Cid")
    app = make_app(toy_registry, file=first)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await focus_field(pilot, "shooter.name")
        await pilot.press("f12")
        await answer(pilot, other)
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        burst(app, "y", "ctrl+u", "X")
        await settle(pilot)
        await settle(pilot)
        assert app.screen is app.main and app.main.model.doc["shooter"]["name"] == "Ada"
        assert not app.main.model.dirty and 'name = "Ada"' in open(other).read()
        said = [str(n.message) for n in app._notifications]
        assert "typed before the last answer was acted on, and not taken: '[ctrl+u]X'" in said

    app = make_app(toy_registry, doc={"ruleset": "toy", "shooter": {"name": "Ada", "skill": 4},
                                      "weapon": {"name": "pistol"}, "targets": [{"name": "Bo"}]})
    async with app.run_test(size=(80, 24)) as pilot:  # untitled: "save it first" asks where
        await settle(pilot)
        await set_field(pilot, "shooter.name", "Neo")
        await settle(pilot)
        await focus_field(pilot, "shooter.name")
        await pilot.press("ctrl+o")
        await answer(pilot, first)
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)  # unsaved changes: save first?
        elsewhere = str(tmp_path / "new1.toml")
        burst(app, "s", "ctrl+u", *elsewhere, "enter")
        await settle(pilot)
        await settle(pilot)
        assert isinstance(app.screen, PromptDialog)  # Save as, as it opened: nothing typed into it
        assert app.focused.value != elsewhere and app.main.model.doc["shooter"]["name"] == "Neo"
        assert not (tmp_path / "new1.toml").exists() and app.main.model.source.path is None


@run_async
async def test_keys_typed_behind_a_refused_enter_are_not_added_to_the_prompts_line(toy_registry, tmp_path):
    """``/nope/x.toml Enter 7``: the 7 went after the refused path, and the next
    Enter would have tried ``x.toml7``."""
    first = _toy_file(tmp_path, "a.toml", "Ada")
    app = make_app(toy_registry, file=first)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        missing = str(tmp_path / "nope" / "x.toml")
        burst(app, "f12", "ctrl+u", *missing, "enter", "7")
        await settle(pilot)
        await settle(pilot)
        assert isinstance(app.screen, PromptDialog) and app.focused.value == missing
        said = [str(n.message) for n in app._notifications]
        assert "typed before the last answer was acted on, and not taken: '7'" in said
        burst(app, *["backspace"] * len("/nope/x.toml"))  # typed once the refusal is on show: taken
        await settle(pilot)
        assert app.focused.value == str(tmp_path)


@pytest.mark.parametrize("dialog", [["f4", "escape"], ["f4", "8", "enter"], ["f1", "escape"], ["ctrl+l", "escape"],
                                    ["f5", "escape"], ["ctrl+o", "escape"]])
@run_async
async def test_keys_typed_behind_a_dialogs_answer_act_as_typed_on_the_screen_under_it(toy_registry, toy_doc, dialog):
    """A dialog opened from a field and closed, then ``Ctrl+N X``, all at once: the X
    was typed into the field under the dialog, and the Ctrl+N added an empty target
    after it (matched against the closing dialog's keys, it reached the field, which
    runs none of the screen's). ``F4 8 Enter Ctrl+N X``: the seed, set after the
    target was added (unnamed, the scenario not valid), was refused."""
    from gunline_tui.testing import focus_field

    app = make_app(toy_registry, doc=toy_doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await focus_field(pilot, "shooter.name")
        burst(app, *dialog, "ctrl+n", "X")
        await settle(pilot)
        await settle(pilot)
        assert app.screen is app.main
        assert [t.get("name") for t in app.main.model.doc["targets"]] == ["Bo", "Cy", "X"]
        assert app.main.model.doc["shooter"]["name"] == "Ada" and app.focused.name == "targets[2].name"
        if "8" in dialog:
            assert app.main.seed == 8
        assert not app.key_hold.on
        burst(app, "Y")  # and keys go on as before
        await settle(pilot)
        assert app.main.model.doc["targets"][2]["name"] == "XY"


@run_async
async def test_a_hold_no_work_ends_lets_the_keys_go_on_after_a_while(toy_registry, toy_doc, monkeypatch):
    """Keys held behind work whose end never comes (what was to end the hold gone
    first) went nowhere, and every key after them too: the app looked frozen."""
    from gunline_tui.testing import focus_field
    from gunline_tui.widgets.in_order import KeyHold, hold_keys

    monkeypatch.setattr(KeyHold, "HOLD_AT_MOST", 0.3)
    app = make_app(toy_registry, doc=toy_doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await focus_field(pilot, "shooter.name")
        hold_keys(app)  # never ended
        burst(app, "X")
        await settle(pilot)
        assert app.main.model.doc["shooter"]["name"] == "Ada" and app.key_hold.on
        await pilot.pause(0.5)
        await settle(pilot)
        assert not app.key_hold.on and app.main.model.doc["shooter"]["name"].endswith("X")


@pytest.mark.parametrize("key", ["f9", "f1"])
@run_async
async def test_a_key_on_a_title_row_is_acted_on_before_a_screen_key_typed_after_it(toy_registry, toy_doc, key):
    """``a F9`` on a title row, together: the F9 (a screen's key, run as it reached
    the app) began a new scenario before the ``a`` reached the row, and the target
    it added, never asked about, was not there; ``a F1``: the help page opened first,
    and the ``a``, matched against the page's keys, added no target. The ``a`` is
    acted on first, as when typed one by one."""
    from gunline_tui.screens.dialogs import ChoiceDialog
    from gunline_tui.widgets.form import TargetHeader

    app = make_app(toy_registry, doc=toy_doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.set_focus(next(h for h in app.screen.query(TargetHeader) if h.index == 0))
        await settle(pilot)
        burst(app, "a", key)
        await settle(pilot)
        await settle(pilot)
        assert [t.get("name") for t in app.main.model.doc["targets"]] == ["Bo", None, "Cy"]
        if key == "f9":  # a new scenario in place of unsaved work: asked first
            assert isinstance(app.screen, ChoiceDialog)
            return
        assert isinstance(app.screen, TextScreen)
        burst(app, "escape", "Z")
        await settle(pilot)
        assert app.screen is app.main and app.main.model.doc["targets"][1] == {"name": "Z"}


@pytest.mark.parametrize("key", ["backspace", "ctrl+u", "delete"])
@run_async
async def test_a_key_that_does_nothing_where_it_was_typed_does_nothing_in_a_dialog_typed_after_it(
        toy_registry, toy_doc, fixed_seed, key):
    """``Backspace F4`` on the form, together: the form had no use for the Backspace,
    which went on up to the app after the F4 had opened the seed's prompt, and there
    ran the prompt line's binding: the seed offered was erased."""
    app = make_app(toy_registry, doc=toy_doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.set_focus(app.main.query_one("#form"))
        await settle(pilot)
        burst(app, key, "f4")
        await settle(pilot)
        assert isinstance(app.screen, PromptDialog) and app.focused.value == "7"


@run_async
async def test_a_key_a_dialog_has_no_use_for_does_nothing_on_the_screen_under_it(toy_registry, toy_doc):
    """``F5 a Esc`` on a title row, together: the list of the dialog the F5 opened had
    no use for the ``a``, which went on up to the app after the Esc had closed the
    dialog, and there added a target (the title row's binding)."""
    from gunline_tui.widgets.form import TargetHeader

    app = make_app(toy_registry, doc=toy_doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.set_focus(next(h for h in app.screen.query(TargetHeader) if h.index == 0))
        await settle(pilot)
        burst(app, "f5", "a", "escape")
        await settle(pilot)
        await settle(pilot)
        assert app.screen is app.main and app.main.model.doc == toy_doc


async def picked_from_a_long_list(registry, doc, *keys: str) -> list:
    """What a pick list of ten names, its line filtering it, answers to ``keys``
    typed together."""
    app = make_app(registry, doc=doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        picked: list = []
        names = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "juliett", "kilo"]
        app.push_screen(PickDialog("Pick", [(n, n) for n in names]), picked.append)
        await settle(pilot)
        burst(app, *keys)
        await settle(pilot)
    return picked


@run_async
async def test_a_long_lists_line_narrows_it_before_the_keys_typed_after_it_pick(toy_registry, toy_doc):
    """``j Shift+Tab Enter`` in the bundled examples' list, together: the list was
    narrowed through the line's message, after the Enter had picked the first
    example of the whole list; the first with a j is picked, as typed one by one."""
    assert await picked_from_a_long_list(toy_registry, toy_doc, "j", "shift+tab", "enter") == ["juliett"]


@run_async
async def test_keys_typed_with_enter_on_a_picker_go_to_the_list_it_opens(wod_registry):
    """``Enter Down Enter`` on the weapon catalogue's field, together: the list had no
    focus yet as the Down came, which went to the dialog itself and came back up to
    the app after the second Enter had picked from the list, unmoved. As typed one by
    one: the next weapon."""
    import tomllib

    from gunline_tui.testing import focus_field

    from .conftest import ROOT

    doc = tomllib.loads((ROOT / "examples" / "wod" / "carter-long-burst.toml").read_text())
    weapons = []
    for together in (False, True):
        app = make_app(wod_registry, doc=doc)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await focus_field(pilot, "weapon:catalogue")
            for keys in ([["enter", "down", "enter"]] if together else [["enter"], ["down"], ["enter"]]):
                burst(app, *keys)
                await settle(pilot)
            await settle(pilot)
            assert app.screen is app.main
            weapons.append(app.main.model.doc["weapon"]["name"])
    assert weapons[1] == weapons[0] != doc["weapon"]["name"]


@run_async
async def test_enter_in_a_long_lists_line_picks_before_the_keys_typed_after_it(toy_registry, toy_doc):
    """``Down Enter Space`` in a long list: the Enter picked through the line's
    message, after the Space (typed into the closing dialog's line) had narrowed the
    list again and put it back on its first option."""
    assert await picked_from_a_long_list(toy_registry, toy_doc, "down", "enter", "space") == ["bravo"]


@pytest.mark.parametrize("answer", ["enter", "escape"])
@run_async
async def test_keys_typed_behind_a_questions_safe_answer_go_to_the_field_under_it(toy_registry, toy_doc, answer):
    """``F9 Enter X`` in a field of an edited scenario, together: "unsaved changes?"
    (nothing to focus in it) was answered by its binding as the Enter came back up to
    the app, and the X, matched there against the main screen, went nowhere. As typed
    one by one: kept, and the X typed into the field (over its text, selected as focused)."""
    from gunline_tui.testing import focus_field, set_field

    app = make_app(toy_registry, doc=toy_doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "shooter.name", "Neo")
        await focus_field(pilot, "shooter.name")
        await settle(pilot)
        burst(app, "f9", answer, "X")
        await settle(pilot)
        await settle(pilot)
        assert app.screen is app.main and app.main.model.doc["shooter"]["name"] == "X"  # typed over, as focused


@run_async
async def test_keys_held_twice_on_title_rows_are_acted_on_in_the_order_typed(toy_registry, toy_doc):
    """``x j a Ctrl+N`` on a title row, together: the keys held behind the x were sent
    on; the j's work held the a once more, and sent it on behind the Ctrl+N, which
    added a target first, and the a was typed into its name. As one by one: two
    targets added, the focus in the name of the second."""
    from gunline_tui.widgets.form import TargetHeader

    outcomes = []
    for together in (False, True):
        app = make_app(toy_registry, doc=copy.deepcopy(toy_doc))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.set_focus(next(h for h in app.screen.query(TargetHeader) if h.index == 0))
            await settle(pilot)
            keys = ["x", "j", "a", "ctrl+n"]
            for group in ([keys] if together else [[k] for k in keys]):
                burst(app, *group)
                await settle(pilot)
            await settle(pilot)
            outcomes.append((app.main.model.doc["targets"], app.focused.name))
    assert outcomes[1] == outcomes[0] == ([{"name": "Cy", "wounds": 2, "cover": True}, {}, {}], "targets[2].name")
