"""``gunline act ACTION [FILE] [--target NAME] [--encounter NAME] [--dice ...] [--odds] [--json]``.

An action between attacks (a recovery roll, a jam cleared: whatever the ruleset
declares in ``Ruleset.actions``), resolved from a scenario file's fighters, or from
an encounter's: with ``--encounter`` it starts from the encounter's saved state and
is committed to it (undo reverts it), and without FILE the fighters come from the
encounter's latest attack that had them. ``--odds`` gives its odds instead of
rolling. Dice, exit codes and errors are those of ``gunline resolve``.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import AttackRefused, BadInput
from ..language import _
from ..output import say, say_json, warn

EXIT_OK, EXIT_DICE_NEEDED = 0, 3


def add_parser(subparsers: Any) -> None:
    from ..cli import _faces

    p = subparsers.add_parser(
        "act", help="an action between attacks (a recovery roll, a jam cleared): roll it, commit it, or its odds"
    )
    p.add_argument("action", help="the action's name, as the ruleset declares it ('gunline plugins' lists them)")
    p.add_argument("file", nargs="?", help="scenario the fighters come from (default: the encounter's latest attack)")
    p.add_argument("--target", metavar="NAME", help="the target the action is about (recovery rolls)")
    p.add_argument("--shooter", metavar="NAME", help="the shooter it is about, or whose weapon (a jam cleared)")
    p.add_argument("--weapon", metavar="NAME", help="with --encounter and no FILE: the shooter's weapon")
    p.add_argument("--seed", type=int, help="seed for random dice (same seed, same result)")
    p.add_argument("--dice", type=_faces, help="faces in the order the action asks for them")
    p.add_argument("--variant", action="append", default=[], metavar="NAME", help="enable a variant (repeatable)")
    p.add_argument("--odds", action="store_true", help="print the action's odds instead of rolling it")
    p.add_argument("--json", action="store_true", help="print the result (or the odds) as JSON")
    p.add_argument("--encounter", metavar="NAME", help="start from this encounter's state and commit the action to it")
    p.add_argument(
        "--journal", metavar="PATH", help="journal file for --encounter (default: $GUNLINE_JOURNAL or per-user)"
    )
    p.set_defaults(func=cmd_act)


def cmd_act(args: argparse.Namespace) -> int:
    from ..dice import BadFace, DiceNeeded

    if args.journal is not None and args.encounter is None:
        raise BadInput("--journal: given without --encounter; add --encounter NAME")
    if args.file is None and args.encounter is None:
        raise BadInput(
            f"act {args.action}: give a scenario FILE, or --encounter NAME to act on an encounter's fighters"
        )
    if args.target is not None and args.shooter is not None:
        raise BadInput("act: give --target (an action on a target) or --shooter (on a shooter or his weapon), not both")
    where = args.file or f"encounter {args.encounter!r}"
    try:
        if args.odds:
            return _odds(args)
        return _roll(args)
    except DiceNeeded as exc:
        given = len(args.dice or [])
        warn(f"gunline: dice needed: {exc.request.describe()} (die {exc.position + 1}; {given} given)")
        return EXIT_DICE_NEEDED
    except BadFace as exc:
        raise BadInput(f"--dice: {exc}") from None
    except AttackRefused as exc:
        raise AttackRefused(f"{where}: {args.action}: {exc}") from None


def _who(args: argparse.Namespace) -> str | None:
    who: str | None = args.target if args.target is not None else args.shooter
    return who


def _roll(args: argparse.Namespace) -> int:
    from .. import cli
    from ..render import action_text
    from ..runner import chain_json, run_action
    from ..scenario import load_attack, read_document

    registry = cli._registry()
    attack = load_attack(registry, args.file, args.variant) if args.file else None
    entry = None
    if args.encounter is None:
        assert attack is not None, "cmd_act asks for a FILE without --encounter"
        chain, unused = run_action(registry, attack, args.action, _who(args), seed=args.seed, faces=args.dice,
                                   manual=False)
    else:
        from ..journal.ledger import Journal

        document = read_document(args.file) if args.file else None
        with Journal(args.journal, must_exist=attack is None) as journal:
            chain, unused, entry = journal.act(
                args.encounter, registry, args.action, who=_who(args), attack=attack, document=document,
                shooter=args.shooter, weapon=args.weapon, variants=args.variant,
                seed=args.seed, faces=args.dice, manual=False,
            )
    if args.json:
        say_json(chain_json(chain))
    else:
        say(action_text(chain, registry.packages(chain.ruleset, chain.variants)))
    if unused:
        warn("gunline: " + _("note: {unused} of the dice given were not needed", unused=unused))
    if entry is not None:
        warn("gunline: " + _("committed to encounter {encounter} as entry #{number}",
                             encounter=repr(entry.encounter), number=entry.number))
    return EXIT_OK


def _odds(args: argparse.Namespace) -> int:
    from .. import cli
    from ..odds import action_odds, odds_json
    from ..odds.render import action_odds_text
    from ..scenario import load_attack
    from .engine import declared, who_for

    if args.dice is not None or args.seed is not None:
        raise BadInput("--odds: the odds roll no dice; leave out --dice and --seed")
    registry = cli._registry()
    attack = load_attack(registry, args.file, args.variant) if args.file else None
    prior = None
    if args.encounter is not None:
        from ..journal.ledger import Journal

        with Journal(args.journal, must_exist=True) as journal:
            if attack is None:
                attack, _document = journal.act_source(
                    args.encounter, registry, args.action, who=_who(args), shooter=args.shooter,
                    weapon=args.weapon, variants=args.variant,
                )
            prior = journal.prior(args.encounter, attack)
    assert attack is not None, "cmd_act asks for a FILE without --encounter"
    stack = registry.stack(attack.ruleset, attack.variants)
    who = who_for(stack, attack, args.action, _who(args))
    odds = action_odds(registry, attack, args.action, who, prior=prior)
    if args.json:
        say_json(odds_json(odds))
    else:
        say(action_odds_text(odds, args.action, who, declared(stack, args.action).applies_to, stack.packages))
    return EXIT_OK
