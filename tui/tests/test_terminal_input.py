"""What the GM's terminal sends reaches the app as keys, whatever the bytes: the
driver the app runs with reads a byte that is not UTF-8 as U+FFFD and goes on
(Textual's own input thread raised UnicodeDecodeError on it, and the app ended)."""

from __future__ import annotations

import os
import select
import sys
import threading
import time

import pytest
from textual import events

from gunline_tui.app import make_app
from gunline_tui.players import PlayersApp

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the Linux driver reads a POSIX terminal")


def typed(driver_class, *chunks: bytes, keys: int) -> tuple[list[str], BaseException | None]:
    """The characters of the keys ``driver_class``'s input thread reads when
    ``chunks`` arrive one read apart, and what the thread raised, if anything. The
    thread reads a pipe, not a terminal: its decoding is what is looked at."""
    read_end, write_end = os.pipe()
    driver = driver_class.__new__(driver_class)  # no terminal to set up: only the input thread runs
    driver.fileno, driver._debug, driver.exit_event = read_end, False, threading.Event()
    received: list[events.Key] = []
    driver.process_message = lambda message: received.append(message) if isinstance(message, events.Key) else None
    raised: list[BaseException] = []

    def run() -> None:
        try:
            driver.run_input_thread()
        except BaseException as exc:  # what Textual would end the app on
            raised.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        for chunk in chunks:
            os.write(write_end, chunk)
            deadline = time.monotonic() + 5  # until the thread has read it: the next chunk is another read
            while select.select([read_end], [], [], 0)[0] and thread.is_alive() and time.monotonic() < deadline:
                time.sleep(0.005)
        deadline = time.monotonic() + 5
        while len(received) < keys and thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.005)
    finally:
        driver.exit_event.set()
        thread.join(5)
        os.close(write_end)
        os.close(read_end)
    return [key.character or key.key for key in received], raised[0] if raised else None


def test_a_byte_that_is_not_utf8_is_read_as_a_replacement_character(toy_registry, toy_doc):
    app = make_app(toy_registry, doc=toy_doc)
    characters, raised = typed(app.driver_class, b"\xe9A", keys=2)
    assert raised is None
    assert characters == ["\ufffd", "A"]


def test_a_character_split_across_reads_is_still_one_character(toy_registry, toy_doc):
    app = make_app(toy_registry, doc=toy_doc)
    characters, raised = typed(app.driver_class, b"\xc3", b"\xa9z", keys=2)
    assert raised is None
    assert characters == ["é", "z"]


def test_the_players_view_reads_the_same_way():
    app = PlayersApp("skirmish", "/nonexistent/journal.sqlite")
    characters, raised = typed(app.driver_class, b"x\xff\xfey", keys=4)
    assert raised is None
    assert characters == ["x", "\ufffd", "\ufffd", "y"]
