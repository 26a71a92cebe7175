"""Many targets: past :data:`FOLD_OVER` the form shows one target's fields at a time
(each target is a dozen widgets, all styled and laid out whenever the focus moves:
at 300 targets the app stopped answering keys). A folded target opens with Enter on
its title row, and a change, an undo or a move opens the target it is about."""

from __future__ import annotations

import asyncio

from textual.widgets import Input

from gunline_tui.app import make_app
from gunline_tui.testing import burst, editor_of, run_async, screen_text, set_field, settle
from gunline_tui.widgets.form import FOLD_OVER, ScenarioForm, TargetHeader


def many(doc: dict, count: int) -> dict:
    doc["targets"] = [{"name": f"Ganger {i + 1}", "wounds": 1 + i % 3} for i in range(count)]
    return doc


def shown_targets(app) -> set[int]:
    """The targets whose fields the form shows."""
    return {int(p[len("targets["):p.index("]")]) for p in app.screen.query_one(ScenarioForm).editors
            if p.startswith("targets[")}


def header(app, index: int) -> TargetHeader:
    return next(h for h in app.screen.query(TargetHeader) if h.index == index)


@run_async
async def test_up_to_the_limit_every_target_shows_its_fields_past_it_one(toy_registry, toy_doc):
    for count, expected in ((FOLD_OVER, set(range(FOLD_OVER))), (FOLD_OVER + 1, {0})):
        app = make_app(toy_registry, doc=many(toy_doc, count))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert shown_targets(app) == expected
            assert len(app.screen.query(TargetHeader)) == count
            folded = [h.index for h in app.screen.query(TargetHeader) if h.folded]
            assert folded == sorted(expected ^ set(range(count)))
            if folded:
                assert "Target 2: Ganger 2 (Enter: open)" in str(header(app, 1).render())


@run_async
async def test_enter_on_a_folded_target_opens_it_and_folds_the_one_open(toy_registry, toy_doc):
    app = make_app(toy_registry, doc=many(toy_doc, 40))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.set_focus(header(app, 29))
        await pilot.press("enter")
        await settle(pilot)
        assert shown_targets(app) == {29}
        assert app.focused is header(app, 29) and not header(app, 29).folded and header(app, 0).folded
        assert editor_of(app, "targets[29].name").value == "Ganger 30"
        await pilot.press("enter")  # open already: nothing changes
        await settle(pilot)
        assert shown_targets(app) == {29}


@run_async
async def test_an_undo_a_move_and_a_new_target_open_the_target_they_are_about(toy_registry, toy_doc):
    app = make_app(toy_registry, doc=many(toy_doc, 20))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.set_focus(header(app, 7))
        await pilot.press("enter")
        await settle(pilot)
        await set_field(pilot, "targets[7].name", "Sykes")
        await settle(pilot)
        app.set_focus(header(app, 3))
        await pilot.press("enter")
        await settle(pilot)
        assert shown_targets(app) == {3}
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.main.model.doc["targets"][7]["name"] == "Ganger 8"
        assert shown_targets(app) == {7}
        app.set_focus(header(app, 7))
        await pilot.press("j")  # moved down: still the one open, at its new place
        await settle(pilot)
        assert shown_targets(app) == {8} and editor_of(app, "targets[8].name").value == "Ganger 8"
        assert app.focused is header(app, 8)
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert shown_targets(app) == {20} and app.focused is editor_of(app, "targets[20].name")


def named(toy_doc: dict, count: int) -> dict:
    toy_doc["targets"] = [{"name": f"T{i + 1:03}"} for i in range(count)]
    return toy_doc


def names(app) -> list[str | None]:
    return [t.get("name") for t in app.main.model.doc["targets"]]


async def opened_at(pilot, index: int) -> None:
    """The target at ``index`` open, its title row focused (as Enter on it leaves it)."""
    pilot.app.set_focus(header(pilot.app, index))
    await pilot.press("enter")
    await settle(pilot)
    assert shown_targets(pilot.app) == {index} and pilot.app.focused is header(pilot.app, index)


