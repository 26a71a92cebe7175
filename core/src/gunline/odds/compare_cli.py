"""``gunline compare FILE[+VARIANT...] FILE[+VARIANT...]... [--variant NAME]...
[--samples N] [--seed N] [--budget TIME] [--precision POINTS] [--jobs N] [--work N]
[--progress] [--json | --plot [--width W]]``.

Scenarios side by side: each column's odds are computed exactly as ``gunline odds``
computes them (same options, same seed for every column), then laid out as one table
(:mod:`.compare`, :mod:`.compare_render`). A column is a scenario file, with variants
of its own after a ``+`` (``shotgun.toml+wod.9-again``); ``--variant`` adds a variant to
every column. Every column must be of one ruleset. Bad input exits 2 with one line.

``--plot`` prints, after the table, per target a bar per column of each final status
and of the expected hits and wounds (:mod:`.compare_chart`); ``--width`` is the line
they fit (default: the terminal's width).
"""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import BadInput
from ..output import end_progress, say, say_json, stderr_is_terminal
from .cli import MAX_SAMPLES, MAX_WIDTH, MAX_WORK, Progress, _at_most, _points, _seconds

#: Fewest columns: a comparison of one scenario is ``gunline odds``.
FEWEST = 2


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "compare",
        help="scenarios side by side: odds of each final status and expected hits and wounds, a column each",
        description=(
            "Compare scenarios (loadouts, rules variants) of one ruleset in one table. A column is FILE, or "
            "FILE+VARIANT[+VARIANT...] to enable variants for that column alone: 'gunline compare "
            "shotgun.toml shotgun.toml+wod.9-again'. Targets are matched by name; '—' where a scenario lacks "
            "one. '*' marks the best of a row where better is clear without knowing the game: higher hit, "
            "wound and expected hits and wounds; a lower chance that a target ends in its first status "
            "(untouched); a usable weapon and an untouched shooter; fewer rounds spent."
        ),
    )
    p.add_argument("columns", nargs="+", metavar="FILE[+VARIANT...]", help="a scenario, with variants of its own")
    p.add_argument("--variant", action="append", default=[], metavar="NAME",
                   help="enable a variant in every column (repeatable)")
    p.add_argument("--samples", type=_at_most(MAX_SAMPLES, "samples"), metavar="N",
                   help=f"Monte Carlo with N samples instead of exact odds (at most {MAX_SAMPLES:,})")
    p.add_argument("--seed", type=int, default=0, help="seed of the Monte Carlo samples (default 0)")
    p.add_argument("--budget", type=_seconds, metavar="TIME",
                   help="most time to wait for each column's exact outcomes (2s, 500ms, by the clock on the wall)")
    p.add_argument("--precision", type=_points, metavar="POINTS",
                   help="Monte Carlo samples until every figure is within this many percentage points "
                        "(95%%; default 0.5)")
    p.add_argument("--jobs", type=_at_most(256, "processes"), metavar="N",
                   help="processes that draw Monte Carlo samples (default: every core)")
    p.add_argument("--work", type=_at_most(MAX_WORK, "hook runs and paths"), metavar="N",
                   help=f"expert: most hook runs and paths an enumeration may take (at most {MAX_WORK:,})")
    p.add_argument("--progress", action="store_true",
                   help="report Monte Carlo progress on stderr even when it is not a terminal")
    p.add_argument("--json", action="store_true", help="print the comparison as JSON")
    p.add_argument("--plot", action="store_true",
                   help="after the table, bar charts per target, a bar per column: final status, expected hits "
                        "and wounds")
    p.add_argument("--width", type=_at_most(MAX_WIDTH, "columns"), metavar="W",
                   help="the width the --plot charts fit (default: the terminal's)")
    p.set_defaults(func=cmd_compare)


def cmd_compare(args: argparse.Namespace) -> int:
    from .. import cli
    from ..runner import run
    from ..scenario import load_attack
    from .api import compute_odds
    from .compare import build_comparison, comparison_json, same_ruleset, split_column
    from .compare_render import comparison_text

    if args.plot and args.json:
        raise BadInput("--plot: not with --json (the charts are text; --json has their numbers, in rows)")
    if args.width is not None and not args.plot:
        raise BadInput("--width: given without --plot; add --plot to draw the charts")
    if len(args.columns) < FEWEST:
        raise BadInput("compare: give two scenarios or more (FILE or FILE+VARIANT), e.g. a.toml a.toml+VARIANT")
    registry = cli._registry()  # the one place commands find plugins
    try:
        specs = [split_column(text) for text in args.columns]
    except BadInput as exc:
        raise BadInput(f"compare: {exc}") from None
    loaded = []
    for file, own in specs:
        added = list(dict.fromkeys([*own, *args.variant]))
        loaded.append((file, added, load_attack(registry, file, added)))
    # Refused before any odds are computed: the rows of one game mean nothing in another.
    same_ruleset([(file, attack.ruleset) for file, _, attack in loaded])

    tty = stderr_is_terminal()
    report = Progress(tty) if tty or args.progress else None
    columns = []
    try:
        for file, added, attack in loaded:
            try:
                # One chain first, checked whole, as ``gunline odds`` does.
                run(registry, attack, seed=args.seed)
                odds = compute_odds(
                    registry, attack, samples=args.samples, seed=args.seed, budget=args.budget, work=args.work,
                    precision=args.precision, jobs=args.jobs, progress=report,
                )
            except BadInput as exc:
                raise BadInput(f"{file}: {exc}") from None
            columns.append((file, added, odds))
    finally:
        end_progress()
    comparison = build_comparison(columns)
    # The columns' statuses and kinds in words: each column's stack (its variants) has its say.
    words = tuple(dict.fromkeys(
        package for _file, _added, attack in loaded for package in registry.packages(attack.ruleset, attack.variants)
    ))
    if args.json:
        say_json(comparison_json(comparison))
    else:
        say(comparison_text(comparison, words))
    if args.plot:
        import shutil  # only a chart asks the terminal's width

        from .compare_chart import comparison_charts_text

        say()
        say(comparison_charts_text(comparison, args.width or shutil.get_terminal_size().columns, words))
    return 0
