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
from gunline.words import fields, key_words

from .shown import Text
from .widgets.odds_view import bar, percent


def detail_title(chain: Chain, key: tuple[Any, ...]) -> str:
    kind = key[0] if key else ""
    if kind == "step":
        step = chain.steps[key[1]]
        return f"{step.target or 'attack'} · {step.kind}"
    if kind == "target":
        return str(key[1] or "attack")
    return "weapon" if kind == "weapon" else "dice"


def detail_text(chain: Chain, key: tuple[Any, ...], odds: Any = None) -> Text:
    """Everything the line ``key`` of the chain stands for (see :class:`ChainView.Detail`)."""
    kind = key[0] if key else ""
    text = Text()
    if kind == "step":
        _step(text, chain.steps[key[1]], odds)
    elif kind == "target":
        name = key[1]
        for step in (s for s in chain.steps if s.target == name):
            _step(text, step, odds)
            text.append("\n")
        if name is not None and name in chain.outcomes:
            text.append(f"► {chain.outcomes[name]}\n", style="bold")
        _target_odds(text, name, odds)
    elif kind == "weapon":
        text.append("weapon after the attack: ", style="bold")
        text.append(", ".join(fields(chain.weapon, all_values=True)) or "—")
        if odds is not None:
            text.append("\n\nodds: ", style="bold")
            text.append(" · ".join(f"{key_words(s)} {percent(p)}" for s, p in odds.weapon.status.items() if p))
            text.append(f"; rounds spent ≈ {odds.weapon.rounds_spent:g}")
    else:
        typed = set(chain.manual)
        faces = [f"{d}✎" if i in typed else str(d) for i, d in enumerate(chain.dice)]
        text.append(f"{len(chain.dice)} dice, in the order the chain took them", style="bold")
        text.append("\n" + (" ".join(faces) or "none"))
        if typed:
            text.append("\n✎ typed by hand")
        text.append("\n\nSame dice again: gunline resolve FILE --dice " + ",".join(map(str, chain.dice)))
    return text


def _step(text: Text, step: Step, odds: Any) -> None:
    value = "—" if step.value is None else str(step.value)
    text.append(f"{step.kind} {value}", style="bold")
    text.append(f"  {step.text}  [{step.source}]\n")
    for m in step.modifiers:
        sign = f"+{m.value}" if isinstance(m.value, (int, float)) and m.value > 0 else str(m.value)
        text.append(f"  {sign} {m.label}  ({m.source})\n")
    for r in step.rolls:
        typed = "✎ typed " if r.manual else ""
        need = f", needs {r.need}" if r.need else ""
        text.append(f"  {typed}{r.label} {r.dice}: {' '.join(map(str, r.values))} → {r.total}{need}\n")
    for what, state in (("target", step.target_state), ("shooter", step.shooter_state),
                        ("weapon", step.weapon_state)):
        if state:
            text.append(f"  {what} now: {', '.join(fields(state, all_values=True))}\n", style="italic")
    if odds is not None and step.kind != "pool":
        p = odds.step_probability(step.target, step.kind)
        if p is not None:
            text.append(f"  odds: {step.kind} scores ≥ 1 in {percent(p)} of attacks", style="italic")
            block = odds if step.target is None else odds.targets.get(step.target)
            expected = getattr(block, "expected", {}).get(step.kind) if block is not None else None
            if expected is not None:
                text.append(f", on average {expected:.2f}", style="italic")
            text.append("\n")


def _target_odds(text: Text, name: str | None, odds: Any) -> None:
    if odds is None or name is None or name not in odds.targets:
        if odds is None:
            text.append("\n(odds: not computed yet)", style="italic")
        return
    t = odds.targets[name]
    how = "exact" if odds.exact else f"Monte Carlo, {odds.samples} samples"
    text.append(f"\nodds ({how}): hit {percent(t.hit)} · wound {percent(t.wound)}\n", style="bold")
    for status, p in t.status.items():
        text.append(f"  {key_words(status):<16} {bar(p)} {percent(p):>6}\n")
    for model, statuses in (t.models or {}).items():
        shown = " · ".join(f"{key_words(s)} {percent(p)}" for s, p in statuses.items() if p)
        text.append(f"  {model}: {shown}\n")
