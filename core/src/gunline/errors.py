"""Errors the user can act on, each with the exit code the CLI contract gives it."""

from __future__ import annotations


class GunlineError(Exception):
    """Base: a message for the user and an exit code. Never shown with a traceback
    unless ``--debug`` is given."""

    exit_code = 1

    def __reduce__(self) -> tuple[object, ...]:
        # As it is, attributes and all, whatever its ``__init__`` takes: an error
        # raised in another process (the app's odds, :mod:`gunline.odds.background`)
        # arrives as the one raised there.
        return _restored, (type(self), self.args, dict(self.__dict__))


def _restored(cls: type[GunlineError], args: tuple[object, ...], state: dict[str, object]) -> GunlineError:
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(state)
    return error


#: A value quoted in a message is cut after this many characters (:func:`quoted`).
MAX_QUOTED_CHARS = 100


def quoted(value: object, most: int = MAX_QUOTED_CHARS) -> str:
    """``value`` as a message quotes it (its ``repr``): whole, or its start and its
    length. A name or key in a message is whatever a file or command line held; one of
    a megabyte is not quoted back a megabyte long."""
    text = repr(value)
    if len(text) <= most:
        return text
    size = f"{len(value):,} characters" if isinstance(value, str) else f"{len(text):,} characters written out"
    return f"{text[:most // 2]}… ({size})"


class Abandoned(BaseException):
    """Raised inside an abandoned worker to end it (a BaseException, so that a
    plugin's ``except Exception`` does not keep it going)."""


#: How many front ends now running take Ctrl+C as a key (the app: the terminal is
#: its own, and a signal goes to its loop's handler): while one does, no
#: KeyboardInterrupt comes from the user, and one in the main thread is a plugin's.
_interrupt_is_a_key = 0


def interrupt_is_a_key(on: bool) -> None:
    """Say that a front end taking Ctrl+C as a key starts (``on``) or ends running."""
    global _interrupt_is_a_key
    _interrupt_is_a_key = max(0, _interrupt_is_a_key + (1 if on else -1))


def not_a_plugins(exc: BaseException) -> None:
    """Raise ``exc`` again if it is no plugin's fault: a Ctrl+C. Any other exception
    out of a plugin's code (its import, a hook), a ``BaseException`` of its own or a
    ``GeneratorExit`` among them, is the plugin's to be named for. A KeyboardInterrupt
    typed at the terminal reaches the main thread alone; the commands and the app load
    plugins and call hooks in a worker thread, where one is the plugin's own
    ``raise``, and must not stop the command (or the app) as if the user had asked."""
    if isinstance(exc, KeyboardInterrupt) and not _interrupt_is_a_key:
        import threading

        if threading.current_thread() is threading.main_thread():
            raise exc


#: A plugin's error message is cut after this many characters (:func:`described`).
MAX_DESCRIBED_CHARS = 1000


def described(exc: BaseException) -> str:
    """What a plugin's exception says, on one line: ``Type: message``. A stranger's
    exception may say anything, or fail to: a ``__str__`` that raises is not let out
    in place of the fault it describes (which would then be blamed on no plugin), and
    a message of megabytes is cut, its length said."""
    try:
        text = str(exc)
    except (Exception, SystemExit):
        text = "(its message could not be read)"
    text = text.strip().replace("\n", " ")
    if len(text) > MAX_DESCRIBED_CHARS:
        text = f"{text[:MAX_DESCRIBED_CHARS]}… ({len(text):,} characters)"
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


#: Where gunline's own code is: a frame here is not the plugin's (:func:`raised_at`).
_CORE = __file__.replace("\\", "/").rsplit("/", 1)[0] + "/"


def raised_at(exc: BaseException, package: str | None = None) -> str:
    """`` (at gunline_raid/ruleset.py:123)``: the plugin's line an exception came from.
    That is the innermost frame of its traceback in the plugin's ``package``, or else
    the innermost that is neither gunline's own code nor Python's (a ValueError from
    the dice names the plugin's line that asked for them, not the dice's). The file is
    given by its folder and name: enough to find it, without the install's path.
    Empty when there is no such frame."""
    import sysconfig

    paths = {k: v.replace("\\", "/") + "/" for k, v in sysconfig.get_paths().items()}
    stdlib = paths.get("stdlib", "\0")
    # an interpreter's own site-packages lie inside its stdlib folder: they are not Python's
    installed = tuple({paths.get("purelib", "\0"), paths.get("platlib", "\0")})
    mine = other = None
    tb = exc.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename.replace("\\", "/")
        module = str(tb.tb_frame.f_globals.get("__name__", ""))
        pythons = name.startswith(stdlib) and not name.startswith(installed)
        if package and (module == package or module.startswith(package + ".")):
            mine = (name, tb.tb_lineno)
        elif not (pythons or name.startswith((_CORE, "<"))):
            other = (name, tb.tb_lineno)
        tb = tb.tb_next
    found = mine or other
    if found is None:
        return ""
    return f" (at {'/'.join(found[0].rsplit('/', 2)[-2:])}:{found[1]})"


class BadInput(GunlineError):
    """Unreadable file, validation error, unknown ruleset or variant: exit 2."""

    exit_code = 2


class AttackRefused(BadInput):
    """The rules forbid the attack (checked before any die): exit 2."""


class PluginFailed(GunlineError):
    """A plugin raised or returned something of the wrong type: exit 1.

    ``plugin`` names it so the user knows what to disable.
    """

    def __init__(self, plugin: str, hook: str, detail: str):
        self.plugin = plugin
        self.hook = hook
        super().__init__(f"plugin {plugin!r} failed in {hook}: {detail}")


class HookTimedOut(PluginFailed):
    """A hook call ran past the limit (``GUNLINE_HOOK_TIMEOUT``): nobody waits for it
    any longer. Exit 1, like any plugin fault."""

    def __init__(self, plugin: str, hook: str, limit: float):
        self.limit = limit
        super().__init__(
            plugin,
            hook,
            f"no answer after {limit:g} s, abandoned (a hook that never returns? "
            "the limit is GUNLINE_HOOK_TIMEOUT or gunline --hook-timeout SECONDS before the command; 0 for none)",
        )
