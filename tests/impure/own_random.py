"""A toy ruleset whose to-hit roll comes from a random generator of its own, not
from the dice it is given: deterministic nowhere, and the chain shows faces the dice
never rolled. The purity checks must fail it."""

import importlib.util
import random
from pathlib import Path

from gunline import Roll, Step, hookimpl

_spec = importlib.util.spec_from_file_location(f"{__name__}_base", Path(__file__).with_name("_toy.py"))
_base = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_base)
globals().update(_base.toy_hooks())

_rng = random.Random()


@hookimpl
def resolve_hit(attack, target, pool, dice):
    face = _rng.randint(1, 6)
    roll = Roll(label="to hit", dice="1d6", values=[face], total=face, need=f"{pool.value}+")
    hit = int(face >= pool.value)
    return Step(kind="hit", value=hit, text="hit" if hit else "miss", rolls=[roll])
