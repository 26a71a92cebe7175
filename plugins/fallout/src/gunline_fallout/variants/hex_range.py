"""``fallout.hex-range``: the range rule of the Russian 2.01 document instead of the
2.0 GM reference sheet's formula.

Perception gives the distance the shooter sees clearly (PE 1→1, 2→6, 3→9 … 10→30
hexes); every full 2 hexes beyond it cost 10%. Separately, every hex beyond the
weapon's own range costs 5%. Thrown weapons reach by Strength on the same table. Close
shots earn no bonus. The modifiers are labelled "range ..." so they replace the
ruleset's own range term.
"""

from __future__ import annotations

from gunline import ChainState, Modifier, Variant, hookimpl

from ..messages import _, _n
from ..ruleset import seeing
from ..schema import FalloutAttack, Shooter, Target, Weapon
from ..tables import perception_reach

NAME = "fallout.hex-range"
#: Percent lost per full step beyond the attribute's distance, and the step in hexes.
ATTRIBUTE_STEP = (10, 2)
#: Percent lost per hex beyond the weapon's range.
WEAPON_PER_HEX = 5


@hookimpl
def gunline_variant() -> Variant:
    return Variant(name=NAME, ruleset="fallout", description=description(), api=2)


def description() -> str:
    """The second paragraph of the module's docstring, in the language in use."""
    return _(
        "Perception gives the distance the shooter sees clearly (PE 1→1, 2→6, 3→9 … 10→30 hexes); every full 2 "
        "hexes beyond it cost 10%. Separately, every hex beyond the weapon's own range costs 5%. Thrown weapons "
        "reach by Strength on the same table. Close shots earn no bonus. The modifiers are labelled \"range ...\" "
        "so they replace the ruleset's own range term."
    ) + " "


def hex_range_terms(shooter: Shooter, weapon: Weapon, target: Target, perception: int | None = None) -> list[Modifier]:
    if weapon.melee:
        return []
    attribute = shooter.strength if weapon.thrown else (shooter.perception if perception is None else perception)
    sees = perception_reach(attribute)
    per_step, step = ATTRIBUTE_STEP
    beyond_sight = max(0, target.distance - sees)
    beyond_weapon = max(0, target.distance - weapon.range)
    # Translators: English says "hexes" whatever the count.
    if weapon.thrown:
        reach = _n("range: strength reach {reach} hexes, target at {distance}",
                   "range: strength reach {reach} hexes, target at {distance}", sees, reach=sees,
                   distance=target.distance)
    else:
        reach = _n("range: perception reach {reach} hexes, target at {distance}",
                   "range: perception reach {reach} hexes, target at {distance}", sees, reach=sees,
                   distance=target.distance)
    own = _n("range: weapon range {range} hexes, target at {distance}",
             "range: weapon range {range} hexes, target at {distance}", weapon.range, range=weapon.range,
             distance=target.distance)
    return [
        Modifier(label=reach, value=-per_step * (beyond_sight // step), source=NAME),
        Modifier(label=own, value=-WEAPON_PER_HEX * beyond_weapon, source=NAME),
    ]


@hookimpl
def modify_pool(attack: FalloutAttack, target: Target, state: ChainState) -> list[Modifier]:
    return hex_range_terms(attack.shooter, attack.weapon, target, seeing(attack, state))
