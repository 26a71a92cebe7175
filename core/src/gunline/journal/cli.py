"""``gunline journal list | show | undo | reload | export | check``.

Every subcommand takes ``--journal PATH`` (else ``GUNLINE_JOURNAL``, else the
per-user default). Errors follow the CLI contract: one line, exit 2 for bad input.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ..language import _, _n
from ..output import safe_json, say, say_json, warn

if TYPE_CHECKING:
    from ..models import Attack, Chain
    from ..plugins import Registry
    from .ledger import Journal
    from .models import Entry

EXIT_OK = 0


def add_journal_option(parser: argparse.ArgumentParser) -> None:
    """``--journal PATH``, shared with ``gunline resolve``."""
    parser.add_argument(
        "--journal", metavar="PATH", help="journal file (default: $GUNLINE_JOURNAL, else the per-user data folder)"
    )


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("journal", help="encounters: list, show, undo, reload, export")
    sub = p.add_subparsers(dest="journal_command", required=True, metavar="ACTION")

    q = sub.add_parser("list", help="encounters in the journal")
    q.add_argument("--json", action="store_true")
    q.set_defaults(func=cmd_list)

    q = sub.add_parser("show", help="an encounter's state and log")
    q.add_argument("encounter")
    q.add_argument("--json", action="store_true")
    q.set_defaults(func=cmd_show)

    q = sub.add_parser("undo", help="revert the encounter's last attack or reload")
    q.add_argument("encounter")
    q.set_defaults(func=cmd_undo)

    q = sub.add_parser("reload", help="spend an action reloading a weapon")
    q.add_argument("encounter")
    q.add_argument("file", nargs="?", help="scenario whose shooter reloads its weapon (default: the last attack's)")
    q.add_argument("--shooter", help="reload this shooter's weapon (from the encounter's attacks)")
    q.add_argument("--weapon", help="reload this weapon (from the encounter's attacks)")
    q.add_argument("--variant", action="append", default=[], metavar="NAME")
    q.set_defaults(func=cmd_reload)

    q = sub.add_parser("export", help="write an encounter as Markdown or JSON")
    q.add_argument("encounter")
    q.add_argument("--format", choices=("markdown", "json"), default="markdown")
    q.add_argument("--json", action="store_true", help="same as --format json")
    q.add_argument("--output", "-o", metavar="FILE", help="write to FILE (atomically) instead of stdout")
    q.set_defaults(func=cmd_export)

    q = sub.add_parser("check", help="verify the journal against its own history")
    q.set_defaults(func=cmd_check)

    for parser in sub.choices.values():
        add_journal_option(parser)


def _open(args: argparse.Namespace, must_exist: bool = True) -> Journal:
    from .ledger import Journal

    return Journal(args.journal, must_exist=must_exist)


def _print_json(value: Any) -> None:
    import msgspec

    say_json(msgspec.json.encode(value))


def cmd_list(args: argparse.Namespace) -> int:
    with _open(args) as journal:
        rows = journal.encounters()
    if args.json:
        _print_json(rows)
        return EXIT_OK
    if not rows:
        say(_("no encounters in {path}", path=journal.path))
    for row in rows:
        if row.last_at:
            said = _n("{n} entry, last {at}", "{n} entries, last {at}", row.entries, n=row.entries, at=row.last_at)
        else:
            said = _n("{n} entry", "{n} entries", row.entries, n=row.entries)
        say(f"{row.name}  ({said})")
    return EXIT_OK


def _registry_for_words() -> Registry | None:
    """The plugins, where the language in use needs their catalogues to word an
    encounter's keys and statuses (in English nothing is loaded for it)."""
    from ..language import SOURCE, language

    if language() == SOURCE:
        return None
    from ..cli import _registry

    return _registry()


def cmd_show(args: argparse.Namespace) -> int:
    from ..language import term
    from .export import packages_of, state_markdown, undone_by

    with _open(args) as journal:
        state = journal.state(args.encounter)
        entries = journal.entries(args.encounter)
    if args.json:
        _print_json({"encounter": state, "entries": entries})
        return EXIT_OK
    packages = packages_of(entries, _registry_for_words())
    say(_("encounter {name} (started {at})", name=state.name, at=state.created_at))
    say("\n".join(state_markdown(state, packages)))
    for e in entries:
        undone = f"  [{undone_by(e)}]" if e.undone_by is not None else ""
        say(f"#{e.number} {e.at} {term(e.action, packages)}: {e.summary}{undone}")
    return EXIT_OK


