"""Why an attack cannot be made, each reason with what would work instead."""

from __future__ import annotations

from gunline import ChainState

from . import conditions, turns
from .ammo import misfit, shot_damage
from .damage import adds_to_ammo
from .fire import aim_of, bullets_fired
from .measuring import out_of_sight
from .schema import FalloutAttack
from .tables import AREAS


def problems(attack: FalloutAttack, state: ChainState) -> list[str]:
    weapon, targets = attack.weapon, attack.targets
    out: list[str] = []
    if attack.mode == "burst":
        if weapon.burst is None:
            out.append(f"{weapon.name} fires no bursts: use mode = \"single\"")
        if aim_of(attack) is not None:
            out.append("aimed shots are single shots: remove aim, or use mode = \"single\"")
        if not targets[0].in_area:
            out.append(f"targets[0] ({targets[0].name}) is the object the burst is aimed at: "
                       "it cannot be outside the burst area")
        # only the objects in the burst area take bullets: those outside it may stand anywhere in the list
        in_area = [(i, t) for i, t in enumerate(targets) if t.in_area]
        for (h, before), (i, t) in zip(in_area, in_area[1:]):
            if t.distance < before.distance:
                out.append(
                    f"targets[{i}] ({t.name}, {t.distance} hexes) is nearer than "
                    f"targets[{h}] ({before.name}, {before.distance} hexes): a burst can only "
                    "be aimed at the nearest object in the line of fire; list targets nearest first"
                )
                break
    else:
        if weapon.bursts_only:
            out.append(f"{weapon.name} fires bursts only: use mode = \"burst\"")
        if len(targets) > 1:
            out.append(f"a single shot takes one target, {len(targets)} given: list one, or use mode = \"burst\"")
    out.extend(_line_of_fire(attack))
    out.extend(out_of_sight(attack))
    aim = aim_of(attack)
    if aim is not None:
        for i, t in enumerate(targets):
            if aim not in AREAS and aim not in t.areas:
                known = [*AREAS, *t.areas]
                out.append(f"aim: {aim!r} is not an area of targets[{i}] ({t.name}); "
                           f"expected one of: {', '.join(known)}")
    if adds_to_ammo(str(weapon.damage)) and not shot_damage(weapon).has_dice:
        out.append(
            f"weapon.damage {weapon.damage!r} adds to its ammunition's dice, but ammo {weapon.ammo!r} has none: "
            "give weapon.ammo from the catalogue, or the whole damage (e.g. \"1d6+6\")"
        )
    if weapon.magazine is not None and weapon.rounds is not None and weapon.rounds > weapon.magazine:
        out.append(f"weapon.rounds {weapon.rounds} is more than the magazine holds ({weapon.magazine})")
    misfit_ = misfit(weapon)
    if misfit_:
        out.append(misfit_)
    status = state.weapon.get("status")
    if status == "jammed":
        out.append(f"{weapon.name} is jammed (condition {state.weapon.get('condition', 0)}%): "
                   "it cannot fire until it is cleared (gunline act clear-jam) or repaired")
    elif status == "dropped":
        out.append(f"{weapon.name} was dropped: pick it up first (gunline act pick-up-weapon)")
    elif status == "broken":
        out.append(f"{weapon.name} is broken")
    for why in (conditions.why_not_acting(attack.shooter.name, state), turns.short(attack, state)):
        if why:
            out.append(why)
    loaded = state.weapon.get("ammo")
    left = state.weapon.get("rounds_left")
    if loaded and weapon.ammo and loaded.casefold() != weapon.ammo.strip().casefold() and left:
        out.append(f"weapon.ammo: the magazine holds {loaded} ({left} left) and one magazine holds one kind: "
                   f"fire {loaded}, or reload with {weapon.ammo}")
    need = bullets_fired(attack)
    if left is not None and left < need:
        what = "a burst fires" if attack.mode == "burst" else "a shot needs"
        fix = "reload" + (", or fire single" if attack.mode == "burst" and left > 0 and not weapon.bursts_only else "")
        out.append(f"{weapon.name} has {left} rounds left, {what} {need}: {fix}")
    return out


def _line_of_fire(attack: FalloutAttack) -> list[str]:
    """``line_of_fire`` names a model placed on the map, not the shooter."""
    aimed = attack.settings.line_of_fire if attack.settings is not None else None
    if aimed is None:
        return []
    if attack.map is None or attack.map.where(aimed) is None:
        return [f"line_of_fire: {aimed!r} is not placed on the map: place it in [map] at, or leave line_of_fire out"]
    if aimed == attack.shooter.name:
        return [f"line_of_fire: {aimed!r} is the shooter: name the model the burst is fired at"]
    return []
