"""A text field shows the control characters its value holds, escaped as everywhere
else, and keeps the value: a name read as ``"\\u202eAda"`` reads ``\\u202eAda`` in
the form, not ``Ada`` (Textual's Input painted the characters, which show as
nothing)."""

from __future__ import annotations

from textual.app import App, ComposeResult

from gunline.safe import UNSAFE_IN_LINE
from gunline_tui.app import make_app
from gunline_tui.testing import editor_of, run_async, settle
from gunline_tui.widgets.in_order import LineInput

#: Field, value read from the file, and how the field shows it.
HOSTILE = {
    "shooter.name": ("\u202eAda", "\\u202eAda"),
    "targets[0].name": ("Bo\x1b[31m", "Bo\\x1b[31m"),
    "targets[1].name": ("\x9bCy", "\\x9bCy"),
}


def line_of(field) -> str:
    """The text of the line the field paints."""
    return "".join(segment.text for segment in field.render_line(0))


@run_async
async def test_a_fields_control_characters_are_shown_escaped_and_the_value_is_kept(toy_registry, toy_doc):
    toy_doc["shooter"]["name"] = HOSTILE["shooter.name"][0]
    toy_doc["targets"][0]["name"] = HOSTILE["targets[0].name"][0]
    toy_doc["targets"][1]["name"] = HOSTILE["targets[1].name"][0]
    app = make_app(toy_registry, doc=toy_doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for path, (value, shown) in HOSTILE.items():
            field = editor_of(app, path)
            painted = line_of(field)
            assert shown in painted, path
            assert UNSAFE_IN_LINE.search(painted) is None, path
            assert field.value == value, path
        assert app.main.model.doc["shooter"]["name"] == "\u202eAda"  # nothing was edited
        assert app.main.model.doc["targets"][0]["name"] == "Bo\x1b[31m"


class OneLine(App[None]):
    def compose(self) -> ComposeResult:
        yield LineInput("A\x1bB")


@run_async
async def test_the_cursor_takes_an_escape_whole_and_editing_is_by_character():
    app = OneLine()
    async with app.run_test(size=(40, 3)) as pilot:
        line = app.query_one(LineInput)
        line.cursor_blink = False
        line.focus()
        line.cursor_position = 1  # on the ESC
        await pilot.pause()
        cursor = line.get_component_rich_style("input--cursor")
        under_cursor = "".join(s.text for s in line.render_line(0) if s.style and s.style.bgcolor == cursor.bgcolor)
        assert under_cursor == "\\x1b"
        assert line.cursor_screen_offset.x - line.content_region.x == 1
        line.cursor_position = 2  # on the B, after the four cells of the escape
        assert line.cursor_screen_offset.x - line.content_region.x == 5
        assert [line._cell_offset_to_index(cell) for cell in range(7)] == [0, 1, 1, 1, 1, 2, 3]
        await pilot.press("backspace")
        assert line.value == "AB"  # the ESC, one character
        assert line_of(line).startswith("AB")