def cmd_undo(args: argparse.Namespace) -> int:
    with _open(args) as journal:
        entry = journal.undo(args.encounter)
    say(f"{args.encounter}: #{entry.number} {entry.summary}")
    return EXIT_OK


def cmd_reload(args: argparse.Namespace) -> int:
    from ..plugins import discover
    from ..scenario import build_attack, read_document

    registry = discover()
    attack = document = None
    if args.file:
        document = read_document(args.file)
        attack = build_attack(registry, document, args.file, args.variant)
    with _open(args, must_exist=attack is None) as journal:
        entry = journal.reload(
            args.encounter, registry, shooter=args.shooter, weapon=args.weapon, attack=attack, document=document,
            variants=args.variant,
        )
    say(f"{args.encounter}: #{entry.number} {entry.summary}")
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    from ..safe import shown
    from .atomic import write_atomic
    from .export import export_json, export_markdown

    as_json = args.json or args.format == "json"
    with _open(args) as journal:
        if as_json:
            text = export_json(journal, args.encounter)
        else:
            text = export_markdown(journal, args.encounter, _registry_for_words())
    # The same bytes to a file as to the terminal: Markdown is read in one, later.
    text = safe_json(text.encode("utf-8")) if as_json else shown(text)
    if args.output:
        refused = _not_an_output(args.output, journal.path)
        if refused is not None:
            from ..errors import BadInput

            raise BadInput(f"--output {args.output}: {refused}")
        try:
            write_atomic(args.output, text if text.endswith("\n") else text + "\n")
        except OSError as exc:
            from ..errors import BadInput

            raise BadInput(f"--output {args.output}: cannot write: {exc.strerror or exc}") from None
    else:
        say(text[:-1] if text.endswith("\n") else text)
    return EXIT_OK


def _not_an_output(output: str, journal: Any) -> str | None:
    """Why the export must not be written to ``output``: it is the journal exported
    (or one of SQLite's files beside it), or another SQLite database, another
    journal most likely. A file put in its place would be the end of every encounter
    it holds, for a typo in a file name; None when it may be written."""
    import os
    import stat

    from .integrity import HEADER

    real = os.path.realpath(os.path.expanduser(output))
    mine = os.path.realpath(journal)
    if real in {mine + tail for tail in ("", "-wal", "-shm", "-journal")}:
        return _("that is the journal being exported; nothing written: give another file")
    try:
        if not stat.S_ISREG(os.stat(real).st_mode):
            return None  # a folder, a device: the write says why
        with open(real, "rb") as f:
            head = f.read(len(HEADER))
    except OSError:
        return None
    if head == HEADER:
        return _("that is an SQLite database (an encounter journal?); nothing written: give another file")
    return None


def cmd_check(args: argparse.Namespace) -> int:
    """Every problem, one line each (stderr), and exit 1; or "consistent". The file
    is checked before SQLite opens it, and the journal is opened without the checks
    made on every open, so that each problem is listed rather than the first refused."""
    from ..errors import BadInput, GunlineError
    from .integrity import file_problem
    from .ledger import Journal
    from .paths import journal_path
    from .verify import problems

    path, _given = journal_path(args.journal)
    found: list[str] = []
    if path.is_file():
        problem = file_problem(path)
        found = [f"file: {problem}"] if problem is not None else []
    if not found:
        with Journal(args.journal, must_exist=True, verify=False) as journal:
            try:
                found = problems(journal)
            except BadInput as exc:  # SQLite gave up reading it: that is the finding
                found = [str(exc).removeprefix(f"journal {path}: ").split("; it was not written to")[0]]
    if found:
        for line in found[:-1]:
            warn(line)
        raise GunlineError(f"journal {path}: {len(found)} problem(s); last: {found[-1]}")
    say(_("journal {path}: consistent", path=path))
    return EXIT_OK


def commit_resolve(
    args: argparse.Namespace, registry: Registry, attack: Attack, path: str
) -> tuple[Chain, int, Entry]:
    """``gunline resolve FILE --encounter NAME``: resolve from the encounter's state
    and commit, in one transaction, keeping the scenario document read from ``path``.
    Returns ``(chain, unused, entry)``."""
    from ..scenario import read_document

    document = read_document(path)
    with _open(args, must_exist=False) as journal:
        return journal.resolve(
            args.encounter, registry, attack, document, seed=args.seed, faces=args.dice, manual=False
        )
