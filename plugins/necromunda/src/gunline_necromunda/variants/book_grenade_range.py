"""``necromunda.book-grenade-range``: the 1995 book's throwing ranges by Strength
(S1 4", S2 6", S3 8", S4 10", S5+ 12") instead of the seed's S × 3.

It overrides the first-result hook ``build_pool`` (where range is checked) and calls
the ruleset's public :func:`gunline_necromunda.to_hit.build_pool` with its own range
function: nothing a third-party plugin could not do.
"""

from gunline import ChainState, Modifier, Step, Variant, hookimpl
from gunline.language import N_
from gunline_necromunda.profiles import NecromundaAttack, Target
from gunline_necromunda.to_hit import build_pool as _build_pool

#: Thrower's Strength -> range of throw in inches; 5 or more throws 12".
BOOK_GRENADE_RANGE = {1: 4, 2: 6, 3: 8, 4: 10}


def book_grenade_range(strength: int) -> float:
    return BOOK_GRENADE_RANGE.get(strength, 12)


@hookimpl
def gunline_variant() -> Variant:
    return Variant(
        name="necromunda.book-grenade-range",
        ruleset="necromunda",
        api=2,
        description=N_("The 1995 book's grenade ranges: 4/6/8/10/12\" by Strength (not S × 3)."),
    )


@hookimpl
def build_pool(attack: NecromundaAttack, target: Target, modifiers: list[Modifier], state: ChainState) -> Step:
    return _build_pool(attack, target, modifiers, state, grenade_range=book_grenade_range)
