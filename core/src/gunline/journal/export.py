"""An encounter written out: Markdown for people (session notes, a forum post) and
JSON for programs (the same shapes as the journal's models)."""

from __future__ import annotations

from typing import Any

import msgspec

from ..words import fields as state_fields
from ..words import plain
from .models import EncounterState, Entry
from .schema import SCHEMA_VERSION
from .store import Store


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


def _cell(value: Any) -> str:
    return plain(value).replace("|", "\\|").replace("\n", " ")


def state_markdown(state: EncounterState) -> list[str]:
    out: list[str] = []
    rows = [("shooter", n, s) for n, s in state.shooters.items()]
    rows += [("weapon", f"{who}: {what}", s) for who, ws in state.weapons.items() for what, s in ws.items()]
    rows += [("target", n, s) for n, s in state.targets.items()]
    if not rows:
        return ["_No state saved yet._"]
    out.append("| | name | state |")
    out.append("|---|---|---|")
    for kind, name, saved in rows:
        fields = _cell(", ".join(state_fields(saved, ("name",), all_values=True)))
        out.append(f"| {kind} | {_cell(name)} | {fields} |")
    return out


def entry_markdown(entry: Entry) -> list[str]:
    mark = f" _(undone by #{entry.undone_by_number})_" if entry.undone_by is not None else ""
    out = [f"### #{entry.number} {entry.action} — {entry.at}{mark}", "", entry.summary or entry.action]
    if entry.action in ("attack", "act"):
        variants = ", ".join(entry.variants) or "none"
        seed = "dice given" if entry.seed is None else f"seed {entry.seed}"
        out += ["", f"- ruleset: {entry.ruleset}; variants: {variants}; {seed}"]
        out.append(f"- dice: {' '.join(map(str, entry.dice)) or 'none'}")
        # the outcome lines are already in the summary above
    return out + [""]


def export_markdown(store: Store, encounter: str) -> str:
    data = export_data(store, encounter)
    out = [f"# Encounter: {data.encounter.name}", "", f"Started {data.encounter.created_at}.", "", "## State", ""]
    out += state_markdown(data.encounter)
    out += ["", "## Log", ""]
    if not data.entries:
        out += ["_Nothing yet._", ""]
    for entry in data.entries:
        out += entry_markdown(entry)
    return "\n".join(out).rstrip() + "\n"
