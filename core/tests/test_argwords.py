"""argparse's own words: English as written for an English command, gettext's (looked
up once each) for another language; argparse imported without gettext, which is left
for whoever needs a catalogue."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gunline import argwords


def run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout


def test_argparse_is_imported_without_gettext_and_gettext_is_left_whole():
    out = run(
        "import sys\n"
        "from gunline.argwords import argparse\n"
        "print('gettext' in sys.modules)\n"
        "p = argparse.ArgumentParser(prog='x')\n"
        "print(p.format_help().splitlines()[0])\n"
        "import gettext\n"
        "print(gettext.GNUTranslations.__name__, gettext.gettext('options'))\n"
    )
    assert out.splitlines() == ["False", "usage: x [-h]", "GNUTranslations options"]


def test_a_gettext_imported_first_is_the_one_argparse_uses():
    out = run(
        "import gettext, sys\n"
        "from gunline.argwords import argparse\n"
        "print(argparse._ is gettext.gettext, sys.modules['gettext'] is gettext)\n"
    )
    assert out.split() == ["True", "True"]


@pytest.fixture
def restored():
    import argparse

    before = argparse._, argparse.ngettext
    yield argparse
    argparse._, argparse.ngettext = before


def test_english_words_are_argparses_own(restored):
    argwords.speak("en")
    assert restored._("show this help message and exit") == "show this help message and exit"
    assert restored.ngettext("expected %s argument", "expected %s arguments", 1) == "expected %s argument"
    assert restored.ngettext("expected %s argument", "expected %s arguments", 2) == "expected %s arguments"


def test_another_language_asks_gettext_once_per_word(restored, monkeypatch):
    import gettext

    asked = []

    def looked_up(message):
        asked.append(message)
        return f"<{message}>"

    monkeypatch.setattr(gettext, "gettext", looked_up)
    argwords.speak("ru")
    assert restored._("options") == "<options>"
    assert restored._("options") == "<options>"
    assert restored._("usage: ") == "<usage: >"
    assert asked == ["options", "usage: "]
    assert restored.ngettext is gettext.ngettext
