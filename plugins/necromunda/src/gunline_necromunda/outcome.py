"""The line read out to the players after the attack, one per target:
``Goliath: hit, pinned; wounded, down``."""

from __future__ import annotations

from gunline import ChainState

from .messages import Kept, _, _n, language, word
from .profiles import NecromundaAttack, Target
from .tables import FLESH_WOUND, to_wound


def describe_outcome(attack: NecromundaAttack, target: Target, state: ChainState) -> str:
    name = target.name
    hits = damage = saved = flesh = 0
    wound_rolled = False
    pinned_now = False
    hit_rolled = False  # a hit step that shows dice: he was shot at, hit or not
    for step in state.steps:
        if step.target != name:
            continue
        kind = step.kind
        if kind == "hit":
            hits += step.value or 0
            if step.rolls:
                hit_rolled = True
            if step.target_state and step.target_state.get("status") == "pinned":
                pinned_now = True
        elif kind == "wound":
            wound_rolled = True
            damage += step.value or 0
        elif kind == "save":
            saved += step.value or 0
        elif kind == "injury" and step.data:
            flesh += step.data["results"].count(FLESH_WOUND)
    now = state.targets.get(name, {})
    status = now.get("status", "unharmed")
    rolled = bool(hits) or hit_rolled
    cannot = wound_rolled and to_wound(attack.weapon.strength, target.toughness) is None  # "—" on the chart
    key = (language(), name, hits, rolled, pinned_now, status, wound_rolled, cannot, bool(damage), bool(saved),
           flesh, now.get("wounds_left", 0))
    return _LINES.get(key) or _LINES.keep(key, _line(*key[1:]))


#: The lines said so far, by language and what they say.
_LINES = Kept()


def _line(name: str, hits: int, rolled: bool, pinned_now: bool, status: str, wound_rolled: bool, cannot: bool,
          damaged: bool, saved: bool, flesh: int, left: int) -> str:
    if not rolled:
        return _("{name}: not hit", name=name)
    if not hits:
        if status in ("unharmed", "pinned"):
            return _("{name}: missed", name=name)
        return _("{name}: missed, still {status}", name=name, status=word(status))
    if hits == 1:
        head = _("{name}: hit", name=name)
    else:
        head = _n("{name}: {n} hit", "{name}: {n} hits", hits, name=name, n=hits)
    if pinned_now or status == "pinned":
        head = _("{head}, pinned", head=head)
    else:
        head = _("{head} (already {status})", head=head, status=word(status if status != "out_of_action" else "down"))
    if not wound_rolled:
        return head
    if cannot:
        return _("{head}; cannot be wounded", head=head)
    if not damaged:
        return _("{head}; saved", head=head) if saved else _("{head}; not wounded", head=head)
    if status in ("unharmed", "pinned") and not flesh:
        return _n("{head}; wounded, {n} wound left", "{head}; wounded, {n} wounds left", left, head=head, n=left)
    parts = []
    if flesh:
        parts.append(_n("{n} flesh wound", "{n} flesh wounds", flesh, n=flesh) if flesh > 1 else _("flesh wound"))
    if status != "pinned":
        parts.append(word(status))
    return _("{head}; wounded, {results}", head=head, results=", ".join(parts))
