"""Steps 5 and 6 of the sequence: can the target react, and what it declares.

Sight decides first. A target that sees the shooter may react. One that does not
(the seed's general, standing with his back to the ninja) may react only by
«Начеку N» (Alert), which the shooter's «Скрытность N» (Stealth) neutralises: the
general's Alert 1 falls to the ninja's Stealth 2 [SEED]. Whether an equal Alert
still reacts is not said; the notes take Alert ≥ Stealth, and the
``samurai.alert-exceeds-stealth`` variant takes Alert > Stealth. Another model that
sees the shooter may react in the target's place (the bushido master, who has the
ninja in his field of view) [SEED]; one that does not see him cannot. A declared
reaction whose action proves impossible is lost [SEED].

The decision is put in the ``reaction`` step's ``data``; the hit roll reads it
from there, so a variant that changes the decision changes the roll.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from . import losses, units
from .catalogue import profile
from .messages import _, _n
from .schema import Shooter, Target, WeaponRef

#: How Alert must compare with Stealth for a model to react: the notes' default.
AlertRule = Callable[[int, int], bool]
ALERT_AT_LEAST_STEALTH: AlertRule = operator.ge
ALERT_ABOVE_STEALTH: AlertRule = operator.gt
RULE_WORDS = _.per_language(lambda: {
    ALERT_AT_LEAST_STEALTH: _("Alert must be at least Stealth"),
    ALERT_ABOVE_STEALTH: _("Alert must exceed Stealth"),
})

#: What a model declaring a reaction does, in words (``{by}``: the model).
REACTION_WORDS = _.per_language(lambda: {
    "none": _("{by} no reaction"),
    "dodge": _("{by} dodges"),
    "return_fire": _("{by} returns fire"),
    "charge": _("{by} charges"),
})

#: The reactions' names, as a sentence says them.
REACTION_NAMES = _.per_language(lambda: {
    "none": _("none"),
    "dodge": _("dodge"),
    "return_fire": _("return fire"),
    "charge": _("charge"),
})


standing = losses.standing


def may_react(shooter: Shooter, target: Target, state: dict[str, Any], rule: AlertRule) -> tuple[bool, str]:
    """Whether the target itself may react, and why, in words: it sees the shooter,
    or its Alert overcomes the shooter's Stealth."""
    if not standing(state):
        return False, _("{target} is {status} and cannot react", target=target.name,
                        status=losses.status_word(state.get("status")))
    if target.sees_shooter:
        return True, _("{target} sees {shooter}: may react", target=target.name, shooter=shooter.name)
    alert, stealth = target.alert, shooter.stealth
    ok = rule(alert, stealth)
    sign = "=" if alert == stealth else (">" if alert > stealth else "<")
    words = RULE_WORDS().get(rule) or _("alert rule")
    if ok:
        # Translators: {sign} is =, < or >; {rule} says how Alert must compare with Stealth
        return ok, _("{target} does not see {shooter}; Alert {alert} {sign} {shooter}'s Stealth {stealth}: may react "
                     "({rule})", target=target.name, shooter=shooter.name, alert=alert, sign=sign, stealth=stealth,
                     rule=words)
    # Translators: {sign} is =, < or >; {rule} says how Alert must compare with Stealth
    return ok, _("{target} does not see {shooter}; Alert {alert} {sign} {shooter}'s Stealth {stealth}: cannot react "
                 "({rule})", target=target.name, shooter=shooter.name, alert=alert, sign=sign, stealth=stealth,
                 rule=words)


def _shots(weapon: dict[str, Any], attacks: int) -> int:
    return weapon["shots"] if weapon["shots"] is not None else attacks


def _in_range(weapon: dict[str, Any], distance: float | None) -> bool:
    return weapon["range"] is None or distance is None or distance <= weapon["range"]


