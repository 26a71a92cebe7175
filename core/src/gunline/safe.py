"""Text that came from outside made safe to show in a terminal: the one sanitiser.

Scenario files, plugins, the journal and the command line may hold anything a string
can, and a terminal obeys some of it: ESC starts a sequence that recolours, moves the
cursor, retitles the window or writes to the clipboard; U+009B (CSI) does the same in
one character on terminals that read C1 controls; a carriage return or a backspace
overwrites what was printed before; the bidirectional overrides and isolates
(U+202A–U+202E, U+2066–U+2069) reorder what is shown so that a name reads as another
one, and the invisible format characters (a zero width space, the left-to-right and
right-to-left marks) make two names that look alike differ, or one name look like
another. Every such character is *shown escaped* instead, as Python writes it in a
string (``\\x1b``, ``\\x9b``, ``\\u202e``), so a GM sees that something odd is there
and what it is, and nothing reaches the terminal raw.

What is escaped: C0 controls but newline and tab, DEL, C1 controls, the characters
of :data:`INVISIBLE`, and lone surrogates (a file name that is not UTF-8, which the
terminal could not be sent anyway). Everything else, accents, CJK, emoji and their
joiners included, is shown as it is. A backslash is left as it is: ``C:\\maps``
stays readable, at the price that a name holding the four characters ``\\x1b`` looks
like one holding ESC (neither does anything).

:func:`shown` is for text, :func:`one_line` for an error line (newlines too);
:func:`json_bytes` escapes the same characters in JSON (msgspec escapes C0 but writes
DEL, C1 and the format characters raw, which JSON allows and a terminal obeys),
leaving every other byte as msgspec wrote it. The front ends call these where text
meets the terminal, and nowhere else: data keeps its exact value everywhere inside.
"""

from __future__ import annotations

import re
from typing import Any

#: The invisible characters escaped (a regular expression's character class, without
#: its brackets): the soft hyphen U+00AD, the combining grapheme joiner U+034F, the
#: Arabic letter mark U+061C, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0,
#: the Khmer inherent vowels U+17B4 and U+17B5, the Mongolian vowel separator
#: U+180E, the zero width space U+200B, the left-to-right and right-to-left marks
#: U+200E and U+200F, the line and paragraph separators U+2028 and U+2029, the
#: bidirectional embeddings and overrides U+202A-U+202E, U+2060-U+206F (the word
#: joiner, the invisible operators, the bidirectional isolates and the deprecated
#: shaping controls), the zero width no-break space U+FEFF (a byte-order mark inside
#: text) and the interlinear annotation controls U+FFF9-U+FFFB. Each is shown as
#: nothing (or as a blank), breaks a line, or moves what is around it: two names
#: that differ by one look alike. Left as they are: the zero width joiner and
#: non-joiner U+200D and U+200C, which emoji and Persian and Indic writing need, the
#: variation selectors (emoji presentation), and the tag characters of flag emoji.
#: :mod:`gunline.tomlwrite` writes the same characters as ``\\u`` escapes.
INVISIBLE = (
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200e\u200f\u2028\u2029\u202a-\u202e"
    "\u2060-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb"
)

#: The characters escaped, as regular expressions, compiled on first use (see
#: :func:`_pattern`): ``UNSAFE``, what a terminal might obey or show as something
#: else; ``UNSAFE_IN_LINE``, the same and newline and tab, for text that must stay on
#: one line; ``UNSAFE_JSON``, in UTF-8 JSON, DEL, C1 (U+0080-U+009F) and
#: :data:`INVISIBLE`, byte by byte (lead bytes never occur inside another character,
#: so these never match mid-character; a test holds the two to the same set).
PATTERNS: dict[str, str | bytes] = {
    "UNSAFE": f"[\x00-\x08\x0b-\x1f\x7f-\x9f{INVISIBLE}\ud800-\udfff]",
    "UNSAFE_IN_LINE": f"[\x00-\x1f\x7f-\x9f{INVISIBLE}\ud800-\udfff]",
    "UNSAFE_JSON": rb"\x7f|\xc2[\x80-\x9f\xad]|\xcd\x8f|\xd8\x9c|\xe1\x85[\x9f\xa0]|\xe1\x9e[\xb4\xb5]|\xe1\xa0\x8e"
                   rb"|\xe2\x80[\x8b\x8e\x8f\xa8-\xae]|\xe2\x81[\xa0-\xaf]|\xe3\x85\xa4|\xef\xbb\xbf|\xef\xbe\xa0"
                   rb"|\xef\xbf[\xb9-\xbb]",
}
_compiled: dict[str, Any] = {}


