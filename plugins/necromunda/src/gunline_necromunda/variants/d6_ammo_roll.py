"""``necromunda.d6-ammo-roll``: the 1995 book's ammo roll, one D6 instead of the
seed's 2D6 (a D6 under the ammo value breaks the weapon).

It overrides the first-result hook ``spend_ammo`` (a variant is asked before its
base) and calls the ruleset's public :func:`gunline_necromunda.ammo.spend_ammo` with
one die: nothing a third-party plugin could not do.
"""

from gunline import ChainState, Dice, Step, Variant, hookimpl
from gunline.language import N_
from gunline_necromunda.ammo import spend_ammo as _spend_ammo
from gunline_necromunda.profiles import NecromundaAttack


@hookimpl
def gunline_variant() -> Variant:
    return Variant(
        name="necromunda.d6-ammo-roll",
        ruleset="necromunda",
        api=2,
        description=N_("The 1995 book's ammo roll: one D6 (not 2D6) under the ammo value breaks the weapon."),
    )


@hookimpl
def spend_ammo(attack: NecromundaAttack, state: ChainState, dice: Dice) -> Step:
    return _spend_ammo(attack, state, dice, ammo_dice=1)
