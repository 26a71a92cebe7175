"""``gunline plugins --check``: whether plugins load and can be used, as an exit code.

The listing is for a person and exits 0 whatever it lists: one broken plugin does not
stop the others, and a GM still wants to see what is there. A plugin author's CI, or
a GM's script after an upgrade, asks a question whose answer must be the exit code:
does mine load? ``--check NAME...`` answers it for the plugins named (a ruleset's or
variant's declared name, its entry point's, or its distribution's, as
``GUNLINE_LOAD_PLUGINS`` takes them; one kept out by those variables is not used);
``--check`` alone, for every plugin installed. Each problem is one line; any problem
exits 1. A note (:func:`notes`) is a line too, but breaks nothing and exits 0.
"""

from __future__ import annotations

from collections.abc import Iterable

from .entry_points import canonical
from .errors import quoted
from .models import PluginInfo
from .plugins import ENV_BLOCK, ENV_LOAD, Registry, namespace


def problems(registry: Registry, names: Iterable[str] = ()) -> list[str]:
    """What keeps the plugins ``names`` (all, if none is given) from being used, a line
    each, in the order listed; empty when each loads and can be used."""
    infos = registry.infos()
    wanted = list(dict.fromkeys(names))
    if not wanted:
        # (a plugin kept out by GUNLINE_BLOCK_PLUGINS or GUNLINE_LOAD_PLUGINS is the
        # GM's choice, not a problem; a name in them that matches nothing is a slip)
        found = [_problem(registry, info, asked=False) for info in infos]
        found += [f"{var}: names no installed plugin or distribution: {', '.join(map(quoted, unmatched))}"
                  for var, unmatched in sorted(registry.unmatched.items())]
        return _once(p for p in found if p)
    found = []
    for name in wanted:
        mine = [info for info in infos if _is(info, name)]
        if mine:
            found += [_problem(registry, info, asked=True) for info in mine]
        elif name in registry.blocked:
            found.append(_blocked(registry, name))
        else:
            known = sorted({info.name for info in infos} | set(registry.blocked))
            found.append(f"{quoted(name)}: no installed plugin or distribution has this name; "
                         f"installed: {', '.join(known) or 'none'}{registry.orphaned(name)}")
    return _once(p for p in found if p)


def _is(info: PluginInfo, name: str) -> bool:
    return name == info.name or bool(info.distribution) and canonical(name) == canonical(info.distribution)


def _problem(registry: Registry, info: PluginInfo, *, asked: bool) -> str | None:
    """What keeps ``info``'s plugin from being used, if anything. A variant whose
    ruleset the GM kept out is unusable by the GM's choice: a problem only when
    ``asked`` about by name."""
    who = f"{quoted(info.name)} ({info.distribution} {info.version})" if info.distribution else quoted(info.name)
    if info.kind == "broken":
        return f"{who}: did not load: {info.error}"
    conflict = registry.conflict(info.name)
    if conflict is not None:
        return conflict
    if info.ruleset_missing and (asked or info.ruleset not in registry.blocked):
        return f"variant {who}: its ruleset {quoted(info.ruleset)} is not loaded, so it cannot be enabled"
    return None


def _blocked(registry: Registry, name: str) -> str:
    by = registry.blocked_by.get(name, f"{ENV_LOAD} / {ENV_BLOCK}")
    return f"{quoted(name)}: installed but not loaded: {by}={registry.env.get(by, '')!r} keeps it out"


def _once(lines: Iterable[str]) -> list[str]:
    """Each line once (the claims of a name in conflict say the same)."""
    return list(dict.fromkeys(lines))


def notes(registry: Registry, names: Iterable[str] = ()) -> list[str]:
    """What works but should be put right by the plugin's author, a line each: a
    plugin published under an entry point of another name than the one it declares
    (``raid = "gunline_raid"`` declaring ``raid-skirmish``). A command on a scenario
    loads the entry points of its ruleset's name alone; this one's is missed, and
    the command loads every installed plugin before it finds it."""
    wanted = list(names)
    found = []
    for name, plugin in sorted(registry.plugins.items()):
        info = next((i for i in registry.infos() if i.name == name), None)
        if wanted and not (info is not None and any(_is(info, w) for w in wanted)):
            continue
        if plugin.entry_point and namespace(plugin.entry_point) != namespace(name):
            who = f"{quoted(name)} ({plugin.distribution} {plugin.version})" if plugin.distribution else quoted(name)
            found.append(f"{who} is published under the entry point {quoted(plugin.entry_point)}: named "
                         f"{quoted(name)}, it is loaded alone for a scenario of {quoted(namespace(name))}; "
                         "as it is, every installed plugin is loaded first")
    return found
