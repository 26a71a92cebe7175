"""The odds as a GM reads them in a terminal: one table per target, percentages
with one decimal, words rather than colour."""

from __future__ import annotations

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


def _target_lines(name: str, t: TargetOdds) -> list[str]:
    ci = t.ci95
    lines = [f"{name}:"]
    lines.append(f"  hit      {_pct(t.hit):>7}{_ci(ci.hit if ci else None)}")
    lines.append(f"  wound    {_pct(t.wound):>7}{_ci(ci.wound if ci else None)}")
    for kind, p in t.steps.items():
        if kind in SHOWN_APART:
            continue
        reached = t.reached.get(kind, 0.0)
        when = "" if reached >= 0.9995 else f"  (step reached {_pct(reached)})"
        lines.append(f"  {kind.replace('_', ' '):<8} {_pct(p):>7}{when}{_ci(ci.steps.get(kind) if ci else None)}")
    lines.append("  status:")
    for status, p in t.status.items():
        lines.append(f"    {status.replace('_', ' '):<16} {_pct(p):>7}{_ci(ci.status.get(status) if ci else None)}")
    if t.models:
        lines.append("  models:")
    for model, statuses in t.models.items():
        mci = ci.models.get(model, {}) if ci else {}
        shown = ", ".join(
            f"{status.replace('_', ' ')} {_pct(p)}{_ci(mci.get(status))}" for status, p in statuses.items() if p
        )
        lines.append(f"    {model}: {shown}")
    for label, table in t.pools.items():
        cols = "  ".join(f"≥{k} {_pct(p)}" for k, p in list(enumerate(table))[1 : POOL_COLUMNS + 1])
        lines.append(f"  {label} (successes): {cols}")
    return lines


def odds_text(odds: Odds) -> str:
    """A readable table per target, then the weapon."""
    how = "exact" if odds.exact else f"Monte Carlo, {odds.samples} samples, 95% intervals"
    variants = f", variants: {', '.join(odds.variants)}" if odds.variants else ""
    out = [f"{odds.ruleset}{variants} — odds ({how})"]
    if odds.note and not odds.exact:
        out.append(f"note: {odds.note}")
    for name, target in odds.targets.items():
        out.extend(_target_lines(name, target))
    shooter = odds.shooter.status
    if any(p > 0 for s, p in shooter.items() if s != next(iter(shooter), None)):
        out.append("shooter:")
        sci = odds.shooter.ci95
        for status, p in shooter.items():
            out.append(f"    {status.replace('_', ' '):<16} {_pct(p):>7}{_ci(sci.status.get(status) if sci else None)}")
        if odds.shooter.models:
            out.append("  models:")
        for model, statuses in odds.shooter.models.items():
            mci = sci.models.get(model, {}) if sci else {}
            shown = ", ".join(
                f"{status.replace('_', ' ')} {_pct(p)}{_ci(mci.get(status))}" for status, p in statuses.items() if p
            )
            out.append(f"    {model}: {shown}")
    out.append("weapon:")
    wci = odds.weapon.ci95
    for status, p in odds.weapon.status.items():
        out.append(f"    {status.replace('_', ' '):<16} {_pct(p):>7}{_ci(wci.status.get(status) if wci else None)}")
    spent = f"{odds.weapon.rounds_spent:.2f}".rstrip("0").rstrip(".")
    out.append(f"  rounds spent (expected) {spent}")
    others = [(k, p) for k, p in odds.steps.items() if k != "ammo"]
    if others:
        out.append("attack steps (value 1 or more):")
    for kind, p in others:
        out.append(f"  {kind.replace('_', ' '):<8} {_pct(p):>7}{_ci(odds.ci95.steps.get(kind) if odds.ci95 else None)}")
    return "\n".join(out)


def _status_lines(status: dict[str, float], ci: dict[str, tuple[float, float]] | None) -> list[str]:
    return [f"    {s.replace('_', ' '):<16} {_pct(p):>7}{_ci(ci.get(s) if ci else None)}" for s, p in status.items()]


def action_odds_text(odds: Odds, action: str, who: str, applies_to: str) -> str:
    """The odds of an action between attacks: its steps (value 1 or more) and the
    final status of whom it is about (the target, the shooter or his weapon)."""
    how = "exact" if odds.exact else f"Monte Carlo, {odds.samples} samples, 95% intervals"
    variants = f", variants: {', '.join(odds.variants)}" if odds.variants else ""
    out = [f"{odds.ruleset}{variants} — odds of {action} for {who} ({how})"]
    if odds.note and not odds.exact:
        out.append(f"note: {odds.note}")
    target = odds.targets.get(who) if applies_to == "target" else None
    steps, ci = (target.steps, target.ci95) if target is not None else (odds.steps, odds.ci95)
    for kind, p in steps.items():
        out.append(f"  {kind.replace('_', ' '):<16} {_pct(p):>7}{_ci(ci.steps.get(kind) if ci else None)}")
    if target is not None:
        out.append(f"{who}:")
        out.extend(_status_lines(target.status, target.ci95.status if target.ci95 else None))
    elif applies_to == "weapon":
        out.append(f"{who}'s weapon:")
        out.extend(_status_lines(odds.weapon.status, odds.weapon.ci95.status if odds.weapon.ci95 else None))
    else:
        out.append(f"{who}:")
        out.extend(_status_lines(odds.shooter.status, odds.shooter.ci95.status if odds.shooter.ci95 else None))
    return "\n".join(out)
