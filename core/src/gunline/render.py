"""Plain-text rendering of chains and plugin lists, for the terminal.

Hit, miss and status are always written in words: nothing relies on colour.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from .language import N_, SOURCE, _, language, tell, term
from .models import ActionChain, Chain, Measure, PluginInfo, Step
from .output import abridged
from .safe import one_line as _one_line

if TYPE_CHECKING:
    from .plugins import Registry


def one_line(text: object) -> str:
    """Text from a plugin or a file on one line (:func:`gunline.safe.one_line`), its
    middle left out past :data:`gunline.output.MAX_LINE_CHARS`: a hook's text of
    megabytes flooded a GM's terminal over SSH (``--json`` keeps it whole)."""
    return abridged(_one_line(text))


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def step_lines(step: Step, packages: tuple[str, ...] = (), width: int = 7) -> list[str]:
    """A step as the terminal shows it: kind, value, text and plugin, then its
    modifiers and its dice. ``packages`` word the ruleset's own kinds. What a
    plugin wrote stays on its line (:func:`~gunline.safe.one_line`): a line break in
    a step's text must not make a line that reads as another step or an outcome."""
    value = "—" if step.value is None else str(step.value)
    # English shows the kind as the ruleset names it (action_points), as it always has
    kind = step.kind if language() == SOURCE else term(step.kind, packages)
    lines = [f"  {kind:<{width}}{value:>4}  {one_line(step.text)}  [{step.source}]"]
    for m in step.modifiers:
        lines.append(f"           {_signed(m.value):>3} {one_line(m.label)}  ({m.source})")
    for r in step.rolls:
        faces = abridged(" ".join(str(v) for v in r.values))
        need = _(", needs {need}", need=r.need) if r.need else ""
        typed = _(" (typed)") if r.manual else ""
        lines.append(f"           {one_line(r.label)}: {r.dice} [{faces}] = {r.total}{need}{typed}")
    return lines


def kind_width(steps: Iterable[Step], packages: tuple[str, ...] = ()) -> int:
    """The kinds' column: 7 wide, or as wide as the language's longest kind and a space."""
    if language() == SOURCE:
        return 7
    return max([7, *(len(term(step.kind, packages)) + 1 for step in steps)])


def heading(chain: Chain) -> str:
    """The chain's first line: ruleset, variants, and the seed or that dice were given."""
    seed = _("seed {seed}", seed=chain.seed) if chain.seed is not None else _("dice given")
    if chain.variants:
        return _("{ruleset}, variants: {variants} ({seed})", ruleset=chain.ruleset,
                 variants=", ".join(chain.variants), seed=seed)
    return f"{chain.ruleset} ({seed})"


def weapon_line(weapon: Mapping[str, object], packages: tuple[str, ...] = ()) -> str:
    """The weapon after the attack: its status, and the rounds left where counted."""
    status = term(str(weapon.get("status", "")), packages) if weapon.get("status") else ""
    rounds = weapon.get("rounds_left")
    if rounds is None:
        return _("weapon {status}", status=status)
    return _("weapon {status}, {rounds} rounds left", status=status, rounds=rounds)


def dice_line(dice: Iterable[int]) -> str:
    return _("dice: {faces}", faces=" ".join(str(d) for d in dice) or _("none"))


def chain_text(chain: Chain, packages: tuple[str, ...] = ()) -> str:
    """The chain as ``gunline resolve`` prints it; ``packages`` (the stack's) word
    the ruleset's kinds and statuses in the language in use."""
    out = [heading(chain)]
    if chain.geometry:
        out.append(_("map:"))
        out.extend(geometry_lines(chain.geometry, list(chain.targets), packages))
    current: object = object()
    width = kind_width(chain.steps, packages)
    for step in chain.steps:
        if step.target != current:
            current = step.target
            out.append(f"{one_line(step.target)}:" if step.target is not None else _("attack:"))
        out.extend(step_lines(step, packages, width))
    out.append(_("outcome:"))
    for line in chain.outcomes.values():
        out.append(f"  {one_line(line)}")
    out.append("  " + weapon_line(chain.weapon, packages))
    out.append(dice_line(chain.dice))
    return "\n".join(out)


