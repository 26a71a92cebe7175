"""``gunline new-plugin NAME [--dir DIR] [--gunline-from DIR]``."""

from __future__ import annotations

import argparse

from ..output import say


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "new-plugin",
        help="write a new ruleset distribution that passes its own tests",
        description="Write gunline-NAME/: a small working ruleset (Structs, hooks, catalogue, "
        "example scenarios, tests with the conformance suite, README) to grow into your game. "
        "Its project takes gunline from where this gunline came from: a checkout or a folder of wheels.",
    )
    p.add_argument("name", help="the ruleset's name, e.g. 'space-marines'")
    p.add_argument("--dir", default=".", help="folder to create it in (default: the current one)")
    p.add_argument(
        "--gunline-from",
        metavar="DIR",
        help="take gunline from this checkout or folder of wheels (default: where this gunline came from)",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import shlex  # here, not at the top: only this command pays for it

    from .origin import find, given
    from .project import check_free, generate, names

    names(args.name)  # a bad name is refused before any plugin is imported
    check_free(args.name)
    origin = given(args.gunline_from) if args.gunline_from else find()
    root, written = generate(args.name, args.dir, origin)
    package = written[3].parent.name
    say(f"wrote {root} ({len(written)} files)")
    if origin.kind == "unknown":
        say(
            "note: cannot tell where this gunline came from; unless gunline is on a package index you use, "
            "run again with --gunline-from DIR (a gunline checkout or a folder of its wheels)"
        )
    else:
        say(f"gunline comes from {origin.describe()} (pyproject.toml, [tool.uv.sources])")
    say("next:")
    say(f"  cd {shlex.quote(str(root))}")
    if origin.kind == "unknown":
        say("  # first, unless gunline is on a package index you use: uncomment [tool.uv.sources] in")
        say("  # pyproject.toml and point it at your gunline, or run new-plugin again with --gunline-from DIR")
    say("  uv run pytest                    # installs it with gunline, the app and pytest; runs its tests")
    say(f"  uv run gunline plugins --examples {shlex.quote(args.name)}   "
        f"# lists the ruleset {args.name!r} and tries it on its examples; exits 1 on a problem")
    say(f"  uv run gunline resolve src/{package}/examples/single.toml --seed 7")
    if origin.app or origin.kind == "unknown":
        say("  uv run gunline                   # the app, on an example of this ruleset (Ctrl+Q quits)")
    return 0