def _fire_of_one(name: str, shooting: int, attacks: int, body: int, ref: WeaponRef | None,
                 distance: float | None) -> tuple[dict[str, Any] | None, str]:
    """A single model's return fire, or why it is impossible."""
    weapon = profile(ref) if ref is not None else None
    if weapon is None:
        return None, _("{name} has no missile weapon", name=name)
    if not _in_range(weapon, distance):
        return None, _("the shooter is beyond the range of {name}'s {weapon} ({range}\")", name=name,
                       weapon=weapon["name"] or _("weapon"), range=weapon["range"])
    shots = _shots(weapon, attacks)
    return {
        "shots": shots,
        "shooting": shooting,
        "strength": body + weapon["damage"],
        "weapon": weapon["name"],
        "firing": [name],
    }, _n("{name} returns fire with {n} shot ({weapon})", "{name} returns fire with {n} shots ({weapon})", shots,
          name=name, n=shots, weapon=weapon["name"] or _("weapon"))


def _fire_of_unit(target: Target, state: dict[str, Any]) -> tuple[dict[str, Any] | None, str]:
    """A unit's return fire: every model that can fire at the shooter must [SEED]."""
    weapon = profile(target.weapon) if target.weapon is not None else None
    if weapon is None:
        return None, _("{name} has no missile weapon", name=target.name)
    models = state.get("models", {})
    firing = [
        m for m in units.nearest_first(target)
        if losses.standing(models.get(m.name, {}))
        and m.sees_shooter
        and _in_range(weapon, m.distance)
    ]
    if not firing:
        return None, _("no model of {target} can fire at the shooter", target=target.name)
    shots = sum(_shots(weapon, units.value_of(m, target, "attacks")) for m in firing)
    names = ", ".join(m.name for m in firing)
    return {
        "shots": shots,
        "shooting": units.majority(target, "shooting"),
        "strength": units.majority(target, "body") + weapon["damage"],
        "weapon": weapon["name"],
        "firing": [m.name for m in firing],
    }, _n("the unit fires together at the shooter: {models}, {n} shot",
          "the unit fires together at the shooter: {models}, {n} shots", shots, models=names, n=shots)


def declare(
    shooter: Shooter, target: Target, state: dict[str, Any], target_may_react: bool
) -> tuple[dict[str, Any], str]:
    """The reaction step's data and text: who reacts, how, and whether it can."""
    declared = target.reaction
    reactor = target.reactor
    by = reactor.name if reactor is not None else target.name
    data: dict[str, Any] = {"declared": declared, "effective": "none", "by": None}
    if declared == "none":
        return data, _("{target}: no reaction declared", target=target.name)
    reaction = REACTION_NAMES()[declared]
    if reactor is None and not target_may_react:
        return data, _("{target} may not react: no {reaction}", target=target.name, reaction=reaction)
    if reactor is not None and not reactor.sees_shooter:
        return data, _("{reactor} does not see {shooter}: the {reaction} is lost", reactor=reactor.name,
                       shooter=shooter.name, reaction=reaction)

    possible: dict[str, Any] | None = {}
    why = REACTION_WORDS()[declared].format(by=by)
    if declared == "return_fire":
        if reactor is not None:
            possible, why = _fire_of_one(
                reactor.name, reactor.shooting, reactor.attacks, reactor.body, reactor.weapon, reactor.distance
            )
        elif units.is_unit(target):
            possible, why = _fire_of_unit(target, state)
        else:
            possible, why = _fire_of_one(
                target.name, target.shooting, target.attacks, target.body, target.weapon, target.distance
            )
    elif declared == "charge":
        can_reach = reactor.can_reach if reactor is not None else target.can_reach
        if not can_reach:
            possible, why = None, _("{by} cannot reach {shooter}", by=by, shooter=shooter.name)
        else:
            why = _("{by} charges {shooter}: the charge follows the shots (melee is outside the shooting rules)",
                    by=by, shooter=shooter.name)
    if possible is None:
        return data, _("{why}: the {reaction} is lost", why=why, reaction=reaction)
    data.update(possible)
    data.update(effective=declared, by=by)
    return data, why
