"""What hits do: wound chart, armour or invulnerable save, damage, injury dice.

Order at the table, and of the dice: a wound roll per hit (Strength against
Toughness; "—" cannot wound), a save per wound (the better of the armour save, made
worse by the weapon's save modifier, and the unmodified invulnerable save; a 1 always
fails; 7+ is no save), the damage of each unsaved wound (a number, or a D3/D6 each),
then an injury dice for each wound from the one that takes the fighter to 0 onward.

Injury dice: 1 flesh wound (−1 WS and BS), 2-5 down, 6 out of action; with a weapon
of Strength 7+ (high impact) the first injury dice is out of action on a 5 too. All
the dice apply: any out of action takes him out, otherwise any down puts him down
(a fighter already down stays down), and flesh wounds add up. If the target's WS and
BS are given and flesh wounds bring both to 0, he is out of action.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from gunline import ChainState, Dice, Modifier, Roll, Step
from gunline.dice import at_least

from .messages import Kept, _, _n, language, word
from .profiles import NecromundaAttack, Target
from .scores import score
from .several import die_by_die, each_against
from .tables import (
    ARMOUR,
    ARMOUR_VS_TEMPLATE,
    DOWN,
    FLESH_WOUND,
    HIGH_IMPACT_INJURY,
    HIGH_IMPACT_STRENGTH,
    INJURY,
    OUT_OF_ACTION,
    SEVERITY,
    STATUSES,
    to_wound,
)

SOURCE = "necromunda"
DAMAGE_DICE = {"D3": 3, "D6": 6}


#: Saves, and the words of wound, save, damage and injury steps, by language and values.
_SAVES, _TEXTS = Kept(), Kept()


def save_needed(attack: NecromundaAttack, target: Target) -> tuple[int, str, list[Modifier]] | None:
    """The save the target takes: (score needed, words, modifiers), or None if he has
    none. A score over 6 means no save is possible."""
    if target.save is None and target.armour is None and target.invulnerable is None:
        return None  # most fighters: nothing to look up
    weapon = attack.weapon
    key = (language(), target.save, target.armour, target.invulnerable, weapon.template != "none", weapon.name,
           weapon.save_mod)
    found = _SAVES.get(key)
    if found is None:
        found = _SAVES.keep(key, _save_needed(attack, target))
    if found is False:
        return None
    need, label, mods = found
    return need, label, list(mods)


def _save_needed(attack: NecromundaAttack, target: Target) -> tuple[int, str, list[Modifier]] | bool:
    weapon = attack.weapon
    armour = None
    if target.save is not None:
        base, label = target.save, _("armour {save}+", save=target.save)
        armour = base
    elif target.armour is not None:
        base = ARMOUR[target.armour]
        if weapon.template != "none":
            base = ARMOUR_VS_TEMPLATE.get(target.armour, base)
        label = _("{armour} armour {save}+", armour=word(target.armour), save=base)
        armour = base
    options: list[tuple[int, str, list[Modifier]]] = []
    if armour is not None:
        mods = []
        if weapon.save_mod:
            mods.append(Modifier(label=_("{weapon} save modifier", weapon=weapon.name), value=weapon.save_mod,
                                 source=SOURCE))
        options.append((armour - weapon.save_mod, label, mods))
    if target.invulnerable is not None:
        options.append((target.invulnerable, _("invulnerable {save}+", save=target.invulnerable), []))
    if not options:
        return False
    return min(options, key=lambda o: o[0])


def wound_head(strength: int, toughness: int) -> tuple[int | None, str]:
    """The score that wounds and the words for it ("S3 vs T3, wounds on 4+"); made
    once for each Strength, Toughness and language, not for every chain."""
    return _wound_head(strength, toughness, language())


@cache
def _wound_head(strength: int, toughness: int, lang: str) -> tuple[int | None, str]:
    need = to_wound(strength, toughness)
    if need is None:
        return need, _("S{strength} vs T{toughness}: cannot wound (—)", strength=strength, toughness=toughness)
    return need, _("S{strength} vs T{toughness}, wounds on {need}+", strength=strength, toughness=toughness, need=need)


#: The read of each score the wound chart gives (2+ to 6+), made once.
_WOUNDS_ON = {need: at_least(need) for need in range(2, 7)}


def resolve_wound(attack: NecromundaAttack, target: Target, hit: Step, state: ChainState, dice: Dice) -> list[Step]:
    """"Roll D6 ≥ the value for Strength vs Toughness", one per hit; then a save per
    wound ("a 1 always fails"), the damage of each unsaved wound, and the injury dice
    from the wound that takes the fighter to 0 onward."""
    name = target.name
    weapon = attack.weapon
    strength = weapon.strength
    need, head = wound_head(strength, target.toughness)
    if need is None:
        return [Step(kind="wound", value=0, text=head)]
    wounds, rolls = each_against(dice, int(hit.value or 0), _("to wound"), _WOUNDS_ON.get(need) or at_least(need), name)
    lang = language()
    if not wounds:
        key: tuple[Any, ...] = (lang, "no wound", head)
        text = _TEXTS.get(key) or _TEXTS.keep(key, _("{head}: no wound", head=head))
        return [Step(kind="wound", value=0, text=text, rolls=rolls)]

    steps: list[Step] = []
    unsaved = wounds
    save = save_needed(attack, target)
    if save is not None:
        save_need, label, mods = save
        if save_need > 6:
            key = (lang, "no save", label, save_need)
            text = _TEXTS.get(key) or _TEXTS.keep(
                key, _("{save}: no save possible (needs {need}+)", save=label, need=save_need))
            steps.append(Step(kind="save", value=0, modifiers=mods, text=text))
        else:
            saved, saves = each_against(dice, wounds, _("save"), score(save_need), name)
            unsaved = wounds - saved
            key = (lang, "save", label, save_need, saved, wounds)
            text = _TEXTS.get(key) or _TEXTS.keep(key, _n(
                "{save}: saves on {need}+, {saved} of {wounds} saved",
                "{save}: saves on {need}+, {saved} of {wounds} saved", wounds,
                save=label, need=save_need, saved=saved, wounds=wounds,
            ))
            steps.append(Step(kind="save", value=saved, rolls=saves, modifiers=mods, text=text))

    damage, damage_rolls = _damage(weapon.damage, unsaved, name, dice)
    if damage_rolls:
        key = (lang, "damage", weapon.damage, damage)
        text = _TEXTS.get(key) or _TEXTS.keep(key, _n(
            "damage {damage}: {n} wound", "damage {damage}: {n} wounds", damage, damage=weapon.damage, n=damage,
        ))
        steps.append(Step(kind="damage", value=damage, rolls=damage_rolls, text=text))
    before = state.targets[name]
    key = (lang, "wound", head, wounds, save is not None, unsaved, damage)
    text = _TEXTS.get(key) or _TEXTS.keep(key, _wound_text(head, wounds, save is not None, unsaved, damage))
    wound = Step(kind="wound", value=damage, text=text, rolls=rolls)
    steps.insert(0, wound)
    if not damage:
        return steps

    left = before.get("wounds_left", 1)
    if damage < left:
        wound.target_state = {"wounds_left": left - damage}
        return steps
    count = damage - left + 1 if left > 0 else damage
    # the injury dice depend on these values alone: the odds read them once for
    # every call that passes the same, however many hits and wounds led there
    return dice.then(steps, injury_steps, strength, count, before.get("status", "unharmed"),
                     before.get("flesh_wounds", 0), name, target.ws, target.bs)


def _wound_text(head: str, wounds: int, saving: bool, unsaved: int, damage: int) -> str:
    """The wound step's words: "S4 vs T3, wounds on 3+: 1 wound, 1 not saved, 1 through"."""
    text = _n("{head}: {n} wound", "{head}: {n} wounds", wounds, head=head, n=wounds)
    if saving:
        if not unsaved:
            text = _("{wounds}, all saved", wounds=text)
        else:
            text = _n("{wounds}, {n} not saved", "{wounds}, {n} not saved", unsaved, wounds=text, n=unsaved)
    if damage:
        text = _("{wounds}, {damage} through", wounds=text, damage=damage)
    return text


