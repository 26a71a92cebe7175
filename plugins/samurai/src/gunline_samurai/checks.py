"""Refusing an impossible attack before any die, with what would work instead."""

from __future__ import annotations

from gunline import ChainState

from . import losses, units
from .readings import readings_of
from .schema import SamuraiAttack
from .sequence import shots_at, shots_available


def problems(attack: SamuraiAttack, state: ChainState) -> list[str]:
    out: list[str] = []
    shooter, weapon = attack.shooter, attack.weapon
    status = state.shooter.get("status", "unharmed")
    if not losses.standing(state.shooter):
        out.append(f"shooter: {shooter.name} is {status} and cannot shoot")
    available = shots_available(attack)
    aimed = sum(shots_at(attack, t) for t in attack.targets)
    if aimed > available:
        out.append(f"targets: {aimed} shots aimed but {shooter.name} has {available} with the {weapon.name}; "
                   f"lower targets[].shots to {available} in all")
    readings = readings_of(attack)
    for i, t in enumerate(attack.targets):
        where = f"targets[{i}]"
        tstate = state.targets.get(t.name, {})
        if tstate.get("status") == "killed":
            out.append(f"{where}: {t.name} is already killed; choose another target")
        d = units.distance(t)
        if weapon.range is not None and d is not None and d > weapon.range:
            out.append(f"{where}: {t.name} is {d}\" away, beyond the {weapon.name}'s range of {weapon.range}\"; "
                       "choose a nearer target or a longer-ranged weapon")
        if t.reactor is not None and t.reaction == "dodge":
            out.append(f"{where}.reaction: {t.reactor.name} cannot dodge shots aimed at {t.name}; "
                       "a model reacting in another's place returns fire or charges")
        if t.reaction == "dodge" and readings.dodge == "agility_test" and t.agility is None:
            out.append(f"{where}.agility: needed for a dodge, a test on Agility "
                       "(or leave the shots plain tests: dodge = \"plain_test\", or the samurai.plain-dodge variant)")
        names = [m.name for m in t.models]
        if len(set(names)) != len(names):
            out.append(f"{where}.models: two models share a name; names must be unique")
    return out
