"""A scenario of any shape opens: each field the form or the status line lays out,
given a value of every TOML type, is refused in one line (its shape,
``gunline.drafts.shape_problem``) or shown with its validation errors, never a
crash of the app (``variants = [1]`` and ``ruleset = {a=1}`` crashed it)."""

from __future__ import annotations

import tomllib

import pytest

from gunline import drafts
from gunline.errors import BadInput
from gunline.tomlwrite import dumps
from gunline_tui.app import make_app
from gunline_tui.testing import run_async, set_field, settle

BASE = {"ruleset": "toy", "mode": "single", "shooter": {"name": "Ada", "skill": 4},
        "weapon": {"name": "pistol", "rounds": 3}, "targets": [{"name": "Bo", "wounds": 1, "cover": False}]}

WHEN = "2026-12-04T21:42:00"
#: A value of every TOML type (a date-time: WHEN, written unquoted).
VALUES = {
    "int": 1, "float": 1.5, "bool": True, "string": "9-again", "array": [1, "x"],
    "array of tables": [{"a": 1}], "table": {"a": 1}, "datetime": WHEN,
}

#: Every field the form or the status line lays out (the toy ruleset's).
FIELDS = ["ruleset", "mode", "variants", "settings", "map", "roster", "shooter", "weapon", "targets",
          "targets[0]", "shooter.name", "shooter.skill", "weapon.name", "weapon.rounds",
          "targets[0].name", "targets[0].wounds", "targets[0].cover"]


def with_value(path: str, value) -> dict:
    import copy

    doc = copy.deepcopy(BASE)
    parent, key = doc, path
    if "." in path:
        head, key = path.rsplit(".", 1)
        parent = doc["targets"][0] if head == "targets[0]" else doc[head]
    if key == "targets[0]":
        doc["targets"][0] = value
    else:
        parent[key] = value
    return doc


@pytest.mark.parametrize("kind", VALUES)
@pytest.mark.parametrize("path", FIELDS)
@run_async
async def test_every_field_of_every_toml_type_opens_without_a_crash(path, kind, toy_registry, tmp_path):
    doc = with_value(path, VALUES[kind])
    file = tmp_path / "odd.toml"
    # TOML's own date-time, which gunline's writer is not asked to write here
    file.write_text(dumps(doc).replace(f'"{WHEN}"', WHEN), encoding="utf-8")
    doc = tomllib.loads(file.read_text(encoding="utf-8"))
    problem = drafts.shape_problem(doc)
    if problem is not None:  # refused in one line, naming the field, before the app opens
        with pytest.raises(BadInput) as refused:
            make_app(toy_registry, file=str(file))
        assert str(refused.value) == f"{file}: {problem}"
        return
    app = make_app(toy_registry, file=str(file))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if editors(app).keys() & {"targets[0].name", "weapon.name"} - {path}:  # shown (a ruleset not
            # installed shows no fields): and an edit of it reaches the draft, whole
            edited = next(p for p in ("targets[0].name", "weapon.name") if p in editors(app) and p != path)
            await set_field(pilot, edited, "Kim")
            await settle(pilot)
            app.flush_draft()
            assert app.main.draft_problem is None
            assert "Kim" in drafts.draft_path().read_text(encoding="utf-8")
    assert app.return_code in (None, 0)


def editors(app) -> dict:
    from gunline_tui.widgets.form import ScenarioForm

    return app.main.query_one(ScenarioForm).editors


def test_a_string_of_variants_is_refused_naming_the_field_not_spelled_out(toy_registry, tmp_path):
    file = tmp_path / "odd.toml"
    file.write_text(dumps({**BASE, "variants": "9-again"}), encoding="utf-8")
    with pytest.raises(BadInput) as refused:
        make_app(toy_registry, file=str(file))
    assert str(refused.value).endswith('variants: expected an array of strings (variants = ["name"]), got a string')


@pytest.mark.parametrize("text", ['ruleset = "toy"\nvariants = "9-again"\n', 'mode = [\n', "\udcff"])
def test_gunline_file_that_is_no_scenario_says_why_and_exits_2_before_the_app(text, tmp_path, capsys):
    """It opened the featured example instead, the reason at the far end of the
    status line (past 80 columns): a GM took the example for the file."""
    from gunline import cli

    file = tmp_path / "odd.toml"
    file.write_bytes(text.encode("utf-8", "surrogateescape"))
    assert cli.main([str(file)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"gunline: {file}: ") and err.count("\n") == 1


@run_async
async def test_gunline_file_that_is_no_scenario_restores_the_drafts_unsaved_changes_to_it(toy_registry, tmp_path):
    """Unless a dropped session's draft holds that file's unsaved changes: those
    are restored, and the reason the file could not be read is said."""
    file = tmp_path / "pit.toml"
    file.write_text(dumps(BASE), encoding="utf-8")
    app = make_app(toy_registry, file=str(file))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "weapon.name", "Kim")
        await settle(pilot)
        app.flush_draft()
    file.write_text("mode = [\n", encoding="utf-8")
    app = make_app(toy_registry, file=str(file))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.main.draft.doc["weapon"]["name"] == "Kim"
        said = [str(n.message) for n in app._notifications]
        assert any(m.startswith(f"✗ {file}: not valid TOML") for m in said), said
        # not "Ctrl+S writes it again": Save writes over no file that is not a scenario
        assert any(m.endswith("pit.toml is there but could not be read as a scenario: F12 saves the draft "
                              "elsewhere") for m in said), said


@run_async
async def test_open_refuses_a_scenario_of_the_wrong_shape_and_keeps_the_work_on_show(toy_registry, tmp_path):
    from gunline_tui.screens.dialogs import PromptDialog
    from gunline_tui.testing import answer, screen_text

    mine, odd = tmp_path / "a.toml", tmp_path / "bad.toml"
    mine.write_text(dumps(BASE), encoding="utf-8")
    odd.write_text(dumps({**BASE, "variants": [{"a": 1}]}), encoding="utf-8")
    app = make_app(toy_registry, file=str(mine))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "weapon.name", "Kim")
        await pilot.press("ctrl+o")
        await settle(pilot)
        await answer(pilot, str(odd))
        await settle(pilot)
        assert isinstance(app.screen, PromptDialog)  # still asking which file, saying why not that one
        assert "variants[0]: expected a string, got a table" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        app.flush_draft()
        assert app.main.model.source.path == str(mine)
    assert drafts.load_draft()["weapon"]["name"] == "Kim"  # the next launch restores a.toml's edits


@run_async
async def test_a_draft_of_the_wrong_shape_is_set_aside_at_launch_not_laid_out(toy_registry):
    drafts.save_draft({**BASE, "ruleset": {"a": 1}})
    app = make_app(toy_registry)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        status = str(app.main.query_one("#status").render())
        assert "✗ draft: ruleset: expected a string, got a table; kept as " in status
    assert drafts.draft_path().with_name("draft.toml.unusable").exists()


@run_async
async def test_an_edited_untitled_scenario_is_marked_as_a_titled_one_is(toy_registry):
    app = make_app(toy_registry, doc=BASE)
    async with app.run_test(size=(120, 24)) as pilot:
        await settle(pilot)
        assert str(app.main.query_one("#status").render()).endswith("· untitled")
        await set_field(pilot, "weapon.name", "Kim")
        await settle(pilot)
        assert "· untitled *" in str(app.main.query_one("#status").render())
        await set_field(pilot, "weapon.name", "pistol")  # as it began: nothing to mark
        await settle(pilot)
        assert "untitled *" not in str(app.main.query_one("#status").render())
