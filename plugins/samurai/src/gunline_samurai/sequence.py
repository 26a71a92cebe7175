"""The shooting sequence of the seed, steps 1 to 6, as the attack's opening steps.

1. declaration, 2. weapon, then for each target 3. its choice, 4. range, 5. whether
it can react, 6. the reaction declared. Steps 7-9 (hit rolls, wound rolls, casualties) follow in
the engine's per-target hooks and at the end of the attack. A model with several
shots may aim each at its own target; all the shots and all the reactions to them
happen at once [SEED], so every decision here is taken before any die is rolled.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from gunline import ChainState, Step

from . import losses, reactions, units, volleys
from .messages import _, _n
from .reactions import ALERT_AT_LEAST_STEALTH, AlertRule
from .schema import SamuraiAttack, Target
from .settled import settled


def shots_available(attack: SamuraiAttack, state: ChainState | None = None) -> int:
    """«Атаки» of the shooter (of every standing model of a shooting unit), unless
    the weapon says otherwise [SEED]."""
    return volleys.shots_available(attack, state.shooter if state is not None else {})


def shots_at(attack: SamuraiAttack, target: Target, state: ChainState | None = None) -> int:
    """Shots aimed at ``target``: a lone shooter's as the file says (else all of them
    at a lone target and one each at several); a unit's, as its models say."""
    return volleys.shots_at(attack, target, state.shooter if state is not None else {})


def _shots(n: int) -> str:
    return _n("{n} shot", "{n} shots", n, n=n)


#: Key of ``state.attack``: the reaction declared for each target, by name.
REACTIONS = "reactions"


def opening_steps(
    attack: SamuraiAttack, state: ChainState, alert_rule: AlertRule = ALERT_AT_LEAST_STEALTH
) -> list[Step]:
    """Steps 1-6 of the sequence for the whole attack. The reactions declared are
    also left in ``state.attack`` for the targets' hooks to read. They depend on the
    attack and on who stands alone (:func:`who_stands`): worked out once for those
    (:mod:`.settled`), each chain's steps made afresh from them."""
    stands = who_stands(attack, state)
    made = settled(attack, ("opening", alert_rule, stands), lambda: _kept(_opening(attack, standing(attack, stands),
                                                                                   alert_rule)))
    steps = []
    declared: dict[str | None, dict[str, Any]] = {}
    for kind, value, text, target, kept in made:
        if kept is None:
            steps.append(Step(kind=kind, value=value, text=text, target=target))
            continue
        data = kept.copy()
        if kind == "reaction":
            declared[target] = data
            if "firing" in data:  # who fires: a list, the chain's own
                data["firing"] = list(data["firing"])
        steps.append(Step(kind=kind, value=value, text=text, target=target, data=data))
    steps[0].attack_state = {REACTIONS: declared}
    return steps


#: An opening step as kept: kind, value, text, target and its data, read-only (each
#: chain copies it, which is quicker than making a dict of its items).
Opening = tuple[str, Any, str, "str | None", "MappingProxyType[str, Any] | None"]


def _kept(steps: list[Step]) -> tuple[Opening, ...]:
    return tuple((s.kind, s.value, s.text, s.target, None if s.data is None else MappingProxyType(dict(s.data)))
                 for s in steps)


#: Who stands, as the opening reads it: each model of a shooting unit; each target,
#: with the models of a target unit that may return fire.
Stands = tuple[tuple[str, ...], tuple[tuple[str, tuple[str, ...]], ...]]


def who_stands(attack: SamuraiAttack, state: ChainState) -> Stands:
    """What the opening steps read of the state: the status of each model of a
    shooting unit; of each target, and of each model of a target unit that may
    return fire."""
    shooter = attack.shooter
    mine = volleys.stands(attack, state.shooter) if shooter.models else ()
    targets = state.targets
    theirs = []
    for t in attack.targets:
        tstate = targets.get(t.name, {})
        status = losses.status(tstate)
        if t.models and t.reaction == "return_fire" and t.reactor is None:
            inner = tstate.get("models", {})
            theirs.append((status, tuple([inner.get(m.name, {}).get("status", "unharmed") for m in t.models])))
        else:
            theirs.append((status, ()))
    return mine, tuple(theirs)


def standing(attack: SamuraiAttack, stands: Stands) -> ChainState:
    """A state where the models stand as ``stands`` says, and nothing else is known."""
    mine, theirs = stands
    shooter = {"models": {m.name: {"status": s} for m, s in zip(attack.shooter.models, mine)}}
    targets = {t.name: {"status": status, "models": {m.name: {"status": s} for m, s in zip(t.models, models)}}
               for t, (status, models) in zip(attack.targets, theirs)}
    return ChainState(shooter=shooter, targets=targets)


