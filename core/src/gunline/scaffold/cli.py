"""``gunline new-plugin NAME [--dir DIR]``."""

from __future__ import annotations

import argparse


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
    from . import generate

    root, written = generate(args.name, args.dir)
    package = written[3].parent.name
    print(f"wrote {root} ({len(written)} files)")
    print("next:")
    print(f"  cd {root}")
    print("  uv run pytest                    # installs it with gunline and pytest, runs its tests")
    print(f"  uv run gunline plugins           # lists the ruleset {args.name!r}")
    print(f"  uv run gunline resolve src/{package}/examples/single.toml --seed 7")
    return 0
