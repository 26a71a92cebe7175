"""Refusing an impossible attack before any die, with what would work instead."""

from __future__ import annotations

from typing import Any

from gunline import ChainState

from . import losses, units, volleys
from .measuring import out_of_sight
from .messages import _
from .readings import readings_of
from .schema import SamuraiAttack
from .sequence import shots_available
from .settled import settled


def problems(attack: SamuraiAttack, state: ChainState) -> list[str]:
    """Why the attack cannot be made, if it cannot. That depends on the attack and
    on who stands (the shooter, a shooting unit's models, each target) alone: worked
    out once for those (:mod:`.settled`)."""
    shooter, mine, targets = attack.shooter, state.shooter, state.targets
    statuses = volleys.stands(attack, mine) if shooter.models else ()
    stands = (losses.status(mine), statuses,
              tuple([losses.status(targets[t.name]) if t.name in targets else None for t in attack.targets]))
    return list(settled(attack, ("problems", stands), lambda: tuple(_problems(attack, _standing(attack, stands)))))


def _standing(attack: SamuraiAttack, stands: tuple[str, tuple[str, ...], tuple[str | None, ...]]) -> ChainState:
    """A state where the models stand as ``stands`` says (and nothing else is known)."""
    status, models, statuses = stands
    shooter: dict[str, Any] = {"status": status}
    if attack.shooter.models:
        shooter["models"] = {m.name: {"status": s} for m, s in zip(attack.shooter.models, models)}
    return ChainState(shooter=shooter, targets={t.name: {} if s is None else {"status": s}
                                                for t, s in zip(attack.targets, statuses)})


def _problems(attack: SamuraiAttack, state: ChainState) -> list[str]:
    out: list[str] = out_of_sight(attack)
    shooter, weapon = attack.shooter, attack.weapon
    status = state.shooter.get("status", "unharmed")
    if not losses.standing(state.shooter):
        out.append("shooter: " + _("{shooter} is {status} and cannot shoot", shooter=shooter.name,
                                   status=losses.status_word(status)))
    if volleys.is_unit(shooter):
        out += _unit_problems(attack, state)
    else:
        available = shots_available(attack, state)
        aimed = volleys.shots_aimed(attack, state.shooter)
        if aimed > available:
            out.append("targets: " + _("{aimed} shots aimed but {shooter} has {available} with the {weapon}; "
                                       "lower targets[].shots to {available} in all", aimed=aimed, shooter=shooter.name,
                                       available=available, weapon=weapon.name))
    readings = readings_of(attack)
    for i, t in enumerate(attack.targets):
        where = f"targets[{i}]"
        tstate = state.targets.get(t.name, {})
        if tstate.get("status") == "killed":
            out.append(f"{where}: " + _("{target} is already killed; choose another target", target=t.name))
        d = units.distance(t)
        if weapon.range is not None and d is not None and d > weapon.range:
            out.append(f"{where}: " + _("{target} is {distance}\" away, beyond the {weapon}'s range of {range}\"; "
                                        "choose a nearer target or a longer-ranged weapon", target=t.name, distance=d,
                                        weapon=weapon.name, range=weapon.range))
        if t.reactor is not None and t.reaction == "dodge":
            out.append(f"{where}.reaction: " + _("{reactor} cannot dodge shots aimed at {target}; "
                                                 "a model reacting in another's place returns fire or charges",
                                                 reactor=t.reactor.name, target=t.name))
        if t.reaction == "dodge" and readings.dodge == "agility_test" and t.agility is None:
            out.append(f"{where}.agility: " + _("needed for a dodge, a test on Agility (or leave the shots plain "
                                                "tests: dodge = \"plain_test\", or the samurai.plain-dodge variant)"))
        names = [m.name for m in t.models]
        if len(set(names)) != len(names):
            out.append(f"{where}.models: " + _("two models share a name; names must be unique"))
        out += _reactor_named(attack, i)
    return out


def _reactor_named(attack: SamuraiAttack, i: int) -> list[str]:
    """A model reacting in target ``i``'s place is another model than the shooter (or
    a model of his unit) and the target: under one of their names, the chain would
    say "Ninja sees Ninja" and pit a model against itself."""
    target = attack.targets[i]
    reactor = target.reactor
    if reactor is None:
        return []
    where = f"targets[{i}].reactor.name: "
    shooter = attack.shooter
    if reactor.name == shooter.name:
        return [where + _("{reactor} is the shooter's name; the model reacting in {target}'s place needs a name "
                          "of its own", reactor=reactor.name, target=target.name)]
    if reactor.name in {m.name for m in shooter.models}:
        return [where + _("{reactor} is a model of the shooting unit {shooter}; the model reacting in {target}'s "
                          "place needs a name of its own", reactor=reactor.name, shooter=shooter.name,
                          target=target.name)]
    if reactor.name == target.name:
        return [where + _("{reactor} is the target's own name; the model reacting in its place is another model, "
                          "with a name of its own", reactor=reactor.name)]
    return []


def _unit_problems(attack: SamuraiAttack, state: ChainState) -> list[str]:
    """A shooting unit: each model names targets of the attack, fires no more shots
    than it has, and every target is shot at by some model."""
    shooter, weapon = attack.shooter, attack.weapon
    out: list[str] = []
    names = [t.name for t in attack.targets]
    models = [m.name for m in shooter.models]
    if len(set(models)) != len(models):
        out.append("shooter.models: " + _("two models share a name; names must be unique"))
    for i, t in enumerate(attack.targets):
        if t.shots is not None:
            out.append(f"targets[{i}].shots: " + _("a unit's shots are given model by model "
                                                   "(shooter.models[].targets); remove it"))
    for i, m in enumerate(shooter.models):
        where = f"shooter.models[{i}].targets"
        unknown = [n for n in m.targets if n not in names]
        if unknown:
            out.append(f"{where}: " + _("{names} is not a target of this attack; expected one of: {targets}",
                                        names=", ".join(map(repr, unknown)), targets=", ".join(names)))
        elif not m.targets and len(names) > 1:
            out.append(f"{where}: " + _("{model} must name its targets when there are several ({targets})",
                                        model=m.name, targets=", ".join(names)))
        has = volleys.shots_of(attack, m)
        if len(m.targets) > has:
            out.append(f"{where}: " + _("{aimed} shots aimed but {model} has {has} with the {weapon}",
                                        aimed=len(m.targets), model=m.name, has=has, weapon=weapon.name))
    if not out:
        aimed = volleys.by_target(attack, state.shooter)
        for i, t in enumerate(attack.targets):
            if not aimed.get(t.name):
                out.append(f"targets[{i}]: " + _("no model of {shooter} still standing shoots at {target}; "
                                                 "name it in a model's targets, or remove it", shooter=shooter.name,
                                                 target=t.name))
    return out