def _pattern(name: str) -> Any:
    """A pattern of :data:`PATTERNS`, compiled the first time it is asked for:
    compiling the three was a millisecond of every command's start, and most text
    (every printable ASCII line, and any line :meth:`str.isprintable` passes) is
    let through without them."""
    pattern = _compiled.get(name)
    if pattern is None:
        pattern = _compiled[name] = re.compile(PATTERNS[name])
    return pattern


def __getattr__(name: str) -> re.Pattern[str]:
    """``UNSAFE`` and ``UNSAFE_IN_LINE`` as module attributes, compiled on first use."""
    if name in ("UNSAFE", "UNSAFE_IN_LINE"):
        pattern: re.Pattern[str] = _pattern(name)
        return pattern
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


#: The characters of :data:`INVISIBLE` that :meth:`str.isprintable` passes (a
#: combining mark, letters that are blanks): the quick paths look for them apart.
PRINTABLE_INVISIBLE = ("\u034f", "\u115f", "\u1160", "\u17b4", "\u17b5", "\u3164", "\uffa0")


def _clean(string: str) -> bool:
    """A quick yes for text :meth:`str.isprintable` passes: nothing in it to escape
    (the escaped characters are controls, format characters, separators or
    surrogates, none of them printable, but for :data:`PRINTABLE_INVISIBLE`)."""
    return string.isprintable() and (string.isascii() or not any(c in string for c in PRINTABLE_INVISIBLE))


def _printable(string: str) -> bool:
    """A quick yes for text with nothing to escape but newlines and tabs (kept). A
    no only means "ask the pattern": a no-break space is not printable either, and
    is shown as it is."""
    return _clean(string) or _clean(string.replace("\n", "").replace("\t", ""))


def shown(text: Any) -> str:
    """``text`` (anything: it is made a ``str`` first) with every character a
    terminal might obey shown escaped; newlines and tabs are kept."""
    string = text if type(text) is str else str(text)
    if _printable(string):  # the usual case: nothing to do
        return string
    unsafe = _pattern("UNSAFE")
    if unsafe.search(string) is None:
        return string
    return str(unsafe.sub(_escape, string))


def one_line(text: Any) -> str:
    """As :func:`shown`, and newlines and tabs escaped too: an error is one line."""
    string = text if type(text) is str else str(text)
    return string if _clean(string) else _one_line(string)


def _one_line(string: str) -> str:
    unsafe = _pattern("UNSAFE_IN_LINE")
    if unsafe.search(string) is None:
        return string
    return str(unsafe.sub(_escape, string))


def is_plain(text: str) -> bool:
    """Whether ``text`` holds nothing :func:`one_line` would escape (for names that
    people type and read back, which refuse such characters outright)."""
    return _clean(text) or _pattern("UNSAFE_IN_LINE").search(text) is None


def _json_escape(match: re.Match[bytes]) -> bytes:
    return b"\\u%04x" % ord(match.group().decode("utf-8"))


def json_bytes(data: bytes) -> bytes:
    """msgspec's JSON with DEL, C1 and the invisible format characters written as
    ``\\u`` escapes too (msgspec already escapes C0): the same JSON value, safe to
    print. Ordinary text comes back byte for byte."""
    if data.isascii() and b"\x7f" not in data:  # the usual case: nothing to do
        return data
    unsafe = _pattern("UNSAFE_JSON")
    if unsafe.search(data) is None:
        return data
    return bytes(unsafe.sub(_json_escape, data))
