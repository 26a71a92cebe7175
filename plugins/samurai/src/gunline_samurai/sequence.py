"""The shooting sequence of the seed, steps 1 to 6, as the attack's opening steps.

1. declaration, 2. weapon, then for each target 3. its choice, 4. range, 5. whether
it can react, 6. the reaction declared. Steps 7-9 (hit rolls, wound rolls, casualties) follow in
the engine's per-target hooks and at the end of the attack. A model with several
shots may aim each at its own target; all the shots and all the reactions to them
happen at once [SEED], so every decision here is taken before any die is rolled.
"""

from __future__ import annotations

from typing import Any

from gunline import ChainState, Step

from . import reactions, units, volleys
from .reactions import ALERT_AT_LEAST_STEALTH, AlertRule
from .schema import SamuraiAttack, Target


def shots_available(attack: SamuraiAttack, state: ChainState | None = None) -> int:
    """«Атаки» of the shooter (of every standing model of a shooting unit), unless
    the weapon says otherwise [SEED]."""
    return volleys.shots_available(attack, state.shooter if state is not None else {})


def shots_at(attack: SamuraiAttack, target: Target, state: ChainState | None = None) -> int:
    """Shots aimed at ``target``: a lone shooter's as the file says (else all of them
    at a lone target and one each at several); a unit's, as its models say."""
    return volleys.shots_at(attack, target, state.shooter if state is not None else {})


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


#: Key of ``state.attack``: the reaction declared for each target, by name.
REACTIONS = "reactions"


def opening_steps(
    attack: SamuraiAttack, state: ChainState, alert_rule: AlertRule = ALERT_AT_LEAST_STEALTH
) -> list[Step]:
    """Steps 1-6 of the sequence for the whole attack. The reactions declared are
    also left in ``state.attack`` for the targets' hooks to read."""
    shooter, weapon = attack.shooter, attack.weapon
    available = shots_available(attack, state)
    fired = sum(shots_at(attack, t, state) for t in attack.targets)
    names = ", ".join(t.name for t in attack.targets)
    unused = f" ({available - fired} not fired)" if fired < available else ""
    who = shooter.name
    if volleys.is_unit(shooter):
        who += f" (unit of {len(shooter.models)})"
        down = [m.name for m in shooter.models if m not in volleys.firing(attack, state.shooter)]
        if down:
            unused += f"; {', '.join(down)} down, not shooting"
    steps = [
        Step(
            kind="declaration",
            value=fired,
            text=f"{who} declares shooting: {_plural(fired, 'shot')} at {names}{unused}",
            data={"shots": available, "fired": fired},
        )
    ]
    if weapon.shots is not None:
        whence = "the weapon's own" + (" for each model" if volleys.is_unit(shooter) else "")
    elif volleys.is_unit(shooter):
        whence = "each model's Attacks"
    else:
        whence = f"{shooter.name}'s Attacks {shooter.attacks}"
    reach = f", range {weapon.range}\"" if weapon.range is not None else ""
    steps.append(
        Step(
            kind="weapon",
            value=available,
            text=f"{weapon.name}: {_plural(available, 'shot')} ({whence}), Damage {weapon.damage}{reach}",
            data={"name": weapon.name, "damage": weapon.damage, "shots": available, "range": weapon.range},
        )
    )
    declared: dict[str, dict[str, Any]] = {}
    for t in attack.targets:
        tstate = state.targets.get(t.name, {})
        aimed = volleys.volleys_at(attack, t, state.shooter)
        n = sum(v.shots for v in aimed)
        kind = f"unit of {len(t.models)}" if units.is_unit(t) else "model"
        by = ""
        if volleys.is_unit(shooter):
            by = " from " + ", ".join(f"{v.model} {v.shots}" for v in aimed)
        steps.append(Step(kind="target", target=t.name, value=n,
                          text=f"{t.name} ({kind}): {_plural(n, 'shot')}{by}"))
        d = units.distance(t)
        near = " to the nearest model" if units.is_unit(t) else ""
        measured = f"{d}\"{near}" if d is not None else "not measured"
        steps.append(Step(kind="range", target=t.name, value=d, text=measured))
        ok, why = reactions.may_react(shooter, t, tstate, alert_rule)
        able = ok
        if t.reactor is not None:
            sees = "sees" if t.reactor.sees_shooter else "does not see"
            why += f"; {t.reactor.name} {sees} {shooter.name} and may react in its place"
            able = t.reactor.sees_shooter
        steps.append(Step(kind="reaction_check", target=t.name, value=int(able), text=why,
                          data={"target_may_react": ok, "reactor": t.reactor.name if t.reactor else None}))
        data, text = reactions.declare(shooter, t, tstate, ok)
        steps.append(Step(kind="reaction", target=t.name, value=data.get("shots"), text=text, data=data))
        declared[t.name] = data
    steps[0].attack_state = {REACTIONS: declared}
    return steps


def reaction_of(state: ChainState, target: str) -> dict[str, Any]:
    """The reaction decided for ``target`` in the opening steps."""
    found = state.attack.get(REACTIONS, {}).get(target)
    return dict(found) if found else {"effective": "none"}
