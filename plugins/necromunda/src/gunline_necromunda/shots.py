"""Attack-level rolls: the sustained-fire shot count, and a blast's scatter.

Sustained fire: one D3 per sustained-fire dice, summed, is the number of shots; they
are spread over the targets by :func:`.targeting.allot_shots`.

Scatter (a blast that missed): the scatter dice gives the direction (the GM reads the
arrow), the artillery dice the distance (2, 4, 6, 8, 10 or MISFIRE: a dud). A shot
scatters at most half the distance from shooter to target; a grenade scatters half
the artillery dice with no maximum.
"""

from __future__ import annotations

from typing import Any

from gunline import ChainState, Dice, Step

from .measuring import BEARINGS, LANDED, landing
from .messages import _, _n
from .profiles import NecromundaAttack, Target
from .tables import ARTILLERY, MISFIRE
from .targeting import ALLOTTED, CHOSEN, DUD, SCATTERED, allot_shots, spread_of, template_fact


def sustained_fire(attack: NecromundaAttack, state: ChainState, dice: Dice) -> list[Step] | None:
    """The ``shots`` step of a sustained-fire weapon, or None for any other."""
    count = attack.weapon.sustained_fire
    if not count:
        return None
    roll = dice.roll(3, _("sustained fire"), count=count, need="")
    shots = roll.value
    allotted = allot_shots(attack, shots, state)
    spread = ", ".join(f"{name} {n}" for name, n in allotted.items() if n)
    data: dict[str, object] = {"allotted": allotted}
    if spread_of(attack) == CHOSEN:  # said only where the GM chose: "in turn" is the rule's own way
        spread = _("as the GM chose: {spread}", spread=spread)
        data["spread"] = CHOSEN
    return [
        Step(
            kind="shots",
            value=shots,
            text=_n("sustained fire {dice}D3: {shots} shot ({spread})",
                    "sustained fire {dice}D3: {shots} shots ({spread})", shots, dice=count, shots=shots, spread=spread),
            rolls=[roll.roll],
            data=data,
            attack_state={ALLOTTED: allotted},
        )
    ]


def the_gm_reads_the_arrow(face: int) -> None:
    """The scatter dice points the way the template drifts. Where it lands is the
    GM's to mark on the table (``under_scatter``): no rule here reads the face."""
    return None


def scatter_inches(artillery: int, distance: float, grenade: bool) -> float:
    """Inches a missed blast scatters for the artillery dice's ``artillery`` inches:
    "maximum scatter: half the distance from shooter to target" (N-22: 12" away,
    artillery 8, scatters 6"); a grenade scatters "half the artillery dice, and no
    maximum-scatter limit applies" (N-23: 2" away, artillery 10, scatters 5")."""
    if grenade:
        return artillery / 2
    return min(artillery, distance / 2)


def inches_value(inches: float) -> int | float:
    """The scatter step's value: the inches, a whole number where they are one (6),
    else as they are (2.5)."""
    return int(inches) if float(inches).is_integer() else inches


def scatter(attack: NecromundaAttack, target: Target, dice: Dice) -> Step:
    """The ``scatter`` step of a blast that missed ``target``. On a map the scatter
    dice's face is a direction, and the step says where the blast came down
    (:mod:`.measuring`); without one the GM reads the arrow on the table."""
    placed = attack.map is not None and attack.map.where(target.name) is not None
    direction = dice.roll(6, _("scatter dice (direction)"), read=BEARINGS if placed else the_gm_reads_the_arrow,
                          need="", target=target.name)
    artillery = dice.roll(6, _("artillery dice (1-5: 2-10\", 6: misfire)"), read=ARTILLERY, need="", target=target.name)
    rolls = [direction.roll, artillery.roll]
    rolled = artillery.value
    if rolled == MISFIRE:
        return Step(kind="scatter", value=None, text=_("misfire: a dud, nothing is hit"),
                    rolls=rolls, data={"template": DUD}, attack_state=template_fact(DUD))
    grenade = attack.weapon.grenade
    inches = scatter_inches(rolled, target.distance, grenade)
    if grenade:
        why = _("artillery {rolled} halved for a grenade", rolled=rolled)
    elif inches < rolled:
        why = _("artillery {rolled}, at most half the {distance}\" distance", rolled=rolled,
                distance=format(target.distance, "g"))
    else:
        why = _("artillery {rolled}", rolled=rolled)
    landed = landing(attack, target.name, direction.value, inches) if placed else None
    if landed is None:
        text = _("scatters {inches}\" towards arrow {arrow} ({why})", inches=format(inches, "g"),
                 arrow=direction.roll.total, why=why)
    else:
        text = _("scatters {inches}\" towards arrow {arrow} ({why}), landing at ({x}, {y}) on the map",
                 inches=format(inches, "g"), arrow=direction.roll.total, why=why,
                 x=format(landed[0], "g"), y=format(landed[1], "g"))
    facts: dict[str, Any] = template_fact(SCATTERED)
    data: dict[str, Any] = {"template": SCATTERED, "inches": inches}
    if landed is not None:
        facts[LANDED] = data["landed"] = [landed[0], landed[1]]
    return Step(
        kind="scatter",
        value=inches_value(inches),
        text=text,
        rolls=rolls,
        data=data,
        attack_state=facts,
    )
