"""``gunline odds FILE [--variant NAME]... [--samples N] [--seed N] [--json | --plot
[--width W]] [--encounter NAME [--journal PATH]]``.

Exact odds of every step and of each final status, or Monte Carlo with 95%
intervals when the tree is too large (or ``--samples`` asks for it). Bad input
exits 2 with one line, like every command.

The work is bounded: ``--samples`` takes at most :data:`MAX_SAMPLES` and ``--work``
at most :data:`MAX_WORK`, so that a typo (a billion samples) is refused in one line
rather than run for a day. Monte Carlo says how far it has got on stderr when that is
a terminal (or with ``--progress``), as does an enumeration of many targets, and
Ctrl+C stops either (exit 130).

``--plot`` prints, after the table, each target's bar charts (:mod:`.chart`): its
final status, the hits it takes, the wounds that get through; ``--width`` is the line
they fit (default: the terminal's width).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import BadInput
from ..language import _
from ..output import end_progress, progress, say, say_json, stderr_is_terminal

if TYPE_CHECKING:
    from ..models import Attack
    from ..state import ChainState

#: Most Monte Carlo samples a command may ask for: a few seconds to a few minutes,
#: depending on the ruleset (the 95% intervals are then about ±0.1 points).
MAX_SAMPLES = 1_000_000
#: Most hook runs and paths ``--work`` may allow an enumeration (a tree that large
#: takes about a minute).
MAX_WORK = 20_000_000
#: Widest line ``--width`` may ask the charts to fit.
MAX_WIDTH = 1000
#: Seconds between two progress reports.
PROGRESS_INTERVAL = 0.5


def _positive(text: str) -> int:
    try:
        value = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


_UNITS = {"ms": 0.001, "s": 1.0, "": 1.0, "m": 60.0, "min": 60.0, "h": 3600.0}


def _seconds(text: str) -> float:
    """A time as a person writes it: ``2s``, ``500ms``, ``1.5`` (seconds), ``1m``, ``1h``."""
    number = text.strip().rstrip("sminh")
    unit = text.strip()[len(number):]
    try:
        value = float(number) * _UNITS[unit]
    except (ValueError, KeyError):
        raise argparse.ArgumentTypeError(f"expected a time such as 2s or 500ms, got {text!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"expected a time between 1ms and 1 hour, got {text!r}")
    return value


def _points(text: str) -> float:
    """Percentage points of precision: 0.01 to 50."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected percentage points such as 0.5, got {text!r}") from None
    if not 0.01 <= value <= 50:
        raise argparse.ArgumentTypeError(f"expected 0.01 to 50 percentage points, got {text!r}")
    return value


