"""A line of the chain, whole: what Enter on it opens.

At 80 columns a chain line is cut where the pane ends; the detail says everything
the line stands for, wrapped: a step with every modifier and its source, every roll
with its faces and what they needed, the state it changed, and its odds; a target
with all its steps and the odds of its final status; the weapon; the dice. No
Textual here (a Text to show in a page).
"""

from __future__ import annotations

from typing import Any

from gunline.models import Chain, Step
from gunline.words import fields

from .shown import Text
from .speech import _, _n, said, term
from .widgets.odds_view import bar, percent


def detail_title(chain: Chain, key: tuple[Any, ...], packages: tuple[str, ...] = ()) -> str:
    kind = key[0] if key else ""
    if kind == "step":
        step = chain.steps[key[1]]
        where = step.target or _("attack")
        return f"{where} · {said(step.kind, packages)}"
    if kind == "target":
        return str(key[1] or _("attack"))
    return _("weapon") if kind == "weapon" else _("dice")


def detail_text(chain: Chain, key: tuple[Any, ...], odds: Any = None, packages: tuple[str, ...] = ()) -> Text:
    """Everything the line ``key`` of the chain stands for (see :class:`ChainView.Detail`);
    ``packages`` (the stack's) word the ruleset's kinds and statuses."""
    kind = key[0] if key else ""
    text = Text()
    if kind == "step":
        _step(text, chain.steps[key[1]], odds, packages)
    elif kind == "target":
        name = key[1]
        for step in (s for s in chain.steps if s.target == name):
            _step(text, step, odds, packages)
            text.append("\n")
        if name is not None and name in chain.outcomes:
            text.append(f"► {chain.outcomes[name]}\n", style="bold")
        _target_odds(text, name, odds, packages)
    elif kind == "weapon":
        text.append(_("weapon after the attack:") + " ", style="bold")
        text.append(", ".join(fields(chain.weapon, all_values=True, packages=packages)) or "—")
        if odds is not None:
            text.append("\n\n" + _("odds:") + " ", style="bold")
            text.append(" · ".join(f"{term(s, packages)} {percent(p)}" for s, p in odds.weapon.status.items() if p))
            text.append("; " + _("rounds spent ≈ {rounds}", rounds=format(odds.weapon.rounds_spent, "g")))
    else:
        typed = set(chain.manual)
        faces = [f"{d}✎" if i in typed else str(d) for i, d in enumerate(chain.dice)]
        count = len(chain.dice)
        text.append(_n("{n} dice, in the order the chain took them", "{n} dice, in the order the chain took them",
                       count, n=count), style="bold")
        text.append("\n" + (" ".join(faces) or _("none")))
        if typed:
            text.append("\n" + _("✎ typed by hand"))
        text.append("\n\n" + _("Same dice again: gunline resolve FILE --dice {dice}",
                               dice=",".join(map(str, chain.dice))))
    return text


def _step(text: Text, step: Step, odds: Any, packages: tuple[str, ...]) -> None:
    value = "—" if step.value is None else str(step.value)
    kind = said(step.kind, packages)
    text.append(f"{kind} {value}", style="bold")
    text.append(f"  {step.text}  [{step.source}]\n")
    for m in step.modifiers:
        sign = f"+{m.value}" if isinstance(m.value, (int, float)) and m.value > 0 else str(m.value)
        text.append(f"  {sign} {m.label}  ({m.source})\n")
    for r in step.rolls:
        typed = _("✎ typed") + " " if r.manual else ""
        need = ", " + _("needs {need}", need=r.need) if r.need else ""
        text.append(f"  {typed}{r.label} {r.dice}: {' '.join(map(str, r.values))} → {r.total}{need}\n")
    for what, state in ((_("target now:"), step.target_state), (_("shooter now:"), step.shooter_state),
                        (_("weapon now:"), step.weapon_state)):
        if state:
            text.append(f"  {what} {', '.join(fields(state, all_values=True, packages=packages))}\n", style="italic")
    if odds is not None and step.kind != "pool":
        p = odds.step_probability(step.target, step.kind)
        if p is not None:
            text.append("  " + _("odds: {kind} scores ≥ 1 in {chance} of attacks", kind=kind, chance=percent(p)),
                        style="italic")
            block = odds if step.target is None else odds.targets.get(step.target)
            expected = getattr(block, "expected", {}).get(step.kind) if block is not None else None
            if expected is not None:
                text.append(", " + _("on average {mean}", mean=format(expected, ".2f")), style="italic")
            text.append("\n")


def _target_odds(text: Text, name: str | None, odds: Any, packages: tuple[str, ...]) -> None:
    if odds is None or name is None or name not in odds.targets:
        if odds is None:
            text.append("\n" + _("(odds: not computed yet)"), style="italic")
        return
    t = odds.targets[name]
    how = _("exact") if odds.exact else _("Monte Carlo, {samples} samples", samples=odds.samples)
    text.append("\n" + _("odds ({how}): hit {hit} · wound {wound}", how=how, hit=percent(t.hit),
                         wound=percent(t.wound)) + "\n", style="bold")
    for status, p in t.status.items():
        text.append(f"  {term(status, packages):<16} {bar(p)} {percent(p):>6}\n")
    for model, statuses in (t.models or {}).items():
        shown = " · ".join(f"{term(s, packages)} {percent(p)}" for s, p in statuses.items() if p)
        text.append(f"  {model}: {shown}\n")
