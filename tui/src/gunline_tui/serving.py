"""``gunline serve``: the players' view (:mod:`.players`) in the players' browsers.

textual-serve's server runs one ``gunline players`` process per browser that opens
the page, and relays its screen and the keys pressed (the view has nothing to type
into; the journal is opened read-only). The page's websocket goes back to the
address the browser reached the page at, so ``--host 0.0.0.0`` works from the other
machines at the table.
"""

from __future__ import annotations

import re
import shlex
import socket
import sys
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.web_runner import GracefulExit
from textual_serve.server import Server

from gunline.errors import BadInput
from gunline.output import say

from .speech import _

#: A Host header that names an address and a port, and nothing else.
_HOST = re.compile(r"[A-Za-z0-9.\-]{1,253}(:\d{1,5})?|\[[0-9A-Fa-f:.]{2,45}\](:\d{1,5})?")


def players_command(encounter: str, journal: Path) -> str:
    """The shell line textual-serve runs for each browser: this Python's gunline,
    the players' view of ``encounter`` in ``journal``, in the language the server
    was started in (``gunline serve --lang ru``)."""
    from gunline.language import language

    return shlex.join([sys.executable, "-m", "gunline.cli", "players", "--encounter", encounter,
                       "--journal", str(journal), "--lang", language()])


#: Browsers shown the view at once: each is a process of its own, and a page reloaded
#: in a loop (or a stranger on the network, with ``--host 0.0.0.0``) would otherwise
#: start one after another until the machine gives out. A table has far fewer players.
MAX_PLAYERS = 16
#: The largest screen a browser may ask for, in columns and rows (and the smallest):
#: the size comes in the page's address, and each cell of it is the process's memory.
MAX_COLUMNS, MAX_ROWS = 400, 150
MIN_COLUMNS, MIN_ROWS = 20, 5


def _within(value: str | None, default: int, least: int, most: int) -> int:
    try:
        number = int(value) if value is not None else default
    except ValueError:
        number = default
    return max(least, min(most, number))


class PlayersServer(Server):
    """textual-serve's server, telling each page the address it was reached at, with
    at most :data:`MAX_PLAYERS` views at once, each of a size within bounds."""

    def __init__(self, command: str, host: str, port: int, title: str) -> None:
        shown = f"[{host}]" if ":" in host else host
        super().__init__(command, host=host, port=port, title=title, public_url=f"http://{shown}:{port}")
        self.default_url = self.public_url
        self.players = 0

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if self.players >= MAX_PLAYERS:
            raise web.HTTPServiceUnavailable(text=_("gunline: {n} players' views are open already; close one "
                                                    "and reload this page", n=MAX_PLAYERS) + "\n")
        query = request.rel_url.query
        sized = request.clone(rel_url=request.rel_url.update_query(
            width=str(_within(query.get("width"), 80, MIN_COLUMNS, MAX_COLUMNS)),
            height=str(_within(query.get("height"), 24, MIN_ROWS, MAX_ROWS))))
        self.players += 1
        try:
            return await super().handle_websocket(sized)
        finally:
            self.players -= 1

    async def handle_index(self, request: web.Request) -> Any:
        # Read and used at once (no await between): another request cannot interleave.
        host = request.host
        self.public_url = f"http://{host}" if _HOST.fullmatch(host) else self.default_url
        return await super().handle_index(request)

    async def on_startup(self, app: web.Application) -> None:
        if self.host in ("0.0.0.0", "::", ""):  # every address: the players use one of them
            say(_("gunline: serving the players' view on every address of this machine, port {port} "
                  "(http://ADDRESS:{port}/) (read-only; Ctrl+C stops)", port=self.port))
        else:
            say(_("gunline: serving the players' view at {url} (read-only; Ctrl+C stops)", url=self.default_url))
        sys.stdout.flush()


def serve(encounter: str, journal: Path, host: str, port: int) -> int:
    """Serve until Ctrl+C (or SIGTERM). A port that is taken, or an address this
    machine does not have, is bad input (one line, exit 2)."""
    server = PlayersServer(players_command(encounter, journal), host, port, f"gunline: {encounter}")
    try:
        _can_listen(host, port)  # said before the server says it serves
        server.serve()
    except GracefulExit:  # a second stop signal while stopping: stopped all the same
        pass
    except OSError as exc:
        raise BadInput(_("--host/--port: cannot listen on {host}:{port}: {error}", host=host, port=port,
                         error=exc.strerror or exc)) from None
    return 0


def _can_listen(host: str, port: int) -> None:
    """Raise the OSError listening on ``host``:``port`` would (taken, or no such
    address here), as the server would bind it."""
    for family, kind, proto, _name, address in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                              flags=socket.AI_PASSIVE):
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
