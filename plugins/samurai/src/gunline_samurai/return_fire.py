"""Step 8 for the shooter: the wounds of the exchanges of fire it lost.

When a reacting side wins an exchange (:func:`.hits.exchange`), its wins land on the
shooter. All shots and all reactions happen at once [SEED], so they wait in
``state.attack`` until every target's hit rolls are made, and are rolled at the end
of the attack, in the order of the targets, each on the shooter as the one before
left it.
"""

from __future__ import annotations

from typing import Any

from gunline import ChainState, Dice, Step

from . import volleys
from .schema import SamuraiAttack, Shooter, settings_of
from .wounding import Defence, wound_hits

#: Key of ``state.attack``: the exchanges the shooter lost, in order, each waiting
#: for its wound rolls: ``{"target", "by", "strength", "lucky", "hits"}``.
RETURN_FIRE = "return_fire"


def return_fire_wounds(
    attack: SamuraiAttack, waiting: dict[str, Any], shooter_state: dict[str, Any], dice: Dice
) -> Step:
    """The shooter's wounds from one exchange it lost: the ``return_fire`` step. A
    shooting unit is tested with the values most of its models have, and its wounds
    go first to the models that shot at the reacting target, then to the rest, in
    the order the models are listed."""
    shooter = attack.shooter
    defence = defence_of(shooter)
    before = {k: v for k, v in shooter_state.items() if k in ("status", "wounds_left", "models")}
    order: list[str] = []
    if shooter.models:
        first = list(waiting.get("models", []))
        order = first + [m.name for m in shooter.models if m.name not in first]
    result = wound_hits(dice, settings_of(attack), strength=waiting["strength"], defence=defence,
                        state=before, hits=waiting["hits"], lucky=waiting["lucky"], order=order)
    text = "; ".join(result.lines) + f"; {shooter.name}: {volleys.state_words(shooter, result.state)}"
    return Step(kind="return_fire", value=result.wounds, rolls=result.rolls, text=text, target=waiting["target"],
                shooter_state=result.state, data={"by": waiting["by"], "kills": result.kills})


def defence_of(shooter: Shooter) -> Defence:
    """What the shooter's wound tests read of it: its own values, or those most of
    a shooting unit's models have."""
    if not shooter.models:
        return Defence(name=shooter.name, body=shooter.body, protection=shooter.protection,
                       durability=shooter.durability)
    return Defence(name=shooter.name, body=volleys.majority(shooter, "body"),
                   protection=volleys.majority(shooter, "protection"),
                   durability=volleys.majority(shooter, "durability"))


def return_fire_steps(attack: SamuraiAttack, state: ChainState, dice: Dice) -> tuple[list[Step], dict[str, Any]]:
    """The wound rolls of every exchange the shooter lost, in the order of the
    targets. Returns the ``return_fire`` steps and the shooter's state after them."""
    waiting = state.attack.get(RETURN_FIRE)
    shooter = dict(state.shooter)
    if not waiting:
        return [], shooter
    steps = []
    for lost in waiting:
        step = return_fire_wounds(attack, lost, shooter, dice)
        shooter.update(step.shooter_state or {})
        steps.append(step)
    return steps, shooter
