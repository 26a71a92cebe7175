"""``gunline serve`` bounds what a browser can make it do: at most MAX_PLAYERS views
at once (each is a process), each of a screen size within bounds (the size comes in
the page's address). The views themselves are not started here: textual-serve's own
handler is replaced by one that records what it was asked and holds the socket."""

from __future__ import annotations

import asyncio

import pytest
from aiohttp import WSServerHandshakeError
from aiohttp.test_utils import TestClient, TestServer
from textual_serve.server import Server

from gunline_tui import serving
from gunline_tui.serving import MAX_COLUMNS, MAX_PLAYERS, MAX_ROWS, MIN_COLUMNS, PlayersServer
from gunline_tui.testing import run_async


@pytest.fixture
def held(monkeypatch):
    """textual-serve's websocket handler, as a stand-in: each call is recorded with
    the size it was given and held open until released."""
    calls: list[tuple[str | None, str | None]] = []
    release = asyncio.Event()

    async def handle_websocket(self, request):
        from aiohttp import web

        calls.append((request.query.get("width"), request.query.get("height")))
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        await release.wait()
        await socket.close()
        return socket

    monkeypatch.setattr(Server, "handle_websocket", handle_websocket)
    return calls, release


async def _client() -> TestClient:
    server = PlayersServer("true", "127.0.0.1", 0, "gunline: test")
    client = TestClient(TestServer(await server._make_app()))
    await client.start_server()
    return client


@run_async
async def test_at_most_max_players_views_are_open_at_once(held):
    calls, release = held
    client = await _client()
    try:
        sockets = [await client.ws_connect("/ws?width=80&height=24") for _ in range(MAX_PLAYERS)]
        assert len(calls) == MAX_PLAYERS
        refused = await client.get("/ws?width=80&height=24")
        assert refused.status == 503 and "players' views are open already" in await refused.text()
        assert len(calls) == MAX_PLAYERS  # no view started for it
        release.set()
        for socket in sockets:
            await socket.close()
        for _ in range(500):  # the views closed (once the server has seen them go): room again
            await asyncio.sleep(0.01)
            try:
                again = await client.ws_connect("/ws?width=80&height=24")
            except WSServerHandshakeError:
                continue
            await again.close()
            break
        assert len(calls) == MAX_PLAYERS + 1
    finally:
        release.set()
        await client.close()


@run_async
async def test_a_screen_size_out_of_bounds_is_brought_within_them(held):
    calls, release = held
    release.set()
    client = await _client()
    try:
        for query in ("width=1000000000&height=99999999", "width=-5&height=0", "width=abc", "", "width=100&height=30"):
            socket = await client.ws_connect(f"/ws?{query}")
            await socket.close()
    finally:
        await client.close()
    assert calls == [(str(MAX_COLUMNS), str(MAX_ROWS)), (str(MIN_COLUMNS), str(serving.MIN_ROWS)), ("80", "24"),
                     ("80", "24"), ("100", "30")]