def _damage(damage: int | str, unsaved: int, name: str, dice: Dice) -> tuple[int, list[Roll]]:
    """"Each wound takes 1 from W", or the weapon's Damage for each unsaved wound: a
    number, or a D3/D6 each, added up (one roll of several dice, shown die by die)."""
    if not unsaved:
        return 0, []
    if isinstance(damage, int):
        return damage * unsaved, []
    sides = DAMAGE_DICE[damage]
    roll = dice.roll(sides, _("damage"), count=unsaved, target=name)
    if unsaved == 1:
        return roll.value, [roll.roll]
    return roll.value, die_by_die(roll.roll, sides)


#: Severities an injury compares with (see :data:`.tables.SEVERITY`).
_PINNED, _DOWN, _OUT = SEVERITY["pinned"], SEVERITY["down"], SEVERITY["out_of_action"]


def injury(strength: int, count: int, before: dict[str, Any], target: Target, dice: Dice) -> Step:
    """``count`` injury dice for a fighter with state ``before``: "1 flesh wound, 2-5
    down, 6 out of action"; with high impact (S7+) the first dice is out of action on
    a 5 too. "Apply them all: any out of action removes the fighter; otherwise any
    down puts him down; flesh wounds accumulate." """
    return injury_roll(dice, strength, count, before.get("status", "unharmed"), before.get("flesh_wounds", 0),
                       target.name, target.ws, target.bs)


