"""A line to type into that shows the control characters its value holds.

Textual's Input paints its value as it is, and a terminal shows a control character
as nothing: a name read from a file as ``"Ada\\x1b[31m"``, ``"\\u202eAda"`` or
``"Ada\\x9b"`` shows as ``Ada`` (the control filter drops what is left), while that
value is what the chain shows, what is saved and what the encounter knows. Here the
value is shown as :func:`gunline.safe.one_line` shows it everywhere else
(``Ada\\x1b[31m``), each escape underlined so that it is not taken for a backslash
typed, and the value itself is left as it is until the GM edits it.

An escape takes several cells where its character took none, and Input places the
cursor and the selection, and reads a click, by position in the value: the three
places that turn a position into cells and back are given the shown text's
positions (:class:`ShownText`, :meth:`ShownLine._position_to_cell`,
:meth:`ShownLine._cell_offset_to_index`). A value with nothing to escape, the usual
case, is Input's own in every step.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text

from gunline.safe import UNSAFE_IN_LINE, is_plain, one_line

#: How an escape is marked in the line.
ESCAPE_STYLE = "underline"


def shown_line(value: str) -> tuple[str, list[int], list[tuple[int, int]]]:
    """``value`` as :func:`one_line` shows it, where each of its characters starts
    in what is shown (one more entry: the end), and the spans of the escapes."""
    pieces: list[str] = []
    starts: list[int] = []
    escapes: list[tuple[int, int]] = []
    at = out = 0
    for match in UNSAFE_IN_LINE.finditer(value):
        plain = value[at:match.start()]
        starts.extend(range(out, out + len(plain)))
        out += len(plain)
        escape = one_line(match.group())
        starts.append(out)
        escapes.append((out, out + len(escape)))
        out += len(escape)
        pieces += (plain, escape)
        at = match.end()
    plain = value[at:]
    starts.extend(range(out, out + len(plain) + 1))
    pieces.append(plain)
    return "".join(pieces), starts, escapes


class ShownText(Text):
    """The shown value, styled by positions in the value: Input styles the cursor
    and the selection on it by the value's positions, and an escape is styled whole
    (the cursor on ESC covers ``\\x1b``). Past the end (the cell Input pads for the
    cursor) positions go on one for one."""

    def __init__(self, text: str, starts: list[int], **kwargs: Any) -> None:
        super().__init__(text, **kwargs)
        self.starts = starts

    def shown_at(self, position: int | None) -> int | None:
        """Where the value's ``position`` is in the shown text."""
        if position is None or position < 0:
            return position
        last = len(self.starts) - 1
        return self.starts[position] if position <= last else self.starts[last] + position - last

    def stylize(self, style: Any, start: int = 0, end: int | None = None) -> None:
        super().stylize(style, self.shown_at(start) or 0, self.shown_at(end))

    def stylize_before(self, style: Any, start: int = 0, end: int | None = None) -> None:
        super().stylize_before(style, self.shown_at(start) or 0, self.shown_at(end))


class ShownLine:
    """A mixin for an Input (before it): its value's control characters shown
    escaped (see the module)."""

    value: str
    _shown_of: tuple[str, tuple[str, list[int], list[tuple[int, int]]]] | None = None

    def _shown(self) -> tuple[str, list[int], list[tuple[int, int]]] | None:
        """The value as shown (see :func:`shown_line`), or None when it holds
        nothing to escape or is hidden anyway (a password's dots). Kept for the
        value: Input asks several times a frame."""
        value = self.value
        if is_plain(value) or getattr(self, "password", False):
            return None
        if self._shown_of is None or self._shown_of[0] != value:
            self._shown_of = (value, shown_line(value))
        return self._shown_of[1]

    @property
    def _value(self) -> Text:
        shown = self._shown()
        if shown is None:
            return super()._value  # type: ignore[misc]
        text, starts, escapes = shown
        line = ShownText(text, starts, no_wrap=True, overflow="ignore", end="")
        for start, end in escapes:
            Text.stylize(line, ESCAPE_STYLE, start, end)
        return line

    def _position_to_cell(self, position: int) -> int:
        shown = self._shown()
        if shown is None:
            return super()._position_to_cell(position)  # type: ignore[misc]
        text, starts, _ = shown
        return cell_len(text[:starts[position]])

    def _cell_offset_to_index(self, offset: int) -> int:
        shown = self._shown()
        if shown is None:
            return super()._cell_offset_to_index(offset)  # type: ignore[misc]
        text, starts, _ = shown
        offset += self.scroll_offset[0]  # type: ignore[attr-defined]
        cell = 0
        for index in range(len(starts) - 1):
            width = cell_len(text[starts[index]:starts[index + 1]])
            if cell <= offset < cell + width:
                return index
            cell += width
        return max(0, min(offset, len(self.value)))