@run_async
async def test_keys_typed_together_on_a_title_row_act_in_turn_on_the_target_focused(toy_registry, toy_doc):
    """``j j`` on T003's row, typed together: T003 two rows down. The second j was
    taken by the row being replaced (Target 4 down, as the first), and the name
    field being replaced wrote T003 over T006: two T003s, T006 gone. ``x x``
    removed T003 and T005; it removes the target focused after each, as slowly."""
    app = make_app(toy_registry, doc=named(toy_doc, 20))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await opened_at(pilot, 2)
        burst(app, "j", "j")
        await settle(pilot)
        assert names(app)[:6] == ["T001", "T002", "T004", "T005", "T003", "T006"]
        assert sorted(names(app)) == [f"T{i + 1:03}" for i in range(20)]  # none lost, none twice
        assert app.focused is header(app, 4) and shown_targets(app) == {4}
        assert [s.what for s in app.main.model._undo] == ["move target 3 down", "move target 4 down"]
        burst(app, "k", "x", "x")
        await settle(pilot)
        assert names(app)[:5] == ["T001", "T002", "T004", "T006", "T007"]
        assert len(names(app)) == 18 and app.focused is header(app, 3)


@run_async
async def test_keys_typed_while_the_form_is_rebuilt_wait_for_it(toy_registry, toy_doc, monkeypatch):
    """Keys that reach the app while the form is rebuilt for a title row's ``j`` (a
    key held down repeats meanwhile) act once it is done, in order, where the focus
    is then: ``j`` moves the target on again (it was lost: the form itself had the
    focus while its rows were replaced); Ctrl+N then adds a target, named X."""
    rebuild = ScenarioForm.retarget  # the targets' rows changed in place (folded: more than FOLD_OVER)
    typing: list[tuple[str, ...]] = [("j",), ("ctrl+n", "X")]

    async def typing_meanwhile(form):
        done = await rebuild(form)
        if typing:  # the keys reach the app with the old rows gone, the new not yet focused
            burst(form.app, *typing.pop(0))
            for _ in range(5):
                await asyncio.sleep(0)
        return done

    app = make_app(toy_registry, doc=named(toy_doc, 20))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await opened_at(pilot, 2)
        monkeypatch.setattr(ScenarioForm, "retarget", typing_meanwhile)
        burst(app, "j")  # the j typed meanwhile, then Ctrl+N and X while the form is rebuilt for that j
        await settle(pilot)
        await settle(pilot)
        assert not typing and len(names(app)) == 21
        assert names(app)[:6] == ["T001", "T002", "T004", "T005", "T003", "T006"]
        assert names(app)[20] == "X" and app.focused is editor_of(app, "targets[20].name")


@run_async
async def test_a_on_a_title_row_opens_the_new_target_and_its_name_takes_what_is_typed(toy_registry, toy_doc):
    """As Ctrl+N does: ``a`` then ``Max`` typed together names the new target Max (the
    focus stayed on its title row, where the a added another target and the x
    removed one)."""
    app = make_app(toy_registry, doc=named(toy_doc, 20))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await opened_at(pilot, 2)
        burst(app, "a", "M", "a", "x")
        await settle(pilot)
        assert names(app)[:5] == ["T001", "T002", "T003", "Max", "T004"] and len(names(app)) == 21
        assert shown_targets(app) == {3} and app.focused is editor_of(app, "targets[3].name")


@run_async
async def test_keys_typed_with_the_enter_that_opens_a_target_go_to_it(toy_registry, toy_doc):
    """Enter on a folded row, Tab, Ctrl+U, ``Zed`` together: T003 renamed Zed (the
    focus snapped back to the row as it opened, and Zed was lost), undone as one
    step named by the name it came to."""
    app = make_app(toy_registry, doc=named(toy_doc, 20))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.set_focus(header(app, 2))
        await settle(pilot)
        burst(app, "enter", "tab", "ctrl+u", "Z", "e", "d")
        await settle(pilot)
        assert names(app)[:4] == ["T001", "T002", "Zed", "T004"]
        assert app.focused is editor_of(app, "targets[2].name")
        assert app.main.model.undo_label() == "name = Zed"
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert names(app)[2] == "T003" and "undone: name = Zed" in screen_text(app)


