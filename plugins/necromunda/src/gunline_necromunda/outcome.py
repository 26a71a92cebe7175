"""The line read out to the players after the attack, one per target:
``Goliath: hit, pinned; wounded, down``."""

from __future__ import annotations

from gunline import ChainState

from .profiles import NecromundaAttack, Target
from .tables import FLESH_WOUND

WORDS = {"unharmed": "unharmed", "pinned": "pinned", "down": "down", "out_of_action": "out of action"}


def describe_outcome(attack: NecromundaAttack, target: Target, state: ChainState) -> str:
    name = target.name
    hits = damage = saved = flesh = 0
    wound_text = None
    pinned_now = False
    for step in state.steps:
        if step.target != name:
            continue
        kind = step.kind
        if kind == "hit":
            hits += step.value or 0
            if step.target_state and step.target_state.get("status") == "pinned":
                pinned_now = True
        elif kind == "wound":
            wound_text = step.text
            damage += step.value or 0
        elif kind == "save":
            saved += step.value or 0
        elif kind == "injury" and step.data:
            flesh += step.data["results"].count(FLESH_WOUND)
    now = state.targets.get(name, {})
    status = now.get("status", "unharmed")
    if not hits and not any(s.target == name and s.kind == "hit" and s.rolls for s in state.steps):
        return f"{name}: not hit"
    if not hits:
        still = "" if status in ("unharmed", "pinned") else f", still {WORDS[status]}"
        return f"{name}: missed{still}"
    head = f"{name}: {'hit' if hits == 1 else f'{hits} hits'}"
    if pinned_now or status == "pinned":
        head += ", pinned"
    else:
        head += f" (already {WORDS[status] if status != 'out_of_action' else 'down'})"
    if wound_text is None:
        return head
    if "cannot wound" in wound_text:
        return f"{head}; cannot be wounded"
    if not damage:
        return f"{head}; {'saved' if saved else 'not wounded'}"
    if status in ("unharmed", "pinned") and not flesh:
        left = now.get("wounds_left", 0)
        return f"{head}; wounded, {left} wound{'s' if left != 1 else ''} left"
    parts = []
    if flesh:
        parts.append(f"{flesh} flesh wounds" if flesh > 1 else "flesh wound")
    if status != "pinned":
        parts.append(WORDS[status])
    return f"{head}; wounded, {', '.join(parts)}"
