"""``gunline roster list | add | show | remove``: the fighters, weapons and targets
kept by name with the journal, per ruleset (see :mod:`gunline.roster`).

Every subcommand takes ``--journal PATH`` (else ``GUNLINE_JOURNAL``, else the
per-user default), as the journal's own commands do.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import BadInput
from ..language import _
from ..output import say, say_json
from .cli import add_journal_option

EXIT_OK = 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("roster", help="fighters, weapons and targets kept by name, for [roster] in scenarios")
    sub = p.add_subparsers(dest="roster_command", required=True, metavar="ACTION")

    q = sub.add_parser("list", help="the entries kept, by ruleset and kind")
    q.add_argument("--ruleset", metavar="NAME")
    q.add_argument("--json", action="store_true")
    q.set_defaults(func=cmd_list)

    q = sub.add_parser("add", help="keep a scenario file's shooter, weapon or targets (by their names)")
    q.add_argument("file", help="the scenario file to take them from")
    q.add_argument("--shooter", action="store_true", help="its shooter")
    q.add_argument(
        "--weapon", action="store_true", help="its weapon (as the file gives it: a catalogue name and what it changes)"
    )
    q.add_argument("--target", action="append", default=[], metavar="NAME", help="its target NAME (repeatable)")
    q.add_argument("--all", action="store_true", help="its shooter, weapon and every target")
    q.set_defaults(func=cmd_add)

    q = sub.add_parser("show", help="one entry, as the table a scenario would hold")
    q.add_argument("ruleset")
    q.add_argument("kind", choices=("shooter", "weapon", "target"))
    q.add_argument("name")
    q.add_argument("--json", action="store_true")
    q.set_defaults(func=cmd_show)

    q = sub.add_parser("remove", help="forget one entry")
    q.add_argument("ruleset")
    q.add_argument("kind", choices=("shooter", "weapon", "target"))
    q.add_argument("name")
    q.set_defaults(func=cmd_remove)

    for parser in sub.choices.values():
        add_journal_option(parser)


def _open(args: argparse.Namespace, must_exist: bool = True) -> Any:
    from .ledger import Journal

    return Journal(args.journal, must_exist=must_exist)


def cmd_list(args: argparse.Namespace) -> int:
    with _open(args) as journal:
        entries = journal.roster(args.ruleset)
    if args.json:
        say_json(_json(entries))
        return EXIT_OK
    if not entries:
        if args.ruleset:
            say(_("no roster entries in {path} for {ruleset}", path=journal.path, ruleset=args.ruleset))
        else:
            say(_("no roster entries in {path}", path=journal.path))
    kinds = _kinds()
    width = max(len(k) for k in kinds.values())
    for e in entries:
        say(f"{e.ruleset}  {kinds.get(e.kind, e.kind):<{width}}  {e.name}")
    return EXIT_OK


def _kinds() -> dict[str, str]:
    """A roster entry's kind in words, as ``roster list`` shows it."""
    return {"shooter": _("shooter"), "weapon": _("weapon"), "target": _("target")}


def _kept(ruleset: str, kind: str, name: str, path: object) -> str:
    """What ``roster add`` says of an entry it kept (a whole sentence per kind: the
    kind's word may change with its place in it)."""
    if kind == "shooter":
        return _("kept {ruleset} shooter {name} in {path}", ruleset=ruleset, name=name, path=path)
    if kind == "weapon":
        return _("kept {ruleset} weapon {name} in {path}", ruleset=ruleset, name=name, path=path)
    return _("kept {ruleset} target {name} in {path}", ruleset=ruleset, name=name, path=path)


def _forgot(ruleset: str, kind: str, name: str) -> str:
    """What ``roster remove`` says of the entry it forgot."""
    if kind == "shooter":
        return _("forgot {ruleset} shooter {name}", ruleset=ruleset, name=name)
    if kind == "weapon":
        return _("forgot {ruleset} weapon {name}", ruleset=ruleset, name=name)
    return _("forgot {ruleset} target {name}", ruleset=ruleset, name=name)


def cmd_add(args: argparse.Namespace) -> int:
    from ..plugins import discover
    from ..scenario import read_document

    document = read_document(args.file)
    ruleset = document.get("ruleset")
    if not isinstance(ruleset, str):
        raise BadInput(f"{args.file}: ruleset: required, to know whose roster the entries go to")
    wanted: list[tuple[str, Any]] = []
    if args.shooter or args.all:
        wanted.append(("shooter", document.get("shooter")))
    if args.weapon or args.all:
        wanted.append(("weapon", document.get("weapon")))
    listed = document.get("targets")
    targets: list[Any] = listed if isinstance(listed, list) else []
    by_name = {t.get("name"): t for t in targets if isinstance(t, dict)}
    names = list(by_name) if args.all else args.target
    for name in names:
        if name not in by_name:
            has = ", ".join(map(repr, by_name))
            raise BadInput(f"{args.file}: --target {name!r}: no target of that name (it has {has})")
        wanted.append(("target", by_name[name]))
    if not wanted:
        raise BadInput("roster add: say what to keep: --shooter, --weapon, --target NAME or --all")
    registry = discover()
    with _open(args, must_exist=False) as journal:
        for kind, data in wanted:
            entry = journal.roster_put(registry, ruleset, kind, data)
            say(_kept(ruleset, kind, repr(entry.name), journal.path))
    return EXIT_OK


def cmd_show(args: argparse.Namespace) -> int:
    with _open(args) as journal:
        data = journal.roster_get(args.ruleset, args.kind, args.name)
    if data is None:
        raise BadInput(f"roster: no {args.kind} {args.name!r} in the {args.ruleset} roster of journal {journal.path}")
    if args.json:
        say_json(_json(data))
    else:
        from ..tomlwrite import dumps

        heading = "[[targets]]" if args.kind == "target" else f"[{args.kind}]"
        say(heading + "\n" + dumps(data).rstrip("\n"))
    return EXIT_OK


def cmd_remove(args: argparse.Namespace) -> int:
    with _open(args) as journal:
        journal.roster_remove(args.ruleset, args.kind, args.name)
    say(_forgot(args.ruleset, args.kind, repr(args.name)))
    return EXIT_OK


def _json(value: object) -> bytes:
    """JSON of a listing (msgspec imported when a command prints JSON, not to
    build the command line)."""
    import msgspec

    return msgspec.json.encode(value)