def injury_steps(dice: Dice, strength: int, count: int, status: str, flesh: int, name: str, ws: int | None,
                 bs: int | None) -> list[Step]:
    """The injury step, as the rest of the wound hook (``dice.then``): a function of
    plain values only (see :func:`injury_roll`)."""
    return [injury_roll(dice, strength, count, status, flesh, name, ws, bs)]


def injury_roll(dice: Dice, strength: int, count: int, status: str, flesh: int, name: str, ws: int | None,
                bs: int | None) -> Step:
    """:func:`injury` for a fighter ``name`` who is ``status`` with ``flesh`` flesh
    wounds, and whose WS and BS are ``ws`` and ``bs`` (None: not given)."""
    high_impact = strength >= HIGH_IMPACT_STRENGTH
    rolls: list[Roll] = []
    faces: list[int] = []  # each dice's face and result, in the order rolled, to show
    results: list[str] = []
    dealt = {FLESH_WOUND: 0, DOWN: 0, OUT_OF_ACTION: 0}  # how many dice gave each
    plain = count
    if high_impact:
        first = dice.roll(6, _("injury dice (high impact)"), read=HIGH_IMPACT_INJURY, need="", target=name)
        rolls.append(first.roll)
        faces.append(first.roll.total)
        results.append(first.value)
        dealt[first.value] += 1
        plain -= 1
    if plain == 1:
        die = dice.roll(6, _("injury dice"), read=INJURY, need="", target=name)
        rolls.append(die.roll)
        faces.append(die.roll.total)
        results.append(die.value)
        dealt[die.value] += 1
    elif plain > 1:
        # rolled together; its successes are the 6s, the dice that take him out of action
        pool = dice.pool(plain, _("injury dice"), sides=6, success=_SIXES, read=INJURY, need="", target=name)
        shown = _shown_injury_dice(pool.roll)
        rolls += shown[0]
        faces += pool.roll.values
        results += shown[1]
        tally = pool.value
        for result in dealt:
            dealt[result] += tally[result]
    flesh = flesh + dealt[FLESH_WOUND]
    worst = SEVERITY[status]
    if worst < _PINNED:
        worst = _PINNED
    if dealt[OUT_OF_ACTION]:
        worst = _OUT
    elif dealt[DOWN] and worst < _DOWN:
        worst = _DOWN
    note = False
    if ws is not None and bs is not None and flesh >= ws and flesh >= bs and worst < _OUT:
        worst = _OUT
        note = True
    status = STATUSES[worst]
    key = (language(), "injury", tuple(faces), tuple(results), high_impact, status, note)
    text = _TEXTS.get(key) or _TEXTS.keep(key, _injury_text(*key[2:]))
    return Step(kind="injury", value=count, text=text, rolls=rolls, data={"results": results},
                target_state={"status": status, "wounds_left": 0, "flesh_wounds": flesh})


#: The injury dice's successes: the 6s, the dice that take him out of action.
_SIXES = at_least(6)
#: What the chain shows of injury dice rolled together, by their roll's label,
#: faces, need and whether typed: the odds replay the wound for every outcome, and
#: the outcomes of different hits share their injury dice.
_SHOWN: dict[tuple[str, tuple[int, ...], str, bool], tuple[list[Roll], list[str]]] = {}


def _shown_injury_dice(pool: Roll) -> tuple[list[Roll], list[str]]:
    """The pool's dice one ``1d6`` roll each, and the result of each, in the order
    rolled (both shown, never decided with: the pool's counts decide)."""
    key = (pool.label, tuple(pool.values), pool.need, pool.manual)
    shown = _SHOWN.get(key)
    if shown is None:
        if len(_SHOWN) > 8192:
            _SHOWN.clear()
        readings = INJURY.readings
        shown = _SHOWN[key] = (die_by_die(pool, 6), [readings[face - 1] for face in pool.values])
    return shown


def _injury_text(faces: tuple[int, ...], results: tuple[str, ...], high_impact: bool, status: str, note: bool) -> str:
    """The injury step's words: "injury dice 4, 5: down, down -> down"."""
    shown = ", ".join(map(str, faces))
    words = {result: _(result) for result in set(results)}  # a few results, many dice
    named = ", ".join([words[result] for result in results])
    if high_impact:
        head = _("injury dice {faces}: {results} (high impact)", faces=shown, results=named)
    else:
        head = _("injury dice {faces}: {results}", faces=shown, results=named)
    now = word(status)
    if note:
        now = _("{status} (flesh wounds bring WS and BS to 0)", status=now)
    return f"{head} -> {now}"
