"""An encounter written out: Markdown for people (session notes, a forum post) and
JSON for programs (the same shapes as the journal's models)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from ..language import N_, SOURCE, _, language, term
from ..words import fields as state_fields
from ..words import plain
from .models import EncounterState, Entry
from .schema import SCHEMA_VERSION
from .store import Store

if TYPE_CHECKING:
    from ..plugins import Registry

#: What an entry of the log did, as its heading says it (worded by :func:`term`).
ACTIONS = (N_("attack"), N_("reload"), N_("undo"), N_("act"))


class Export(msgspec.Struct, kw_only=True):
    """``journal export --json``: the encounter's state now and its whole log."""

    schema: int
    encounter: EncounterState
    entries: list[Entry]


def export_data(store: Store, encounter: str) -> Export:
    with store.read() as conn:
        eid = store._encounter_id(conn, encounter)
        return Export(schema=SCHEMA_VERSION, encounter=store._state(conn, eid), entries=store._entries(conn, eid))


def export_json(store: Store, encounter: str) -> str:
    return msgspec.json.format(msgspec.json.encode(export_data(store, encounter)).decode(), indent=2)


def packages_of(entries: Sequence[Entry], registry: Registry | None) -> tuple[str, ...]:
    """Whose catalogues word an encounter's keys and statuses: those of the ruleset
    (and variants) of its latest entry that has one; none in English, where the keys
    need no catalogue (and no plugin need be loaded), or without a registry."""
    if registry is None or language() == SOURCE:
        return ()
    for entry in reversed(entries):
        if entry.ruleset is not None:
            return registry.packages(entry.ruleset, entry.variants)
    return ()


def _cell(value: Any, packages: tuple[str, ...] = ()) -> str:
    return plain(value, packages).replace("|", "\\|").replace("\n", " ")


def state_markdown(state: EncounterState, packages: tuple[str, ...] = ()) -> list[str]:
    """The encounter's state as a Markdown table; ``packages`` word its keys and
    statuses."""
    out: list[str] = []
    kinds = {"shooter": _("shooter"), "weapon": _("weapon"), "target": _("target")}
    rows = [("shooter", n, s) for n, s in state.shooters.items()]
    rows += [("weapon", f"{who}: {what}", s) for who, ws in state.weapons.items() for what, s in ws.items()]
    rows += [("target", n, s) for n, s in state.targets.items()]
    if not rows:
        return ["_" + _("No state saved yet.") + "_"]
    name_heading, state_heading = _("name"), _("state")
    out.append(f"| | {name_heading} | {state_heading} |")
    out.append("|---|---|---|")
    for kind, name, saved in rows:
        fields = _cell(", ".join(state_fields(saved, ("name",), all_values=True, packages=packages)))
        out.append(f"| {kinds[kind]} | {_cell(name)} | {fields} |")
    return out


def undone_by(entry: Entry) -> str:
    """``undone by #5``, for an entry an undo reverted."""
    return _("undone by #{number}", number=entry.undone_by_number)


def entry_markdown(entry: Entry, packages: tuple[str, ...] = ()) -> list[str]:
    mark = f" _({undone_by(entry)})_" if entry.undone_by is not None else ""
    action = term(entry.action, packages)
    out = [f"### #{entry.number} {action} — {entry.at}{mark}", "", entry.summary or action]
    if entry.action in ("attack", "act"):
        variants = ", ".join(entry.variants) or _("none")
        seed = _("dice given") if entry.seed is None else _("seed {seed}", seed=entry.seed)
        out += ["", "- " + _("ruleset: {ruleset}; variants: {variants}; {seed}", ruleset=entry.ruleset,
                             variants=variants, seed=seed)]
        out.append("- " + _("dice: {faces}", faces=" ".join(map(str, entry.dice)) or _("none")))
        # the outcome lines are already in the summary above
    return out + [""]


def export_markdown(store: Store, encounter: str, registry: Registry | None = None) -> str:
    """The encounter as Markdown, in the language in use (``registry``: where the
    ruleset's catalogues are found, to word its keys and statuses)."""
    data = export_data(store, encounter)
    packages = packages_of(data.entries, registry)
    out = ["# " + _("Encounter: {name}", name=data.encounter.name), "",
           _("Started {at}.", at=data.encounter.created_at), "", "## " + _("State"), ""]
    out += state_markdown(data.encounter, packages)
    out += ["", "## " + _("Log"), ""]
    if not data.entries:
        out += ["_" + _("Nothing yet.") + "_", ""]
    for entry in data.entries:
        out += entry_markdown(entry, packages)
    return "\n".join(out).rstrip() + "\n"