def _at_most(cap: int, what: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        value = _positive(text)
        if value > cap:
            raise argparse.ArgumentTypeError(f"at most {cap:,} {what}, got {value:,}")
        return value

    return parse


class Progress:
    """``done of total`` samples on stderr (or, with :meth:`enumerated`, targets whose
    outcomes are all enumerated), at most every :data:`PROGRESS_INTERVAL` seconds: on
    a terminal one line rewritten in place, else a line per report."""

    def __init__(self, tty: bool) -> None:
        self.tty = tty
        self.shown = 0.0

    def _due(self) -> bool:
        now = time.monotonic()
        if now - self.shown < PROGRESS_INTERVAL:
            return False
        if not self.shown:  # the first call: say it only once it has taken a while
            self.shown = now
            return False
        self.shown = now
        return True

    def __call__(self, done: int, total: int) -> None:
        if not self._due():
            return
        said = _("odds: Monte Carlo, {done} of {total} samples ({share}); Ctrl+C stops", done=format(done, ","),
                 total=format(total, ","), share=format(done / total, ".0%"))
        progress(f"gunline: {said}", tty=self.tty)

    def enumerated(self, done: int, total: int) -> None:
        """An exact enumeration of an attack on many targets takes a while too."""
        if not self._due():
            return
        said = _("odds: every outcome, {done} of {total} targets; Ctrl+C stops", done=format(done, ","),
                 total=format(total, ","))
        progress(f"gunline: {said}", tty=self.tty)


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser("odds", help="probabilities of every step and of each final status")
    p.add_argument("file")
    p.add_argument("--variant", action="append", default=[], metavar="NAME", help="enable a variant (repeatable)")
    p.add_argument("--samples", type=_at_most(MAX_SAMPLES, "samples"), metavar="N",
                   help=f"Monte Carlo with N samples instead of exact odds (at most {MAX_SAMPLES:,})")
    p.add_argument("--seed", type=int, default=0, help="seed of the Monte Carlo samples (default 0)")
    p.add_argument(
        "--budget", type=_seconds, metavar="TIME",
        help="most time to wait (2s, 500ms, by the clock on the wall): enumerating every outcome, and then "
             "sampling if that does not fit; by default, exact as long as sampling would take longer",
    )
    p.add_argument(
        "--precision", type=_points, metavar="POINTS",
        help="Monte Carlo samples until every figure is within this many percentage points (95%%; default 0.5)",
    )
    p.add_argument(
        "--jobs", type=_at_most(256, "processes"), metavar="N",
        help="processes that draw Monte Carlo samples (default: every core); the odds are the same for any N",
    )
    p.add_argument(
        "--work", type=_at_most(MAX_WORK, "hook runs and paths"), metavar="N",
        help=f"expert: most hook runs and paths an enumeration may take (default 2,000,000; at most {MAX_WORK:,})",
    )
    p.add_argument("--progress", action="store_true",
                   help="report progress (samples drawn, targets enumerated) on stderr even when it is not a terminal")
    p.add_argument("--json", action="store_true", help="print the odds as JSON")
    p.add_argument("--plot", action="store_true",
                   help="after the table, bar charts per target: final status, hits, wounds")
    p.add_argument("--width", type=_at_most(MAX_WIDTH, "columns"), metavar="W",
                   help="the width the --plot charts fit (default: the terminal's)")
    p.add_argument(
        "--encounter", metavar="NAME", help="start from this encounter's saved state (rounds left, wounds)"
    )
    p.add_argument(
        "--journal", metavar="PATH", help="journal file for --encounter (default: $GUNLINE_JOURNAL or per-user)"
    )
    p.set_defaults(func=cmd_odds)


def _prior(args: argparse.Namespace, attack: Attack) -> ChainState | None:
    """The encounter's saved state the attack starts from, or None."""
    if args.encounter is None:
        if args.journal is not None:
            raise BadInput("--journal: given without --encounter; add --encounter NAME")
        return None
    from ..journal.ledger import Journal

    with Journal(args.journal, must_exist=True) as journal:
        return journal.prior(args.encounter, attack)


def cmd_odds(args: argparse.Namespace) -> int:
    if args.plot and args.json:
        raise BadInput("--plot: not with --json (the charts are text; --json has their numbers, in distributions)")
    if args.width is not None and not args.plot:
        raise BadInput("--width: given without --plot; add --plot to draw the charts")
    from .. import cli
    from ..runner import run
    from .api import compute_odds
    from .model import odds_json
    from .render import odds_text

    registry, attack = cli.scenario_attack(args.file, args.variant)  # the one place commands find plugins
    prior = _prior(args, attack)
    tty = stderr_is_terminal()
    report = Progress(tty) if tty or args.progress else None
    try:
        # One chain first, checked whole as every command's chain is: a plugin that
        # returns what a chain cannot hold is named before thousands of runs.
        run(registry, attack, seed=args.seed, prior=prior)
        odds = compute_odds(
            registry, attack, samples=args.samples, seed=args.seed, budget=args.budget, work=args.work,
            precision=args.precision, jobs=args.jobs, prior=prior, progress=report,
            enumerating=report.enumerated if report is not None else None,
        )
    except BadInput as exc:
        raise BadInput(f"{args.file}: {exc}") from None
    finally:
        end_progress()
    if args.json:
        say_json(odds_json(odds))
    else:
        say(odds_text(odds, registry.packages(attack.ruleset, attack.variants)))
    if args.plot:
        import shutil  # only a chart asks the terminal's width

        from .chart import charts_text

        say()
        say(charts_text(odds, args.width or shutil.get_terminal_size().columns,
                        registry.packages(attack.ruleset, attack.variants)))
    return 0
