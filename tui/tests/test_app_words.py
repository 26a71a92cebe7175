"""Every label, header and hint of the form is in the game's words, from the
ruleset's schema: a field's title labels it, its description explains it under the
form, and no raw field name (``ac``, ``save_mod``, ``targets[0].reactor.weapon``)
is shown for any field of any bundled ruleset."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Label, Static

from gunline import discover
from gunline.schema import FieldSpec, describe
from gunline_tui.app import make_app
from gunline_tui.testing import focus_field, run_async, set_field, settle
from gunline_tui.widgets.form import ScenarioForm

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {
    "necromunda": "lasgun-long-range.toml",
    "wod": "three-successes.toml",
    "fallout": "aimed_torso.toml",
    "samurai": "ninja_and_bushido_master.toml",
}


def every_field(specs: tuple[FieldSpec, ...]):
    for spec in specs:
        yield spec
        yield from every_field(spec.children)


@pytest.mark.parametrize("ruleset", sorted(EXAMPLES))
def test_every_field_of_the_schema_has_a_title_and_a_description(ruleset):
    rules = discover().ruleset(ruleset)
    structs = [rules.shooter, rules.weapon, rules.target] + ([rules.settings] if rules.settings else [])
    for struct in structs:
        for spec in every_field(describe(struct)):
            assert spec.title and spec.title != spec.name, f"{ruleset} {struct.__name__}.{spec.name}: no title"
            assert spec.description, f"{ruleset} {struct.__name__}.{spec.name}: no description"


@pytest.mark.parametrize("ruleset", sorted(EXAMPLES))
@run_async
async def test_the_form_shows_titles_never_raw_names(ruleset):
    app = make_app(discover(), file=str(ROOT / "examples" / ruleset / EXAMPLES[ruleset]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        form = app.screen.query_one(ScenarioForm)
        shown = [str(w.render()) for w in form.query(Label)] + [str(w.render()) for w in form.query(Static)]
        for path, spec in form.specs.items():
            assert form.labels[path] == spec.title, path
            for text in shown:
                words = text.lstrip("✗ ").strip()
                assert words not in (spec.name, path), f"{path}: the raw name {words!r} is on screen"
        subsections = [str(w.render()) for w in form.query(".subsection")]
        assert not any("." in s or "[" in s for s in subsections), subsections  # no field paths as headers
        for path, spec in list(form.specs.items())[:12]:  # the line under the form, field by field
            await focus_field(pilot, path)
            for _ in range(100):  # the focus message reaches the line a frame or two later
                line = str(app.screen.query_one("#field-help").render())
                if line.startswith(spec.title):
                    break
                await pilot.pause(0.01)
            assert line.startswith(spec.title) and spec.description[:30] in line, (path, line)


@run_async
async def test_an_error_names_the_field_in_the_games_words():
    app = make_app(discover(), file=str(ROOT / "examples" / "fallout" / "aimed_torso.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "targets[0].ac", "many")
        await settle(pilot)
        status = str(app.screen.query_one("#form-status").render())
        assert status.startswith("✗ Target 1 · Armor Class (AC): ") and "targets[0]" not in status
