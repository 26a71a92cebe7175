"""Encounter actions: commit a resolved chain, reload a weapon, undo the last action.

Each action is one write transaction that appends an entry and updates the state
tables together, so the state is always the sum of the log. An entry records every
state row it changed, before and after, which is all undo needs.

Weapon state is keyed by (shooter name, weapon name): two shooters with the same
rifle each have their own clip.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

from ..engine import start_state
from ..errors import AttackRefused, BadInput, PluginFailed
from ..models import ActionChain, Attack, Chain
from ..runner import chain_json, run, run_action
from ..state import ChainState
from .models import Change, Entry, RosterEntry, Table
from .store import Store, now


def _encode_json(value: Any) -> str:
    import msgspec

    return msgspec.json.encode(value).decode()


def shooter_name(attack: Attack) -> str:
    return str(getattr(attack.shooter, "name", "") or "")


def weapon_name(attack: Attack) -> str:
    return str(getattr(attack.weapon, "name", "") or "")


def _summary(attack: Attack, chain: Chain) -> str:
    targets = ", ".join(t.name for t in attack.targets)
    outcome = "; ".join(chain.outcomes.values())
    return f"{shooter_name(attack)} fires {weapon_name(attack)} ({attack.mode}) at {targets}: {outcome}"


class _InTransaction:
    """The journal's roster read through a connection already in a transaction."""

    def __init__(self, journal: Journal, conn: sqlite3.Connection) -> None:
        self.path, self._journal, self._conn = journal.path, journal, conn

    def roster_get(self, ruleset: str, kind: str, name: str) -> dict[str, Any] | None:
        return self._journal._roster_get(self._conn, ruleset, kind, name)

    def roster_names(self, ruleset: str, kind: str) -> list[str]:
        return self._journal._roster_names(self._conn, ruleset, kind)


class StaleState(BadInput):
    """The encounter changed between resolving a chain and committing it (another
    session committed in between): resolve again from the new state."""


