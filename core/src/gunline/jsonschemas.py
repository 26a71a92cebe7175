"""The JSON gunline prints, described as JSON Schemas, and ``gunline schema``.

Four shapes leave gunline for programs, each with a ``schema_version`` first:

- a chain (``resolve --json``, ``act --json``): :class:`gunline.models.Chain`, or
  :class:`gunline.models.ActionChain` for an action;
- odds (``odds --json``, ``act --odds --json``): :class:`gunline.odds.Odds`;
- a comparison (``compare --json``): :class:`gunline.odds.compare.Comparison`;
- a scenario (``validate --json``): the attack a scenario file validates into, in
  its ruleset's own Structs (so each ruleset has a schema of its own). The ruleset's
  top-level settings are under ``settings`` there, and the weapon is merged with its
  catalogue entry.

The schemas come from the Structs themselves (``msgspec.json.schema``), so they
cannot drift from what is printed; docs/schemas/ publishes them for the bundled
rulesets, and a test holds those files to what this module makes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from .models import Attack, Ruleset

#: Version of the JSON ``validate --json`` prints (a scenario); bump it when a field
#: changes meaning or goes away.
SCENARIO_SCHEMA_VERSION = 1

#: The shapes that do not depend on a ruleset, by the name ``gunline schema`` takes.
FIXED = ("chain", "action", "odds", "compare")


def scenario_type(ruleset: Ruleset) -> type:
    """The Struct of a scenario of ``ruleset`` as ``validate --json`` prints it."""
    import msgspec

    mode = Literal[ruleset.modes] if ruleset.modes else str
    settings: Any = ruleset.settings | None if ruleset.settings is not None else None
    return msgspec.defstruct(
        f"{ruleset.name.title().replace('-', '')}Scenario",
        [
            ("schema_version", int),
            ("ruleset", Literal[ruleset.name]),
            ("variants", list[str]),
            ("mode", mode),
            ("shooter", ruleset.shooter),
            ("weapon", ruleset.weapon),
            ("targets", list[ruleset.target]),  # type: ignore[name-defined]
            ("settings", settings, None),
        ],
        kw_only=True,
    )


def scenario_json(attack: Attack) -> bytes:
    """A validated attack as the JSON ``validate --json`` prints."""
    import msgspec

    fields = msgspec.structs.asdict(attack)
    fields["variants"] = list(fields["variants"])
    fields["targets"] = list(fields["targets"])
    return msgspec.json.encode({"schema_version": SCENARIO_SCHEMA_VERSION, **fields})


def schema_of(name: str, ruleset: Ruleset | None = None) -> dict[str, Any]:
    """The JSON Schema of ``name`` (``chain``, ``action``, ``odds``, or ``scenario``
    with its ``ruleset``)."""
    if name == "chain":
        from .models import Chain

        kind: Any = Chain
    elif name == "action":
        from .models import ActionChain

        kind = ActionChain
    elif name == "odds":
        from .odds.model import Odds

        kind = Odds
    elif name == "compare":
        from .odds.compare import Comparison

        kind = Comparison
    elif name == "scenario":
        if ruleset is None:
            raise ValueError("a scenario's schema is its ruleset's: give the ruleset")
        kind = scenario_type(ruleset)
    else:
        raise ValueError(f"no schema named {name!r}")
    import msgspec

    schema = msgspec.json.schema(kind)
    title = f"gunline {name}" + (f" ({ruleset.name})" if name == "scenario" and ruleset is not None else "")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": title, **schema}


def schema_text(schema: dict[str, Any]) -> str:
    """A schema as the published files hold it: indented, keys sorted, one final
    newline (so a regenerated file differs only where the schema does)."""
    import json

    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "schema", help="the JSON Schema of what --json prints: chain, action, odds, compare, or a ruleset's scenario"
    )
    p.add_argument("name", choices=(*FIXED, "scenario"), help="which JSON")
    p.add_argument("--ruleset", metavar="NAME", help="for 'scenario': the ruleset whose scenarios it describes")
    p.set_defaults(func=cmd_schema)


def cmd_schema(args: Any) -> int:
    from .errors import BadInput
    from .output import say
    from .plugins import discover

    ruleset = None
    if args.name == "scenario":
        if not args.ruleset:
            raise BadInput("schema scenario: give --ruleset NAME ('gunline plugins' lists them)")
        registry = discover()
        ruleset = registry.ruleset(args.ruleset)
    elif args.ruleset:
        raise BadInput(f"schema {args.name}: --ruleset is only for 'scenario'")
    say(schema_text(schema_of(args.name, ruleset)).rstrip("\n"))
    return 0