def geometry_lines(
    measures: Iterable[Measure], names: Sequence[str] = (), packages: tuple[str, ...] = ()
) -> list[str]:
    """What the ruleset read off the map, a line each: the field, the value the rules
    used, and why; where the GM typed the field, his value and what the map said.
    In English the field is its path (``targets[0].distance``); in another language
    the target's name (``names``, in the chain's order) and the field in words."""
    out = []
    for m in measures:
        path = m.path if language() == SOURCE else _path_words(m.path, names, packages)
        field = m.path.rsplit(".", 1)[-1].split("[")[0]
        if m.used:
            out.append(f"  {path} = {_value(m.value, packages, field)}  ({one_line(m.text)})")
        else:
            said = _("typed; the map says {value}: {why}", value=_value(m.value, packages, field),
                     why=one_line(m.text))
            out.append(f"  {path} = {_value(m.typed, packages, field)}  ({said})")
    return out


_SEGMENT = re.compile(r"^(\w+)(?:\[(\d+)\])?$")


def _path_words(path: str, names: Sequence[str], packages: tuple[str, ...]) -> str:
    """``targets[2].in_area`` as "Sykes: in area", ``targets[0].models[1].distance``
    as "Ashigaru: models 2: distance", in the language in use."""
    words = []
    for segment in path.split("."):
        found = _SEGMENT.match(segment)
        if found is None:
            return path
        field, index = found.groups()
        if index is None:
            words.append(term(field, packages))
        elif field == "targets" and not words:
            i = int(index)
            words.append(names[i] if i < len(names) else f"#{i + 1}")
        else:
            words.append(f"{term(field, packages)} {int(index) + 1}")
    return ": ".join(words)


def _value(value: object, packages: tuple[str, ...] = (), field: str | None = None) -> str:
    """A measured value in words: a choice (``long``) is worded as a value of its
    ``field``."""
    if isinstance(value, str) and language() != SOURCE:
        return term(value, packages, field)
    if isinstance(value, bool):
        return _("true") if value else _("false")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def action_text(chain: ActionChain, packages: tuple[str, ...] = ()) -> str:
    """An action's result as ``gunline act`` prints it: the action, whom it was
    about, its steps with their dice, the line to read out, and the dice."""
    seed = _("seed {seed}", seed=chain.seed) if chain.seed is not None else _("dice given")
    ruleset = chain.ruleset
    if chain.variants:
        ruleset = _("{ruleset}, variants: {variants}", ruleset=chain.ruleset, variants=", ".join(chain.variants))
    out = [_("{ruleset}: {action} for {who} ({seed})", ruleset=ruleset, action=term(chain.action, packages),
             who=chain.who, seed=seed)]
    width = kind_width(chain.steps, packages)
    for step in chain.steps:
        out.extend(step_lines(step, packages, width))
    out.append(_("outcome:"))
    out.extend(f"  {one_line(line)}" for line in chain.outcomes.values())
    out.append(dice_line(chain.dice))
    return "\n".join(out)


#: What each plugin-choosing variable does, as ``gunline plugins`` says it.
ENV_MEANING = {
    "GUNLINE_LOAD_PLUGINS": N_("only these plugins load"),
    "GUNLINE_BLOCK_PLUGINS": N_("these plugins never load"),
}


def _labels(conflicted: bool) -> dict[str, str]:
    """The first word of a line of ``gunline plugins``, by kind."""
    labels = {"ruleset": _("ruleset"), "variant": _("variant"), "broken": _("BROKEN"), "blocked": _("blocked")}
    if conflicted:
        labels["conflict"] = _("CONFLICT")
    return labels


