"""Plain-text rendering of chains and plugin lists, for the terminal.

Hit, miss and status are always written in words: nothing relies on colour.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from .models import ActionChain, Chain, Measure, PluginInfo, Step

if TYPE_CHECKING:
    from .plugins import Registry


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def step_lines(step: Step) -> list[str]:
    value = "—" if step.value is None else str(step.value)
    lines = [f"  {step.kind:<7}{value:>4}  {step.text}  [{step.source}]"]
    for m in step.modifiers:
        lines.append(f"           {_signed(m.value):>3} {m.label}  ({m.source})")
    for r in step.rolls:
        faces = " ".join(str(v) for v in r.values)
        need = f", needs {r.need}" if r.need else ""
        typed = " (typed)" if r.manual else ""
        lines.append(f"           {r.label}: {r.dice} [{faces}] = {r.total}{need}{typed}")
    return lines


def chain_text(chain: Chain) -> str:
    seed = f"seed {chain.seed}" if chain.seed is not None else "dice given"
    variants = f", variants: {', '.join(chain.variants)}" if chain.variants else ""
    out = [f"{chain.ruleset}{variants} ({seed})"]
    if chain.geometry:
        out.append("map:")
        out.extend(geometry_lines(chain.geometry))
    current: object = object()
    for step in chain.steps:
        if step.target != current:
            current = step.target
            out.append(f"{step.target}:" if step.target is not None else "attack:")
        out.extend(step_lines(step))
    out.append("outcome:")
    for line in chain.outcomes.values():
        out.append(f"  {line}")
    weapon = chain.weapon
    rounds = weapon.get("rounds_left")
    out.append(
        f"  weapon {weapon.get('status', '')}"
        + (f", {rounds} rounds left" if rounds is not None else "")
    )
    out.append("dice: " + (" ".join(str(d) for d in chain.dice) or "none"))
    return "\n".join(out)


def geometry_lines(measures: Iterable[Measure]) -> list[str]:
    """What the ruleset read off the map, a line each: the field, the value the rules
    used, and why; where the GM typed the field, his value and what the map said."""
    out = []
    for m in measures:
        if m.used:
            out.append(f"  {m.path} = {_value(m.value)}  ({m.text})")
        else:
            out.append(f"  {m.path} = {_value(m.typed)}  (typed; the map says {_value(m.value)}: {m.text})")
    return out


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def action_text(chain: ActionChain) -> str:
    """An action's result as ``gunline act`` prints it: the action, whom it was
    about, its steps with their dice, the line to read out, and the dice."""
    seed = f"seed {chain.seed}" if chain.seed is not None else "dice given"
    variants = f", variants: {', '.join(chain.variants)}" if chain.variants else ""
    out = [f"{chain.ruleset}{variants}: {chain.action} for {chain.who} ({seed})"]
    for step in chain.steps:
        out.extend(step_lines(step))
    out.append("outcome:")
    out.extend(f"  {line}" for line in chain.outcomes.values())
    out.append("dice: " + (" ".join(str(d) for d in chain.dice) or "none"))
    return "\n".join(out)


#: What each plugin-choosing variable does, as ``gunline plugins`` says it.
ENV_MEANING = {
    "GUNLINE_LOAD_PLUGINS": "only these plugins load",
    "GUNLINE_BLOCK_PLUGINS": "these plugins never load",
}


def plugins_text(
    infos: Iterable[PluginInfo],
    blocked: Iterable[str] = (),
    blocked_by: Mapping[str, str] | None = None,
    env: Mapping[str, str] | None = None,
    unmatched: Mapping[str, list[str]] | None = None,
    conflicts: Mapping[str, str] | None = None,
) -> str:
    """The plugin list; ``env`` (the variables in force) is said first, so a GM who
    set one last week sees at once why a ruleset is missing. ``conflicts`` maps each
    name several plugins declare to the message that says how to choose: those
    plugins are listed as ``CONFLICT``, each with its distribution and version."""
    conflicts = conflicts or {}
    infos = list(infos)
    out = []
    if env is not None:
        for var, value in env.items():
            meaning = ENV_MEANING.get(var, "set")
            if var == "GUNLINE_LOAD_PLUGINS" and not value.strip():
                meaning = "no plugin loads"
            out.append(f"{var}={value!r} in force: {meaning}")
        for var, names in (unmatched or {}).items():
            out.append(f"note: {var} names {', '.join(map(repr, names))}, which no installed plugin has")
    for info in infos:
        dist = f"{info.distribution} {info.version}".strip()
        if info.kind == "broken":
            out.append(f"BROKEN   {info.name}  ({dist})\n         error: {info.error}")
            continue
        of = f" of {info.ruleset}" if info.kind == "variant" and info.ruleset else ""
        kind = "CONFLICT" if info.name in conflicts else info.kind
        out.append(f"{kind:<8} {info.name}{of}  ({dist or 'no distribution'})")
        if info.description:
            out.append(f"         {info.description}")
        out.append(f"         hooks: {', '.join(info.hooks)}")
        if info.actions:
            out.append(f"         actions: {', '.join(info.actions)}")
    for message in conflicts.values():
        out.append(f"conflict: {message}")
    for name in blocked:
        by = (blocked_by or {}).get(name, "GUNLINE_LOAD_PLUGINS / GUNLINE_BLOCK_PLUGINS")
        out.append(f"blocked  {name}  (by {by})")
    if not infos and not list(blocked):
        out.append("no plugins installed")
    if env is not None and not env:
        broken = any(info.kind == "broken" for info in infos)
        what = "every installed plugin loads" + (", but those marked BROKEN failed" if broken else "")
        out.append(f"({what}; choose with GUNLINE_LOAD_PLUGINS or GUNLINE_BLOCK_PLUGINS)")
    return "\n".join(out)


def registry_text(registry: Registry) -> str:
    """:func:`plugins_text` of everything a registry found (``gunline plugins`` and
    the app's plugins page say the same)."""
    conflicts = {name: registry.conflict(name) or "" for name in sorted(registry.conflicts)}
    return plugins_text(
        registry.infos(), registry.blocked, registry.blocked_by, registry.env, registry.unmatched, conflicts
    )
