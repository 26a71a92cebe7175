"""Helpers for driving the app in tests (Pilot).

A test reaches its state by setting the form's fields and the dialogs' lines
directly (``set_field``, ``answer``) and presses only the keys it is about: one that
tabs through the form to every field it edits is slow, and breaks whenever a field
is added. Moving and editing by keys alone (``tab_to``, ``type_into``, ``choose``)
is for the test that is about those keys.

Shipped with the package so that the tests of any workspace member (or a plugin's
own) can drive the app the same way.
"""

from __future__ import annotations

import asyncio
import functools
from contextlib import suppress

from textual.worker import WorkerCancelled, WorkerFailed


def run_async(fn):
    """Run an ``async def`` test without an async pytest plugin."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return asyncio.run(fn(*args, **kwargs))

    return wrapper


async def settle(pilot) -> None:
    """Let workers finish and the screen catch up: the main screen whole (what its
    first frame leaves out mounted right after it), which Pilot's wait for an idle
    process may not see to the end on a busy machine."""
    from .screens.main import MainScreen

    for _ in range(3):
        await pilot.pause()
        with suppress(WorkerFailed, WorkerCancelled):
            await pilot.app.workers.wait_for_complete()
    for _ in range(1000):
        main = next((s for s in pilot.app.screen_stack if isinstance(s, MainScreen)), None)
        if main is None or main.whole or not main.is_attached:
            break
        await pilot.pause(0.01)
    await pilot.pause()


async def tab_to(pilot, path: str, limit: int = 80) -> None:
    """Press Tab until the editor of ``path`` has the focus (keys only)."""
    for _ in range(limit):
        focused = pilot.app.focused
        if focused is not None and focused.name == path:
            return
        await pilot.press("tab")
    raise AssertionError(f"never reached {path}; focus is on {pilot.app.focused!r}")


async def type_into(pilot, path: str, text: str) -> None:
    """Focus a text field by Tab, clear it by keys and type ``text``."""
    await tab_to(pilot, path)
    await pilot.press("end", *["backspace"] * len(pilot.app.focused.value))
    await pilot.press(*list(text))


async def choose(pilot, path: str, value: str) -> None:
    """Pick ``value`` in a choice (Right until it shows) or a pick field (Enter opens
    its list, the arrows walk to the value, Enter picks it)."""
    from textual.widgets import OptionList

    from .widgets.choice import Choice

    await tab_to(pilot, path)
    field = pilot.app.focused
    if isinstance(field, Choice):
        for _ in range(len(field.values)):
            if str(field.value) == value:
                return
            await pilot.press("right")
        raise AssertionError(f"{value!r} is not a choice of {path}: {field.values}")
    await pilot.press("enter")
    await pilot.pause()
    options = pilot.app.screen.query_one("#pick-list", OptionList)
    ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
    want = ids.index(value)
    for _ in range(len(ids) + 1):
        if options.highlighted == want:
            break
        await pilot.press("down" if (options.highlighted or 0) < want else "up")
    await pilot.press("enter")
    await pilot.pause()
    assert str(field.value) == value


def editor_of(app, path: str):
    """The editor of the field ``path`` (``targets[1].wounds``, ``mode``,
    ``variant:wod.9-again``, ``weapon:catalogue``) in the scenario form on show."""
    from .widgets.form import ScenarioForm

    editors = app.screen.query_one(ScenarioForm).editors
    if path not in editors:
        raise AssertionError(f"no field {path} in the form; it has {', '.join(editors)}")
    return editors[path]


def burst(app, *keys: str) -> None:
    """Post ``keys`` to the app as a slow connection delivers them: all at once, none
    waited for (``pilot.press`` waits for each)."""
    from textual import events

    for key in keys:
        character = {"space": " "}.get(key, key if len(key) == 1 else None)
        app.post_message(events.Key(key, character))


async def focus_field(pilot, path: str) -> None:
    """Put the focus on the editor of ``path``, as a click would."""
    editor_of(pilot.app, path).focus()
    await pilot.pause()


async def set_field(pilot, path: str, value) -> None:
    """Give the field ``path`` this value directly, as if a person had typed or picked
    it: the text of a text field, one of the values of a choice or a list, True or
    False for a switch. The widget tells the form as it does after a keystroke (its
    Changed message), so the draft, the chain and the errors follow as they would.
    The field gets the focus, where keys pressed next go."""
    from textual.widgets import Checkbox, Input

    from .widgets.choice import Choice
    from .widgets.pick import PickField

    editor = editor_of(pilot.app, path)
    editor.focus()
    if isinstance(editor, Input):
        if not isinstance(value, str):
            raise AssertionError(f"{path} is a text field: give it text, not {value!r}")
        editor.value = value
    elif isinstance(editor, Checkbox):
        editor.value = bool(value)
    elif isinstance(editor, Choice):
        editor.set_value(_one_of(path, editor.values, value))
    elif isinstance(editor, PickField):
        options = [v for _label, v in editor.options]
        if value not in options:
            raise AssertionError(f"{value!r} is not an option of {path}: {options}")
        if value != editor.value:  # as a pick in its list does
            editor.value = value
            editor.refresh()
            editor.post_message(PickField.Picked(editor, value))
    else:
        raise AssertionError(f"{path} is a {type(editor).__name__}, not a field with a value")
    await pilot.pause()


def _one_of(path: str, values, value):
    """``value`` among a choice's values, or its text (as shown) among them."""
    for v in values:
        if v == value or (v is not None and str(v) == str(value)):
            return v
    raise AssertionError(f"{value!r} is not a choice of {path}: {list(values)}")


