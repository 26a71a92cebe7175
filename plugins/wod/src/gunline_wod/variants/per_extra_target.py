"""``wod.per-extra-target``: the later edition's reading of the multiple-target
penalty, −1 for each target beyond the first, instead of the 2004 book's penalty
equal to the total number of targets.

It rebuilds each pool with the base's target penalty swapped for its own, so the
chain shows the changed term under this variant's name and every other term as is.
"""

from __future__ import annotations

from gunline import ChainState, Modifier, Step, Variant, hookimpl

from ..messages import _, _n
from ..pool import pool_for, target_count_penalty, targets_counted
from ..schema import Target, WodAttack

NAME = "wod.per-extra-target"


@hookimpl
def gunline_variant() -> Variant:
    return Variant(
        name=NAME,
        ruleset="wod",
        description=_("multiple targets: −1 per target beyond the first (later edition)"),
        api=2,
    )


def extra_target_penalty(count: int) -> Modifier | None:
    extra = count - 1
    if extra < 1:
        return None
    label = _n("{n} extra target", "{n} extra targets", extra, n=extra)
    return Modifier(label=label, value=-extra, source=NAME)


@hookimpl
def build_pool(attack: WodAttack, target: Target, modifiers: list[Modifier], state: ChainState) -> Step | None:
    count = targets_counted(attack)
    book = target_count_penalty(count)
    if book is None:
        return None
    out = []
    for m in modifiers:
        if (m.label, m.value) == (book.label, book.value):
            replacement = extra_target_penalty(count)
            if replacement is not None:
                out.append(replacement)
        else:
            out.append(m)
    return pool_for(attack, target, out, state)
