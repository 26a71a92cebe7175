"""Helpers for driving the app with keys in tests (Pilot), as a person would.

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
    """Let workers finish and the screen catch up."""
    for _ in range(3):
        await pilot.pause()
        with suppress(WorkerFailed, WorkerCancelled):
            await pilot.app.workers.wait_for_complete()
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
    """Pick ``value`` in a choice (Right until it shows) or a Select (Enter opens it,
    the arrows walk to the value, Enter picks it)."""
    from .widgets.choice import Choice

    await tab_to(pilot, path)
    select = pilot.app.focused
    if isinstance(select, Choice):
        for _ in range(len(select.values)):
            if str(select.value) == value:
                return
            await pilot.press("right")
        raise AssertionError(f"{value!r} is not a choice of {path}: {select.values}")
    await pilot.press("enter")
    await pilot.pause()
    overlay = select.query_one("SelectOverlay")
    labels = [str(o.prompt) for o in overlay.options]
    want = labels.index(value)
    for _ in range(len(labels) + 1):
        if overlay.highlighted == want:
            break
        await pilot.press("down" if (overlay.highlighted or 0) < want else "up")
    await pilot.press("enter")
    await pilot.pause()
    assert str(select.value) == value


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
