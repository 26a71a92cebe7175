"""argparse, and the words of its own it prints, in the command's language.

argparse asks gettext for each of its own words ("usage:", "options", "show this
help message and exit") every time a parser is made, and imports gettext to do so;
importing gettext compiles its plural-forms parser, and each question searches the
disk for a catalogue Python does not ship, importing :mod:`locale` on the way: some
2 ms of a 65 ms command, for words that are English. So argparse is imported here
with a stand-in for gettext that gives them back as they are (the real module is
left alone if something imported it first, and is imported when a catalogue is
read), and :func:`speak` gives argparse its words for the command's language: as
they are in English, argparse's own language; from gettext, looked up once each, in
another. Import argparse from here (``from .argwords import argparse``) so that it
is this import that loads it.
"""

from __future__ import annotations

import functools
import sys
from types import ModuleType


def same(message: str) -> str:
    """A word of argparse's, in English."""
    return message


def same_n(singular: str, plural: str, n: int) -> str:
    """A word of argparse's that counts, in English."""
    return singular if n == 1 else plural


_stand_in: ModuleType | None = None
if "argparse" not in sys.modules and "gettext" not in sys.modules:
    _stand_in = ModuleType("gettext", "gunline's stand-in while argparse is imported")
    _stand_in.gettext = same  # type: ignore[attr-defined]
    _stand_in.ngettext = same_n  # type: ignore[attr-defined]
    sys.modules["gettext"] = _stand_in
try:
    import argparse as argparse  # noqa: E402 - after the stand-in, on purpose
finally:
    if _stand_in is not None and sys.modules.get("gettext") is _stand_in:
        del sys.modules["gettext"]


def speak(lang: str, source: str = "en") -> None:
    """argparse's own words in ``lang`` from now on (for the whole process, as
    argparse's words are): as written in ``source``, the language argparse is
    written in; otherwise gettext's, as argparse would look them up, once each."""
    if lang == source:
        argparse._ = same  # type: ignore[attr-defined]
        argparse.ngettext = same_n  # type: ignore[attr-defined]
        return
    import gettext

    argparse._ = functools.lru_cache(maxsize=None)(gettext.gettext)  # type: ignore[attr-defined]
    argparse.ngettext = gettext.ngettext  # type: ignore[attr-defined]
