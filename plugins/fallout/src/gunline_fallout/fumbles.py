"""Critical failures: the GM sheet's d10 table, each result applied to the encounter.

When an attack critically fails is not in the seed [UNV]: here, an attack that hit
nothing (a single shot that missed, a burst whose every bullet missed) is a critical
failure on a d100 at or under the critical failure chance, ``critical_failure_chance``
(unset: 10 − Luck %, the mirror of the critical chance's Luck; Luck 10 never fails
so). Its effect, on a d10 (the «Critical Failure Chart»):

1. bad ammo: the weapon is jammed until cleared (``clear-jam`` ejects the round);
2. jam: jammed, and a turn's delay before it can be cleared;
3. loss of action points, down to 0;
4. the weapon is dropped (``pick-up-weapon``);
5. the weapon explodes: 3d10+7 to the shooter and to anything within 2 hexes of him
   (through its armor), and the weapon is broken;
6. the shot hits something else for full damage: a bullet's damage for the GM to give
   to whatever else stands near (none of the attack's targets: they were missed);
7. the shooter damages himself: half a bullet's damage;
8. he slips and falls: knocked down, he loses his next turn;
9. the weapon breaks;
10. "anvil": the sheet's joke, left to the GM.

The shooter's hit points (for 5 and 7) are his state's, or his as a target of earlier
attacks, or ``shooter.hp``. Where no hit points can be hurt (none known, nothing
within 2 hexes) the damage is named, not rolled, and the faces that then do the same
to the encounter are read as one.
"""

from __future__ import annotations

from typing import Any

import msgspec

from gunline import ChainState, Dice, Roll, Step
from gunline.dice import at_most, faces
from gunline.language import N_

from .ammo import shot_damage
from .conditions import merged, normalized
from .damage import DamageDice, multiply, through_armor
from .harm import status_after
from .messages import _, word
from .schema import FalloutAttack, Settings
from .tables import STATUSES
from .turns import AP_LEFT, JAM, JAM_DELAY

#: Within this many hexes of the shooter, an exploding weapon hurts.
BLAST_HEXES = 2
BLAST = DamageDice(count=3, sides=10, bonus=7)


class Fumble(msgspec.Struct, frozen=True, kw_only=True):
    """One entry of the Critical Failure Chart, as what it changes (its ``text`` in
    English: the catalogue words it when it is told)."""

    text: str
    weapon_status: str | None = None
    jam: str | None = None
    jam_delay: int = 0
    loses_ap: bool = False
    explodes: bool = False
    hits_else: bool = False
    hurts_self: bool = False
    falls: bool = False


#: The chart by face.
FUMBLES: dict[int, Fumble] = {
    1: Fumble(text=N_("bad ammo: the weapon jams until cleared"), weapon_status="jammed", jam="bad_ammo"),
    2: Fumble(text=N_("weapon jammed: a turn's delay, then clear it"), weapon_status="jammed", jam="jam", jam_delay=1),
    3: Fumble(text=N_("loss of action points, down to 0"), loses_ap=True),
    4: Fumble(text=N_("weapon dropped"), weapon_status="dropped"),
    5: Fumble(text=N_("the weapon explodes (3d10+7 within 2 hexes)"), weapon_status="broken", explodes=True),
    6: Fumble(text=N_("the shot hits something else, for full damage"), hits_else=True),
    7: Fumble(text=N_("the shooter damages himself, for half damage"), hurts_self=True),
    8: Fumble(text=N_("slip and fall: knocked down, the next turn lost"), falls=True),
    9: Fumble(text=N_("the weapon breaks"), weapon_status="broken"),
    10: Fumble(text=N_("anvil: the GM's call")),
}
CHART = faces(FUMBLES)
#: The chart where no hit points can be hurt (the shooter's are not tracked, nothing
#: stands within 2 hexes): what a result does to the encounter, faces that do the same
#: read as one (the explosion breaks the weapon as 9 does; 6, 7 and 10 change nothing
#: gunline keeps). The damage of 5, 6 and 7 is then named, not rolled.
_BROKEN, _NOTHING = Fumble(text="", weapon_status="broken"), Fumble(text="")
CHART_UNTRACKED = faces({**{f: FUMBLES[f] for f in (1, 2, 3, 4, 8)}, (5, 9): _BROKEN, (6, 7, 10): _NOTHING})


def chance_of(attack: FalloutAttack) -> int:
    """The critical failure chance of an attack that hit nothing."""
    settings = attack.settings if attack.settings is not None else Settings()
    if settings.critical_failure_chance is not None:
        return settings.critical_failure_chance
    return max(0, 10 - attack.shooter.luck)


#: What a damage roll is read as when it changes no state (the damage to "something
#: else", or to a shooter whose hit points are not tracked): nothing; it is only told.
TOLD = faces({}, otherwise="told")


