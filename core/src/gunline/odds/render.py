"""The odds as a GM reads them in a terminal: one table per target, percentages
with one decimal, words rather than colour."""

from __future__ import annotations

from ..language import SOURCE, _, language, term
from .model import Odds, TargetOdds

#: Kinds with a line of their own, or whose value is no count of anything (the
#: pool step's value is what the roll is made against).
SHOWN_APART = ("hit", "wound", "pool")
#: Pool tables show "at least k" up to this many columns.
POOL_COLUMNS = 10


def _pct(p: float) -> str:
    if 0 < p < 0.0005:
        return "<0.1%"
    if 0.9995 < p < 1:
        return ">99.9%"
    return f"{100 * p:.1f}%"


def _ci(ci: tuple[float, float] | None) -> str:
    return f"  (95%: {_pct(ci[0])}–{_pct(ci[1])})" if ci is not None else ""


def _target_lines(name: str, t: TargetOdds, words: tuple[str, ...]) -> list[str]:
    ci = t.ci95
    lines = [f"{name}:"]
    kinds = [kind for kind in t.steps if kind not in SHOWN_APART]
    # the kinds' column: 8 wide (in English, as it always was), or in another
    # language as wide as its longest word
    width = 8
    if language() != SOURCE:
        width = max(8, *(len(term(kind, words)) for kind in ("hit", "wound", *kinds)))
    lines.append(f"  {term('hit', words):<{width}} {_pct(t.hit):>7}{_ci(ci.hit if ci else None)}")
    lines.append(f"  {term('wound', words):<{width}} {_pct(t.wound):>7}{_ci(ci.wound if ci else None)}")
    for kind in kinds:
        p = t.steps[kind]
        reached = t.reached.get(kind, 0.0)
        when = "" if reached >= 0.9995 else "  " + _("(step reached {chance})", chance=_pct(reached))
        lines.append(f"  {term(kind, words):<{width}} {_pct(p):>7}{when}{_ci(ci.steps.get(kind) if ci else None)}")
    lines.append("  " + _("status:"))
    lines.extend(_status_lines(t.status, ci.status if ci else None, words))
    if t.models:
        lines.append("  " + _("models:"))
    lines.extend(_model_lines(t.models, ci.models if ci else None, words))
    for label, table in t.pools.items():
        cols = "  ".join(f"≥{k} {_pct(p)}" for k, p in list(enumerate(table))[1 : POOL_COLUMNS + 1])
        lines.append("  " + _("{pool} (successes): {columns}", pool=label, columns=cols))
    return lines


def _model_lines(
    models: dict[str, dict[str, float]], ci: dict[str, dict[str, tuple[float, float]]] | None,
    words: tuple[str, ...],
) -> list[str]:
    lines = []
    for model, statuses in models.items():
        mci = ci.get(model, {}) if ci else {}
        shown = ", ".join(
            f"{term(status, words)} {_pct(p)}{_ci(mci.get(status))}" for status, p in statuses.items() if p
        )
        lines.append(f"    {model}: {shown}")
    return lines


def how_found(odds: Odds) -> str:
    """Exact, or sampled and how much."""
    if odds.exact:
        return _("exact")
    return _("Monte Carlo, {samples} samples, 95% intervals", samples=odds.samples)


def odds_heading(odds: Odds, what: str) -> str:
    if odds.variants:
        return _("{ruleset}, variants: {variants} — {what} ({how})", ruleset=odds.ruleset,
                 variants=", ".join(odds.variants), what=what, how=how_found(odds))
    return _("{ruleset} — {what} ({how})", ruleset=odds.ruleset, what=what, how=how_found(odds))


def odds_text(odds: Odds, words: tuple[str, ...] = ()) -> str:
    """A readable table per target, then the weapon; ``words`` (the stack's
    packages) word the ruleset's kinds and statuses."""
    out = [odds_heading(odds, _("odds"))]
    if odds.note and not odds.exact:
        out.append(_("note: {note}", note=odds.note))
    for name, target in odds.targets.items():
        out.extend(_target_lines(name, target, words))
    shooter = odds.shooter.status
    if any(p > 0 for s, p in shooter.items() if s != next(iter(shooter), None)):
        out.append(_("shooter:"))
        sci = odds.shooter.ci95
        out.extend(_status_lines(shooter, sci.status if sci else None, words))
        if odds.shooter.models:
            out.append("  " + _("models:"))
        out.extend(_model_lines(odds.shooter.models, sci.models if sci else None, words))
    out.append(_("weapon:"))
    wci = odds.weapon.ci95
    out.extend(_status_lines(odds.weapon.status, wci.status if wci else None, words))
    spent = f"{odds.weapon.rounds_spent:.2f}".rstrip("0").rstrip(".")
    out.append("  " + _("rounds spent (expected) {rounds}", rounds=spent))
    others = [(k, p) for k, p in odds.steps.items() if k != "ammo"]
    if others:
        out.append(_("attack steps (value 1 or more):"))
    for kind, p in others:
        out.append(f"  {term(kind, words):<8} {_pct(p):>7}{_ci(odds.ci95.steps.get(kind) if odds.ci95 else None)}")
    return "\n".join(out)


def _status_lines(
    status: dict[str, float], ci: dict[str, tuple[float, float]] | None, words: tuple[str, ...] = ()
) -> list[str]:
    return [f"    {term(s, words):<16} {_pct(p):>7}{_ci(ci.get(s) if ci else None)}" for s, p in status.items()]


def action_odds_text(odds: Odds, action: str, who: str, applies_to: str, words: tuple[str, ...] = ()) -> str:
    """The odds of an action between attacks: its steps (value 1 or more) and the
    final status of whom it is about (the target, the shooter or his weapon)."""
    out = [odds_heading(odds, _("odds of {action} for {who}", action=term(action, words), who=who))]
    if odds.note and not odds.exact:
        out.append(_("note: {note}", note=odds.note))
    target = odds.targets.get(who) if applies_to == "target" else None
    steps, ci = (target.steps, target.ci95) if target is not None else (odds.steps, odds.ci95)
    for kind, p in steps.items():
        out.append(f"  {term(kind, words):<16} {_pct(p):>7}{_ci(ci.steps.get(kind) if ci else None)}")
    if target is not None:
        out.append(f"{who}:")
        out.extend(_status_lines(target.status, target.ci95.status if target.ci95 else None, words))
    elif applies_to == "weapon":
        out.append(_("{who}'s weapon:", who=who))
        out.extend(_status_lines(odds.weapon.status, odds.weapon.ci95.status if odds.weapon.ci95 else None, words))
    else:
        out.append(f"{who}:")
        out.extend(_status_lines(odds.shooter.status, odds.shooter.ci95.status if odds.shooter.ci95 else None, words))
    return "\n".join(out)
