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

from . import reactions, units
from .reactions import ALERT_AT_LEAST_STEALTH, AlertRule
from .schema import SamuraiAttack, Target


def shots_available(attack: SamuraiAttack) -> int:
    """«Атаки» of the shooter, unless the weapon says otherwise [SEED]."""
    return attack.weapon.shots if attack.weapon.shots is not None else attack.shooter.attacks


def shots_at(attack: SamuraiAttack, target: Target) -> int:
    """Shots aimed at ``target``: as the file says, else all of them at a lone
    target and one each at several."""
    if target.shots is not None:
        return target.shots
    return shots_available(attack) if len(attack.targets) == 1 else 1


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
    available = shots_available(attack)
    fired = sum(shots_at(attack, t) for t in attack.targets)
    names = ", ".join(t.name for t in attack.targets)
    unused = f" ({available - fired} not fired)" if fired < available else ""
    steps = [
        Step(
            kind="declaration",
            value=fired,
            text=f"{shooter.name} declares shooting: {_plural(fired, 'shot')} at {names}{unused}",
            data={"shots": available, "fired": fired},
        )
    ]
    whence = "the weapon's own" if weapon.shots is not None else f"{shooter.name}'s Attacks {shooter.attacks}"
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
        n = shots_at(attack, t)
        kind = f"unit of {len(t.models)}" if units.is_unit(t) else "model"
        steps.append(Step(kind="target", target=t.name, value=n, text=f"{t.name} ({kind}): {_plural(n, 'shot')}"))
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
