"""Step 9, «Определение потерь» (casualties), and the line read out per target."""

from __future__ import annotations

from typing import Any

from gunline import ChainState, Step

from . import losses, units, volleys
from .messages import _, _n
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
    hits = sum(s.value or 0 for s in state.steps if s.kind == "hit" and s.target == name)
    wounds = sum(s.value or 0 for s in state.steps if s.kind == "wound" and s.target == name)
    line = f"{name}: "
    if hits:
        line += _n("{n} hit", "{n} hits", hits, n=hits) + ", " + _n("{n} wound", "{n} wounds", wounds, n=wounds) + ", "
    elif not any(s.kind == "return_fire" and s.target == name for s in state.steps):
        line += _("missed") + ", "
    line += units.state_words(target, tstate)
    for s in state.steps:
        if s.kind == "return_fire" and s.target == name:
            data = s.data or {}
            by = data["by"] if "by" in data else _("the return fire")
            took = _n("{n} wound", "{n} wounds", s.value or 0, n=s.value)
            after = volleys.state_words(attack.shooter, s.shooter_state or {})
            line += "; " + _("return fire by {by}: {wounds} to {shooter}, {state}", by=by, wounds=took,
                             shooter=attack.shooter.name, state=after)
    return line
