"""Step 8 for one target: its hits become wounds (see :mod:`.wounding`).

A unit is tested with the characteristics most of its models have, and its wounds
go to its models nearest the shooter first [SEED].
"""

from __future__ import annotations

from gunline import ChainState, Dice, Step

from . import units
from .schema import SamuraiAttack, Target, settings_of
from .wounding import Defence, wound_hits


def defence_of(target: Target) -> Defence:
    return Defence(
        name=target.name,
        body=units.majority(target, "body"),
        protection=units.majority(target, "protection"),
        durability=units.majority(target, "durability"),
    )


def resolve(attack: SamuraiAttack, target: Target, hit: Step, state: ChainState, dice: Dice) -> Step:
    data = hit.data or {}
    order = [m.name for m in units.nearest_first(target)]
    result = wound_hits(
        dice,
        settings_of(attack),
        strength=attack.shooter.body + attack.weapon.damage,
        defence=defence_of(target),
        state=state.targets.get(target.name, {}),
        hits=data.get("hits", hit.value or 0),
        lucky=data.get("lucky", 0),
        order=order,
    )
    text = "; ".join(result.lines) + f"; {target.name}: {units.state_words(target, result.state)}"
    return Step(kind="wound", value=result.wounds, rolls=result.rolls, text=text, target_state=result.state,
                data={"kills": result.kills})
