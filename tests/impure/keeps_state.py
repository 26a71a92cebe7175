"""A toy ruleset that counts its calls and lets every third shot hit whatever the
die says: each roll comes from the dice, but the same dice give another chain
depending on what was resolved before. The purity checks must fail it."""

import importlib.util
from pathlib import Path

from gunline import Step, hookimpl
from gunline.dice import at_least

_spec = importlib.util.spec_from_file_location(f"{__name__}_base", Path(__file__).with_name("_toy.py"))
_base = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_base)
globals().update(_base.toy_hooks())

_calls = [0]


@hookimpl
def resolve_hit(attack, target, pool, dice):
    _calls[0] += 1
    roll = dice.roll(6, "to hit", read=at_least(pool.value), target=target.name)
    hit = int(roll.value or _calls[0] % 3 == 0)
    return Step(kind="hit", value=hit, text="hit" if hit else "miss", rolls=[roll.roll])
