"""The names plugins declare (rulesets, variants, actions): words of lower-case ASCII
letters and digits joined by single hyphens, checked against the grammar written as
regular expressions, over every short string of a mixed alphabet."""

from __future__ import annotations

import re

import msgspec
import pytest

from gunline import Ruleset, Variant
from gunline.contract import action_name, check_declaration, hyphen_words

#: Letters, a digit, the joiner, and look-alikes: a capital, a Cyrillic а, a space,
#: a newline (which a regular expression's ``$`` lets through at the end).
ALPHABET = "a1-Bа \n"
WORDS = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
ACTION = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


class Profile(msgspec.Struct):
    name: str


def ruleset(name: str) -> Ruleset:
    return Ruleset(name=name, title="T", shooter=Profile, weapon=Profile, target=Profile, api=1)


def variant(name: str) -> Variant:
    return Variant(name=name, ruleset="space-raiders", api=1)


def strings(longest: int) -> list[str]:
    found, layer = [""], [""]
    for _ in range(longest):
        layer = [s + c for s in layer for c in ALPHABET]
        found += layer
    return found


def test_hyphen_words_is_the_grammar():
    for name in strings(5):
        assert hyphen_words(name) == bool(WORDS.fullmatch(name)), repr(name)


def test_an_action_name_starts_with_a_letter():
    for name in strings(5):
        assert action_name(name) == bool(ACTION.fullmatch(name)), repr(name)
    assert not action_name(None)
    assert not action_name(7)


@pytest.mark.parametrize("name", ["clear-jam\n", "clear-jam ", "Clear-jam", "clear--jam", "-clear", "1st-aid", ""])
def test_a_name_a_pattern_with_dollar_would_let_through_is_refused(name):
    assert not action_name(name)


@pytest.mark.parametrize(
    ("decl", "ok"),
    [
        (ruleset("space-raiders"), True),
        (ruleset("space-raiders\n"), False),
        (ruleset("spаce"), False),  # a Cyrillic а
        (ruleset("a.b"), False),  # a ruleset's name is one word
        (variant("space-raiders.steady-aim"), True),
        (variant("space-raiders.steady-aim.x"), False),
        (variant("space-raiders..x"), False),
    ],
)
def test_declared_names(decl, ok):
    if ok:
        check_declaration(decl)
    else:
        with pytest.raises(TypeError, match="declares the name"):
            check_declaration(decl)
