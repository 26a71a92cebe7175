"""The ammo roll: Necromunda counts no rounds, it tests the weapon's reliability.

Every to-hit roll showing a natural 6 (each sustained-fire shot counts on its own)
forces an ammo roll; a flamer makes one every time it fires. The seed rolls 2D6: a
total under the weapon's ammo value breaks the weapon for the rest of the game
(``weapon.status`` becomes ``broken``); once broken, no further roll is made. The 1995
book rolls one D6 instead: :func:`spend_ammo` takes the number of dice, which is how
the ``necromunda.d6-ammo-roll`` variant (or any other plugin) changes it.

The ammo step's ``value`` is None: no rounds are spent, and ``rounds_left`` stays null.
"""

from __future__ import annotations

from gunline import ChainState, Dice, Roll, Step
from gunline.dice import at_least

from .messages import Kept, _, _n, language
from .profiles import NecromundaAttack

SEED_AMMO_DICE = 2
#: Key of ``state.attack``: the ammo rolls the to-hit sixes so far have made due.
DUE = "ammo_rolls_due"


def sixes_due(state: ChainState, sixes: int) -> dict[str, int]:
    """The ``attack_state`` of a hit step whose to-hit rolls showed ``sixes`` natural
    6s: the ammo rolls due so far, plus these (a plugin that rolls to hit itself
    adds its sixes the same way)."""
    return {DUE: state.attack.get(DUE, 0) + sixes}


def ammo_rolls_due(attack: NecromundaAttack, state: ChainState) -> int:
    """How many ammo rolls the attack has forced: one for a flamer, else one per
    to-hit 6 (:func:`sixes_due`)."""
    if attack.weapon.template == "flame":
        return 1
    due: int = state.attack.get(DUE, 0)
    return due


def spend_ammo(attack: NecromundaAttack, state: ChainState, dice: Dice, ammo_dice: int = SEED_AMMO_DICE) -> Step:
    """The attack's ammo step, rolling ``ammo_dice`` D6 per ammo roll due."""
    weapon = attack.weapon
    shooter_state = {"overwatch": False} if attack.shooter.overwatch else None
    ok = {"rounds_left": None, "status": "ok"}
    if weapon.ammo_roll == "auto":
        return Step(kind="ammo", value=None, text=_("no ammo roll ({weapon}: auto)", weapon=weapon.name),
                    weapon_state=ok, shooter_state=shooter_state)
    due = ammo_rolls_due(attack, state)
    if not due:
        return Step(kind="ammo", value=None, text=_("no ammo roll (no 6 to hit)"),
                    weapon_state=ok, shooter_state=shooter_state)
    need = weapon.ammo_roll
    notation = f"{ammo_dice}D6" if ammo_dice > 1 else "D6"
    if weapon.template == "flame":
        why = _("the flamer fired")
    elif due == 1:
        why = _("a 6 to hit")
    else:
        why = _n("{n} six to hit", "{n} sixes to hit", due, n=due)
    label, passes = _("ammo roll"), at_least(need)
    rolls: list[Roll] = []
    broken = False
    for _due in range(due):
        roll = dice.roll(6, label, count=ammo_dice, read=passes)
        rolls.append(roll.roll)
        if not roll.value:  # "less than the weapon's Ammo value": broken
            broken = True
            break
    totals = ", ".join([str(r.total) for r in rolls])
    key = (language(), notation, need, why, totals, weapon.name, broken)
    text = _TEXTS.get(key) or _TEXTS.keep(key, _roll_text(*key[1:]))
    return Step(kind="ammo", value=None, rolls=rolls, text=text,
                weapon_state={"rounds_left": None, "status": "broken" if broken else "ok"},
                shooter_state=shooter_state)


#: The words of ammo rolls, by language and what they say.
_TEXTS = Kept()


def _roll_text(notation: str, need: int, why: str, totals: str, weapon: str, broken: bool) -> str:
    """The ammo step's words: "ammo roll 2D6 needs 4+ (a 6 to hit): 7, ok"."""
    if broken:
        return _("ammo roll {dice} needs {need}+ ({why}): {totals}, the {weapon} is broken",
                 dice=notation, need=need, why=why, totals=totals, weapon=weapon)
    return _("ammo roll {dice} needs {need}+ ({why}): {totals}, ok", dice=notation, need=need, why=why, totals=totals)