async def answer(pilot, text: str) -> None:
    """Fill the line of the dialog on show (a prompt, the dice entry) with ``text``
    and press Enter."""
    from textual.widgets import Input

    line = pilot.app.focused
    if not isinstance(line, Input):
        raise AssertionError(f"no dialog line has the focus: {line!r} on {pilot.app.screen!r}")
    line.value = text
    await pilot.press("enter")


def screen_text(app) -> str:
    """Everything the screen shows, as plain text (what a person reads)."""
    from textual.widgets import RichLog, Static, Tree

    parts = []
    for widget in app.screen.query("*"):
        if isinstance(widget, Tree):
            stack = [widget.root]
            while stack:
                node = stack.pop()
                parts.append(str(node.label))
                stack.extend(reversed(node.children))
        elif isinstance(widget, RichLog):
            parts.extend("".join(seg.text for seg in strip) for strip in widget.lines)
        elif isinstance(widget, Static):
            parts.append(str(widget.render()))
    return "\n".join(parts)


def field_error(app, path: str) -> str | None:
    """The error line shown under the field ``path`` (None if it has none)."""
    from .widgets.form import ScenarioForm

    return app.screen.query_one(ScenarioForm).error_of(path)


async def opened(pilot, odds: bool = False) -> None:
    """Wait until the app has opened its scenario (and, with ``odds``, computed its
    odds), with the cursor not blinking and the focus on the chain: a steady screen
    for a snapshot."""
    import time

    from textual.widgets import Input

    await settle(pilot)
    if odds:
        main = pilot.app.main
        end = time.monotonic() + 20
        while main.odds is None and time.monotonic() < end:
            await pilot.pause(0.05)
        assert main.odds is not None, "the odds never came"
        await settle(pilot)
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    pilot.app.set_focus(pilot.app.screen.query_one("#chain-tree"))
    await settle(pilot)


def check_snapshot(app, path, clock: bool = False) -> None:
    """The screen (SVG, as Textual exports it) is the one kept at ``path``; with
    ``GUNLINE_UPDATE_SNAPSHOTS=1`` it is kept there instead (look at it first). A
    missing snapshot is written and the test fails, to be looked at. ``clock``: the
    times of day shown are made one, as they change from run to run."""
    import os
    import re
    from pathlib import Path

    import pytest

    path = Path(path)
    svg = re.sub(r"terminal-\d+", "terminal", app.export_screenshot())
    if clock:  # times of day on screen (a journal entry's) read 12:00:00
        svg = re.sub(r"\b\d\d:\d\d:\d\d\b", "12:00:00", svg)
    if os.environ.get("GUNLINE_UPDATE_SNAPSHOTS") == "1" or not path.exists():
        path.parent.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        if os.environ.get("GUNLINE_UPDATE_SNAPSHOTS") != "1":
            pytest.fail(f"{path.name} was missing and is now written: look at it, and run again")
    kept = path.read_text(encoding="utf-8")
    assert svg == kept, (
        f"the screen differs from {path.name}; if the change is meant, look at the new one "
        f"and keep it: GUNLINE_UPDATE_SNAPSHOTS=1 uv run pytest {path.parent.parent}\n"
        + _differences(kept, svg)
    )


def _differences(kept: str, now: str, most: int = 40) -> str:
    """The lines of the two SVGs that differ (a text on screen shows in its own
    line): what a run that cannot be repeated at will (a busy machine) leaves to
    read."""
    import difflib

    lines = list(difflib.unified_diff(kept.splitlines(), now.splitlines(), "kept", "now", n=0, lineterm=""))
    return "\n".join(line[:300] for line in lines[:most])
