"""Scenarios side by side: the table of ``gunline compare`` as data.

A *column* is one scenario file, with variants of its own added
(``FILE+VARIANT[+VARIANT...]``, see :func:`split_column`), and its odds. A *row* is
one figure of those odds, in every column: for each target (matched by name; a column
without that target has ``None`` there), P(hit), P(wound), the odds of each final
status and the expected value of each step kind (hits, wounds or damage, and the
ruleset's own kinds); for the attack, the odds of each final status of the weapon, the
expected rounds spent, the expected values of the attack's own steps (shots fired,
action points) and, where a target can shoot back, the odds of each final status of
the shooter.

Every column must be of one ruleset: statuses and step kinds are each game's own
words, and a row "pinned" has no meaning beside a World of Darkness column.

A row says which way is better where that is clear without knowing the game (core
knows hooks, never games): a higher P(hit), P(wound) and expected hits and wounds; a
lower chance that the target ends in its ruleset's first status (the untouched one);
a higher chance that the weapon ends usable (its first status) and the shooter
untouched, a lower chance of each other status of theirs; fewer rounds spent. Whether
"pinned" beats "down", or what more of a ruleset's own step kind means, only the game
knows: those rows have no better, and no best.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal

import msgspec

from ..errors import BadInput
from .model import Interval, Odds

#: Version of the JSON ``compare --json`` prints; bump it when a field changes meaning
#: or goes away (a new field alone keeps it).
COMPARE_SCHEMA_VERSION = 1
#: Two figures closer than this are equal (both best, or no best at all).
TIE = 1e-9

Better = Literal["higher", "lower"]
Section = Literal["target", "weapon", "shooter", "attack"]
Measure = Literal["hit", "wound", "status", "expected", "rounds_spent"]


class Column(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One scenario compared: its file, the variants added to it for this column, and
    how its odds were computed."""

    #: What the table's header shows: "1", "2", ...
    label: str
    file: str
    #: Variants given for this column (``FILE+VARIANT``) or for every column
    #: (``--variant``), on top of the file's own.
    added: list[str]
    #: Every variant enabled: the file's own, then ``added``.
    variants: list[str]
    exact: bool
    #: Monte Carlo sample count, null when exact.
    samples: int | None
    #: Why the odds are not exact, when they are not ("" when exact).
    note: str


