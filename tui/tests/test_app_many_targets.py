"""Many targets: past :data:`FOLD_OVER` the form shows one target's fields at a time
(each target is a dozen widgets, all styled and laid out whenever the focus moves:
at 300 targets the app stopped answering keys). A folded target opens with Enter on
its title row, and a change, an undo or a move opens the target it is about."""

from __future__ import annotations

from gunline_tui.app import make_app
from gunline_tui.testing import editor_of, run_async, set_field, settle
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
