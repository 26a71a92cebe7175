"""A toy ruleset that rolls one die and shows two: the second face (a "bonus die"
always showing 6) was never asked of the dice. Deterministic and stateless, so only
the check that every face shown was rolled can catch it, and must."""

import importlib.util
from pathlib import Path

from gunline import Roll, Step, hookimpl
from gunline.dice import at_least

_spec = importlib.util.spec_from_file_location(f"{__name__}_base", Path(__file__).with_name("_toy.py"))
_base = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_base)
globals().update(_base.toy_hooks())


@hookimpl
def resolve_hit(attack, target, pool, dice):
    rolled = dice.roll(6, "to hit", read=at_least(pool.value), target=target.name).roll
    roll = Roll(label="to hit", dice="2d6", values=[rolled.total, 6], total=rolled.total, need=rolled.need)
    hit = int(rolled.total >= pool.value)
    return Step(kind="hit", value=hit, text="hit" if hit else "miss", rolls=[roll])
