"""What the GM's terminal sends, read without the app stopping on a byte.

The app is used over SSH, and whatever reaches its standard input is read by
Textual's Linux driver: ``LinuxDriver.run_input_thread`` decodes it with
``codecs.getincrementaldecoder("utf-8")()``, a *strict* decoder. One byte that is
not UTF-8 (a terminal set to Latin-1 sending ``é`` as ``e9``, line noise, a peer
sending it on purpose) raises UnicodeDecodeError in the input thread, and Textual
ends the app on it with a traceback (and an exit code of 0).

:func:`terminal_driver` gives the app the same driver, its input thread running
Textual's own code with one name changed: the decoder it makes replaces what is not
UTF-8 with U+FFFD, as a terminal shows it, and reads on. The decoder stays
incremental: a character whose bytes arrive in two reads is still one character.
Everything else (keys, escape sequences, pastes, mouse, resizes) is Textual's, so
the hook is the one name and nothing to keep in step with upstream; a test feeds
the driver's input thread bytes that are not UTF-8 and fails if the name moves.
"""

from __future__ import annotations

import codecs
import functools
import sys
import types
from typing import Any

#: Where Textual's Linux driver lives (imported by Textual before the app asks here).
LINUX_DRIVER = "textual.drivers.linux_driver"


def replacing_decoder(encoding: str) -> Any:
    """``codecs.getincrementaldecoder`` for a decoder that never raises: a byte that
    cannot be decoded becomes U+FFFD (``errors="replace"``)."""
    return functools.partial(codecs.getincrementaldecoder(encoding), errors="replace")


_made: dict[type, type] = {}


def terminal_driver(driver_class: type) -> type:
    """The driver to run the app with: Textual's Linux driver with an input thread
    that decodes leniently (see the module), any other driver as it is (Windows, the
    web driver textual-serve asks for through ``TEXTUAL_DRIVER``)."""
    module = sys.modules.get(LINUX_DRIVER)
    if module is None or driver_class is not module.LinuxDriver:
        return driver_class
    lenient = _made.get(driver_class)
    if lenient is None:
        upstream = driver_class.run_input_thread
        run_input_thread = types.FunctionType(
            upstream.__code__, {**upstream.__globals__, "getincrementaldecoder": replacing_decoder},
            upstream.__name__, upstream.__defaults__, upstream.__closure__)
        run_input_thread.__doc__ = upstream.__doc__
        lenient = _made[driver_class] = type("LenientLinuxDriver", (driver_class,), {
            "__doc__": "Textual's Linux driver, reading what is not UTF-8 as U+FFFD.",
            "__module__": __name__,
            "run_input_thread": run_input_thread,
        })
    return lenient
