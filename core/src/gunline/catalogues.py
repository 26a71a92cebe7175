"""Keeping a package's message catalogues in step with its code (needs Babel).

    python -m gunline.catalogues update PACKAGE_DIR [--lang ru --lang tr]
    python -m gunline.catalogues check PACKAGE_DIR...

``update`` extracts every message the package's modules say (``_("...")``,
``_n("...", "...", n)``, ``N_("...")``) into ``locale/<package>.pot``, merges it
into each language's ``.po`` (new messages untranslated, gone ones dropped) and
compiles the ``.mo`` files gunline reads. ``check`` lists what is wrong: a message
the code says that the template lacks, an entry of a language without a
translation, a translation whose ``{placeholders}`` differ from the message's, a
``.mo`` older than its ``.po``; it exits 1 when anything is. The test suite runs
the check on core, the app and every bundled ruleset.

Babel is needed here only: gunline reads the compiled catalogues with the
standard library's gettext.
"""

from __future__ import annotations

import argparse
import io
import string
import sys
from pathlib import Path
from typing import Any

from .output import say

#: The calls whose first string (and for ``_n`` the second) is a message.
KEYWORDS: dict[str, Any] = {"_": None, "_n": (1, 2), "N_": None, "C_": ((1, "c"), 2)}
#: The languages a new catalogue is made for when none is named.
LANGUAGES = ("ru", "tr")
#: Where a translator's note to a message comes from: ``# Translators: ...``.
COMMENT_TAGS = ("Translators:",)


def domain_of(package_dir: Path) -> str:
    return package_dir.resolve().name


def extract(package_dir: Path) -> Any:
    """The template: every message the package's modules say, with where."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    domain = domain_of(package_dir)
    template = Catalog(project=domain, fuzzy=False)
    found = extract_from_dir(
        str(package_dir), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        if not message or (isinstance(message, tuple) and not all(message)):
            continue
        template.add(message, None, [(f"{domain}/{filename}", lineno)], auto_comments=comments, context=context)
    return template


def _paths(package_dir: Path, lang: str) -> tuple[Path, Path]:
    domain = domain_of(package_dir)
    folder = package_dir / "locale" / lang / "LC_MESSAGES"
    return folder / f"{domain}.po", folder / f"{domain}.mo"


def template_path(package_dir: Path) -> Path:
    return package_dir / "locale" / f"{domain_of(package_dir)}.pot"


def languages(package_dir: Path) -> list[str]:
    folder = package_dir / "locale"
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if (p / "LC_MESSAGES").is_dir())


def update(package_dir: Path, langs: tuple[str, ...] = ()) -> list[Path]:
    """Extract, merge and compile; the files written."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po, write_po

    template = extract(package_dir)
    pot = template_path(package_dir)
    pot.parent.mkdir(parents=True, exist_ok=True)
    with pot.open("wb") as handle:
        write_po(handle, template, width=100, omit_header=False, sort_output=False, no_location=True)
    written = [pot]
    for lang in langs or tuple(languages(package_dir)) or LANGUAGES:
        po_path, mo_path = _paths(package_dir, lang)
        if po_path.exists():
            with po_path.open("rb") as handle:
                catalog = read_po(handle, locale=lang, domain=domain_of(package_dir))
        else:
            catalog = Catalog(locale=lang, domain=domain_of(package_dir), project=domain_of(package_dir), fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        po_path.parent.mkdir(parents=True, exist_ok=True)
        with po_path.open("wb") as handle:
            write_po(handle, catalog, width=100, no_location=True, ignore_obsolete=True)
        with po_path.open("rb") as handle:  # compiled from what was written, as check reads it
            catalog = read_po(handle, locale=lang, domain=domain_of(package_dir))
        with mo_path.open("wb") as handle:
            write_mo(handle, catalog)
        written += [po_path, mo_path]
    return written


def placeholders(text: str) -> set[str]:
    """The ``{names}`` a message fills in."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {"<unbalanced braces>"}


def _mo_bytes(catalog: Any) -> bytes:
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def check(package_dir: Path) -> list[str]:
    """Everything wrong with the package's catalogues, a line each."""
    from babel.messages.pofile import read_po

    domain = domain_of(package_dir)
    problems: list[str] = []
    said = extract(package_dir)
    pot_path = template_path(package_dir)
    if not pot_path.exists():
        return [f"{domain}: no {pot_path.relative_to(package_dir)}; run python -m gunline.catalogues update"]
    with pot_path.open("rb") as handle:
        pot = read_po(handle)
    in_pot = {(m.context, m.id) for m in pot if m.id}
    in_code = {(m.context, m.id) for m in said if m.id}
    for missing in sorted(str(m[1]) for m in in_code - in_pot):
        problems.append(f"{domain}: said in the code, not in the template: {missing!r}")
    for gone in sorted(str(m[1]) for m in in_pot - in_code):
        problems.append(f"{domain}: in the template, said nowhere in the code: {gone!r}")
    langs = languages(package_dir)
    if not langs:
        problems.append(f"{domain}: no languages under locale/")
    for lang in langs:
        po_path, mo_path = _paths(package_dir, lang)
        if not po_path.exists():
            problems.append(f"{domain}: {lang}: no {po_path.name}")
            continue
        with po_path.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        entries = {(m.context, m.id): m for m in catalog if m.id}
        for context, message_id in sorted(in_code, key=str):
            entry = entries.get((context, message_id))
            name = str(message_id[0] if isinstance(message_id, tuple) else message_id)
            if entry is None:
                problems.append(f"{domain}: {lang}: no entry for {name!r}")
                continue
            strings = list(entry.string) if isinstance(entry.string, (tuple, list)) else [entry.string]
            if entry.fuzzy or not all(strings):
                problems.append(f"{domain}: {lang}: not translated: {name!r}")
                continue
            wanted = placeholders(name)
            if isinstance(message_id, tuple):
                wanted |= placeholders(message_id[1])
            for text in strings:
                got = placeholders(str(text))
                # a plural form may leave out the count ("один выстрел")
                if got != wanted and not (isinstance(message_id, tuple) and got <= wanted):
                    problems.append(
                        f"{domain}: {lang}: {name!r} fills {sorted(wanted)} but the translation "
                        f"{text!r} fills {sorted(got)}"
                    )
        if not mo_path.exists() or mo_path.read_bytes() != _mo_bytes(catalog):
            problems.append(f"{domain}: {lang}: {mo_path.name} is not compiled from {po_path.name}")
    return problems



def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gunline.catalogues", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("update", help="extract messages, merge them into each language, compile")
    p.add_argument("package_dirs", nargs="+", type=Path, metavar="PACKAGE_DIR")
    p.add_argument("--lang", action="append", default=[], help="a language to make a catalogue for (repeatable)")
    p = sub.add_parser("check", help="list what is missing or out of date; exit 1 if anything is")
    p.add_argument("package_dirs", nargs="+", type=Path, metavar="PACKAGE_DIR")
    args = parser.parse_args(argv)
    if args.command == "update":
        for package_dir in args.package_dirs:
            for path in update(package_dir, tuple(args.lang)):
                say(str(path))
        return 0
    problems = [line for package_dir in args.package_dirs for line in check(package_dir)]
    for line in problems:
        say(line)
    return 1 if problems else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
