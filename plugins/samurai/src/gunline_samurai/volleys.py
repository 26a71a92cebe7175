"""Who shoots at whom: the shooter's shots or, for a shooting unit, each model's.

All the models of a unit shoot at once, each at targets of its own, in one attack
(«стрельба всеми моделями производится одновременно. Однако каждая модель может
обстреливать свою цель» [SEED]). A *volley* is the shots of one model at one target:
the model, how many, and the Shooting and Body it shoots them with (its own, else
the unit's). A lone shooter has one volley per target, its own. A model that is
down (Stunned or killed in an earlier attack of the encounter) shoots nothing.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec

from . import losses
from .schema import SamuraiAttack, Shooter, ShootingModel, Target
from .settled import settled


class Volley(msgspec.Struct, frozen=True, kw_only=True):
    """The shots of one model at one target. ``model`` is None for a lone shooter."""

    model: str | None
    shots: int
    shooting: int
    body: int

    def who(self, shooter: Shooter) -> str:
        return self.model if self.model is not None else shooter.name


def is_unit(shooter: Shooter) -> bool:
    return bool(shooter.models)


def value_of(model: ShootingModel, shooter: Shooter, field: str) -> Any:
    """A model's characteristic: its own, else the unit's."""
    own = getattr(model, field)
    return getattr(shooter, field) if own is None else own


def shots_of(attack: SamuraiAttack, model: ShootingModel) -> int:
    """«Атаки» of the model, unless the weapon says otherwise [SEED]."""
    weapon = attack.weapon
    return weapon.shots if weapon.shots is not None else value_of(model, attack.shooter, "attacks")


def aims(attack: SamuraiAttack, model: ShootingModel) -> Counter[str]:
    """Shots of ``model`` by target name: one name takes all its shots, several one
    each (a name twice, two); unset, all at the only target."""
    names = model.targets or ([attack.targets[0].name] if len(attack.targets) == 1 else [])
    if len(names) == 1:
        return Counter({names[0]: shots_of(attack, model)})
    return Counter(names)


def firing(attack: SamuraiAttack, shooter_state: dict[str, Any]) -> list[ShootingModel]:
    """The unit's models still standing, in the order listed."""
    models = shooter_state.get("models", {})
    return [m for m in attack.shooter.models if losses.standing(models.get(m.name, {}))]


def lone_shots_at(attack: SamuraiAttack, target: Target) -> int:
    """A lone shooter's shots at ``target``: as the file says, else all of them at
    a lone target and one each at several."""
    if target.shots is not None:
        return target.shots
    available = attack.weapon.shots if attack.weapon.shots is not None else attack.shooter.attacks
    return available if len(attack.targets) == 1 else 1


def volleys_at(attack: SamuraiAttack, target: Target, shooter_state: dict[str, Any]) -> list[Volley]:
    """Every volley aimed at ``target``, models in the order listed."""
    shooter = attack.shooter
    if not is_unit(shooter):
        return [Volley(model=None, shots=lone_shots_at(attack, target), shooting=shooter.shooting, body=shooter.body)]
    return list(by_target(attack, shooter_state).get(target.name, ()))


def by_target(attack: SamuraiAttack, shooter_state: dict[str, Any]) -> dict[str, tuple[Volley, ...]]:
    """A shooting unit's volleys by target name, each target's models in the order
    listed: worked out in one pass over the models, once per attack and set of models
    down (:mod:`.settled`). Every hook asks for the volleys at each target; a pass over
    the whole unit for each made a unit of a thousand archers a second a chain."""
    return settled(attack, ("volleys", stands(attack, shooter_state)), lambda: _by_target(attack, shooter_state))


def stands(attack: SamuraiAttack, shooter_state: dict[str, Any]) -> tuple[str, ...]:
    """How each of a shooting unit's models stands (its status), in the order listed:
    all of the state that who fires what depends on."""
    models = shooter_state.get("models", {})
    return tuple([models.get(m.name, {}).get("status", "unharmed") for m in attack.shooter.models])


def _by_target(attack: SamuraiAttack, shooter_state: dict[str, Any]) -> dict[str, tuple[Volley, ...]]:
    shooter = attack.shooter
    out: dict[str, list[Volley]] = {}
    for m in firing(attack, shooter_state):
        shooting, body = value_of(m, shooter, "shooting"), value_of(m, shooter, "body")
        for name, n in aims(attack, m).items():
            if n:
                out.setdefault(name, []).append(Volley(model=m.name, shots=n, shooting=shooting, body=body))
    return {name: tuple(volleys) for name, volleys in out.items()}


def shots_at(attack: SamuraiAttack, target: Target, shooter_state: dict[str, Any]) -> int:
    return sum(v.shots for v in volleys_at(attack, target, shooter_state))


def shots_aimed(attack: SamuraiAttack, shooter_state: dict[str, Any]) -> int:
    """Shots aimed at the attack's targets, all of them (one pass, however many)."""
    if not is_unit(attack.shooter):
        return sum(lone_shots_at(attack, t) for t in attack.targets)
    aimed = by_target(attack, shooter_state)
    return sum(v.shots for t in attack.targets for v in aimed.get(t.name, ()))


def shots_available(attack: SamuraiAttack, shooter_state: dict[str, Any]) -> int:
    """Shots the shooter (every standing model of a unit) can fire."""
    if not is_unit(attack.shooter):
        weapon = attack.weapon
        return weapon.shots if weapon.shots is not None else attack.shooter.attacks
    return sum(shots_of(attack, m) for m in firing(attack, shooter_state))


def main(volleys: list[Volley], field: str) -> int:
    """The value of ``field`` most of the shots at a target are fired with (of equally
    common values, the first model's): what a comparative test of the shooting side
    uses where it needs one number, as tests against a unit use its majority's."""
    counts: Counter[int] = Counter()
    for v in volleys:
        counts[getattr(v, field)] += v.shots
    most = max(counts.values())
    return next(getattr(v, field) for v in volleys if counts[getattr(v, field)] == most)


def majority(shooter: Shooter, field: str) -> Any:
    """The value most of the unit's models have (of equally common values, the first
    listed model's); a lone shooter's own."""
    if not is_unit(shooter):
        return getattr(shooter, field)
    values = [value_of(m, shooter, field) for m in shooter.models]
    counts = Counter(values)
    most = max(counts.values())
    return next(v for v in values if counts[v] == most)


def state_words(shooter: Shooter, state: dict[str, Any]) -> str:
    """The shooter's state in words; a unit's model by model."""
    if "models" in state:
        return losses.unit_words(state, {m.name: value_of(m, shooter, "wounds") for m in shooter.models})
    return losses.words(state, shooter.wounds)