@run_async
async def test_a_replaced_field_writes_nothing_into_the_target_now_at_its_place(toy_registry, toy_doc):
    """A field the form replaced says its text as it was made, and that message can
    come after a change that gave its place to another target: it wrote T003 into
    the target that took T003's place."""
    app = make_app(toy_registry, doc=named(toy_doc, 20))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await opened_at(pilot, 2)
        old = editor_of(app, "targets[2].name")
        app.set_focus(header(app, 3))
        await pilot.press("k")  # T004 up, in T003's place, open
        await settle(pilot)
        assert editor_of(app, "targets[2].name") is not old and names(app)[2:4] == ["T004", "T003"]
        app.screen.query_one(ScenarioForm).post_message(Input.Changed(old, "T003"))
        await settle(pilot)
        assert names(app)[2:4] == ["T004", "T003"]
        assert app.main.model.undo_label() == "move target 4 up"


def form_rows(app) -> list[tuple]:
    """Every row of the form as a person reads it: each widget's kind, field, text or
    value, whether it is marked invalid, and a title row's target and fold."""
    from textual.widgets import Static

    form = app.screen.query_one(ScenarioForm)
    rows = []
    for w in form.query_one("#form-grid").children:
        rows.append((type(w).__name__, w.name, str(w.render()) if isinstance(w, Static) else None,
                     getattr(w, "value", None), w.has_class("-invalid"), getattr(w, "index", None),
                     getattr(w, "folded", None)))
    return [*rows, ("status", str(form.query_one("#form-status", Static).render())), ("fields", sorted(form.editors))]


async def as_rebuilt(pilot) -> list[tuple]:
    """The form's rows once it is rebuilt whole from the scenario, as before."""
    app = pilot.app
    focused = app.focused
    await app.screen.query_one(ScenarioForm).recompose()
    app.main._show_problem(app.main.problem, app.main.refusal)
    await settle(pilot)
    rows = form_rows(app)
    if isinstance(focused, TargetHeader):  # the focus where it was, for the keys that follow
        app.set_focus(header(app, focused.index))
    elif focused is not None and focused.name:
        app.set_focus(editor_of(app, focused.name))
    await settle(pilot)
    return rows


@run_async
async def test_a_change_to_the_targets_changes_only_the_rows_it_changes(toy_registry, toy_doc):
    """With the targets folded, a move, a removal, a new target, an undo or a redo of
    one rebuilt the whole form, every title row made again: at 1,000 targets, seconds
    a key. The rows above the targets stay as they are; a title row is retitled where
    its target changed, the open target's fields made again under its row; the form
    shows what a rebuild shows, the focus where it went before."""
    app = make_app(toy_registry, doc=named(toy_doc, 40))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "targets[0].wounds", "many")  # an error under an open target's field
        await settle(pilot)
        assert app.screen.query_one(ScenarioForm).error_of("targets[0].wounds") is not None
        await opened_at(pilot, 2)
        shooter = editor_of(app, "shooter.name")
        rows = list(app.screen.query(TargetHeader))
        steps = [("j", 2, "header", 3), ("k", 3, "header", 2), ("x", 2, "header", 2), ("ctrl+z", 5, None, None),
                 ("ctrl+y", 5, None, None), ("a", 2, "name", 3), ("ctrl+n", 5, "name", 40), ("ctrl+z", 5, None, None)]
        for key, on, focus, at in steps:
            if app.focused is not header(app, on):
                app.set_focus(header(app, on))
                await settle(pilot)
            burst(app, key)
            await settle(pilot)
            now = list(app.screen.query(TargetHeader))
            kept = min(len(rows), len(now))
            assert now[:kept] == rows[:kept], key  # the same rows, retitled where they changed
            assert editor_of(app, "shooter.name") is shooter, key  # the rows above untouched
            if focus == "header":
                assert app.focused is header(app, at), key
            elif focus == "name":
                assert app.focused is editor_of(app, f"targets[{at}].name"), key
            rows = now
            shown = form_rows(app)
            assert [h.index for h in now] == list(range(len(names(app)))), key
            assert [str(h.render()).split(": ", 1)[1].split(" (")[0] for h in now] == \
                [n or "unnamed" for n in names(app)], key
            assert shown == await as_rebuilt(pilot), key
            rows = list(app.screen.query(TargetHeader))
            shooter = editor_of(app, "shooter.name")
        assert names(app)[:5] == ["T001", "T002", "T004", None, "T005"] and len(names(app)) == 40


