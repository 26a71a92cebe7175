"""Checks that a text in another language holds no English left over: for a
ruleset's own tests (is every text it makes in the catalogue?) as for gunline's.

Russian is written in Cyrillic, so a Latin-letter word in a Russian chain, odds
table or screen is a text that no catalogue translated, unless it is the GM's data
(names typed in the scenario, weapon names from the catalogue) or notation (1d6).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

#: Latin-letter tokens that are not English left over: dice notation (1d6, 2D6,
#: d10), counts with a unit or a mark (3s, x2).
NOT_WORDS = re.compile(r"^(\d*[dD]\d+|[xX]\d*|\d+[a-z]+)$")
#: A token: letters and digits (``7d10`` is one, not the word ``d``).
TOKEN = re.compile(r"[A-Za-z0-9]+(?:['-][A-Za-z0-9]+)*")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*[A-Za-z]|[A-Za-z]")


def strings(value: Any) -> Iterator[str]:
    """Every string in a document (keys too): what the GM typed."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings(v)


def words_of(texts: Iterable[str]) -> set[str]:
    """The Latin-letter words of ``texts``: what :func:`english_left` allows."""
    found: set[str] = set()
    for text in texts:
        found.update(LATIN_WORD.findall(text))
    return found


def english_left(text: str, allowed: set[str]) -> list[str]:
    """The Latin-letter words of ``text`` that are neither ``allowed`` (data) nor
    notation, each with the line it stands in."""
    left = []
    for line in text.splitlines():
        for word in TOKEN.findall(line):
            if not LATIN_WORD.search(word) or word in allowed or NOT_WORDS.match(word):
                continue
            if all(part in allowed or not LATIN_WORD.search(part) for part in re.split(r"['-]", word)):
                continue
            left.append(f"{word!r} in {line.strip()!r}")
    return left