def _roll_damage(dice: Dice, damage: DamageDice, label: str, rolls: list[Roll], *, applied: bool = True) -> int:
    """A damage roll. Where it is ``applied`` to some creature's hit points the rule
    reads its total; otherwise it is only told to the GM (in the step's text), and
    the rule reads nothing of it."""
    total = damage.bonus
    if damage.has_dice:
        rolled = dice.roll(damage.sides, label, count=damage.count, read=None if applied else TOLD)
        rolls.append(rolled.roll)
        total += rolled.roll.total
    return max(0, total)


def _shooter_hp(attack: FalloutAttack, state: ChainState) -> int | None:
    for source in (state.shooter, state.shooter_as_target):
        if source.get("hp") is not None:
            return int(source["hp"])
    return attack.shooter.hp


def critical_failure(attack: FalloutAttack, state: ChainState, dice: Dice) -> list[Step]:
    """The critical failure check of an attack that hit nothing, and its effect."""
    chance = chance_of(attack)
    if chance <= 0:
        return []
    check = dice.roll(100, _("critical failure"), read=at_most(chance))
    if not check.value:
        return [Step(kind="critical_failure", value=0, rolls=[check.roll], text=_("no critical failure"))]
    hp = _shooter_hp(attack, state)
    near = [t for t in attack.targets if t.distance <= BLAST_HEXES]
    tracked = hp is not None or bool(near)
    chart = dice.roll(10, _("critical failure effect"), read=CHART if tracked else CHART_UNTRACKED)
    fumble: Fumble = chart.value if tracked else FUMBLES[chart.roll.total]
    rolls = [check.roll, chart.roll]
    weapon: dict[str, Any] = {}
    shooter: dict[str, Any] = {}
    lines = [_(fumble.text) if fumble.text else ""]
    extra: list[Step] = []
    if fumble.weapon_status:
        weapon["status"] = fumble.weapon_status
    if fumble.jam:
        weapon[JAM] = fumble.jam
        weapon[JAM_DELAY] = fumble.jam_delay
    if fumble.loses_ap:
        shooter[AP_LEFT] = 0
    if fumble.falls:
        shooter["conditions"] = merged(normalized(state.shooter.get("conditions")), {"knocked_down": 1})
    hurt = 0
    damage = shot_damage(attack.weapon)
    bullet = str(damage) if damage.has_dice else str(damage.bonus)
    who = attack.shooter.name
    if fumble.hits_else:
        if tracked:
            full = _roll_damage(dice, damage, _("damage to something else"), rolls, applied=False)
            lines.append(_("{damage} damage to whatever else is near (the GM's choice)", damage=full))
        else:
            lines.append(_("{damage} damage to whatever else is near (the GM's choice and roll)", damage=bullet))
    if fumble.hurts_self:
        if hp is None:
            lines.append(_("half of {damage} damage to {name} (his hit points are not tracked)", damage=bullet,
                           name=who))
        else:
            hurt = multiply(_roll_damage(dice, damage, _("damage to himself"), rolls), (1, 2))
            lines.append(_("{damage} damage to {name}", damage=hurt, name=who))
    if fumble.explodes:
        if not tracked:
            lines.append(_("{damage} damage to {name} (his hit points are not tracked) and to anything within "
                           "{hexes} hexes", damage=BLAST, name=who, hexes=BLAST_HEXES))
        else:
            blast = _roll_damage(dice, BLAST, _("explosion"), rolls, applied=True)
            hurt += blast if hp is not None else 0
            lines.append(_("{damage} damage to {name} and to anything within {hexes} hexes", damage=blast, name=who,
                           hexes=BLAST_HEXES))
            extra += [_blasted(target, state, blast) for target in near]
    if hurt:
        if hp is not None:
            left = hp - hurt
            before = str(state.shooter.get("status", STATUSES[0]))
            shooter.update(hp=left, status=status_after(before, left, hurt, False, False))
            lines.append(_("{name}: {hp} hp left, {status}", name=attack.shooter.name, hp=left,
                           status=word(shooter["status"])))
    step = Step(kind="critical_failure", value=1, rolls=rolls,
                text=_("critical failure: {effects}", effects="; ".join(lines)),
                weapon_state=weapon or None, shooter_state=shooter or None)
    return [step, *extra]


def _blasted(target: Any, state: ChainState, blast: int) -> Step:
    """An object within 2 hexes of an exploding weapon: the blast through its armor."""
    before = state.targets.get(target.name, {})
    through = through_armor(blast, target.dt, target.dr)
    hp = before.get("hp")
    after = None if hp is None else hp - through
    status = status_after(str(before.get("status", STATUSES[0])), after, through, False, False)
    text = _("{name} is caught by the explosion: {damage} damage through", name=target.name, damage=through)
    if after is not None:
        text += ", " + _("{hp} hp left", hp=after)
    return Step(kind="blast", target=target.name, value=through, text=f"{text}, {word(status)}",
                target_state={"hp": after, "status": status})
