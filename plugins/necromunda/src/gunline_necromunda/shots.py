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

from gunline import Step

from .tables import ARTILLERY
from .targeting import ALLOTTED, DUD, SCATTERED, allot_shots, template_fact


def sustained_fire(attack: Any, state: Any, dice: Any) -> list[Step] | None:
    """The ``shots`` step of a sustained-fire weapon, or None for any other."""
    count = attack.weapon.sustained_fire
    if not count:
        return None
    roll = dice.roll(3, "sustained fire", count=count, need="")
    shots = roll.total
    allotted = allot_shots(attack, shots, state)
    spread = ", ".join(f"{name} {n}" for name, n in allotted.items() if n)
    return [
        Step(
            kind="shots",
            value=shots,
            text=f"sustained fire {count}D3: {shots} shot{'s' if shots != 1 else ''} ({spread})",
            rolls=[roll],
            data={"allotted": allotted},
            attack_state={ALLOTTED: allotted},
        )
    ]


def scatter_inches(face: int, distance: float, grenade: bool) -> float | None:
    """Inches a missed blast scatters for an artillery face (None: misfire)."""
    inches = ARTILLERY[face]
    if inches is None:
        return None
    if grenade:
        return inches / 2
    return min(inches, distance / 2)


def scatter(attack: Any, target: Any, dice: Any) -> Step:
    """The ``scatter`` step of a blast that missed ``target``."""
    direction = dice.roll(6, "scatter dice (direction)", need="", target=target.name)
    artillery = dice.roll(6, "artillery dice (1-5: 2-10\", 6: misfire)", need="", target=target.name)
    grenade = attack.weapon.grenade
    inches = scatter_inches(artillery.total, target.distance, grenade)
    if inches is None:
        return Step(kind="scatter", value=None, text="misfire: a dud, nothing is hit",
                    rolls=[direction, artillery], data={"template": DUD}, attack_state=template_fact(DUD))
    rolled = ARTILLERY[artillery.total]
    if grenade:
        why = f"artillery {rolled} halved for a grenade"
    elif inches < rolled:
        why = f"artillery {rolled}, at most half the {target.distance:g}\" distance"
    else:
        why = f"artillery {rolled}"
    return Step(
        kind="scatter",
        value=int(inches) if inches == int(inches) else None,
        text=f"scatters {inches:g}\" towards arrow {direction.total} ({why})",
        rolls=[direction, artillery],
        data={"template": SCATTERED, "inches": inches},
        attack_state=template_fact(SCATTERED),
    )