def plugins_text(
    infos: Iterable[PluginInfo],
    blocked: Iterable[str] = (),
    blocked_by: Mapping[str, str] | None = None,
    env: Mapping[str, str] | None = None,
    unmatched: Mapping[str, list[str]] | None = None,
    conflicts: Mapping[str, str] | None = None,
    words: Mapping[str, tuple[str, ...]] | None = None,
) -> str:
    """The plugin list; ``env`` (the variables in force) is said first, so a GM who
    set one last week sees at once why a ruleset is missing. ``conflicts`` maps each
    name several plugins declare to the message that says how to choose: those
    plugins are listed as ``CONFLICT``, each with its distribution and version.
    ``words`` gives, by plugin name, the packages whose catalogues word its actions."""
    conflicts = conflicts or {}
    words = words or {}
    infos = list(infos)
    blocked = list(blocked)
    labels = _labels(bool(conflicts))
    width = max(8, *(len(label) for label in labels.values()))
    indent = " " * (width + 1)
    out = []
    if env is not None:
        for var, value in env.items():
            meaning = _(ENV_MEANING[var]) if var in ENV_MEANING else _("set")
            if var == "GUNLINE_LOAD_PLUGINS" and not value.strip():
                meaning = _("no plugin loads")
            setting = f"{var}={value!r}"
            out.append(_("{setting} in force: {meaning}", setting=setting, meaning=meaning))
        for var, names in (unmatched or {}).items():
            out.append(_("note: {variable} names {names}, which no installed plugin has", variable=var,
                         names=", ".join(map(repr, names))))
    for info in infos:
        dist = f"{info.distribution} {info.version}".strip()
        if info.kind == "broken":
            out.append(f"{labels['broken']:<{width}} {info.name}  ({dist})\n{indent}"
                       + _("error: {error}", error=one_line(info.error)))
            continue
        of = " " + _("of {ruleset}", ruleset=info.ruleset) if info.kind == "variant" and info.ruleset else ""
        kind = labels["conflict"] if info.name in conflicts else labels.get(info.kind, info.kind)
        dist = dist or _("no distribution")
        out.append(f"{kind:<{width}} {info.name}{of}  ({dist})")
        if info.ruleset_missing:
            out.append(indent + _ruleset_missing(info.ruleset or "", infos, blocked, conflicts))
        if info.description:
            # a description may run to several lines, each indented under its plugin:
            # none can pass for a plugin's line of its own
            described = tell(info.description, words.get(info.name, ())).splitlines()
            out.extend(f"{indent}{one_line(line)}" for line in described)
        out.append(indent + _("hooks: {hooks}", hooks=", ".join(info.hooks)))
        if info.actions:
            said = [term(action, words.get(info.name, ())) for action in info.actions]
            out.append(indent + _("actions: {actions}", actions=", ".join(said)))
    for message in conflicts.values():
        out.append(_("conflict: {message}", message=message))
    for name in blocked:
        by = (blocked_by or {}).get(name, "GUNLINE_LOAD_PLUGINS / GUNLINE_BLOCK_PLUGINS")
        out.append(f"{labels['blocked']:<{width}} {name}  " + _("(by {by})", by=by))
    if not infos and not blocked:
        out.append(_("no plugins installed"))
    if env is not None and not env:
        marks = [labels[kind] for kind, there in (("broken", any(i.kind == "broken" for i in infos)),
                                                  ("conflict", bool(conflicts))) if there]
        if marks:
            # not "every plugin loads": a plugin author read it as all is well
            out.append(_("(every installed plugin was tried: those marked {marks} are not used; "
                         "choose with GUNLINE_LOAD_PLUGINS or GUNLINE_BLOCK_PLUGINS)", marks=" / ".join(marks)))
        else:
            out.append(_("(every installed plugin loads; choose with GUNLINE_LOAD_PLUGINS or GUNLINE_BLOCK_PLUGINS)"))
    return "\n".join(out)


def _ruleset_missing(ruleset: str, infos: list[PluginInfo], blocked: list[str], conflicts: Mapping[str, str]) -> str:
    """The note under a variant whose ruleset is not loaded: not installed, or
    installed and kept out (its own line in the list says why)."""
    if ruleset in conflicts or ruleset in blocked or any(i.kind == "broken" and i.name == ruleset for i in infos):
        return _("note: its ruleset {ruleset} is not loaded, so the variant cannot be used", ruleset=ruleset)
    return _("note: its ruleset {ruleset} is not installed, so the variant cannot be used", ruleset=ruleset)


def registry_text(registry: Registry) -> str:
    """:func:`plugins_text` of everything a registry found (``gunline plugins`` and
    the app's plugins page say the same)."""
    conflicts = {name: registry.conflict(name) or "" for name in sorted(registry.conflicts)}
    packages = {name: plugin.package for name, plugin in registry.plugins.items()}
    words: dict[str, tuple[str, ...]] = {}
    for info in registry.infos():
        mine = packages.get(info.name)
        ruleset = packages.get(info.ruleset or "")
        words[info.name] = tuple(dict.fromkeys(p for p in (mine, ruleset) if p is not None))
    return plugins_text(
        registry.infos(), registry.blocked, registry.blocked_by, registry.env, registry.unmatched, conflicts, words
    )