def _opening(attack: SamuraiAttack, state: ChainState, alert_rule: AlertRule) -> list[Step]:
    """The opening steps (``declared``, the reactions, is left in the first step's
    ``attack_state``)."""
    shooter, weapon = attack.shooter, attack.weapon
    available = shots_available(attack, state)
    fired = volleys.shots_aimed(attack, state.shooter)
    names = ", ".join(t.name for t in attack.targets)
    unused = " (" + _("{n} not fired", n=available - fired) + ")" if fired < available else ""
    who = shooter.name
    if volleys.is_unit(shooter):
        who = _("{unit} (unit of {n})", unit=shooter.name, n=len(shooter.models))
        standing = {id(m) for m in volleys.firing(attack, state.shooter)}
        down = [m.name for m in shooter.models if id(m) not in standing]
        if down:
            unused += "; " + _("{models} down, not shooting", models=", ".join(down))
    steps = [
        Step(
            kind="declaration",
            value=fired,
            text=_("{shooter} declares shooting: {shots} at {targets}", shooter=who, shots=_shots(fired),
                   targets=names) + unused,
            data={"shots": available, "fired": fired},
        )
    ]
    if weapon.shots is not None:
        whence = _("the weapon's own for each model") if volleys.is_unit(shooter) else _("the weapon's own")
    elif volleys.is_unit(shooter):
        whence = _("each model's Attacks")
    else:
        whence = _("{shooter}'s Attacks {attacks}", shooter=shooter.name, attacks=shooter.attacks)
    if weapon.range is not None:
        # Translators: {whence} says where the number of shots comes from; {range} in inches
        said = _("{weapon}: {shots} ({whence}), Damage {damage}, range {range}\"", weapon=weapon.name,
                 shots=_shots(available), whence=whence, damage=weapon.damage, range=weapon.range)
    else:
        # Translators: {whence} says where the number of shots comes from
        said = _("{weapon}: {shots} ({whence}), Damage {damage}", weapon=weapon.name, shots=_shots(available),
                 whence=whence, damage=weapon.damage)
    steps.append(
        Step(
            kind="weapon",
            value=available,
            text=said,
            data={"name": weapon.name, "damage": weapon.damage, "shots": available, "range": weapon.range},
        )
    )
    declared: dict[str, dict[str, Any]] = {}
    for t in attack.targets:
        tstate = state.targets.get(t.name, {})
        aimed = volleys.volleys_at(attack, t, state.shooter)
        n = sum(v.shots for v in aimed)
        kind = _("unit of {n}", n=len(t.models)) if units.is_unit(t) else _("model")
        if volleys.is_unit(shooter):
            # Translators: {kind} is "model" or "unit of 3"; {models} the shooting models with their shots, "Taro 1"
            said = _("{target} ({kind}): {shots} from {models}", target=t.name, kind=kind, shots=_shots(n),
                     models=", ".join(f"{v.model} {v.shots}" for v in aimed))
        else:
            # Translators: {kind} is "model" or "unit of 3"
            said = _("{target} ({kind}): {shots}", target=t.name, kind=kind, shots=_shots(n))
        steps.append(Step(kind="target", target=t.name, value=n, text=said))
        d = units.distance(t)
        if d is None:
            measured = _("not measured")
        elif units.is_unit(t):
            measured = _("{distance}\" to the nearest model", distance=d)
        else:
            measured = f"{d}\""
        steps.append(Step(kind="range", target=t.name, value=d, text=measured))
        ok, why = reactions.may_react(shooter, t, tstate, alert_rule)
        able = ok
        if t.reactor is not None:
            if t.reactor.sees_shooter:
                why += "; " + _("{reactor} sees {shooter} and may react in its place", reactor=t.reactor.name,
                                shooter=shooter.name)
            else:
                why += "; " + _("{reactor} does not see {shooter} and may react in its place", reactor=t.reactor.name,
                                shooter=shooter.name)
            able = t.reactor.sees_shooter
        steps.append(Step(kind="reaction_check", target=t.name, value=int(able), text=why,
                          data={"target_may_react": ok, "reactor": t.reactor.name if t.reactor else None}))
        data, text = reactions.declare(shooter, t, tstate, ok)
        steps.append(Step(kind="reaction", target=t.name, value=data.get("shots"), text=text, data=data))
        declared[t.name] = data
    steps[0].attack_state = {REACTIONS: declared}
    return steps


#: The reaction of a target that declared none.
NO_REACTION: Mapping[str, Any] = MappingProxyType({"effective": "none"})


def declared(state: ChainState, target: str) -> Mapping[str, Any]:
    """The reaction decided for ``target`` in the opening steps, to be read and not
    changed: the state's own (the hit roll of every chain reads it; a copy each
    time was not free)."""
    return state.attack.get(REACTIONS, {}).get(target) or NO_REACTION
