"""Step 8 for one target: its hits become wounds (see :mod:`.wounding`).

A unit is tested with the characteristics most of its models have, and its wounds
go to its models nearest the shooter first [SEED].
"""

from __future__ import annotations

from gunline import ChainState, Dice, Step

from . import units
from .messages import _
from .schema import SamuraiAttack, Target, settings_of
from .wounding import Defence, wound_hits


def defence_of(target: Target) -> Defence:
    """What the target's wound tests read of it: its own values, or those most of
    a unit's models have."""
    if not target.models:
        return Defence(name=target.name, body=target.body, protection=target.protection,
                       durability=target.durability)
    return Defence(
        name=target.name,
        body=units.majority(target, "body"),
        protection=units.majority(target, "protection"),
        durability=units.majority(target, "durability"),
    )


def resolve(attack: SamuraiAttack, target: Target, hit: Step, state: ChainState, dice: Dice) -> Step:
    """The wounds of the hits on ``target``. A shooting unit's plain hits are wounded
    model by model, each with its own Body + Damage, in the order the models are
    listed; a comparative test's wins with the Body most of its shots used."""
    data = hit.data or {}
    order = [m.name for m in units.nearest_first(target)] if target.models else []
    damage = attack.weapon.damage
    parts = data.get("volleys") or [{"model": None, "lucky": data.get("lucky", 0),
                                     "hits": data.get("hits", hit.value or 0),
                                     "strength": data.get("strength", attack.shooter.body + damage)}]
    tstate = state.targets.get(target.name, {})
    defence = defence_of(target)
    wounds = kills = 0
    rolls, lines = [], []
    for part in parts:
        if not part["lucky"] and not part["hits"]:
            continue
        result = wound_hits(dice, settings_of(attack), strength=part["strength"], defence=defence,
                            state=tstate, hits=part["hits"], lucky=part["lucky"], order=order)
        tstate, wounds, kills = result.state, wounds + result.wounds, kills + result.kills
        rolls += result.rolls
        said = "; ".join(result.lines)
        lines.append(said if part["model"] is None else _("{model}'s: {results}", model=part["model"], results=said))
    text = "; ".join(lines) + f"; {target.name}: {units.state_words(target, tstate)}"
    return Step(kind="wound", value=wounds, rolls=rolls, text=text, target_state=tstate, data={"kills": kills})
