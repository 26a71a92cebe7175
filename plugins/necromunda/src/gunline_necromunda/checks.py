"""Attacks the rules forbid, refused before any die with what would work instead.

Runs before every attack (and before every chain the odds resolve), so the usual
single-target shot is checked with a handful of attribute reads.
"""

from __future__ import annotations

from gunline import ChainState

from .measuring import out_of_sight
from .nearest import nearest_problem
from .profiles import NecromundaAttack
from .targeting import BLASTS

#: What a shooter's own state in an encounter lets him do: down "can do nothing
#: else" but crawl, pinned "may only crawl 2\"".
CANNOT_SHOOT = {
    "pinned": "is pinned and may only crawl this turn (he recovers at its end, or early: action early-recovery)",
    "down": "is down and can do nothing but crawl (action recovery, in the recovery phase)",
    "out_of_action": "is out of action",
}


def problems(attack: NecromundaAttack, state: ChainState) -> list[str]:
    shooter, weapon, targets = attack.shooter, attack.weapon, attack.targets
    out = out_of_sight(attack)
    own = state.shooter_as_target.get("status")
    if own in CANNOT_SHOOT:
        out.append(f"{shooter.name} {CANNOT_SHOOT[own]}: he cannot shoot")
    if state.weapon.get("status") == "broken":
        out.append(
            f"the {weapon.name} is broken (it failed an ammo roll) and cannot be used until it is "
            "repaired after the battle: choose another weapon"
        )
    if shooter.ran:
        out.append(f"{shooter.name} ran this turn and cannot shoot: he may shoot next turn")
    if shooter.in_combat:
        out.append(f"{shooter.name} is in base contact with an enemy and cannot shoot: fight hand-to-hand")
    template = weapon.template
    if template == "none":
        if not weapon.grenade and weapon.long_range is None:
            out.append(
                f"weapon {weapon.name!r} has no long_range: give short_range and long_range, "
                "or template = \"flame\", or grenade = true"
            )
    else:
        if template == "flame" and weapon.grenade:
            out.append("a grenade cannot use the flame template: use small_blast, large_blast or none")
        if weapon.sustained_fire:
            out.append("a weapon has either sustained fire or a template, not both")
    first = targets[0]
    if state.targets[first.name].get("status") == "out_of_action":
        out.append(f"{first.name} is already out of action: shoot at another fighter")
    if first.in_sight_only:
        out.append(f"targets[0]: {first.name} is the one shot at, not in_sight_only: list the target first")
    caught = [t for t in targets[1:] if not t.in_sight_only]
    if caught and template == "none":
        if not weapon.sustained_fire:
            out.append(
                f"the {weapon.name} shoots one target: list only {first.name} "
                "(only sustained-fire and template weapons hit several; mark enemies only in sight "
                "in_sight_only = true)"
            )
        else:
            far = [t.name for t in caught if not t.near_first]
            if far:
                out.append(
                    f"sustained fire: {', '.join(far)} not marked near_first = true; extra shots may only "
                    f"go at fighters within 4\" of {first.name}"
                )
    given = [f"targets[{i}]" for i, t in enumerate(targets) if t.shots is not None]
    if given and not weapon.sustained_fire:
        out.append(f"{', '.join(given)}: shots is for sustained-fire weapons only: remove it")
    elif first.shots == 0:
        out.append(f"targets[0].shots: the first shot goes at {first.name}: give 1 or more")
    for i, target in enumerate(targets[1:], 1):
        if target.in_sight_only and (target.near_first or target.shots is not None
                                     or target.under_template is not None or target.under_scatter != "none"):
            out.append(
                f"targets[{i}]: {target.name} is in_sight_only (not shot at): remove near_first, shots, "
                "under_template and under_scatter, or in_sight_only"
            )
    nearest = nearest_problem(attack, state)
    if nearest is not None:
        out.append(nearest)
    scatter_marked = template_marked = False
    for i, target in enumerate(targets):
        if target.save is not None and target.armour is not None:
            out.append(f"targets[{i}]: give save or armour, not both")
        scatter_marked = scatter_marked or target.under_scatter != "none"
        template_marked = template_marked or target.under_template is not None
    if scatter_marked and template not in BLASTS:
        out.append("under_scatter is only for blast weapons: remove it")
    if template_marked and template == "none":
        out.append("under_template is only for template weapons: remove it")
    return out
