"""The attack pool: every term of Dexterity + Firearms + weapon + burst − targets,
then the target's own modifiers, each as a labelled :class:`~gunline.Modifier` so the
chain shows where every die came from.

The functions here are public so that variants (in this distribution or another)
can rebuild a pool with one term changed.
"""

from __future__ import annotations

from gunline import Modifier, Step

from .fire_modes import FIRE_MODES
from .schema import Target, WodAttack

#: Range band -> penalty (Ranged Weapons Chart: medium −2, long −4).
RANGE_PENALTY: dict[str, int] = {"short": 0, "medium": -2, "long": -4}

#: Concealment level -> (label, penalty).
CONCEALMENT: dict[int, tuple[str, int]] = {
    1: ("barely concealed", -1),
    2: ("partially concealed", -2),
    3: ("substantially concealed", -3),
}

PRONE_PENALTY = -2
UNTRAINED_PENALTY = -1

#: The plugin the terms are attributed to (set here, so the engine need not copy
#: every modifier to fill it in).
SOURCE = "wod"


def shooter_terms(attack: WodAttack) -> list[Modifier]:
    """Dexterity + Firearms (or the untrained penalty) + Damage rating + burst bonus."""
    shooter, weapon = attack.shooter, attack.weapon
    terms = [Modifier(label="Dexterity", value=shooter.dexterity, source=SOURCE)]
    if shooter.firearms > 0:
        terms.append(Modifier(label="Firearms", value=shooter.firearms, source=SOURCE))
    else:
        terms.append(
            Modifier(label="untrained (no Firearms)", value=UNTRAINED_PENALTY, source=SOURCE)
        )
    if weapon.damage:
        terms.append(
            Modifier(label=f"{weapon.name} damage rating", value=weapon.damage, source=SOURCE)
        )
    mode = FIRE_MODES[attack.mode]
    if mode.bonus:
        terms.append(Modifier(label=mode.label, value=mode.bonus, source=SOURCE))
    return terms


def target_count_penalty(count: int) -> Modifier | None:
    """The seed's multiple-target penalty: the total number of targets, on every
    roll, once there are two or more."""
    if count < 2:
        return None
    return Modifier(label=f"{count} targets", value=-count, source=SOURCE)


def target_terms(target: Target) -> list[Modifier]:
    """What this one target's circumstances take off its roll."""
    terms = []
    penalty = RANGE_PENALTY[target.range]
    if penalty:
        terms.append(Modifier(label=f"{target.range} range", value=penalty, source=SOURCE))
    if target.concealment:
        label, value = CONCEALMENT[target.concealment]
        terms.append(Modifier(label=label, value=value, source=SOURCE))
    if target.prone:
        terms.append(Modifier(label="prone", value=PRONE_PENALTY, source=SOURCE))
    if target.armor:
        terms.append(Modifier(label=f"armor {target.armor}", value=-target.armor, source=SOURCE))
    return terms


def attack_modifiers(attack: WodAttack, target: Target) -> list[Modifier]:
    """Every term of ``target``'s pool, in the order the rulebook adds them."""
    terms = shooter_terms(attack)
    penalty = target_count_penalty(len(attack.targets))
    if penalty is not None:
        terms.append(penalty)
    return terms + target_terms(target)


def pool_step(modifiers: list[Modifier]) -> Step:
    """The ``pool`` step: value = dice in the pool; at 0 or fewer, a chance die."""
    dice = sum(m.value for m in modifiers)
    text = f"{dice} dice" if dice > 0 else f"chance die (pool {dice})"
    return Step(kind="pool", value=dice, text=text, modifiers=list(modifiers))
