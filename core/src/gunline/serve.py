"""``gunline serve`` and ``gunline players``: the players' view of an encounter.

``gunline players --encounter NAME`` shows, in this terminal, the encounter's latest
chains as the GM commits them (the app in :mod:`gunline_tui.players`), reading the
journal read-only. ``gunline serve --encounter NAME`` serves that view to the players'
browsers (textual-serve): each browser that opens the page gets its own ``gunline
players`` process. Bound to 127.0.0.1 unless ``--host`` says otherwise. Both come with
the terminal app (gunline-tui); nothing here imports Textual until one of them runs.
"""

from __future__ import annotations

import argparse
from typing import Any

from .errors import BadInput, GunlineError

#: Where ``gunline serve`` listens unless told otherwise: this machine only.
HOST = "127.0.0.1"
PORT = 8000


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .journal.cli import add_journal_option

    p = subparsers.add_parser("serve", help="serve an encounter's players' view to browsers (read-only)")
    p.add_argument("--encounter", metavar="NAME", required=True, help="the encounter to show")
    p.add_argument("--host", default=HOST, help=f"address to listen on (default {HOST}: this machine only)")
    p.add_argument("--port", type=_port, default=PORT, help=f"port to listen on (default {PORT})")
    add_journal_option(p)
    p.set_defaults(func=cmd_serve)

    p = subparsers.add_parser("players", help="the players' view of an encounter in this terminal (read-only)")
    p.add_argument("--encounter", metavar="NAME", required=True, help="the encounter to show")
    add_journal_option(p)
    p.set_defaults(func=cmd_players)


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port number from 1 to 65535, got {text!r}")
    return port


def _tui(module: str) -> Any:
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:
        if "gunline_tui" not in str(exc) and "textual" not in str(exc):
            raise
        raise GunlineError(
            "the players' view comes with the terminal app, which is not installed (install gunline-tui)"
        ) from None


def cmd_players(args: argparse.Namespace) -> int:
    players = _tui("gunline_tui.players")
    return int(players.main(args.encounter, args.journal))


def cmd_serve(args: argparse.Namespace) -> int:
    from .journal.ledger import Journal
    from .journal.store import check_name
    from .safe import is_plain

    encounter = check_name(args.encounter)
    host = args.host.strip()
    if not host or not is_plain(host) or any(c.isspace() for c in host):
        raise BadInput(f"--host: expected an address to listen on, e.g. {HOST} or 0.0.0.0, got {args.host!r}")
    # The journal must be there and sound before anyone connects; the encounter may
    # come later (the page waits for its first entry).
    with Journal(args.journal, read_only=True) as journal:
        path = journal.path.absolute()
    serving = _tui("gunline_tui.serving")
    return int(serving.serve(encounter, path, host, args.port))


# The players' view and the server run in the main thread, as the app does (signals,
# the terminal, an event loop of their own).
cmd_players.main_thread = True  # type: ignore[attr-defined]
cmd_serve.main_thread = True  # type: ignore[attr-defined]
