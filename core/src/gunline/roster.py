"""Rosters: the fighters, weapons and targets a GM keeps from one scenario to the
next, per ruleset, picked by name.

A roster entry is the table a scenario file would hold for it (``[shooter]``,
``[weapon]`` or one ``[[targets]]``), saved under its name with the journal
(:meth:`gunline.journal.Journal.roster_put`). A scenario file names entries in a
``[roster]`` table::

    ruleset = "necromunda"

    [roster]
    shooter = "Vex"
    weapon = "Vex's lasgun"
    targets = ["Goliath", "Escher juve"]

    [[targets]]          # what differs this time: it is laid over the entry
    name = "Goliath"
    distance = 14

The shooter and the weapon are the entries with what the file gives for them laid
over them; the targets are the entries named, in that order, each with the file's
target of the same name laid over it, then the file's other targets. Expanded, the
document is an ordinary scenario: rules never see a roster, and the journal keeps
the expanded document, so an entry changed later never changes what was fought.
"""

from __future__ import annotations

from typing import Any, Protocol

from .errors import BadInput

#: What a roster holds, by the name the ``[roster]`` table and the CLI use.
KINDS = ("shooter", "weapon", "target")


class RosterBook(Protocol):
    """Where roster entries are kept (the journal)."""

    path: Any

    def roster_get(self, ruleset: str, kind: str, name: str) -> dict[str, Any] | None: ...

    def roster_names(self, ruleset: str, kind: str) -> list[str]: ...


class JournalRoster:
    """The roster kept in the journal at ``path`` (None: ``GUNLINE_JOURNAL``, else the
    per-user default), opened only when an entry is read."""

    def __init__(self, path: str | None = None) -> None:
        from .journal.paths import journal_path

        self.path = str(journal_path(path)[0])
        self._given = path

    def _journal(self) -> Any:
        import os

        from .journal import Journal

        if not os.path.exists(self.path):
            raise BadInput(
                f"roster: no journal at {self.path} yet: 'gunline roster add FILE --all' keeps a scenario's "
                "fighters there (or give --journal PATH)"
            )
        return Journal(self._given, must_exist=True)

    def roster_get(self, ruleset: str, kind: str, name: str) -> dict[str, Any] | None:
        with self._journal() as journal:
            result: dict[str, Any] | None = journal.roster_get(ruleset, kind, name)
            return result

    def roster_names(self, ruleset: str, kind: str) -> list[str]:
        with self._journal() as journal:
            names: list[str] = journal.roster_names(ruleset, kind)
            return names


def _where(source: str) -> str:
    return f"{source}: " if source else ""


def expand(doc: dict[str, Any], book: RosterBook | None, ruleset: str, source: str = "") -> dict[str, Any]:
    """``doc`` with its ``[roster]`` references filled in from ``book``; a document
    without one is returned as it is."""
    refs = doc.get("roster")
    if refs is None:
        return doc
    if not isinstance(refs, dict):
        raise BadInput(f"{_where(source)}roster: expected a table (shooter, weapon, targets)")
    unknown = [k for k in refs if k not in ("shooter", "weapon", "targets")]
    if unknown:
        raise BadInput(f"{_where(source)}roster.{unknown[0]}: unknown key; expected shooter, weapon or targets")
    if book is None:
        raise BadInput(f"{_where(source)}roster: no journal to take the roster from")
    out = {k: v for k, v in doc.items() if k != "roster"}
    for kind in ("shooter", "weapon"):
        if kind in refs:
            entry = _entry(book, ruleset, kind, refs[kind], f"roster.{kind}", source)
            given = out.get(kind) or {}
            if not isinstance(given, dict):
                raise BadInput(f"{_where(source)}{kind}: expected a table, laid over the roster's {refs[kind]!r}")
            out[kind] = {**entry, **given}
    if "targets" in refs:
        names = refs["targets"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise BadInput(f"{_where(source)}roster.targets: expected a list of names, e.g. [\"Goliath\"]")
        inline = out.get("targets") or []
        if not isinstance(inline, list) or not all(isinstance(t, dict) for t in inline):
            raise BadInput(f"{_where(source)}targets: expected [[targets]] tables")
        targets = []
        for k, j in target_sources(names, inline):
            if k is None:
                assert j is not None
                targets.append(inline[j])
                continue
            entry = _entry(book, ruleset, "target", names[k], f"roster.targets[{k}]", source)
            targets.append({**entry, **(inline[j] if j is not None else {}), "name": names[k]})
        out["targets"] = targets
    return out


def target_sources(names: list[str], inline: list[dict[str, Any]]) -> list[tuple[int | None, int | None]]:
    """Where each target of the expanded document comes from, in its order: ``(k,
    j)``, the name ``roster.targets[k]`` picks (None: no roster entry) and the file's
    ``[[targets]]`` number ``j`` laid over it (None: none; the last of that name when
    several have it). The entries named come first, then the file's other targets."""
    by_name = {t.get("name"): j for j, t in enumerate(inline)}
    order: list[tuple[int | None, int | None]] = [(k, by_name.pop(name, None)) for k, name in enumerate(names)]
    return order + [(None, j) for j, t in enumerate(inline) if t.get("name") in by_name]


def _entry(book: RosterBook, ruleset: str, kind: str, name: Any, field: str, source: str) -> dict[str, Any]:
    if not isinstance(name, str) or not name.strip():
        raise BadInput(f"{_where(source)}{field}: expected the name of a {kind} of the {ruleset} roster")
    from .scenario import check_name

    check_name(name, source, field)
    try:
        entry = book.roster_get(ruleset, kind, name)
        known = book.roster_names(ruleset, kind) if entry is None else []
    except BadInput as exc:  # no journal, or one that cannot be read: say which file asked
        raise BadInput(f"{_where(source)}{exc}") from None
    if entry is None:
        has = f"it has {', '.join(repr(k) for k in known)}" if known else f"it has no {kind} yet"
        raise BadInput(
            f"{_where(source)}{field}: no {kind} {name!r} in the {ruleset} roster of journal {book.path} ({has}; "
            f"'gunline roster add' saves one)"
        )
    return entry


def check_entry(registry: Any, ruleset: str, kind: str, data: Any, source: str = "") -> dict[str, Any]:
    """``data`` checked as the table it stands for (a weapon over its catalogue
    entry) against the ruleset's own Struct; returns it as given. An entry that
    could not stand in a scenario is never saved."""
    from .scenario import check_name, convert, merge_weapon

    if kind not in KINDS:
        raise BadInput(f"roster: {kind!r} is not a kind of entry; expected one of: {', '.join(KINDS)}")
    rules = registry.ruleset(ruleset)
    if not isinstance(data, dict):
        raise BadInput(f"{_where(source)}{kind}: expected a table")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise BadInput(f"{_where(source)}{kind}.name: a roster entry needs a name to be picked by")
    check_name(name, source, f"{kind}.name")
    if kind == "weapon":
        merged, _ = merge_weapon(rules, data, source)
        convert(merged, rules.weapon, source, "weapon", rules.name)
    else:
        convert(data, rules.shooter if kind == "shooter" else rules.target, source, kind, rules.name)
    return data
