"""Hostile strings: what a scenario file, a plugin or a journal row may hold to take
over a terminal, disguise a name or break a one-line error. Loaded by the hostile
tests (tests are not a package)."""

from __future__ import annotations

#: name -> string. Each holds at least one character a terminal must never get raw.
HOSTILE = {
    "sgr colour": "Gol\x1b[31mRED\x1b[0m",
    "csi in one byte (C1)": "Gol\x9b2J",
    "osc retitle": "Vex\x1b]0;PWNED\x07",
    "osc 52 clipboard": "x\x1b]52;c;ZWNobyBwd25lZA==\x07",
    "cursor home and clear": "\x1b[H\x1b[2Jclean",
    "carriage return overwrite": "safe\rEVIL",
    "backspaces": "admin\x08\x08\x08\x08\x08guest",
    "bell": "ding\x07",
    "delete": "del\x7fete",
    "nul": "nu\x00l",
    "c1 next line": "one\x85two",
    "bidi override": "user\u202egnp.exe",
    "bidi isolate": "\u2067evil\u2069 name",
    "lone surrogate": "bad\udcffutf8",
    "zero width space": "Gol\u200biath",
    "bidi marks": "\u200fVex\u200e \u061cjuve",
    "invisible format": "word\u2060joiner\u2062and\ufeffbom",
    "newline in a name": "two\nlines",
    "invisible blanks": "Go\u00adliath\u3164\u034f",
    "line separator": "one\u2028two",
}

#: Markup that Rich or Textual would read, if a ``str`` of outside text were given
#: to them as markup: must show as the same characters.
MARKUP = {
    "rich style": "[red]x[/red]",
    "textual action": "[@click=app.quit]Bo[/]",
    "link": "[link=https://example.com]here[/link]",
}

#: Characters that must never reach a terminal (as the corpus above holds them).
RAW = ("\x1b", "\x9b", "\x07", "\x08", "\r", "\x7f", "\x00", "\x85", "\u202e", "\u2067", "\u2069", "\u200b", "\u200e",
       "\u200f", "\u061c", "\u2060", "\u2062", "\ufeff", "\u00ad", "\u3164", "\u034f", "\u2028")


def raw_in(text: str) -> list[str]:
    """The characters of :data:`RAW` (and any other C0 but newline and tab) in ``text``."""
    return sorted({repr(c) for c in text if c in RAW or (ord(c) < 32 and c not in "\n\t") or 0x80 <= ord(c) < 0xA0})
