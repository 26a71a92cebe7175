"""Why an attack cannot be made, each reason with what would work instead."""

from __future__ import annotations

from gunline import ChainState

from . import conditions, turns
from .ammo import misfit, no_dice_to_add
from .fire import aim_of, bullets_fired
from .measuring import out_of_sight
from .messages import _
from .schema import FalloutAttack
from .tables import AREAS


def problems(attack: FalloutAttack, state: ChainState) -> list[str]:
    weapon, targets = attack.weapon, attack.targets
    out: list[str] = []
    if attack.mode == "burst":
        if weapon.burst is None:
            out.append("mode: " + _('{weapon} fires no bursts: use mode = "single"', weapon=weapon.name))
        if aim_of(attack) is not None:
            out.append("aim: " + _('aimed shots are single shots: remove aim, or use mode = "single"'))
        if not targets[0].in_area:
            out.append("targets[0].in_area: " + _("{name} is the object the burst is aimed at: it cannot be outside "
                                                  "the burst area", name=targets[0].name))
        # only the objects in the burst area take bullets: those outside it may stand anywhere in the list
        in_area = [(i, t) for i, t in enumerate(targets) if t.in_area]
        for (h, before), (i, t) in zip(in_area, in_area[1:]):
            if t.distance < before.distance:
                out.append(f"targets[{i}]: " + _(
                    "{name} ({distance} hexes) is nearer than targets[{before}] ({before_name}, "
                    "{before_distance} hexes): a burst can only be aimed at the nearest object in the line of fire; "
                    "list targets nearest first",
                    name=t.name, distance=t.distance, before=h, before_name=before.name,
                    before_distance=before.distance,
                ))
                break
    else:
        if weapon.bursts_only:
            out.append("mode: " + _('{weapon} fires bursts only: use mode = "burst"', weapon=weapon.name))
        if len(targets) > 1:
            out.append("targets: " + _('a single shot takes one target, {n} given: list one, or use mode = "burst"',
                         n=len(targets)))
    out.extend(_line_of_fire(attack))
    out.extend(out_of_sight(attack))
    aim = aim_of(attack)
    if aim is not None:
        for i, t in enumerate(targets):
            if aim not in AREAS and aim not in t.areas:
                known = [*AREAS, *t.areas]
                out.append(_("aim: {aim} is not an area of targets[{i}] ({name}); expected one of: {known}",
                             aim=repr(aim), i=i, name=t.name, known=", ".join(known)))
    bonus = no_dice_to_add(weapon)
    if bonus:
        out.append(bonus)
    if weapon.magazine is not None and weapon.rounds is not None and weapon.rounds > weapon.magazine:
        out.append("weapon.rounds: " + _("{rounds} is more than the magazine holds ({magazine})",
                                         rounds=weapon.rounds, magazine=weapon.magazine))
    misfit_ = misfit(weapon)
    if misfit_:
        out.append(misfit_)
    status = state.weapon.get("status")
    if status == "jammed":
        out.append("weapon: " + _("{weapon} is jammed (condition {condition}%): it cannot fire until it is cleared "
                     "(gunline act clear-jam) or repaired", weapon=weapon.name,
                     condition=state.weapon.get("condition", 0)))
    elif status == "dropped":
        out.append("weapon: " + _("{weapon} was dropped: pick it up first (gunline act pick-up-weapon)",
                                  weapon=weapon.name))
    elif status == "broken":
        out.append("weapon: " + _("{weapon} is broken", weapon=weapon.name))
    for why in (conditions.why_not_acting(attack.shooter.name, state), turns.short(attack, state)):
        if why:
            out.append(why)
    loaded = state.weapon.get("ammo")
    left = state.weapon.get("rounds_left")
    if loaded and weapon.ammo and loaded.casefold() != weapon.ammo.strip().casefold() and left:
        out.append(_("weapon.ammo: the magazine holds {loaded} ({left} left) and one magazine holds one kind: "
                     "fire {loaded}, or reload with {ammo}", loaded=loaded, left=left, ammo=weapon.ammo))
    need = bullets_fired(attack)
    if left is not None and left < need:
        if attack.mode != "burst":
            out.append("weapon.rounds: " + _("{weapon} has {left} rounds left, a shot needs {need}: reload",
                                             weapon=weapon.name, left=left, need=need))
        elif left > 0 and not weapon.bursts_only:
            out.append("weapon.rounds: " + _("{weapon} has {left} rounds left, a burst fires {need}: reload, "
                                             "or fire single",
                         weapon=weapon.name, left=left, need=need))
        else:
            out.append("weapon.rounds: " + _("{weapon} has {left} rounds left, a burst fires {need}: reload",
                                             weapon=weapon.name, left=left, need=need))
    return out


def _line_of_fire(attack: FalloutAttack) -> list[str]:
    """``line_of_fire`` names a model placed on the map, not the shooter."""
    aimed = attack.settings.line_of_fire if attack.settings is not None else None
    if aimed is None:
        return []
    if attack.map is None or attack.map.where(aimed) is None:
        return [_("line_of_fire: {model} is not placed on the map: place it in [map] at, or leave line_of_fire out",
                  model=repr(aimed))]
    if aimed == attack.shooter.name:
        return [_("line_of_fire: {model} is the shooter: name the model the burst is fired at", model=repr(aimed))]
    return []
