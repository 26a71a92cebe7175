"""The four interpreters agree: the same faces give the same chain, however they came.

A roll means one thing whatever gives its faces (:mod:`gunline.dice.meaning`). For each
seed, the chain rolled at random is resolved again from its own faces: replayed, typed
by the GM (marked as typed, and otherwise the same), and followed by the odds
interpreter through its branches (the same chain, down a path the odds give a
positive probability).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from ..dice import RandomDice, ScriptedDice
from ..engine import resolve
from ..models import Attack, Chain
from ..plugins import Registry
from ..runner import chain_json
from .checks import fail


def _plain(chain: Chain) -> dict[str, Any]:
    """The chain as JSON data, with no seed and no marks of typed dice."""
    data: dict[str, Any] = msgspec.json.decode(chain_json(chain))
    data["seed"] = None
    data["manual"] = []
    for step in data["steps"]:
        for roll in step["rolls"]:
            roll["manual"] = False
    return data


def check_interpreters_agree(registry: Registry, attack: Attack, seeds: Iterable[int]) -> None:
    """Random, replayed, typed and followed-by-the-odds dice give one chain per seed."""
    from ..odds.follow import FollowingDice, NoBranch

    stack = registry.stack(attack.ruleset, attack.variants)
    for seed in seeds:
        rolled = resolve(stack, attack, RandomDice(seed), seed=seed)
        expected = _plain(rolled)
        replayed = resolve(stack, attack, ScriptedDice(rolled.dice, manual=False))
        if _plain(replayed) != expected or replayed.manual:
            raise fail(f"seed {seed}: replaying the dice {rolled.dice} gave another chain")
        typed = resolve(stack, attack, ScriptedDice(rolled.dice, manual=True))
        if _plain(typed) != expected:
            raise fail(f"seed {seed}: the dice {rolled.dice} typed by a GM gave another chain")
        if typed.manual != list(range(len(rolled.dice))):
            raise fail(f"seed {seed}: typed dice are not all marked as typed: {typed.manual}")
        following = FollowingDice(rolled.dice)
        try:
            followed = resolve(stack, attack, following)
        except NoBranch as exc:
            raise fail(f"seed {seed}: the odds cannot follow the dice {rolled.dice}: {exc}") from None
        if _plain(followed) != expected:
            raise fail(f"seed {seed}: the odds interpreter, fed the dice {rolled.dice}, gave another chain")
        if not following.weight > 0.0 or following.position != len(rolled.dice):
            raise fail(f"seed {seed}: the odds give the chain of the dice {rolled.dice} no probability")
