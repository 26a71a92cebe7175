"""Text from outside, as the app shows it: escaped, and never read as markup.

Everything on screen that came from a scenario file, a plugin, the journal or the
command line (names, step texts, plugin errors, file names) may hold control
characters, and in Textual a plain ``str`` is also *markup*: a target named
``[@click=app.quit]Bo[/]`` would become a link that quits. So the app builds what it
shows from :class:`Text` (this module's), whose every piece passes
:func:`gunline.safe.shown` on its way in, and hands Textual Text objects, never a
``str`` of outside content, wherever a ``str`` would be parsed as markup (labels,
titles, tooltips, option prompts); a notification's message goes as
:func:`markup` (escaped). One sanitiser, core's; this module only applies it.

Last, :class:`gunline_tui.control_filter.ControlFilter` drops, on every line
Textual paints, any control character that got this far anyway. No Textual here.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from rich.text import Text as RichText

from gunline.safe import one_line, shown

__all__ = ["Text", "line", "markup", "shortened", "shown"]


class Text(RichText):
    """A Rich Text whose content is made safe as it is put in (the constructor,
    :meth:`append`, and everything built on them: ``Text.assemble``)."""

    def __init__(self, text: str = "", *args: Any, **kwargs: Any) -> None:
        super().__init__(shown(text), *args, **kwargs)

    def append(self, text: Any, style: Any = None) -> RichText:
        if isinstance(text, str):
            text = shown(text)
        return super().append(text, style)


def line(value: Any, style: str = "") -> Text:
    """One line of outside text (newlines shown as ``\\n``): titles, list rows."""
    return Text(one_line(value), style=style)


def markup(value: Any) -> str:
    """Outside text for an API that reads markup: escaped twice over, its control
    characters shown and its square brackets taken literally."""
    return escape(one_line(value))


#: The fewest cells :func:`shortened` cuts a text to, whatever the room.
FEWEST_CELLS = 12


def shortened(value: Any, room: int) -> str:
    """``value`` made safe and, where it takes more than ``room`` cells (at least
    :data:`FEWEST_CELLS`), cut in the middle: ``the-raid-on-t…ssion-twelve.toml``.
    A file's name is told by its start and its end."""
    from rich.cells import cell_len, get_character_cell_size

    text = shown(value)
    if cell_len(text) <= room:
        return text
    room = max(room, FEWEST_CELLS) - 1  # the ellipsis takes one
    head, tail = [], []
    head_room, tail_room = room - room // 2, room // 2
    for ch in text:
        head_room -= get_character_cell_size(ch)
        if head_room < 0:
            break
        head.append(ch)
    for ch in reversed(text):
        tail_room -= get_character_cell_size(ch)
        if tail_room < 0:
            break
        tail.append(ch)
    return "".join(head) + "…" + "".join(reversed(tail))
