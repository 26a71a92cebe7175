"""``gunline new-plugin NAME [--dir DIR]``."""

from __future__ import annotations

import argparse

from ..output import say


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "new-plugin",
        help="write a new ruleset distribution that passes its own tests",
        description="Write gunline-NAME/: a small working ruleset (Structs, hooks, catalogue, "
        "example scenarios, tests with the conformance suite, README) to grow into your game.",
    )
    p.add_argument("name", help="the ruleset's name, e.g. 'space-marines'")
    p.add_argument("--dir", default=".", help="folder to create it in (default: the current one)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from . import check_free, generate, names

    names(args.name)  # a bad name is refused before any plugin is imported
    check_free(args.name)
    root, written = generate(args.name, args.dir)
    package = written[3].parent.name
    say(f"wrote {root} ({len(written)} files)")
    say("next:")
    say(f"  cd {root}")
    say("  uv run pytest                    # installs it with gunline and pytest, runs its tests")
    say(f"  uv run gunline plugins           # lists the ruleset {args.name!r}")
    say(f"  uv run gunline resolve src/{package}/examples/single.toml --seed 7")
    return 0
