"""The attack pool: every term of Dexterity + Firearms + weapon + burst − targets,
then the target's own modifiers, each as a labelled :class:`~gunline.Modifier` so the
chain shows where every die came from.

The functions here are public so that variants (in this distribution or another)
can rebuild a pool with one term changed.
"""

from __future__ import annotations

from gunline import ChainState, Modifier, Step
from gunline.language import N_

from .fire_modes import FIRE_MODES, mode_label
from .messages import _, _n
from .schema import Target, WodAttack

#: Range band -> penalty (Ranged Weapons Chart: medium −2, long −4).
RANGE_PENALTY: dict[str, int] = {"short": 0, "medium": -2, "long": -4}
#: Range band -> its words ("long range"), in the language in use: ``range_words()[band]``.
range_words = _.per_language(lambda: {
    "short": _("short range"), "medium": _("medium range"), "long": _("long range"),
})

#: Concealment level -> (label, penalty).
CONCEALMENT: dict[int, tuple[str, int]] = {
    1: (N_("barely concealed"), -1),
    2: (N_("partially concealed"), -2),
    3: (N_("substantially concealed"), -3),
}

PRONE_PENALTY = -2
UNTRAINED_PENALTY = -1
#: "A shooter within about a yard gets +2 instead, but the target's Defense then applies."
PRONE_POINT_BLANK = 2
#: Aiming: +1 per full turn, at most +3.
MOST_AIMING = 3
#: "Weapon Strength requirement not met: −1."
TOO_WEAK = -1
#: Specified targets: the part aimed at and its penalty.
SPECIFIED: dict[str, int] = {"torso": -1, "arm": -2, "leg": -2, "head": -3, "hand": -4, "eye": -5}
#: Body part -> the term's label, in the language in use: ``aimed_at()[part]``.
aimed_at = _.per_language(lambda: {
    "torso": _("aimed at the torso"), "arm": _("aimed at the arm"), "leg": _("aimed at the leg"),
    "head": _("aimed at the head"), "hand": _("aimed at the hand"), "eye": _("aimed at the eye"),
})
#: Shooting into close combat: each combatant avoided, and each in a grapple.
AVOIDED, GRAPPLED = -2, -4
#: Key of ``state.attack``: the avoided combatant a dramatic failure hit instead.
STRAY = "stray_shot"

#: The plugin the terms are attributed to (set here, so the engine need not copy
#: every modifier to fill it in).
SOURCE = "wod"


def shooter_terms(attack: WodAttack) -> list[Modifier]:
    """Dexterity + Firearms (or the untrained penalty) + Damage rating + burst bonus,
    then aiming and the Strength requirement, where they count."""
    terms = base_terms(attack)
    shooter, weapon = attack.shooter, attack.weapon
    if shooter.aiming:
        aimed = min(shooter.aiming, MOST_AIMING)
        turns = shooter.aiming
        if FIRE_MODES[attack.mode].autofire:  # "aiming cannot combine with autofire"
            label = _n("aiming {n} turn (no bonus with autofire)", "aiming {n} turns (no bonus with autofire)",
                       turns, n=turns)
            terms.append(Modifier(label=label, value=0, source=SOURCE))
        else:
            terms.append(Modifier(label=_n("aiming {n} turn", "aiming {n} turns", turns, n=turns), value=aimed,
                                  source=SOURCE))
    if shooter.strength is not None and weapon.strength is not None and shooter.strength < weapon.strength:
        label = _("Strength {strength}, the {weapon} needs {needed}", strength=shooter.strength, weapon=weapon.name,
                  needed=weapon.strength)
        terms.append(Modifier(label=label, value=TOO_WEAK, source=SOURCE))
    return terms


def base_terms(attack: WodAttack) -> list[Modifier]:
    """Dexterity + Firearms (or the untrained penalty) + Damage rating + burst bonus."""
    shooter, weapon = attack.shooter, attack.weapon
    terms = [Modifier(label=_("Dexterity"), value=shooter.dexterity, source=SOURCE)]
    if shooter.firearms > 0:
        terms.append(Modifier(label=_("Firearms"), value=shooter.firearms, source=SOURCE))
    else:
        terms.append(
            Modifier(label=_("untrained (no Firearms)"), value=UNTRAINED_PENALTY, source=SOURCE)
        )
    if weapon.damage:
        terms.append(
            Modifier(label=_("{weapon} damage rating", weapon=weapon.name), value=weapon.damage, source=SOURCE)
        )
    mode = FIRE_MODES[attack.mode]
    if mode.bonus:
        terms.append(Modifier(label=mode_label(attack.mode), value=mode.bonus, source=SOURCE))
    return terms


def target_count_penalty(count: int) -> Modifier | None:
    """The seed's multiple-target penalty: the total number of targets, on every
    roll, once there are two or more."""
    if count < 2:
        return None
    return Modifier(label=_n("{n} target", "{n} targets", count, n=count), value=-count, source=SOURCE)


