"""Why an attack cannot be made, each reason saying what would work instead.

Read before any die: the fire mode against the weapon, the targets and the rounds
left (from the chain state, which an encounter may have carried over); on a map,
who the burst catches and who is out of reach.
"""

from __future__ import annotations

from gunline import ChainState

from .fire_modes import FIRE_MODES, mode_label, to_fire
from .measuring import caught_unlisted, out_of_reach, out_of_sight
from .messages import _, _n
from .schema import WodAttack


def _fitting_modes(left: int, autofire: bool) -> str:
    """The modes the rounds left still allow, in words: "a single shot or a short burst"."""
    fits = [to_fire(key) for key, m in FIRE_MODES.items() if m.rounds <= left and (autofire or not m.autofire)]
    said = fits[0]
    for other in fits[1:]:
        said = _("{one} or {other}", one=said, other=other)
    return said


def refusals(attack: WodAttack, state: ChainState) -> list[str]:
    """Every reason the attack cannot be made (empty when it can)."""
    mode = FIRE_MODES[attack.mode]
    weapon = attack.weapon
    out: list[str] = out_of_sight(attack)

    if weapon.rounds is not None and weapon.rounds > weapon.clip:
        out.append(_(
            "weapon.rounds: {rounds} is more than the clip holds ({clip}); give rounds from 0 to {clip}",
            rounds=weapon.rounds, clip=weapon.clip,
        ))

    if mode.autofire and not weapon.autofire:
        out.append("mode: " + _("the {weapon} cannot autofire: fire a single shot", weapon=weapon.name))

    if state.weapon.get("status") == "jammed":
        out.append("weapon: " + _("the {weapon} is jammed: clear it first (an action: gunline act clear-jam)",
                                   weapon=weapon.name))

    targets = attack.targets
    avoided = [i for i, t in enumerate(targets) if t.avoided]
    count = len(targets) - len(avoided)
    intended = [t.name for t in targets if not t.bystander and not t.avoided]
    if not intended:
        out.append("targets: " + _(
            "no intended target: every target is a bystander (someone hit for standing close to a target); "
            "mark the one shot at bystander = false"
        ))
    if avoided and mode.autofire:
        names = ", ".join(targets[i].name for i in avoided)
        out.append(f"targets[{avoided[0]}].avoided: " + _(
            "{names}: a burst cannot avoid anyone (everyone in the melee becomes a target): mark them "
            "bystander = true, or fire a single shot",
            names=names,
        ))
    elif avoided and avoided[0] == 0:
        out.append(_("targets[0]: the combatant the shot avoids cannot be the one aimed at: list the target first"))
    for i, t in enumerate(targets):
        if t.avoided and t.bystander:
            out.append(_("targets[{i}]: {name} is avoided or a bystander, not both", i=i, name=t.name))
        if t.grappling and not t.avoided:
            out.append(_(
                "targets[{i}].grappling: only for a combatant the shot avoids: mark him avoided = true", i=i
            ))
        if t.cover_durability is not None and t.concealment:
            out.append(_(
                "targets[{i}]: {name} is wholly behind cover (cover_durability) or concealed, not both: "
                "full cover is shot through, concealment only makes him harder to hit",
                i=i, name=t.name,
            ))
    if mode.max_targets is not None and count > mode.max_targets:
        if attack.mode == "single":
            out.append("targets: " + _n(
                "{count} target: a single shot takes one target; fire a burst or keep one target",
                "{count} targets: a single shot takes one target; fire a burst or keep one target",
                count, count=count,
            ))
        else:
            out.append("targets: " + _n(
                "{count} target: use a long burst (a {mode} takes at most {most}), or drop targets",
                "{count} targets: use a long burst (a {mode} takes at most {most}), or drop targets",
                count, count=count, mode=mode_label(attack.mode), most=mode.max_targets,
            ))
    elif mode.max_intended is not None and len(intended) > mode.max_intended:
        out.append("targets: " + _n(
            "{count} intended target ({names}): a {mode} takes one intended target; use a medium burst, "
            "or mark the others bystander = true if they are only caught standing close",
            "{count} intended targets ({names}): a {mode} takes one intended target; use a medium burst, "
            "or mark the others bystander = true if they are only caught standing close",
            len(intended), count=len(intended), names=", ".join(intended), mode=mode_label(attack.mode),
        ))
    settings = attack.settings
    cap = getattr(settings, "long_burst_max_targets", None)
    if attack.mode == "long" and cap is not None and count > cap:
        out.append("targets: " + _n(
            "{count} target: the Storyteller allows a long burst at most {cap}; drop targets",
            "{count} targets: the Storyteller allows a long burst at most {cap}; drop targets",
            count, count=count, cap=cap,
        ))

    # on a map: someone the burst catches but the file does not list; a target out of reach
    out += caught_unlisted(attack) + out_of_reach(attack)

    left = state.weapon.get("rounds_left")
    if left is not None and left < mode.rounds:
        if left == 0:
            out.append("weapon.rounds: " + _("the {weapon} is empty: reload", weapon=weapon.name))
        else:
            out.append("weapon.rounds: " + _n(
                "the {weapon} has {left} rounds left and a {mode} needs {rounds}: reload, or fire {modes}",
                "the {weapon} has {left} rounds left and a {mode} needs {rounds}: reload, or fire {modes}",
                left, weapon=weapon.name, left=left, mode=mode_label(attack.mode), rounds=mode.rounds,
                modes=_fitting_modes(left, weapon.autofire),
            ))
    return out
