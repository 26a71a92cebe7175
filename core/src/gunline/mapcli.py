"""``gunline map FILE``: the battlefield of a scenario, drawn as text.

Without dice it shows where everyone stands, the line of fire and what the attack
covers if it goes where it is aimed; with ``--seed`` or ``--dice`` it resolves the
attack and shows what happened on the map (where a scattered blast came down) and
what the ruleset read off it. The app draws the same picture (:func:`picture`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .mapdraw import Drawing
    from .models import Attack, Chain
    from .plugins import Registry


def areas(registry: Registry, attack: Attack, chain: Chain | None) -> list[Any]:
    """What the ruleset shades on ``attack``'s map (the ``map_areas`` hook), checked:
    a plugin that returns something else fails with a message naming it."""
    from .battlefield import Area
    from .errors import PluginFailed

    stack = registry.stack(attack.ruleset, attack.variants)
    result, plugin = stack.first("map_areas", attack=attack, chain=chain)
    if result is None:
        return []
    if not isinstance(result, (list, tuple)) or not all(isinstance(a, Area) for a in result):
        raise PluginFailed(plugin, "map_areas", f"returned {type(result).__name__}, expected list[Area]")
    return list(result)


def picture(registry: Registry, attack: Attack, chain: Chain | None = None, width: int = 78,
            height: int = 20, selected: str | None = None) -> Drawing:
    """``attack``'s map in at most ``width`` × ``height`` cells, shaded by the ruleset
    for ``chain`` (or as aimed, without one). ``attack.map`` must be set."""
    from .mapdraw import draw

    assert attack.map is not None
    shooter = getattr(attack.shooter, "name", None)
    targets = [t.name for t in attack.targets]
    return draw(attack.map, shooter, targets, areas(registry, attack, chain), width, height, selected)


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser("map", help="draw a scenario's battlefield as text (--seed, --dice: after the attack)")
    p.add_argument("file")
    p.add_argument("--seed", type=int, help="resolve with random dice from this seed and show the result on the map")
    p.add_argument("--dice", help="resolve with these faces (e.g. 4,6,1) and show the result on the map")
    p.add_argument("--variant", action="append", default=[], metavar="NAME", help="enable a variant (repeatable)")
    p.add_argument("--width", type=int, default=78, help="columns to draw in (default 78)")
    p.add_argument("--height", type=int, default=20, help="rows to draw in (default 20)")
    p.set_defaults(func=cmd_map)


def cmd_map(args: Any) -> int:
    from .cli import _faces, _registry, roster_of
    from .dice import BadFace, DiceNeeded
    from .errors import AttackRefused, BadInput
    from .language import _
    from .output import say, warn
    from .render import chain_text, geometry_lines
    from .runner import run
    from .scenario import load_attack

    if not 20 <= args.width <= 400 or not 5 <= args.height <= 200:
        raise BadInput("map: --width is 20 to 400 columns and --height 5 to 200 rows")
    registry = _registry()
    attack = load_attack(registry, args.file, args.variant, roster_of(args))
    if attack.map is None:
        raise BadInput(f"{args.file}: map: the scenario places no one on a map; add a [map] table "
                       f"(see 'gunline schema scenario --ruleset {attack.ruleset}')")
    chain = None
    if args.seed is not None or args.dice is not None:
        faces = _faces(args.dice) if args.dice is not None else None
        try:
            chain, _unused = run(registry, attack, seed=args.seed, faces=faces, manual=False)
        except DiceNeeded as exc:
            warn(f"gunline: dice needed: {exc.request.describe()} (die {exc.position + 1})")
            return 3
        except BadFace as exc:
            raise BadInput(f"--dice: {exc}") from None
        except AttackRefused as exc:
            raise AttackRefused(f"{args.file}: {exc}") from None
    say(picture(registry, attack, chain, args.width, args.height).text())
    if chain is not None:
        say("\n" + chain_text(chain, registry.packages(chain.ruleset, chain.variants)))
    elif attack.measures:
        say("\n" + _("map:") + "\n" + "\n".join(geometry_lines(attack.measures, [t.name for t in attack.targets],
                                                           registry.packages(attack.ruleset, attack.variants))))
    return 0