def armor_counted(target: Target, attack: WodAttack) -> int:
    """The armor rating the shot meets: less the ammunition's armor-piercing rating."""
    return max(0, target.armor - attack.weapon.armor_piercing)


def armor_label(armor: int, piercing: int) -> str:
    """The armor's label: "armor 2", or "armor 2, armor-piercing 1" against armor-piercing rounds."""
    if not piercing:
        return _("armor {armor}", armor=armor)
    return _("armor {armor}, armor-piercing {piercing}", armor=armor, piercing=piercing)


def armor_term(target: Target, attack: WodAttack) -> Modifier | None:
    """The armor's term: its rating off the pool, less what armor-piercing rounds
    pierce (shown at 0 when they pierce it all)."""
    if not target.armor:
        return None
    piercing = attack.weapon.armor_piercing
    if not piercing:
        return Modifier(label=armor_label(target.armor, 0), value=-target.armor, source=SOURCE)
    return Modifier(label=armor_label(target.armor, piercing), value=-armor_counted(target, attack), source=SOURCE)


def target_terms(target: Target, attack: WodAttack | None = None) -> list[Modifier]:
    """What this one target's circumstances take off its roll (armor aside when he is
    behind full cover: it counts against what comes through, see :mod:`.attack`)."""
    terms = []
    penalty = RANGE_PENALTY[target.range]
    if penalty:
        terms.append(Modifier(label=range_words()[target.range], value=penalty, source=SOURCE))
    if target.concealment:
        label, value = CONCEALMENT[target.concealment]
        terms.append(Modifier(label=_(label), value=value, source=SOURCE))
    if target.specified is not None:
        terms.append(Modifier(label=aimed_at()[target.specified], value=SPECIFIED[target.specified],
                              source=SOURCE))
    if target.prone and target.point_blank:
        terms.append(Modifier(label=_("prone, at point blank"), value=PRONE_POINT_BLANK, source=SOURCE))
        if target.defense:
            terms.append(Modifier(label=_("Defense {defense} (point blank)", defense=target.defense),
                                  value=-target.defense, source=SOURCE))
    elif target.prone:
        terms.append(Modifier(label=_("prone"), value=PRONE_PENALTY, source=SOURCE))
    if target.cover_durability is None:
        armor = armor_term(target, attack) if attack is not None else (
            Modifier(label=armor_label(target.armor, 0), value=-target.armor, source=SOURCE) if target.armor
            else None)
        if armor is not None:
            terms.append(armor)
    return terms


def avoided_of(attack: WodAttack) -> list[Target]:
    """The combatants a single shot into close combat tries not to hit."""
    return [t for t in attack.targets if t.avoided]


def avoiding_terms(attack: WodAttack, target: Target) -> list[Modifier]:
    """A single shot into close combat: −2 for each combatant the shooter tries to
    avoid, −4 for each one in a grapple (on the target he aims at)."""
    if target.avoided:
        return []
    return [
        Modifier(label=_("avoiding {name} (grappling)", name=t.name) if t.grappling else
                 _("avoiding {name} (close combat)", name=t.name),
                 value=GRAPPLED if t.grappling else AVOIDED, source=SOURCE)
        for t in avoided_of(attack)
    ]


def targets_counted(attack: WodAttack) -> int:
    """The targets the multiple-target penalty counts: not those a single shot into
    close combat avoids (they are no targets of it)."""
    return sum(1 for t in attack.targets if not t.avoided)


def attack_modifiers(attack: WodAttack, target: Target) -> list[Modifier]:
    """Every term of ``target``'s pool, in the order the rulebook adds them."""
    terms = shooter_terms(attack)
    penalty = target_count_penalty(targets_counted(attack))
    if penalty is not None:
        terms.append(penalty)
    return terms + avoiding_terms(attack, target) + target_terms(target, attack)


def pool_step(modifiers: list[Modifier]) -> Step:
    """The ``pool`` step: value = dice in the pool; at 0 or fewer, a chance die."""
    dice = sum(m.value for m in modifiers)
    text = _n("{n} dice", "{n} dice", dice, n=dice) if dice > 0 else _("chance die (pool {n})", n=dice)
    return Step(kind="pool", value=dice, text=text, modifiers=list(modifiers))


def pool_for(attack: WodAttack, target: Target, modifiers: list[Modifier], state: ChainState) -> Step:
    """The target's ``pool`` step (public: a variant that changes the terms builds it
    with this): an avoided combatant has none unless a dramatic failure sends the
    shot his way (a pool against him, his own terms); a target behind full cover
    has the pool the shot makes at the cover."""
    if target.avoided:
        if state.attack.get(STRAY) != target.name:
            return Step(kind="pool", value=None, text=_("avoided in close combat: not shot at"),
                        data={"avoided": True})
        step = pool_step(modifiers)
        step.text = _("the stray shot (a dramatic failure): {pool}", pool=step.text)
        step.data = {"stray": True}
        return step
    step = pool_step(modifiers)
    if target.cover_durability is not None:
        step.text = _("{pool} at the cover (Durability {durability})", pool=step.text,
                      durability=target.cover_durability)
    return step
