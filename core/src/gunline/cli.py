"""The ``gunline`` command.

Exit codes (a contract scripts rely on): 0 done; 2 bad input (unreadable file,
validation error, unknown ruleset or variant, impossible attack); 3 dice needed
(``--dice`` ran out); 1 anything else (a plugin that fails, or a hook that never
returns, is named); 130 interrupted (Ctrl+C). Errors are one line on stderr; a
traceback only with ``--debug``. Everything printed goes through
:mod:`gunline.output`, so that nothing from outside reaches the terminal raw.
Textual is imported only when the app is opened, so headless commands start fast.
"""

from __future__ import annotations

import functools
import gc
import importlib
import os
import re
import stat
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from .argwords import argparse, speak
from .errors import AttackRefused, BadInput, GunlineError, quoted
from .output import say, say_json, warn

if TYPE_CHECKING:
    from .models import Attack
    from .plugins import Registry

EXIT_OK, EXIT_ERROR, EXIT_BAD_INPUT, EXIT_DICE_NEEDED = 0, 1, 2, 3
#: Ctrl+C (SIGINT): the shell's convention, 128 + the signal's number.
EXIT_INTERRUPTED = 130

#: Modules that add subcommands, with the commands each adds: each defines
#: ``add_parser(subparsers)``, which adds its parser and sets ``func`` (called with the
#: parsed args, returns an exit code). Kept as modules of their own so the CLI grows
#: without one file growing; the names are here so that a command line naming one
#: command imports and builds that command alone (a test keeps them true).
EXTRA_COMMANDS = {
    ".odds.cli": ("odds",), ".odds.compare_cli": ("compare",), ".journal.cli": ("journal",),
    ".journal.roster_cli": ("roster",), ".actions.cli": ("act",), ".scaffold.cli": ("new-plugin",),
    ".jsonschemas": ("schema",), ".mapcli": ("map",), ".serve": ("serve", "players"),
}
#: Every command, in the order ``--help`` lists them.
COMMANDS_LISTED = ("resolve", "validate", "plugins", *(c for names in EXTRA_COMMANDS.values() for c in names), "tui")


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` gives it: ``COLUMNS``,
    else the terminal of standard output, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, told the terminal's width instead of asking ``shutil``:
    every command builds a parser, few ask for help, and importing shutil (with the
    compression modules it brings) was a tenth of a short command's start."""

    def __init__(self, prog: str, *args: Any, **kwargs: Any) -> None:
        if len(args) < 3 and kwargs.get("width") is None:
            kwargs["width"] = _columns() - 2
        super().__init__(prog, *args, **kwargs)


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as bad input (exit 2), in one line."""

    #: The subcommands' names, for telling ``gunline FILE`` from a mistyped command.
    commands: tuple[str, ...] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        # ``main`` says "gunline: " before every error: the command's own name
        # follows it once ("gunline: odds: argument --samples: ..."), not twice.
        command = self.prog.removeprefix("gunline").strip()
        raise BadInput(f"{command + ': ' if command else ''}{message} (see --help)")


class _Inert:
    """What a parser whose arguments are never built answers when a command adds them;
    itself, a command left out of the parser of a line that names another (see
    :func:`_parser`)."""

    def add_argument(self, *args: Any, **kwargs: Any) -> Any:
        return None

    def add_argument_group(self, *args: Any, **kwargs: Any) -> Any:
        return self

    def add_mutually_exclusive_group(self, *args: Any, **kwargs: Any) -> Any:
        return self

    def add_subparsers(self, *args: Any, **kwargs: Any) -> Any:
        return _Unbuilt()

    def set_defaults(self, *args: Any, **kwargs: Any) -> None:
        return None


class _Sketch(_Inert, _Parser):
    """A command's parser while another command runs: listed, with its help line, in
    ``gunline --help`` and in a mistyped command's choices, but its arguments never
    built (argparse spends a good part of a short command's start building them)."""

    def __init__(self, **kwargs: Any) -> None:
        _Parser.__init__(self, **{**kwargs, "add_help": False})


class _Unbuilt:
    """The subcommands of a sketched command: nothing is built."""

    choices: dict[str, Any] = {}

    def add_parser(self, *args: Any, **kwargs: Any) -> _Sketch:
        return _Sketch(prog=str(args[0]) if args else "")


class _Commands(argparse._SubParsersAction):  # type: ignore[type-arg]
    """Subcommands of which only ``wanted`` are built whole (None: every one)."""

    wanted: frozenset[str] | None = None
    #: Whether the others are left out rather than sketched (see :func:`_parser`).
    alone = False

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        if self.wanted is None or name in self.wanted:
            return super().add_parser(name, **kwargs)
        if self.alone:
            return _Inert()
        whole, self._parser_class = self._parser_class, _Sketch
        try:
            return super().add_parser(name, **kwargs)
        finally:
            self._parser_class = whole


def _faces(text: str) -> list[int]:
    """The faces of ``--dice``: separated by commas, spaces or both; one comma at the
    end is allowed. An empty item between two (``1,,2``) is refused rather than
    skipped: a face left out there would move every later face onto another die."""
    text = text.strip()
    if text.endswith(","):
        text = text[:-1].rstrip()
    if not text:
        return []
    faces = []
    for i, part in enumerate(re.split(r"\s*,\s*|\s+", text)):
        if not part:
            raise BadInput(f"--dice: item {i + 1} is empty; expected a face between each two commas, like 4,6,1")
        try:
            faces.append(int(part))
        except ValueError:
            raise BadInput(f"--dice: item {i + 1} is {part!r}; expected whole numbers like 4,6,1") from None
    return faces


@functools.lru_cache(maxsize=4)
def _parser(wanted: frozenset[str] | None = None, alone: bool = False) -> _Parser:
    """The command line's parser, built once per process (argparse takes a good part
    of a short command's time to build it; parsing leaves it as it was). Of the
    subcommands, only those in ``wanted`` get their arguments (None: all of them);
    the others are listed by name and help line, or, ``alone``, left out with the
    modules that add them (for a line that names its command and asks no help: no
    other command's parser can be reached from it)."""
    parser = _Parser(prog="gunline", description="Resolve ranged attacks in tabletop games.")
    parser.register("action", "parsers", _Commands)
    parser.add_argument(
        "--version", action="store_true", help="print gunline's version and the plugin contract it runs"
    )
    parser.add_argument("--debug", action="store_true", help="show tracebacks")
    parser.add_argument(
        "--lang", metavar="LANG",
        help="the language of labels, steps and statuses: en, ru, tr (default: LANGUAGE, LC_ALL, "
        "LC_MESSAGES, LANG; anywhere on the line; --json stays English unless --lang is given)",
    )
    parser.add_argument(
        "--hook-timeout", metavar="SECONDS",
        help="abandon a plugin's hook that runs longer (default $GUNLINE_HOOK_TIMEOUT, else 10; 0: no limit)",
    )
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    assert isinstance(sub, _Commands)
    sub.wanted, sub.alone = wanted, alone

    def adds(*names: str) -> bool:
        return not alone or wanted is None or any(n in wanted for n in names)

    p = sub.add_parser("resolve", help="resolve one attack and print the chain")
    p.add_argument("file")
    p.add_argument("--seed", type=int, help="seed for random dice (same seed, same chain)")
    p.add_argument("--dice", type=_faces, help="faces in the order the chain asks for them, e.g. 4,6,1")
    p.add_argument("--variant", action="append", default=[], metavar="NAME", help="enable a variant (repeatable)")
    p.add_argument("--json", action="store_true", help="print the chain as JSON")
    p.add_argument("--encounter", metavar="NAME", help="start from this encounter's state and commit the chain to it")
    p.add_argument(
        "--journal", metavar="PATH", help="journal file for --encounter (default: $GUNLINE_JOURNAL or per-user)"
    )

    p = sub.add_parser("validate", help="check a scenario file against its ruleset")
    p.add_argument("file")
    p.add_argument("--variant", action="append", default=[], metavar="NAME")
    p.add_argument("--json", action="store_true", help="print the scenario as validated, as JSON ('gunline schema')")

    p = sub.add_parser("plugins", help="list rulesets and variants found, with load errors")
    p.add_argument("--json", action="store_true")
    p.add_argument("--check", nargs="*", metavar="NAME",
                   help="exit 1 if a plugin named (by its name, entry point or distribution; every plugin if "
                        "none is named) did not load or cannot be used, each problem in a line on stderr")
    p.add_argument("--examples", nargs="*", metavar="NAME",
                   help="--check, and try each ruleset named (every one if none is) on the examples it ships, "
                        "alone and under each of its variants: seeded chains, their replay, hooks that change "
                        "their arguments, the odds")

    for module, names in EXTRA_COMMANDS.items():
        if not adds(*names):
            continue
        try:
            mod = importlib.import_module(module, __package__)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith(__package__):
                continue
            raise
        mod.add_parser(sub)

    p = sub.add_parser("tui", help="open the terminal app (the default; 'gunline FILE' opens FILE in it)")
    p.add_argument("file", nargs="?", help="scenario file to open")
    p.add_argument("--encounter", metavar="NAME", help="resolve from this encounter's state; commit to it by key")
    p.add_argument("--journal", metavar="PATH", help="journal file (default: $GUNLINE_JOURNAL or per-user)")
    parser.commands = COMMANDS_LISTED if alone else tuple(sub.choices)
    return parser


#: Options of ``gunline`` itself, which may come before the command, and those of
#: them that take a value (``--hook-timeout 5``).
TOP_OPTIONS = ("--debug", "--hook-timeout", "--version")
TOP_OPTIONS_WITH_VALUE = ("--hook-timeout",)
#: Options that, given first, mean the app (``gunline --encounter 'pit fight'``).
APP_OPTIONS = ("--encounter", "--journal")


def with_default_command(argv: list[str], commands: Sequence[str]) -> list[str]:
    """``gunline FILE`` is ``gunline tui FILE``: when the first word after the
    top-level options is a scenario path (ends in .toml, names a file, or holds a
    ``/``) or an option of the app, the ``tui`` command is put in front of it. A
    mistyped command stays an error rather than opening the app."""
    i = 0
    while i < len(argv) and argv[i].split("=", 1)[0] in TOP_OPTIONS:
        i += 2 if argv[i] in TOP_OPTIONS_WITH_VALUE else 1
    i = min(i, len(argv))
    if i == len(argv) or argv[i] in commands:
        return argv
    first = argv[i]
    if first.startswith("-"):
        is_app = first.split("=", 1)[0] in APP_OPTIONS
    else:
        is_app = first.endswith(".toml") or "/" in first or os.path.isfile(first)
    return argv[:i] + ["tui"] + argv[i:] if is_app else argv


def _wanted(argv: list[str]) -> frozenset[str]:
    """The subcommands whose arguments this command line may need: its first word
    after the top-level options, and ``tui`` (``gunline FILE`` opens the app)."""
    i = 0
    while i < len(argv) and argv[i].split("=", 1)[0] in TOP_OPTIONS:
        i += 2 if argv[i] in TOP_OPTIONS_WITH_VALUE else 1
    return frozenset({"tui", *argv[i : i + 1]})


def parser_for(argv: list[str]) -> _Parser:
    """The parser this command line needs: when it names a command and asks no help,
    that command's alone (see :func:`_parser`)."""
    wanted = _wanted(argv)
    named = wanted - {"tui"} or {"tui"}
    alone = len(named) == 1 and named <= set(COMMANDS_LISTED) and not {"-h", "--help"} & set(argv)
    return _parser(frozenset(named) if alone else wanted, alone)


def version_line() -> str:
    """``gunline --version``: the version, and the plugin contract a plugin must
    declare (``api=``) to load in this gunline."""
    from . import __version__
    from .models import HOOKSPEC_VERSION

    return f"gunline {__version__} (plugin contract {HOOKSPEC_VERSION})"


def roster_of(args: argparse.Namespace) -> Any:
    """Where a scenario's ``[roster]`` entries come from: the ``--journal`` given,
    else None (the default journal)."""
    path = getattr(args, "journal", None)
    if path is None:
        return None
    from .roster import JournalRoster

    return JournalRoster(path)


def _registry(ruleset: str | None = None) -> Registry:
    from .plugins import discover

    return discover(ruleset=ruleset)


def scenario_attack(path: str, variants: Sequence[str] = (), roster: Any = None) -> tuple[Registry, Attack]:
    """A scenario file's attack, and the plugins it is resolved with.

    Only the entry points of the file's ruleset are loaded at first (see
    :func:`gunline.plugins.discover`): a command on one scenario has no use for
    another game's code, and loading every plugin was most of its start. When those
    do not make the attack (a name from elsewhere, such as a rule-agnostic variant, or
    any fault in the file), every plugin is loaded and the attack built again from the
    document read (not the file read again: a pipe, ``<(...)``, is empty by then), so
    what is used and every message are as a full discovery makes them.
    """
    from .scenario import build_attack, read_document

    document = read_document(path)
    ruleset = document.get("ruleset")
    if isinstance(ruleset, str) and ruleset:
        registry = _registry(ruleset)
        try:
            return registry, build_attack(registry, document, str(path), variants, roster)
        except BadInput:
            pass
    registry = _registry()
    return registry, build_attack(registry, document, str(path), variants, roster)


def cmd_resolve(args: argparse.Namespace) -> int:
    from .dice import BadFace, DiceNeeded
    from .render import chain_text
    from .runner import chain_json, run
    from .scenario import load_attack

    if args.encounter is None:
        registry, attack = scenario_attack(args.file, args.variant, roster_of(args))
    else:  # an encounter's journal may hold the chains of any ruleset
        registry = _registry()
        attack = load_attack(registry, args.file, args.variant, roster_of(args))
    entry = None
    try:
        if args.encounter is not None:
            from .journal.cli import commit_resolve

            chain, unused, entry = commit_resolve(args, registry, attack, args.file)
        else:
            if args.journal is not None:
                raise BadInput("--journal: given without --encounter; add --encounter NAME to commit the chain")
            chain, unused = run(registry, attack, seed=args.seed, faces=args.dice, manual=False)
    except DiceNeeded as exc:
        given = len(args.dice or [])
        warn(f"gunline: dice needed: {exc.request.describe()} (die {exc.position + 1}; {given} given)")
        return EXIT_DICE_NEEDED
    except BadFace as exc:
        raise BadInput(f"--dice: {exc}") from None
    except AttackRefused as exc:
        raise AttackRefused(f"{args.file}: {exc}") from None
    if args.json:
        say_json(chain_json(chain))
    else:
        say(chain_text(chain, registry.packages(chain.ruleset, chain.variants)))
    if unused:
        warn(f"gunline: note: {unused} of the dice given were not needed")
    if entry is not None:
        warn(f"gunline: committed to encounter {entry.encounter!r} as entry #{entry.number}")
    return EXIT_OK


def cmd_validate(args: argparse.Namespace) -> int:
    from .runner import check

    registry, attack = scenario_attack(args.file, args.variant)
    try:
        check(registry, attack)
    except BadInput as exc:
        raise BadInput(f"{args.file}: {exc}") from None
    if args.json:
        from .jsonschemas import scenario_json

        say_json(scenario_json(attack))
        return EXIT_OK
    from .language import _, _n

    variants = _(", variants: {variants}", variants=", ".join(attack.variants)) if attack.variants else ""
    n = len(attack.targets)
    say(_("{file}: valid {ruleset} scenario ({mode}, {targets}{variants})", file=args.file, ruleset=attack.ruleset,
          mode=attack.mode, targets=_n("{n} target", "{n} targets", n, n=n), variants=variants))
    return EXIT_OK


def cmd_plugins(args: argparse.Namespace) -> int:
    import msgspec

    from .render import registry_text

    registry = _registry()
    found: list[str] = []
    noted: list[str] = []
    if args.examples is not None and args.check is None:  # --examples NAME is --check NAME too
        args.check = list(args.examples)
    if args.check is not None:
        from .plugin_check import notes, problems

        found = problems(registry, args.check)
        noted = notes(registry, args.check)
    tried = None
    if args.examples is not None:
        from .plugin_trial import trial

        tried = trial(registry, args.examples)
        found += tried.problems
        noted += [f"{quoted(name)} ships no examples (Ruleset.examples): none of its rules were tried"
                  for name in tried.bare]
    if args.json:
        payload = {
            "plugins": registry.infos(),
            "blocked": registry.blocked,
            "blocked_by": registry.blocked_by,
            "env": registry.env,
            "unmatched": registry.unmatched,
            "conflicts": registry.conflicts_data(),
        }
        if args.check is not None:
            payload["problems"] = found
            payload["notes"] = noted
        if tried is not None:
            payload["tried"] = {"runs": tried.runs, "refused": tried.refused}
        say_json(msgspec.json.encode(payload))
    else:
        say(registry_text(registry))
    for problem in found:
        warn(f"gunline: plugins --check: {problem}")
    for note in noted:
        warn(f"gunline: plugins --check: note: {note}")
    if tried is not None:
        warn(f"gunline: plugins --check --examples: {tried.summary()}")
    return EXIT_ERROR if found else EXIT_OK


def _openable(path: str) -> None:
    """Refuse, before the app starts, a file it cannot open: missing, a folder, not
    readable. The app opened its featured example instead, the error cut off at the
    end of its status line, and a GM took the example's copy for the file. (The file
    is not opened here: a named pipe would be read.)"""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise BadInput(f"{path}: no such file (to start a new scenario, run gunline alone and save it under "
                       "that name)") from None
    except (OSError, ValueError) as exc:
        raise BadInput(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    if stat.S_ISDIR(st.st_mode):
        raise BadInput(f"{path}: a folder; expected a scenario file")
    if not os.access(path, os.R_OK):
        raise BadInput(f"{path}: cannot read: permission denied")


def cmd_tui(args: argparse.Namespace) -> int:
    file = getattr(args, "file", None)
    if file is not None:
        _openable(file)
    try:
        from gunline_tui.app import main as tui_main
    except ImportError as exc:
        if "gunline_tui" not in str(exc) and "textual" not in str(exc):
            raise
        raise GunlineError(
            "the terminal app is not installed (install gunline-tui); "
            "headless commands: gunline resolve | odds | plugins | validate"
        ) from None
    return tui_main(
        getattr(args, "file", None),
        journal=getattr(args, "journal", None),
        encounter=getattr(args, "encounter", None),
        hook_timeout=getattr(args, "hook_limit", None),
    ) or EXIT_OK


COMMANDS = {
    "resolve": cmd_resolve,
    "validate": cmd_validate,
    "plugins": cmd_plugins,
    "tui": cmd_tui,
}


def _warning(message: Any, category: type[Warning], filename: str, lineno: int, file: Any = None,
             line: Any = None) -> None:
    """A Python warning (a plugin's ``warnings.warn``) as one safe line on stderr."""
    warn(f"gunline: warning: {category.__name__}: {message}")


def take_language(argv: list[str]) -> tuple[list[str], str | None]:
    """``--lang ru`` (or ``--lang=ru``) taken out of the command line wherever it
    stands, so that it may follow the command (``gunline odds FILE --lang tr``);
    the rest of the line and the language asked for (None: none)."""
    rest: list[str] = []
    asked = None
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--":
            rest += argv[i:]
            break
        if word == "--lang":
            asked = argv[i + 1] if i + 1 < len(argv) else ""  # none: set_language says so
            i += 2
            continue
        if word.startswith("--lang="):
            asked = word.split("=", 1)[1]
        else:
            rest.append(word)
        i += 1
    return rest, asked


def set_language(argv: list[str], asked: str | None) -> str:
    """The command's language: ``--lang``, else the environment's; a command that
    prints JSON for programs speaks English unless ``--lang`` says otherwise."""
    from .language import SHIPPED, SOURCE, choose, use

    if asked == "":
        raise BadInput(f"--lang: needs a language, one of {', '.join(SHIPPED)}")
    if asked is not None and not asked.replace("_", "").replace("-", "").replace(".", "").isalnum():
        raise BadInput(f"--lang: {asked!r} is not a language; expected one of {', '.join(SHIPPED)}")
    lang = choose(asked) if asked or "--json" not in argv else SOURCE
    if asked and lang not in SHIPPED:
        warn(f"gunline: --lang {asked}: gunline speaks {', '.join(SHIPPED)}; English where no catalogue has {lang}")
    use(lang)
    speak(lang, SOURCE)
    return lang


def main(argv: Sequence[str] | None = None) -> int:
    """Run one ``gunline`` command; its exit code.

    The cyclic garbage collector is paused while a one-shot command runs: what it
    makes (modules, plugins, the scenario, its chain or odds) nearly all lives to its
    end, and the collector went over it again and again and found next to nothing
    (about 4 ms of a 70 ms ``gunline odds``; an exact enumeration of 5,500 outcomes
    leaves some 500 objects in cycles). The app and the players' server, which run
    until closed, have the collector as usual.
    """
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        return _command(argv, paused)
    finally:
        if paused and not gc.isenabled():
            gc.enable()


def _command(argv: Sequence[str] | None, paused: bool) -> int:
    argv, asked = take_language(list(sys.argv[1:] if argv is None else argv))
    debug = "--debug" in argv
    import warnings

    warnings.showwarning = _warning  # text from outside, like everything else, made safe
    try:
        set_language(argv, asked)
        parser = parser_for(argv)
        args = parser.parse_args(with_default_command(argv, parser.commands))
        if args.version:
            say(version_line())
            return EXIT_OK
        command = getattr(args, "func", None) or COMMANDS[args.command or "tui"]
        from .watch import hook_timeout, run

        limit = hook_timeout(args.hook_timeout)
        if command is cmd_tui or getattr(command, "main_thread", False):
            # the app (and the players' view, and its server) runs in this thread and
            # watches its own workers
            args.hook_limit = limit
            if paused:
                gc.enable()
            return command(args)
        # Every other command runs in a worker thread that this one watches: a
        # plugin's hook that never returns is named and abandoned, and Ctrl+C ends
        # the command at once, wherever it is.
        # What a plugin prints goes aside (to stderr, made safe), so that it can
        # neither break the command's output nor reach the terminal raw.
        from .output import plugins_aside

        with plugins_aside():
            return run(lambda: command(args), limit)
    except GunlineError as exc:
        if debug:
            _traceback()
        warn(f"gunline: {exc}")
        return exc.exit_code
    except KeyboardInterrupt:
        warn("gunline: interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # the reader went away (``gunline resolve ... | head``): nothing to report
        _quiet_stdout()
        return EXIT_OK
    except OSError as exc:
        import errno

        if exc.errno not in (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG):
            return _last_defence(exc, debug)
        # the output could not be written (a full disk, ``> /dev/full``): say so, once
        _quiet_stdout()
        warn(f"gunline: cannot write the output: {exc.strerror or exc}")
        return EXIT_ERROR
    except BaseException as exc:  # the last line of defence: one line, exit 1
        return _last_defence(exc, debug)


def _quiet_stdout() -> None:
    """What is left in stdout's buffer goes nowhere (flushing it at exit would fail
    again, and say so with a traceback)."""
    try:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - the process's until it ends
    except OSError:
        pass


def _last_defence(exc: BaseException, debug: bool) -> int:
    """Anything else: one line (the traceback with ``--debug``), exit 1. Called
    while ``exc`` is being handled."""
    if isinstance(exc, SystemExit) and exc.code in (0, None):
        return EXIT_OK  # argparse's --help
    if debug:
        _traceback()
    else:
        warn(f"gunline: internal error: {type(exc).__name__}: {exc} (run with --debug for details)")
    return EXIT_ERROR


def _traceback() -> None:
    """``--debug``: the traceback of the error being handled, through the sanitiser
    like everything else (a file name or a plugin's message may hold escapes)."""
    import traceback

    from .output import tell

    tell(traceback.format_exc())


if __name__ == "__main__":  # pragma: no cover - the installed command's exit (gunline.console)
    from .console import leave

    leave(main())
