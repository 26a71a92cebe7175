"""Throughput case for ``throughput.py``: the Fallout 3-bullet burst at a ghoul
(examples/fallout/three_bullet_burst.toml): a pool of three d100s, then damage and a
critical d100 for every bullet that hit, 3 rounds spent.

``fallout_direct`` is the baseline: the ruleset's own functions called in the
engine's order, with no engine and no pluggy.

    uv run python benchmarks/throughput.py
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from gunline import ChainState
from gunline.scenario import read_document

SCENARIO = Path(__file__).resolve().parents[1] / "examples" / "fallout" / "three_bullet_burst.toml"


def fallout_direct(attack: Any, dice: Any) -> ChainState:
    """The Fallout rules for one attack, called directly in the engine's order."""
    from gunline_fallout import ruleset

    state = ruleset.start_state(attack)
    if ruleset.check_attack(attack, state):
        raise RuntimeError("refused")
    for target in attack.targets:
        # the engine names each modifier's plugin: the ruleset tells its own terms by it
        modifiers = [msgspec.structs.replace(m, source=ruleset.NAME) for m in ruleset.modify_pool(attack, target)]
        pool = ruleset.build_pool(attack, target, modifiers, state)
        pool.target = target.name
        state.apply(pool)
        hit = ruleset.resolve_hit(attack, target, pool, state, dice)
        hit.target = target.name
        state.apply(hit)
        if hit.value:
            wound = ruleset.resolve_wound(attack, target, hit, state, dice)
            wound.target = target.name
            state.apply(wound)
    state.apply(ruleset.spend_ammo(attack, state))
    return state


CASES = [{"name": "fallout 3-bullet burst, one ghoul", "doc": read_document(SCENARIO), "direct": fallout_direct}]
