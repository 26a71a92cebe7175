"""Why an attack cannot be made, each reason saying what would work instead.

Read before any die: the fire mode against the weapon, the targets and the rounds
left (from the chain state, which an encounter may have carried over); on a map,
who the burst catches and who is out of reach.
"""

from __future__ import annotations

from gunline import ChainState

from .fire_modes import FIRE_MODES
from .measuring import caught_unlisted, out_of_reach, out_of_sight
from .schema import WodAttack


def _fitting_modes(left: int, autofire: bool) -> str:
    """The modes the rounds left still allow, in words: "a single shot or a short burst"."""
    fits = [
        f"a {m.label}"
        for m in FIRE_MODES.values()
        if m.rounds <= left and (autofire or not m.autofire)
    ]
    return " or ".join(fits)


def refusals(attack: WodAttack, state: ChainState) -> list[str]:
    """Every reason the attack cannot be made (empty when it can)."""
    mode = FIRE_MODES[attack.mode]
    weapon = attack.weapon
    out: list[str] = out_of_sight(attack)

    if weapon.rounds is not None and weapon.rounds > weapon.clip:
        out.append(
            f"weapon.rounds: {weapon.rounds} is more than the clip holds ({weapon.clip}); "
            f"give rounds from 0 to {weapon.clip}"
        )

    if mode.autofire and not weapon.autofire:
        out.append(f"the {weapon.name} cannot autofire: fire a single shot")

    if state.weapon.get("status") == "jammed":
        out.append(f"the {weapon.name} is jammed: clear it first (an action: gunline act clear-jam)")

    targets = attack.targets
    avoided = [i for i, t in enumerate(targets) if t.avoided]
    count = len(targets) - len(avoided)
    intended = [t.name for t in targets if not t.bystander and not t.avoided]
    if not intended:
        out.append(
            "no intended target: every target is a bystander (someone hit for standing close to a target); "
            "mark the one shot at bystander = false"
        )
    if avoided and mode.autofire:
        names = ", ".join(targets[i].name for i in avoided)
        out.append(
            f"{names}: a burst cannot avoid anyone (everyone in the melee becomes a target): mark them "
            "bystander = true, or fire a single shot"
        )
    elif avoided and avoided[0] == 0:
        out.append("targets[0]: the combatant the shot avoids cannot be the one aimed at: list the target first")
    for i, t in enumerate(targets):
        if t.avoided and t.bystander:
            out.append(f"targets[{i}]: {t.name} is avoided or a bystander, not both")
        if t.grappling and not t.avoided:
            out.append(f"targets[{i}].grappling: only for a combatant the shot avoids: mark him avoided = true")
        if t.cover_durability is not None and t.concealment:
            out.append(
                f"targets[{i}]: {t.name} is wholly behind cover (cover_durability) or concealed, not both: "
                "full cover is shot through, concealment only makes him harder to hit"
            )
    if mode.max_targets is not None and count > mode.max_targets:
        if attack.mode == "single":
            out.append(
                f"{count} targets: a single shot takes one target; fire a burst "
                "or keep one target"
            )
        else:
            out.append(
                f"{count} targets: use a long burst (a {mode.label} takes at most "
                f"{mode.max_targets}), or drop targets"
            )
    elif mode.max_intended is not None and len(intended) > mode.max_intended:
        out.append(
            f"{len(intended)} intended targets ({', '.join(intended)}): a {mode.label} "
            "takes one intended target; use a medium burst, or mark the others "
            "bystander = true if they are only caught standing close"
        )
    settings = attack.settings
    cap = getattr(settings, "long_burst_max_targets", None)
    if attack.mode == "long" and cap is not None and count > cap:
        out.append(
            f"{count} targets: the Storyteller allows a long burst at most {cap}; drop targets"
        )

    # on a map: someone the burst catches but the file does not list; a target out of reach
    out += caught_unlisted(attack) + out_of_reach(attack)

    left = state.weapon.get("rounds_left")
    if left is not None and left < mode.rounds:
        if left == 0:
            out.append(f"the {weapon.name} is empty: reload")
        else:
            out.append(
                f"the {weapon.name} has {left} rounds left and a {mode.label} needs "
                f"{mode.rounds}: reload, or fire {_fitting_modes(left, weapon.autofire)}"
            )
    return out
