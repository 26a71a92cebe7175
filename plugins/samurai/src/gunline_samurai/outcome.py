"""Step 9, «Определение потерь» (casualties), and the line read out per target."""

from __future__ import annotations

from typing import Any

from gunline import ChainState, Step

from . import losses, units, volleys
from .messages import _, _n, kept
from .schema import SamuraiAttack, Target


def casualties(attack: SamuraiAttack, state: ChainState, shooter_state: dict[str, Any] | None = None) -> Step:
    """Every model's state once all shots and reactions are resolved; ``value``
    counts the models Stunned or killed by now. ``shooter_state``: the shooter's,
    when steps made in the same hook have changed it."""
    shooter = attack.shooter
    mine = state.shooter if shooter_state is None else shooter_state
    if "models" in mine:
        down = sum(not losses.standing(s) for s in mine["models"].values())
        parts = [f"{shooter.name}: {volleys.state_words(shooter, mine)}"]
    else:
        down = int(not losses.standing(mine))
        parts = [f"{shooter.name} {losses.words(mine, shooter.wounds)}"]
    for t in attack.targets:
        tstate = state.targets.get(t.name, {})
        models = tstate.get("models")
        if models:
            down += sum(not losses.standing(s) for s in models.values())
            parts.append(f"{t.name}: {units.state_words(t, tstate)}")
        else:
            down += not losses.standing(tstate)
            parts.append(f"{t.name} {units.state_words(t, tstate)}")
    return Step(kind="casualties", value=down, text="; ".join(parts))


def describe(attack: SamuraiAttack, target: Target, state: ChainState) -> str:
    """``General: unharmed; Bushido master's return fire left Ninja stunned``."""
    name = target.name
    tstate = state.targets.get(name, {})
    hits = wounds = 0
    returned = []
    for s in state.steps_for(name):
        kind = s.kind
        if kind == "hit":
            hits += s.value or 0
        elif kind == "wound":
            wounds += s.value or 0
        elif kind == "return_fire":
            returned.append(s)
    if "models" in tstate:
        line = _tally(name, hits, wounds, bool(returned)) + units.state_words(target, tstate)
    else:  # a lone model: the line said once for its facts
        line = _lone_line(name, hits, wounds, bool(returned), tstate.get("status", "unharmed"),
                          tstate.get("wounds_left"), target.wounds)
    shooter = attack.shooter
    for s in returned:
        data = s.data or {}
        by = data["by"] if "by" in data else None
        after = s.shooter_state or {}
        if "models" in after:
            line += _returned(by, s.value, shooter.name, volleys.state_words(shooter, after))
        else:  # a lone shooter: said once for its facts
            line += _lone_returned(by, s.value, shooter.name, after.get("status", "unharmed"),
                                   after.get("wounds_left"), shooter.wounds)
    return line


@kept
def _lone_line(name: str, hits: int, wounds: int, returned: bool, status: Any, left: Any, most: Any) -> str:
    """The start of a lone model's line, and its state in words."""
    return _tally(name, hits, wounds, returned) + losses.words({"status": status, "wounds_left": left}, most)


@kept
def _lone_returned(by: str | None, wounds: Any, shooter: str, status: Any, left: Any, most: Any) -> str:
    """What a target's return fire did to a lone shooter."""
    return _returned(by, wounds, shooter, losses.words({"status": status, "wounds_left": left}, most))


@kept
def _tally(name: str, hits: int, wounds: int, returned: bool) -> str:
    """The start of a target's line: its hits and wounds, or that it was missed
    (unless it only returned fire)."""
    line = f"{name}: "
    if hits:
        return line + _n("{n} hit", "{n} hits", hits, n=hits) + ", " + _n("{n} wound", "{n} wounds", wounds,
                                                                          n=wounds) + ", "
    if not returned:
        return line + _("missed") + ", "
    return line


@kept
def _returned(by: str | None, wounds: Any, shooter: str, after: str) -> str:
    """What a target's return fire did to the shooter."""
    took = _n("{n} wound", "{n} wounds", wounds or 0, n=wounds)
    by = _("the return fire") if by is None else by
    return "; " + _("return fire by {by}: {wounds} to {shooter}, {state}", by=by, wounds=took, shooter=shooter,
                    state=after)
