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

from typing import Any

from gunline import Modifier, Roll, Step

from .dice_counts import d6_each
from .tables import (
    ARMOUR, ARMOUR_VS_TEMPLATE, HIGH_IMPACT_STRENGTH, INJURY, OUT_OF_ACTION, DOWN,
    FLESH_WOUND, SEVERITY, STATUSES, to_wound,
)

SOURCE = "necromunda"
DAMAGE_DICE = {"D3": 3, "D6": 6}


def save_needed(attack: Any, target: Any) -> tuple[int, str, list[Modifier]] | None:
    """The save the target takes: (score needed, words, modifiers), or None if he has
    none. A score over 6 means no save is possible."""
    weapon = attack.weapon
    armour = None
    if target.save is not None:
        base, label = target.save, f"armour {target.save}+"
        armour = base
    elif target.armour is not None:
        base = ARMOUR[target.armour]
        if weapon.template != "none":
            base = ARMOUR_VS_TEMPLATE.get(target.armour, base)
        label = f"{target.armour} armour {base}+"
        armour = base
    options = []
    if armour is not None:
        mods = [Modifier(label=f"{weapon.name} save modifier", value=weapon.save_mod, source=SOURCE)] if weapon.save_mod else []
        options.append((armour - weapon.save_mod, label, mods))
    if target.invulnerable is not None:
        options.append((target.invulnerable, f"invulnerable {target.invulnerable}+", []))
    if not options:
        return None
    return min(options, key=lambda o: o[0])


_HEADS: dict[tuple[int, int], tuple[int | None, str]] = {}


def wound_head(strength: int, toughness: int) -> tuple[int | None, str]:
    """The score that wounds and the words for it ("S3 vs T3, wounds on 4+"), memoised."""
    key = (strength, toughness)
    found = _HEADS.get(key)
    if found is None:
        need = to_wound(strength, toughness)
        head = f"S{strength} vs T{toughness}"
        head = f"{head}: cannot wound (—)" if need is None else f"{head}, wounds on {need}+"
        found = _HEADS[key] = (need, head)
    return found


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def resolve_wound(attack: Any, target: Any, hit: Step, state: Any, dice: Any) -> list[Step]:
    name = target.name
    weapon = attack.weapon
    strength = weapon.strength
    need, head = wound_head(strength, target.toughness)
    if need is None:
        return [Step(kind="wound", value=0, text=head)]
    rolls = d6_each(dice, hit.value or 0, "to wound", at_least=need, target=name)
    wounds = sum(roll.total >= need for roll in rolls)
    if not wounds:
        return [Step(kind="wound", value=0, text=f"{head}: no wound", rolls=rolls)]

    steps: list[Step] = []
    unsaved = wounds
    save = save_needed(attack, target)
    if save is not None:
        save_need, label, mods = save
        if save_need > 6:
            steps.append(Step(kind="save", value=0, modifiers=mods,
                              text=f"{label}: no save possible (needs {save_need}+)"))
        else:
            # save_need is 2 or more: a natural 1 fails by the threshold itself
            saves = d6_each(dice, wounds, "save", at_least=save_need, target=name)
            saved = sum(s.total >= save_need and s.total != 1 for s in saves)
            unsaved = wounds - saved
            steps.append(Step(kind="save", value=saved, rolls=saves, modifiers=mods,
                              text=f"{label}: saves on {save_need}+, {saved} of {wounds} saved"))

    damage, damage_rolls = _damage(weapon.damage, unsaved, name, dice)
    if damage_rolls:
        steps.append(Step(kind="damage", value=damage, rolls=damage_rolls,
                          text=f"damage {weapon.damage}: {_plural(damage, 'wound')}"))
    before = state.targets[name]
    text = f"{head}: {_plural(wounds, 'wound')}"
    if save is not None:
        text += ", all saved" if not unsaved else f", {unsaved} not saved"
    if damage:
        text += f", {damage} through"
    wound = Step(kind="wound", value=damage, text=text, rolls=rolls)
    steps.insert(0, wound)
    if not damage:
        return steps

    left = before.get("wounds_left", 1)
    if damage < left:
        wound.target_state = {"wounds_left": left - damage}
        return steps
    count = damage - left + 1 if left > 0 else damage
    steps.append(injury(strength, count, before, target, dice))
    return steps


def _damage(damage: Any, unsaved: int, name: str, dice: Any) -> tuple[int, list]:
    if not unsaved:
        return 0, []
    if isinstance(damage, int):
        return damage * unsaved, []
    sides = DAMAGE_DICE[damage]
    # Read only through the total: one roll of several dice (the odds branch over
    # the totals), shown die by die.
    roll = dice.roll(sides, "damage", count=unsaved, target=name)
    if unsaved == 1:
        return roll.total, [roll]
    each = [Roll(label="damage", dice=f"1d{sides}", values=[face], total=face, manual=roll.manual)
            for face in roll.values]
    return roll.total, each


def injury(strength: int, count: int, before: dict[str, Any], target: Any, dice: Any) -> Step:
    """``count`` injury dice for a fighter with state ``before``."""
    high_impact = strength >= HIGH_IMPACT_STRENGTH
    rolls, results = [], []
    plain = count
    if high_impact:  # the first dice reads a 5 as out of action too: a roll of its own
        roll = dice.roll(6, "injury dice (high impact)", at_least=5, special=(1,), need="", target=target.name)
        rolls.append(roll)
        results.append(OUT_OF_ACTION if roll.total == 5 else INJURY[roll.total])
        plain -= 1
    # The rest are read only through how many show a 6 and how many a 1 (2-5 all
    # put him down).
    plain_rolls = d6_each(dice, plain, "injury dice", at_least=6, special=(1,), need="", target=target.name)
    rolls.extend(plain_rolls)
    results.extend(INJURY[roll.total] for roll in plain_rolls)
    flesh = before.get("flesh_wounds", 0) + results.count(FLESH_WOUND)
    worst = SEVERITY[before.get("status", "unharmed")]
    worst = max(worst, SEVERITY["pinned"])
    if OUT_OF_ACTION in results:
        worst = SEVERITY["out_of_action"]
    elif DOWN in results:
        worst = max(worst, SEVERITY["down"])
    note = ""
    if target.ws is not None and target.bs is not None and flesh >= target.ws and flesh >= target.bs \
            and worst < SEVERITY["out_of_action"]:
        worst = SEVERITY["out_of_action"]
        note = " (flesh wounds bring WS and BS to 0)"
    status = STATUSES[worst]
    faces = ", ".join(str(r.total) for r in rolls)
    named = ", ".join(results)
    text = f"injury dice {faces}: {named}{' (high impact)' if high_impact else ''} -> {status.replace('_', ' ')}{note}"
    return Step(kind="injury", value=count, text=text, rolls=rolls, data={"results": results},
                target_state={"status": status, "wounds_left": 0, "flesh_wounds": flesh})
