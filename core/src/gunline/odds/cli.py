"""``gunline odds FILE [--variant NAME]... [--samples N] [--seed N] [--json]
[--encounter NAME [--journal PATH]]``.

Exact odds of every step and of each final status, or Monte Carlo with 95%
intervals when the tree is too large (or ``--samples`` asks for it). Bad input
exits 2 with one line, like every command.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..errors import BadInput
from ..models import Attack
from ..state import ChainState


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser("odds", help="probabilities of every step and of each final status")
    p.add_argument("file")
    p.add_argument("--variant", action="append", default=[], metavar="NAME", help="enable a variant (repeatable)")
    p.add_argument("--samples", type=_positive, metavar="N", help="Monte Carlo with N samples instead of exact odds")
    p.add_argument("--seed", type=int, default=0, help="seed of the Monte Carlo samples (default 0)")
    p.add_argument(
        "--budget", type=_positive, metavar="N",
        help="most hook runs and paths to enumerate before Monte Carlo (default 10000)",
    )
    p.add_argument("--json", action="store_true", help="print the odds as JSON")
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
    from .. import cli
    from ..scenario import load_attack
    from .api import compute_odds
    from .model import odds_json
    from .render import odds_text

    registry = cli._registry()  # the one place commands find plugins
    attack = load_attack(registry, args.file, args.variant)
    prior = _prior(args, attack)
    try:
        odds = compute_odds(
            registry, attack, samples=args.samples, seed=args.seed, budget=args.budget, prior=prior
        )
    except BadInput as exc:
        raise BadInput(f"{args.file}: {exc}") from None
    if args.json:
        sys.stdout.write(odds_json(odds).decode() + "\n")
    else:
        print(odds_text(odds))
    return 0
