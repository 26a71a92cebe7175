"""The scenario being edited: a plain scenario document (the TOML file's dict) with
the edits a form makes to it. No Textual here, so it is tested on its own.

Paths are the ones scenario error messages use: ``mode``, ``shooter.skill``,
``targets[2].concealment``, ``weapon.armor.general``; a ruleset's settings are
top-level keys (``aim``).
"""

from __future__ import annotations

import copy
import re
from typing import Any

from gunline.models import Ruleset
from gunline.scenario import catalogue_entry

_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def split_path(path: str) -> list[str | int]:
    return [int(i) if i else k for k, i in _PART.findall(path)]


def blank(ruleset: Ruleset) -> dict[str, Any]:
    """An empty scenario for ``ruleset``: one unnamed target, the first fire mode."""
    return {
        "ruleset": ruleset.name,
        "variants": [],
        "mode": ruleset.modes[0],
        "shooter": {},
        "weapon": {},
        "targets": [{}],
    }


class Draft:
    """A scenario document and the operations a form performs on it."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = copy.deepcopy(doc)
        self.doc.setdefault("targets", [{}])
        for key in ("shooter", "weapon"):
            self.doc.setdefault(key, {})

    # -- fields --------------------------------------------------------------------
    def get(self, path: str, default: Any = None) -> Any:
        node: Any = self.doc
        for part in split_path(path):
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                return default
        return node

    def set(self, path: str, value: Any) -> None:
        """Set a field; ``None`` removes it (so the Struct's default applies)."""
        parts = split_path(path)
        node: Any = self.doc
        for part, nxt in zip(parts, parts[1:]):
            if isinstance(part, int):
                node = node[part]
            else:
                if not isinstance(node.get(part), (dict, list)):
                    node[part] = [] if isinstance(nxt, int) else {}
                node = node[part]
        last = parts[-1]
        if value is None:
            if isinstance(node, dict):
                node.pop(last, None)
        else:
            node[last] = value

    # -- the weapon and its catalogue ------------------------------------------------
    def weapon_value(self, ruleset: Ruleset, field: str) -> Any:
        """A weapon field as the attack will see it: typed over catalogue."""
        weapon = self.doc.get("weapon") or {}
        if field in weapon:
            return weapon[field]
        name = weapon.get("name")
        entry = catalogue_entry(ruleset, name) if isinstance(name, str) else None
        return (entry or {}).get(field)

    def choose_weapon(self, ruleset: Ruleset, name: str | None) -> None:
        """Pick a catalogue entry (its fields become the weapon's, each overridable)
        or ``None`` for a custom weapon (keeps the fields typed so far)."""
        if name is None:
            weapon = dict(self.doc.get("weapon") or {})
            entry = catalogue_entry(ruleset, weapon.get("name", "")) if weapon.get("name") else None
            self.doc["weapon"] = {**(entry or {}), **weapon, "name": "custom"}
        else:
            self.doc["weapon"] = {"name": name}

    def set_weapon_field(self, ruleset: Ruleset, field: str, value: Any) -> None:
        """Override a weapon field; a value equal to the catalogue's is not stored,
        so a saved file says only what differs from the catalogue."""
        weapon = self.doc.setdefault("weapon", {})
        name = weapon.get("name")
        entry = catalogue_entry(ruleset, name) if isinstance(name, str) and field != "name" else None
        if value is None or (entry is not None and entry.get(field) == value):
            weapon.pop(field, None)
        else:
            weapon[field] = value

    # -- targets ---------------------------------------------------------------------
    @property
    def targets(self) -> list[dict[str, Any]]:
        return self.doc.setdefault("targets", [])

    def add_target(self, after: int | None = None) -> int:
        """Insert an empty target after ``after`` (at the end by default); its index."""
        index = len(self.targets) if after is None else after + 1
        self.targets.insert(index, {})
        return index

    def remove_target(self, index: int) -> int:
        """Remove a target; the index of the target to focus next (-1 if none left)."""
        del self.targets[index]
        return min(index, len(self.targets) - 1)

    def move_target(self, index: int, by: int) -> int:
        """Move a target up (``by=-1``) or down; its new index."""
        new = max(0, min(len(self.targets) - 1, index + by))
        self.targets.insert(new, self.targets.pop(index))
        return new

    # -- the map ---------------------------------------------------------------------
    def nudge(self, name: str, by: tuple[float, float]) -> list[float] | None:
        """Move the model ``name`` by ``by`` on the scenario's map (by name, not by
        path: a name may hold a dot); where he stands now, or None if he stands
        nowhere on it."""
        field = self.doc.get("map")
        placed = field.get("at") if isinstance(field, dict) else None
        if not isinstance(placed, dict):
            return None
        where = placed.get(name)
        if not (isinstance(where, list) and len(where) == 2 and all(isinstance(v, (int, float)) for v in where)):
            return None
        moved = [_tidy(where[0] + by[0]), _tidy(where[1] + by[1])]
        placed[name] = moved
        return moved

    # -- variants --------------------------------------------------------------------
    def toggle_variant(self, name: str, on: bool) -> None:
        variants = [v for v in self.doc.get("variants", []) if v != name]
        if on:
            variants.append(name)
        self.doc["variants"] = variants

    def clean(self) -> dict[str, Any]:
        """The document to save: empty tables and the ``variants`` default dropped."""
        doc = copy.deepcopy(self.doc)
        if not doc.get("variants"):
            doc.pop("variants", None)
        return doc


def _tidy(value: float) -> float:
    """A coordinate as a file would say it: 12, not 12.0; 12.5, not 12.500000001."""
    value = round(value, 2)
    return int(value) if float(value).is_integer() else value