class Row(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One figure, in every column."""

    #: Whose figure: a target's (``target`` names it), the weapon's, the shooter's,
    #: or the attack's own steps.
    section: Section
    target: str | None
    #: ``hit``/``wound``: P(at least one); ``status``: P(ending in status ``key``);
    #: ``expected``: the mean of the summed values of step kind ``key``;
    #: ``rounds_spent``: the expected rounds spent.
    measure: Measure
    key: str | None
    #: One per column; null where the column has no such target or step.
    values: list[float | None]
    #: The 95% interval of each value, null where the value is exact or missing.
    ci95: list[Interval | None]
    #: Which way is better, null where only the game knows.
    better: Better | None
    #: Indexes of the columns holding the best value (all of them on a tie); empty
    #: when no way is better, fewer than two columns have the figure, or all are equal.
    best: list[int]


class Comparison(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Scenarios' odds side by side: the contract of ``gunline compare --json``."""

    #: The shape of this JSON (:data:`COMPARE_SCHEMA_VERSION`), described by
    #: docs/schemas/compare.schema.json.
    schema_version: int
    ruleset: str
    columns: list[Column]
    #: Every target of any column, in the order first met, column by column.
    targets: list[str]
    rows: list[Row]


def split_column(text: str, exists: Callable[[str], bool] = os.path.exists) -> tuple[str, list[str]]:
    """``FILE+VARIANT[+VARIANT...]`` as the file and the variants added to it.

    A variant's name never holds a ``+``, a file's may: the file is the longest part
    before a ``+`` that exists (the whole text, when it does), else the part before
    the first ``+`` (which the loader then reports as missing)."""
    if "+" not in text or exists(text):
        return text, []
    parts = text.split("+")
    cut = next((i for i in range(len(parts) - 1, 0, -1) if exists("+".join(parts[:i]))), 1)
    file, variants = "+".join(parts[:cut]), [v.strip() for v in parts[cut:]]
    if not file or not all(variants):
        raise BadInput(f"{text!r}: expected FILE or FILE+VARIANT[+VARIANT...], a variant's name after each +")
    return file, variants


def same_ruleset(rulesets: Sequence[tuple[str, str]]) -> str:
    """The one ruleset of every ``(file, ruleset)``; else :class:`BadInput` naming
    the first file of another ruleset."""
    first_file, first = rulesets[0]
    for file, ruleset in rulesets[1:]:
        if ruleset != first:
            raise BadInput(
                f"{file}: ruleset {ruleset!r}, but {first_file}: {first!r}; the scenarios compared must share a ruleset"
            )
    return first


def _best(values: Sequence[float | None], better: Better | None,
          ci95: Sequence[Interval | None] = ()) -> list[int]:
    """The columns with the best value; none where a sampled column's 95% interval
    leaves the order open (a difference within the noise is no difference)."""
    present = [(i, v) for i, v in enumerate(values) if v is not None]
    if better is None or len(present) < 2:
        return []
    figures = [v for _, v in present]
    if max(figures) - min(figures) <= TIE:
        return []
    top = max(figures) if better == "higher" else min(figures)
    best = [i for i, v in present if abs(v - top) <= TIE]

    def span(i: int) -> Interval:
        c = ci95[i] if i < len(ci95) else None
        v = values[i]
        assert v is not None
        return c if c is not None else (v, v)

    for i in best:
        for j, _ in present:
            if j in best:
                continue
            (lo_i, hi_i), (lo_j, hi_j) = span(i), span(j)
            apart = lo_i > hi_j + TIE if better == "higher" else hi_i < lo_j - TIE
            if not apart:
                return []
    return best


def _row(
    section: Section, target: str | None, measure: Measure, key: str | None,
    cells: Iterable[tuple[float | None, Interval | None]], better: Better | None,
) -> Row:
    pairs = list(cells)
    values = [v for v, _ in pairs]
    return Row(
        section=section, target=target, measure=measure, key=key, values=values,
        ci95=[c if v is not None else None for v, c in pairs], better=better,
        best=_best(values, better, [c if v is not None else None for v, c in pairs]),
    )


def _keys(blocks: Iterable[dict[str, float] | None], skip: Iterable[str] = ()) -> list[str]:
    """Every key of ``blocks``, in the order first met."""
    seen = dict.fromkeys(k for block in blocks if block is not None for k in block)
    for k in skip:
        seen.pop(k, None)
    return list(seen)


def _target_rows(name: str, odds: Sequence[Odds]) -> list[Row]:
    ts = [o.targets.get(name) for o in odds]
    rows = [
        _row("target", name, "hit", None, ((t.hit, t.ci95.hit if t.ci95 else None) if t else (None, None) for t in ts),
             "higher"),
        _row("target", name, "wound", None,
             ((t.wound, t.ci95.wound if t.ci95 else None) if t else (None, None) for t in ts), "higher"),
    ]
    statuses = _keys(t.status if t else None for t in ts)
    for i, status in enumerate(statuses):
        rows.append(_row(
            "target", name, "status", status,
            ((t.status.get(status), t.ci95.status.get(status) if t.ci95 else None) if t else (None, None) for t in ts),
            "lower" if i == 0 else None,
        ))
    # The pool step's value is what the roll is made against, not a count of anything.
    kinds = _keys((t.expected if t else None for t in ts), skip=("pool", "hit", "wound"))
    for kind in ("hit", "wound", *kinds):
        rows.append(_row(
            "target", name, "expected", kind,
            ((t.expected.get(kind), t.ci95.expected.get(kind) if t.ci95 else None) if t else (None, None)
             for t in ts),
            "higher" if kind in ("hit", "wound") else None,
        ))
    return rows


def _status_rows(section: Section, blocks: Sequence[Any]) -> list[Row]:
    """A row per final status of the weapon or the shooter (each column's ``blocks``):
    the first status (ok, untouched) is better higher, the others lower."""
    return [
        _row(section, None, "status", status,
             ((b.status.get(status), b.ci95.status.get(status) if b.ci95 else None) for b in blocks),
             "higher" if i == 0 else "lower")
        for i, status in enumerate(_keys(b.status for b in blocks))
    ]


def _attack_rows(odds: Sequence[Odds]) -> list[Row]:
    rows: list[Row] = []
    rows += _status_rows("weapon", [o.weapon for o in odds])
    rows.append(_row(
        "weapon", None, "rounds_spent", None,
        ((o.weapon.rounds_spent, o.weapon.ci95.rounds_spent if o.weapon.ci95 else None) for o in odds), "lower",
    ))
    for kind in _keys((o.expected for o in odds), skip=("ammo",)):  # ammo: the rounds spent, above
        rows.append(_row(
            "attack", None, "expected", kind,
            ((o.expected.get(kind), o.ci95.expected.get(kind) if o.ci95 else None) for o in odds), None,
        ))
    shooter = _keys(o.shooter.status for o in odds)
    # The shooter's rows only where some column can harm him (targets that shoot back).
    if any(p > 0 for o in odds for s, p in o.shooter.status.items() if shooter and s != shooter[0]):
        rows += _status_rows("shooter", [o.shooter for o in odds])
    return rows


def build_comparison(columns: Sequence[tuple[str, list[str], Odds]]) -> Comparison:
    """The comparison of ``(file, variants added, odds)`` columns, of one ruleset."""
    if not columns:
        raise ValueError("nothing to compare")
    odds = [o for _, _, o in columns]
    ruleset = same_ruleset([(file, o.ruleset) for file, _, o in columns])
    names = list(dict.fromkeys(name for o in odds for name in o.targets))
    rows = [row for name in names for row in _target_rows(name, odds)]
    rows += _attack_rows(odds)
    return Comparison(
        schema_version=COMPARE_SCHEMA_VERSION,
        ruleset=ruleset,
        columns=[
            Column(label=str(i + 1), file=file, added=list(added), variants=list(o.variants), exact=o.exact,
                   samples=o.samples, note=o.note if not o.exact else "")
            for i, (file, added, o) in enumerate(columns)
        ],
        targets=names,
        rows=rows,
    )


_encoder = msgspec.json.Encoder()


def comparison_json(comparison: Comparison) -> bytes:
    """The comparison as the JSON contract of ``compare --json``."""
    return _encoder.encode(comparison)