class Journal(Store):
    """An encounter journal: open it with ``Journal(path)`` (``None`` for the
    default path) and use it as a context manager."""

    # -- what an attack starts from ---------------------------------------------------
    def prior(self, encounter: str, attack: Attack) -> ChainState:
        """The saved state ``attack`` starts from in ``encounter``: its shooter, its
        weapon (by shooter and weapon name), those of its targets already seen, and
        the shooter's own state as a target (``shooter_as_target``).
        Empty when the encounter does not exist yet. Pass it to
        ``gunline.runner.run(..., prior=...)``."""
        with self.read() as conn:
            row = conn.execute("SELECT id FROM encounters WHERE name = ?", (encounter,)).fetchone()
            return self._prior(conn, row[0] if row else None, attack)

    def _prior(self, conn: sqlite3.Connection, eid: int | None, attack: Attack) -> ChainState:
        if eid is None:
            return ChainState()
        self._same_ruleset(conn, eid, attack.ruleset)
        who = shooter_name(attack)
        targets = {}
        for target in attack.targets:
            saved = self._row_state(conn, eid, "targets", [target.name])
            if saved is not None:
                targets[target.name] = saved
        return ChainState(
            shooter=self._row_state(conn, eid, "shooters", [who]) or {},
            weapon=self._row_state(conn, eid, "weapons", [who, weapon_name(attack)]) or {},
            targets=targets,
            shooter_as_target=self._row_state(conn, eid, "targets", [who]) or {},
        )

    def _same_ruleset(self, conn: sqlite3.Connection, eid: int, ruleset: str) -> None:
        """An encounter is fought under one ruleset: the first of its entries still
        standing (not undone) says which, and an attack, reload or action of another
        is refused before it reads or writes anything (its state would mean nothing
        to the other game's rules)."""
        row = conn.execute(
            """SELECT x.ruleset, e.name FROM entries x JOIN encounters e ON e.id = x.encounter_id
               LEFT JOIN entries u ON u.undoes = x.id
               WHERE x.encounter_id = ? AND x.action != 'undo' AND x.ruleset IS NOT NULL AND u.id IS NULL
               ORDER BY x.id LIMIT 1""",
            (eid,),
        ).fetchone()
        if row is not None and row[0] != ruleset:
            raise BadInput(
                f"encounter {row[1]!r} is fought under {row[0]}, not {ruleset}: "
                f"pick or start another encounter for this {ruleset} attack"
            )

    # -- attacks ------------------------------------------------------------------------
    def resolve(
        self,
        encounter: str,
        registry: Any,
        attack: Attack,
        document: dict[str, Any] | None = None,
        *,
        seed: int | None = None,
        faces: Sequence[int | None] | None = None,
        manual: bool = True,
    ) -> tuple[Chain, int, Entry]:
        """Resolve ``attack`` from the encounter's saved state and commit it, in one
        transaction (no other session can commit in between). Returns the chain,
        the count of unused faces and the new entry. Nothing is written when the
        attack is refused, a plugin fails or dice are needed. ``seed``, ``faces``
        and ``manual`` are as for :func:`gunline.runner.run`."""
        with self.write() as conn:
            eid = self._encounter_id(conn, encounter, create=True)
            prior = self._prior(conn, eid, attack)
            chain, unused = run(registry, attack, seed=seed, faces=faces, prior=prior, manual=manual)
            entry_id = self._commit(conn, eid, attack, document, chain)
            entry = self._entries(conn, eid, "x.id = ?", (entry_id,))[0]
        return chain, unused, entry

    def commit(
        self,
        encounter: str,
        attack: Attack,
        chain: Chain,
        document: dict[str, Any] | None = None,
        *,
        prior: ChainState | None = None,
    ) -> Entry:
        """Commit a chain resolved elsewhere (the TUI shows it first). Give the
        ``prior`` it was resolved from: if the encounter has moved on since,
        :class:`StaleState` is raised and nothing is written."""
        with self.write() as conn:
            eid = self._encounter_id(conn, encounter, create=True)
            if prior is not None and self._prior(conn, eid, attack) != _without_steps(prior):
                raise StaleState(
                    f"encounter {encounter!r}: changed since this chain was resolved "
                    "(another session committed); resolve it again"
                )
            entry_id = self._commit(conn, eid, attack, document, chain)
            return self._entries(conn, eid, "x.id = ?", (entry_id,))[0]

    def _expanded(self, conn: sqlite3.Connection, document: Any, ruleset: str) -> Any:
        """The document as the journal keeps it: ``[roster]`` references filled in
        (from this journal's own roster, read in the transaction writing it), so a
        roster entry changed later never changes what was fought."""
        if isinstance(document, dict) and "roster" in document:
            from ..roster import expand

            return expand(document, _InTransaction(self, conn), ruleset)
        return document

    def _commit(self, conn: sqlite3.Connection, eid: int, attack: Attack, document: Any, chain: Chain) -> int:
        who, what = shooter_name(attack), weapon_name(attack)
        proposed: list[tuple[Table, list[str], dict[str, Any]]] = [
            ("shooters", [who], chain.shooter), ("weapons", [who, what], chain.weapon)
        ]
        proposed += [("targets", [name], state) for name, state in chain.targets.items()]
        changes = []
        for table, key, after in proposed:
            if not isinstance(after, dict):
                raise PluginFailed(
                    attack.ruleset, "state", f"{table[:-1]} state is {type(after).__name__}, expected dict"
                )
            before = self._row_state(conn, eid, table, key)
            after = _json_safe(after, attack.ruleset, f"{table[:-1]} {'/'.join(key)}")
            if before != after:
                changes.append(Change(table=table, key=key, before=before, after=after))
        self._apply(conn, eid, changes)
        return self._append(
            conn, eid, "attack", changes,
            ruleset=attack.ruleset, variants=list(attack.variants),
            scenario=self._expanded(conn, document, attack.ruleset),
            seed=chain.seed, dice=list(chain.dice), chain=chain_json(chain).decode(),
            summary=_summary(attack, chain),
        )

    # -- reloading ----------------------------------------------------------------------
    def reload(
        self,
        encounter: str,
        registry: Any,
        *,
        shooter: str | None = None,
        weapon: str | None = None,
        attack: Attack | None = None,
        document: dict[str, Any] | None = None,
        variants: Iterable[str] = (),
    ) -> Entry:
        """Spend an action reloading a weapon, through the ruleset's
        ``reload_weapon`` hook. The weapon is given by ``attack`` (the TUI's
        current scenario) or found by shooter and/or weapon name among the
        encounter's attacks (the latest that matches), reloaded under its variants
        and ``variants``. Journaled, so undoable."""
        from ..scenario import build_attack

        with self.write() as conn:
            eid = self._encounter_id(conn, encounter, create=attack is not None)
            if attack is None:
                source = self._last_attack(conn, eid, encounter, shooter, weapon)
                if source.scenario is None:
                    raise BadInput(f"reload: entry #{source.number} keeps no scenario to reload from")
                document = source.scenario
                extra = [*source.variants, *(v for v in variants if v not in source.variants)]
                attack = build_attack(registry, document, f"journal entry #{source.number}", extra)
            stack = registry.stack(attack.ruleset, attack.variants)
            state = start_state(stack, attack, self._prior(conn, eid, attack))
            result, plugin = stack.first("reload_weapon", attack=attack, state=state)
            who, what = shooter_name(attack), weapon_name(attack)
            if result is None:
                raise AttackRefused(
                    f"reload: the {attack.ruleset} rules give no reload for {who}'s {what}; its state stays as it is"
                )
            if not isinstance(result, dict) or not all(isinstance(k, str) for k in result):
                raise PluginFailed(
                    plugin, "reload_weapon", f"returned {type(result).__name__}, expected dict[str, ...]"
                )
            after = _json_safe({**state.weapon, **result}, plugin, "weapon state")
            before = self._row_state(conn, eid, "weapons", [who, what])
            changes = [Change(table="weapons", key=[who, what], before=before, after=after)]
            self._apply(conn, eid, changes)
            rounds = after.get("rounds_left")
            entry_id = self._append(
                conn, eid, "reload", changes,
                ruleset=attack.ruleset, variants=list(attack.variants),
                scenario=self._expanded(conn, document, attack.ruleset),
                summary=f"{who} reloads {what}" + (f": {rounds} rounds" if rounds is not None else ""),
            )
            return self._entries(conn, eid, "x.id = ?", (entry_id,))[0]

    # -- actions between attacks --------------------------------------------------------
    def act(
        self,
        encounter: str,
        registry: Any,
        action: str,
        *,
        who: str | None = None,
        attack: Attack | None = None,
        document: dict[str, Any] | None = None,
        shooter: str | None = None,
        weapon: str | None = None,
        variants: Sequence[str] = (),
        seed: int | None = None,
        faces: Sequence[int | None] | None = None,
        manual: bool = True,
    ) -> tuple[ActionChain, int, Entry]:
        """Resolve ``action`` (one the ruleset declares: a recovery roll, a jam
        cleared) from the encounter's saved state and commit it, in one transaction,
        as an ``act`` entry (undoable). The fighters and weapon come from ``attack``
        (the scenario on show) or, without it, from the encounter's latest attack
        with ``who`` among its targets (an action on a target) or with that shooter
        and weapon (an action on the shooter or the weapon), with ``variants`` added
        to its own. ``seed``, ``faces`` and
        ``manual`` are as for :func:`gunline.runner.run`. Returns the action's chain,
        the count of unused faces and the entry; nothing is written when the action
        is refused, a plugin fails or dice are needed."""
        with self.write() as conn:
            eid = self._encounter_id(conn, encounter, create=attack is not None)
            if attack is None:
                attack, document = self._act_source(conn, eid, encounter, registry, action, who, shooter, weapon,
                                                    variants)
            prior = self._prior(conn, eid, attack)
            chain, unused = run_action(
                registry, attack, action, who, seed=seed, faces=faces, prior=prior, manual=manual
            )
            entry_id = self._commit_action(conn, eid, attack, document, chain)
            entry = self._entries(conn, eid, "x.id = ?", (entry_id,))[0]
        return chain, unused, entry

    def act_source(
        self,
        encounter: str,
        registry: Any,
        action: str,
        *,
        who: str | None = None,
        shooter: str | None = None,
        weapon: str | None = None,
        variants: Sequence[str] = (),
    ) -> tuple[Attack, dict[str, Any]]:
        """The attack (and its scenario document) :meth:`act` would take the fighters
        of ``action`` from when given none, read without writing (for its odds)."""
        with self.read() as conn:
            eid = self._encounter_id(conn, encounter)
            return self._act_source(conn, eid, encounter, registry, action, who, shooter, weapon, variants)

    def _act_source(
        self, conn: sqlite3.Connection, eid: int, encounter: str, registry: Any, action: str,
        who: str | None, shooter: str | None, weapon: str | None, variants: Sequence[str],
    ) -> tuple[Attack, dict[str, Any]]:
        from ..scenario import build_attack

        source = self._source_of(conn, eid, encounter, registry, action, who, shooter, weapon, variants)
        if source.scenario is None:
            raise BadInput(f"{action}: entry #{source.number} keeps no scenario to act from")
        document = source.scenario
        attack = build_attack(registry, document, f"journal entry #{source.number}", [*source.variants, *variants])
        return attack, document

    def _commit_action(
        self, conn: sqlite3.Connection, eid: int, attack: Attack, document: Any, chain: ActionChain
    ) -> int:
        """Append an ``act`` entry with the state rows the action's steps changed."""
        who, what = shooter_name(attack), weapon_name(attack)
        proposed: list[tuple[Table, list[str], dict[str, Any]]] = []
        if any(s.shooter_state is not None for s in chain.steps):
            proposed.append(("shooters", [who], chain.shooter))
        if any(s.weapon_state is not None for s in chain.steps):
            proposed.append(("weapons", [who, what], chain.weapon))
        touched = {s.target for s in chain.steps if s.target_state is not None and s.target is not None}
        proposed += [("targets", [name], state) for name, state in chain.targets.items() if name in touched]
        changes = []
        for table, key, after in proposed:
            if not isinstance(after, dict):
                raise PluginFailed(
                    attack.ruleset, "state", f"{table[:-1]} state is {type(after).__name__}, expected dict"
                )
            before = self._row_state(conn, eid, table, key)
            after = _json_safe(after, attack.ruleset, f"{table[:-1]} {'/'.join(key)}")
            if before != after:
                changes.append(Change(table=table, key=key, before=before, after=after))
        self._apply(conn, eid, changes)
        outcome = "; ".join(chain.outcomes.values())
        return self._append(
            conn, eid, "act", changes,
            ruleset=attack.ruleset, variants=list(attack.variants),
            scenario=self._expanded(conn, document, attack.ruleset),
            seed=chain.seed, dice=list(chain.dice), chain=chain_json(chain).decode(),
            summary=f"{chain.action}: {outcome}", act=chain.action, who=chain.who,
        )

    def _source_of(
        self, conn: sqlite3.Connection, eid: int, encounter: str, registry: Any, action: str,
        who: str | None, shooter: str | None, weapon: str | None, variants: Sequence[str],
    ) -> Entry:
        """The latest attack an action takes its fighters from: one whose rules declare
        the action and that has ``who`` among its targets (an action on a target), or
        that was made by that shooter (and weapon) otherwise."""
        for entry in reversed(self._entries(conn, eid, "x.action = 'attack'")):
            if entry.undone_by is not None or entry.ruleset not in registry.rulesets:
                continue
            try:
                declared = registry.stack(entry.ruleset, [*entry.variants, *variants]).actions.get(action)
            except BadInput:
                continue
            if declared is None:
                continue
            doc = entry.scenario or {}
            if declared.applies_to == "target":
                targets = doc.get("targets")
                names = [t.get("name") for t in targets if isinstance(t, dict)] if isinstance(targets, list) else []
                if who is None or who in names:
                    return entry
                continue
            keys = [c.key for c in entry.changes if c.table == "weapons"]
            key = keys[0] if keys else _weapon_key(entry)
            name = who or shooter
            if key and (name is None or key[0] == name) and (weapon is None or key[1] == weapon):
                return entry
        whom = who or shooter
        raise BadInput(
            f"{action}: no attack in encounter {encounter!r} under rules with that action"
            + (f" and {whom!r} in it" if whom else "")
            + "; give the scenario file to act from"
        )

    def _last_attack(
        self, conn: sqlite3.Connection, eid: int, encounter: str, shooter: str | None, weapon: str | None
    ) -> Entry:
        for entry in reversed(self._entries(conn, eid, "x.action = 'attack'")):
            if entry.undone_by is not None:
                continue
            keys = [c.key for c in entry.changes if c.table == "weapons"]
            key = keys[0] if keys else _weapon_key(entry)
            if key and (shooter is None or key[0] == shooter) and (weapon is None or key[1] == weapon):
                return entry
        which = " ".join(filter(None, [shooter and f"shooter {shooter!r}", weapon and f"weapon {weapon!r}"]))
        raise BadInput(
            f"reload: no attack in encounter {encounter!r}{' with ' + which if which else ''}; "
            "give the scenario file to reload from"
        )

    # -- undo -----------------------------------------------------------------------------
    def undo(self, encounter: str) -> Entry:
        """Revert the encounter's last action not yet undone (an attack, a reload or
        an action between attacks);
        the revert is itself an entry, so the history keeps both."""
        with self.write() as conn:
            eid = self._encounter_id(conn, encounter)
            row = conn.execute(
                """SELECT x.id FROM entries x LEFT JOIN entries u ON u.undoes = x.id
                   WHERE x.encounter_id = ? AND x.action != 'undo' AND u.id IS NULL
                   ORDER BY x.id DESC LIMIT 1""",
                (eid,),
            ).fetchone()
            if row is None:
                raise BadInput(f"undo: nothing to undo in encounter {encounter!r}")
            last = self._entries(conn, eid, "x.id = ?", (row[0],))[0]
            for change in last.changes:
                if self._row_state(conn, eid, change.table, change.key) != change.after:
                    raise BadInput(
                        f"undo: journal {self.path} is inconsistent at entry #{last.number} "
                        f"({change.table} {'/'.join(change.key)}); run 'gunline journal check'"
                    )
            changes = [
                Change(table=c.table, key=c.key, before=c.after, after=c.before) for c in reversed(last.changes)
            ]
            self._apply(conn, eid, changes)
            entry_id = self._append(
                conn, eid, "undo", changes, ruleset=last.ruleset, undoes=last.id,
                summary=f"undo #{last.number}: {last.summary}",
            )
            return self._entries(conn, eid, "x.id = ?", (entry_id,))[0]

    # -- the roster ----------------------------------------------------------------------
    def roster_put(self, registry: Any, ruleset: str, kind: str, data: dict[str, Any]) -> RosterEntry:
        """Keep ``data`` (a shooter's, weapon's or target's table, as a scenario
        holds it) in the ``ruleset``'s roster under its name, replacing an entry of
        that name. It is checked against the ruleset's Struct first."""
        from ..roster import check_entry

        data = check_entry(registry, ruleset, kind, data)
        entry = RosterEntry(ruleset=ruleset, kind=kind, name=data["name"], data=data, saved_at=now())  # type: ignore[arg-type]
        with self.write() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO roster (ruleset, kind, name, data, saved_at) VALUES (?, ?, ?, ?, ?)",
                (ruleset, kind, entry.name, _encode_json(data), entry.saved_at),
            )
        return entry

    def roster_get(self, ruleset: str, kind: str, name: str) -> dict[str, Any] | None:
        with self.read() as conn:
            return self._roster_get(conn, ruleset, kind, name)

    def _roster_get(self, conn: sqlite3.Connection, ruleset: str, kind: str, name: str) -> dict[str, Any] | None:
        row = conn.execute(
            "SELECT data FROM roster WHERE ruleset = ? AND kind = ? AND name = ?", (ruleset, kind, name)
        ).fetchone()
        return None if row is None else self._decode(row[0], f"roster {ruleset}/{kind}/{name}", dict)

    def roster_names(self, ruleset: str, kind: str) -> list[str]:
        with self.read() as conn:
            return self._roster_names(conn, ruleset, kind)

    def _roster_names(self, conn: sqlite3.Connection, ruleset: str, kind: str) -> list[str]:
        rows = conn.execute(
            "SELECT name FROM roster WHERE ruleset = ? AND kind = ? ORDER BY name", (ruleset, kind)
        ).fetchall()
        return [r[0] for r in rows]

    def roster(self, ruleset: str | None = None) -> list[RosterEntry]:
        """Every entry (of ``ruleset``), by ruleset, kind and name."""
        where, args = ("WHERE ruleset = ?", (ruleset,)) if ruleset is not None else ("", ())
        with self.read() as conn:
            rows = conn.execute(
                f"SELECT ruleset, kind, name, data, saved_at FROM roster {where} ORDER BY ruleset, kind, name", args
            ).fetchall()
        return [
            RosterEntry(ruleset=r[0], kind=r[1], name=r[2],
                        data=self._decode(r[3], f"roster {r[0]}/{r[1]}/{r[2]}", dict), saved_at=r[4])
            for r in rows
        ]

    def roster_remove(self, ruleset: str, kind: str, name: str) -> None:
        with self.write() as conn:
            gone = conn.execute(
                "DELETE FROM roster WHERE ruleset = ? AND kind = ? AND name = ?", (ruleset, kind, name)
            ).rowcount
        if not gone:
            raise BadInput(f"roster: no {kind} {name!r} in the {ruleset} roster of journal {self.path}")

    def create(self, encounter: str) -> None:
        """Start an encounter (committing to a new name does it too)."""
        with self.write() as conn:
            self._encounter_id(conn, encounter, create=True)


def _weapon_key(entry: Entry) -> list[str] | None:
    doc = entry.scenario or {}
    shooter, weapon = doc.get("shooter"), doc.get("weapon")
    if isinstance(shooter, dict) and isinstance(weapon, dict):
        return [str(shooter.get("name", "")), str(weapon.get("name", ""))]
    return None


def _without_steps(state: ChainState) -> ChainState:
    return ChainState(
        shooter=state.shooter, weapon=state.weapon, targets=state.targets, shooter_as_target=state.shooter_as_target
    )


def _json_safe(state: dict[str, Any], plugin: str, what: str) -> dict[str, Any]:
    """The state as it reads back from the journal (JSON types), or blame the plugin
    that put something unstorable in it."""
    import msgspec

    try:
        return msgspec.json.decode(msgspec.json.encode(state), type=dict[str, Any])
    except (TypeError, msgspec.EncodeError, ValueError) as exc:
        raise PluginFailed(plugin, "state", f"{what} cannot be stored: {exc}") from None
