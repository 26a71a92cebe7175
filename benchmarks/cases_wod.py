"""Throughput case for ``throughput.py``: a World of Darkness long burst at four
targets (the seed's third example, examples/wod/four-targets-long-burst.toml): four
pools of 4, 5, 5 and 8 dice, 10-again, damage on the Health track, 20 rounds spent.

``wod_direct`` is the baseline: the ruleset's own functions called in the engine's
order, with no engine and no pluggy.

    uv run python benchmarks/throughput.py
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gunline import ChainState
from gunline.scenario import read_document

SCENARIO = Path(__file__).resolve().parents[1] / "examples" / "wod" / "four-targets-long-burst.toml"


def wod_direct(attack: Any, dice: Any) -> ChainState:
    """The WoD rules for one attack, called directly in the engine's order."""
    from gunline_wod import attack as rolls
    from gunline_wod import ruleset

    state = ruleset.start_state(attack)
    if ruleset.check_attack(attack, state):
        raise RuntimeError("refused")
    for target in attack.targets:
        pool = ruleset.build_pool(ruleset.modify_pool(attack, target))
        pool.target = target.name
        state.apply(pool)
        hit = rolls.roll_attack(target, pool, dice)
        hit.target = target.name
        state.apply(hit)
        if hit.value:
            wound = rolls.wound(target, hit, state)
            wound.target = target.name
            state.apply(wound)
    state.apply(ruleset.spend_ammo(attack, state))
    for target in attack.targets:
        rolls.outcome(attack, target, state)
    return state


CASES: list[dict[str, Any]] = [
    {"name": "wod long burst, four targets",
     "doc": read_document(SCENARIO), "direct": wod_direct},
]
