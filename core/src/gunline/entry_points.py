"""The installed distributions' entry points of one group, read from their files.

Every command finds its plugins, and ``importlib.metadata`` costs about 20 ms to
import (it brings the e-mail parser, zipfile and pathlib), more than half of what
Python with pluggy and msgspec takes to start. The entry points are plain files
(``*.dist-info/entry_points.txt``, the packaging standard; ``*.egg-info`` for older
installs) in the folders of ``sys.path``, so they are read here directly, with the
same rules ``importlib.metadata.entry_points()`` follows: folders in ``sys.path``
order, and of two installs of one distribution the first found wins.

Where the interpreter finds distributions some other way (a zip or an egg on
``sys.path``, an import hook that publishes distributions of its own), this cannot
see them all, and :func:`group` says so by returning None: the caller then asks
``importlib.metadata``.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

#: Finders of the standard library, whose distributions are the folders read here.
_STANDARD_FINDERS = ("BuiltinImporter", "FrozenImporter", "PathFinder")


class EntryPoint:
    """One entry point, with the distribution that published it.

    The part of ``importlib.metadata.EntryPoint`` gunline uses: ``name``, ``value``
    and ``group``, ``load()``, and the distribution's ``distribution`` name and
    ``version`` (read from the head of its METADATA when first asked).
    """

    __slots__ = ("_info", "_read", "group", "name", "value")

    def __init__(
        self, name: str, value: str, group: str, info: str, read: dict[str, tuple[str, str]] | None = None
    ) -> None:
        self.name, self.value, self.group, self._info = name, value, group, info
        #: Name and version by distribution folder, shared by the entry points one
        #: :func:`group` call found: a distribution's METADATA is read once, not once
        #: per entry point.
        self._read = {} if read is None else read

    def __repr__(self) -> str:
        return f"EntryPoint(name={self.name!r}, value={self.value!r}, group={self.group!r})"

    def load(self) -> Any:
        """Import the module and return the object the value names
        (``package.module:attr.sub``; extras in brackets are ignored)."""
        module, _, attr = _without_extras(self.value).strip().partition(":")
        obj: Any = importlib.import_module(module.strip())
        for part in attr.strip().split(".") if attr.strip() else ():
            obj = getattr(obj, part)
        return obj

    @property
    def distribution(self) -> str:
        return self._metadata()[0]

    @property
    def version(self) -> str:
        return self._metadata()[1]

    def _metadata(self) -> tuple[str, str]:
        meta = self._read.get(self._info)
        if meta is None:
            meta = self._read[self._info] = name_and_version(self._info)
        return meta


def name_and_version(info: str) -> tuple[str, str]:
    """Name and Version from the head of a ``.dist-info``'s METADATA (or an
    ``.egg-info``'s PKG-INFO), where the core metadata standard puts them; the
    folder's name where the file lacks one."""
    head = ""
    for file in ("METADATA", "PKG-INFO"):
        try:
            with open(os.path.join(info, file), encoding="utf-8", errors="replace") as f:
                head = f.read(64 * 1024).replace("\r\n", "\n").split("\n\n", 1)[0]
            break
        except OSError:
            continue
    fields: dict[str, str] = {}
    for line in head.splitlines():
        key, sep, value = line.partition(":")
        if sep and not line[:1].isspace():
            fields.setdefault(key.strip().lower(), value.strip())
    stem = os.path.basename(info).rsplit(".", 1)[0]
    folder_name, _, folder_version = stem.partition("-")
    return fields.get("name") or folder_name, fields.get("version") or folder_version


def canonical(name: str) -> str:
    """A distribution name as packaging compares it (``Gunline_WoD`` = ``gunline-wod``):
    each run of ``-``, ``_`` and ``.`` one hyphen, lower case. (With str methods: a
    regular expression is compiled at every start, for the few names read.)"""
    dashed = name.replace("_", "-").replace(".", "-").lower()
    if "--" not in dashed:
        return dashed
    words = dashed.split("-")
    inner = "-".join(word for word in words if word)
    if not inner:
        return "-" if dashed else ""
    return ("-" if not words[0] else "") + inner + ("-" if not words[-1] else "")


def _without_extras(value: str) -> str:
    """An entry point's value without its extras (``module:attr [extra1, extra2]``):
    from the first ``[`` to the last ``]``."""
    start, end = value.find("["), value.rfind("]")
    return value[:start] + value[end + 1:] if 0 <= start < end else value


def parse(text: str, group: str) -> list[tuple[str, str]]:
    """(name, value) of each entry point of ``group`` in an entry_points.txt (an
    INI file: ``[group]`` sections of ``name = value`` lines)."""
    found: list[tuple[str, str]] = []
    section = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == group:
            name, sep, value = line.partition("=")
            if sep:
                found.append((name.strip(), value.strip()))
    return found


def readable() -> bool:
    """Whether every distribution the interpreter can find is a folder read here."""
    for finder in sys.meta_path:
        if hasattr(finder, "find_distributions") and getattr(finder, "__name__", type(finder).__name__) not in (
            _STANDARD_FINDERS
        ):
            return False
    return all(os.path.isdir(entry or ".") or not os.path.exists(entry or ".") for entry in sys.path)


def group(name: str) -> list[EntryPoint] | None:
    """Every installed entry point of the group ``name``, or None where some
    distributions are out of this module's sight (see the module's docstring)."""
    if not readable():
        return None
    seen: set[str] = set()
    found: list[EntryPoint] = []
    read: dict[str, tuple[str, str]] = {}
    for entry in sys.path:
        folder = entry or "."
        try:
            children = sorted(os.listdir(folder))
        except OSError:
            continue
        for child in children:
            if not child.endswith((".dist-info", ".egg-info")):
                continue
            info = os.path.join(folder, child)
            key = canonical(child.rsplit(".", 1)[0].partition("-")[0])
            if key in seen:
                continue
            seen.add(key)
            try:
                with open(os.path.join(info, "entry_points.txt"), encoding="utf-8") as f:
                    text = f.read()
            except OSError:  # no entry points, or an .egg-info that is a single file
                continue
            found.extend(EntryPoint(ep, value, name, info, read) for ep, value in parse(text, name))
    return found
