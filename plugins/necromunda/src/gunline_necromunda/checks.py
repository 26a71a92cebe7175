"""Attacks the rules forbid, refused before any die with what would work instead.

Runs before every attack (and before every chain the odds resolve), so the usual
single-target shot is checked with a handful of attribute reads.
"""

from __future__ import annotations

from gunline import ChainState

from .measuring import out_of_sight
from .messages import _
from .nearest import nearest_problem
from .profiles import NecromundaAttack
from .targeting import BLASTS

#: What a shooter's own state in an encounter lets him do: down "can do nothing
#: else" but crawl, pinned "may only crawl 2\"".
CANNOT_SHOOT = frozenset({"pinned", "down", "out_of_action"})


def cannot_shoot(shooter: str, status: str) -> str:
    """Why a shooter who is ``status`` (one of :data:`CANNOT_SHOOT`) cannot shoot, and
    the action (by the name the GM asks for it) that may get him up."""
    if status == "pinned":
        return _("{shooter} is pinned and may only crawl this turn (he recovers at its end, or early: action "
                 "{action}): he cannot shoot", shooter=shooter, action="early-recovery")
    if status == "down":
        return _("{shooter} is down and can do nothing but crawl (action {action}, in the recovery phase): "
                 "he cannot shoot", shooter=shooter, action="recovery")
    return _("{shooter} is out of action: he cannot shoot", shooter=shooter)


def problems(attack: NecromundaAttack, state: ChainState) -> list[str]:
    shooter, weapon, targets = attack.shooter, attack.weapon, attack.targets
    out = out_of_sight(attack)
    own = state.shooter_as_target.get("status")
    if own in CANNOT_SHOOT:
        out.append("shooter: " + cannot_shoot(shooter.name, own))
    if state.weapon.get("status") == "broken":
        out.append("weapon: " + _(
            "the {weapon} is broken (it failed an ammo roll) and cannot be used until it is "
            "repaired after the battle: choose another weapon", weapon=weapon.name,
        ))
    if shooter.ran:
        out.append("shooter.ran: " + _("{shooter} ran this turn and cannot shoot: he may shoot next turn",
                                       shooter=shooter.name))
    if shooter.in_combat:
        out.append("shooter.in_combat: " + _("{shooter} is in base contact with an enemy and cannot shoot: "
                                             "fight hand-to-hand", shooter=shooter.name))
    template = weapon.template
    if template == "none":
        if not weapon.grenade and weapon.long_range is None:
            out.append("weapon.long_range: " + _(
                "weapon {weapon} has no long_range: give short_range and long_range, "
                "or template = \"flame\", or grenade = true", weapon=repr(weapon.name),
            ))
    else:
        if template == "flame" and weapon.grenade:
            out.append("weapon.template: " + _("a grenade cannot use the flame template: use small_blast, "
                                               "large_blast or none"))
        if weapon.sustained_fire:
            out.append("weapon.sustained_fire: " + _("a weapon has either sustained fire or a template, not both"))
    first = targets[0]
    if state.targets[first.name].get("status") == "out_of_action":
        out.append("targets[0]: " + _("{target} is already out of action: shoot at another fighter", target=first.name))
    if first.in_sight_only:
        out.append(_("targets[0]: {target} is the one shot at, not in_sight_only: list the target first",
                     target=first.name))
    caught = [t for t in targets[1:] if not t.in_sight_only]
    if caught and template == "none":
        if not weapon.sustained_fire:
            out.append("targets: " + _(
                "the {weapon} shoots one target: list only {target} "
                "(only sustained-fire and template weapons hit several; mark enemies only in sight "
                "in_sight_only = true)", weapon=weapon.name, target=first.name,
            ))
        else:
            far = [(i, t.name) for i, t in enumerate(targets) if i and not t.in_sight_only and not t.near_first]
            if far:
                out.append(f"targets[{far[0][0]}].near_first: " + _(
                    "sustained fire: {fighters} not marked near_first = true; extra shots may only "
                    "go at fighters within 4\" of {target}",
                    fighters=", ".join(name for _i, name in far), target=first.name,
                ))
    given = [f"targets[{i}].shots" for i, t in enumerate(targets) if t.shots is not None]
    if given and not weapon.sustained_fire:
        out += [_("{fields}: shots is for sustained-fire weapons only: remove it", fields=path) for path in given]
    elif first.shots == 0:
        out.append(_("targets[0].shots: the first shot goes at {target}: give 1 or more", target=first.name))
    for i, target in enumerate(targets[1:], 1):
        if target.in_sight_only and (target.near_first or target.shots is not None
                                     or target.under_template is not None or target.under_scatter != "none"):
            out.append(_(
                "targets[{i}]: {target} is in_sight_only (not shot at): remove near_first, shots, "
                "under_template and under_scatter, or in_sight_only", i=i, target=target.name,
            ))
    nearest = nearest_problem(attack, state)
    if nearest is not None:
        out.append("targets[0]: " + nearest)
    scatter_marked = template_marked = None
    for i, target in enumerate(targets):
        if target.save is not None and target.armour is not None:
            out.append(_("targets[{i}]: give save or armour, not both", i=i))
        if scatter_marked is None and target.under_scatter != "none":
            scatter_marked = i
        if template_marked is None and target.under_template is not None:
            template_marked = i
    if scatter_marked is not None and template not in BLASTS:
        out.append(f"targets[{scatter_marked}].under_scatter: " + _("under_scatter is only for blast weapons: "
                                                                    "remove it"))
    if template_marked is not None and template == "none":
        out.append(f"targets[{template_marked}].under_template: " + _("under_template is only for template "
                                                                      "weapons: remove it"))
    return out