@run_async
async def test_an_undo_of_a_typed_name_shows_the_name_back(toy_registry, toy_doc):
    """A change to a row above the targets (the shooter's name typed, then undone)
    is shown as it is: the form rebuilt, the name back. A target's name typed, then
    undone: its title row says the name back."""
    app = make_app(toy_registry, doc=named(toy_doc, 40))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "shooter.name", "Neo")
        await settle(pilot)
        await opened_at(pilot, 2)
        burst(app, "j")  # a change to the targets alone: the shooter's field stays
        await settle(pilot)
        shooter = editor_of(app, "shooter.name")
        assert shooter.value == "Neo"
        burst(app, "ctrl+z", "ctrl+z")  # the move, then the name
        await settle(pilot)
        assert editor_of(app, "shooter.name").value == "Ada" and app.main.model.doc["shooter"]["name"] == "Ada"
        assert names(app)[:4] == ["T001", "T002", "T003", "T004"]
        assert form_rows(app) == await as_rebuilt(pilot)
        await opened_at(pilot, 2)
        await set_field(pilot, "targets[2].name", "Zed")  # its title row retitled as it is typed
        await settle(pilot)
        assert "Target 3: Zed" in str(header(app, 2).render())
        burst(app, "ctrl+z")
        await settle(pilot)
        assert names(app)[2] == "T003" and "Target 3: T003" in str(header(app, 2).render())
        assert form_rows(app) == await as_rebuilt(pilot)


@run_async
async def test_targets_folded_or_no_longer_the_form_shows_them_as_a_rebuild(toy_registry, toy_doc):
    """Past FOLD_OVER and back: a removal that leaves every target's fields shown, its
    undo that folds them again."""
    from gunline_tui.messages import TargetAction

    app = make_app(toy_registry, doc=named(toy_doc, FOLD_OVER + 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await opened_at(pilot, 4)
        stale = header(app, 6)
        burst(app, "x")
        await settle(pilot)
        assert shown_targets(app) == set(range(FOLD_OVER)) and form_rows(app) == await as_rebuilt(pilot)
        burst(app, "ctrl+z")
        await settle(pilot)
        assert shown_targets(app) == {4} and form_rows(app) == await as_rebuilt(pilot)
        row = header(app, 6)
        app.set_focus(row)
        burst(app, "j")
        await settle(pilot)
        assert names(app)[6:8] == ["T008", "T007"] and row is header(app, 6)  # the same row, another target
        app.main.post_message(TargetAction(6, "remove", row=stale, shown=stale.shown))  # a row gone
        app.main.post_message(TargetAction(6, "remove", row=row, shown=0))  # a row showing T008 since
        await settle(pilot)
        assert len(names(app)) == FOLD_OVER + 1 and names(app)[6:8] == ["T008", "T007"]


@run_async
async def test_a_name_typed_with_a_key_that_adds_a_target_after_it_is_kept(toy_registry, toy_doc):
    """``Ctrl+N 9 Shift+Tab a`` together, many targets: the 9 went into the new
    target's name through the field's message, after the a's new target had made the
    open target's fields again; the field was no longer the form's, and the 9 was
    lost. It goes into the scenario as it is typed."""
    app = make_app(toy_registry, doc=many(toy_doc, FOLD_OVER + 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        burst(app, "ctrl+n", "9", "shift+tab", "a")
        await settle(pilot)
        await settle(pilot)
        assert app.main.model.doc["targets"][FOLD_OVER + 1:] == [{"name": "9"}, {}]
