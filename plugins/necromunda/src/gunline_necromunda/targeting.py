"""Who the attack rolls against, and how: the *plan* for each target.

Necromunda attacks one fighter, but sustained fire spreads extra shots over fighters
within 4" of the first, and a template catches whoever lies under it. The scenario
says which (``near_first``, ``under_template``, ``under_scatter``); this module turns
that, the weapon and what has been rolled so far into one plan per target:

``shoot``         roll to hit ``shots`` times (the first target; sustained-fire targets)
``auto``          hit without a roll (wholly under a template)
``partly``        hit on a D6 of 4+ (partly under a template)
``none``          not under the template / no sustained-fire shot allotted
``out_of_range``  beyond the weapon's long range (or the throw): the shot is wasted
``out_of_action`` already out of action: nothing more can happen to him

Sustained-fire shots are spread by :func:`allot_shots`: the first shot goes at the
first target; the extra ones go where the GM puts them ("the others at any targets
within 4" of it"): a target's ``shots`` says how many go at him, dealt in scenario
order while shots last, the rest at the first target. Where the GM gives no
``shots``, they go in turn over the targets marked ``near_first`` (in scenario
order), then the first target again, round and round. A fighter already out of
action gets none (his share goes on to the next).

``in_sight_only`` targets are enemies the shooter sees and does not shoot at: they
are listed so that the nearest-target rule (:mod:`.nearest`) knows they are there,
and their plan is ``none``.
"""

from __future__ import annotations

from collections.abc import Callable

from gunline import ChainState

from .measuring import LANDED, under_scatter
from .profiles import NecromundaAttack, Target

SHOOT, AUTO, PARTLY, NONE = "shoot", "auto", "partly", "none"
OUT_OF_RANGE, OUT_OF_ACTION = "out_of_range", "out_of_action"

BLASTS = ("small_blast", "large_blast")
COVERAGE_PLAN = {"wholly": AUTO, "partly": PARTLY, "none": NONE}

#: What became of a blast aimed at the first target, as later targets read it.
ON_TARGET, SCATTERED, DUD, NO_SHOT = "on_target", "scattered", "dud", "no_shot"

#: Keys of ``state.attack``: what became of the blast, and the sustained-fire shots
#: allotted to each target: facts of the attack that later targets read there, not
#: by searching the steps so far.
TEMPLATE, ALLOTTED = "template", "allotted"


def template_fact(result: str) -> dict[str, str]:
    """The ``attack_state`` of a step that settles where the blast went."""
    return {TEMPLATE: result}


def seed_grenade_range(strength: int) -> float:
    """The seed's throwing range: the thrower's Strength × 3 inches."""
    return strength * 3


def weapon_reach(attack: NecromundaAttack, grenade_range: Callable[[int], float] = seed_grenade_range) -> float | None:
    """The farthest the weapon reaches in inches (None: a flamer, which has no range)."""
    weapon = attack.weapon
    if weapon.grenade:
        return grenade_range(attack.shooter.strength)
    if weapon.template == "flame":
        return None
    return weapon.long_range


def range_band(attack: NecromundaAttack, distance: float) -> str:
    """``short``, ``long`` or ``beyond`` for a weapon with short and long ranges;
    grenades and flamers have no band (``none``)."""
    weapon = attack.weapon
    if weapon.grenade or weapon.template == "flame" or weapon.long_range is None:
        return "none"
    if weapon.short_range is not None and distance <= weapon.short_range:
        return "short"
    if distance <= weapon.long_range:
        return "long"
    return "beyond"


#: How the shots were spread, as the ``shots`` step says it.
IN_TURN, CHOSEN = "in turn", "as the GM chose"


def spread_of(attack: NecromundaAttack) -> str:
    """``CHOSEN`` when the GM gave any target's ``shots``, else ``IN_TURN``."""
    return CHOSEN if any(t.shots is not None for t in attack.targets) else IN_TURN


def allot_shots(attack: NecromundaAttack, shots: int, state: ChainState) -> dict[str, int]:
    """Spread ``shots`` sustained-fire shots over the targets (see the module doc)."""
    first = attack.targets[0].name
    out = {t.name: 0 for t in attack.targets}
    if shots <= 0:
        return out
    out[first] = 1
    if spread_of(attack) == CHOSEN:
        left = shots - 1
        for i, t in enumerate(attack.targets):
            if i and (not t.near_first or state.targets[t.name]["status"] == "out_of_action"):
                continue
            wanted = (t.shots or 0) - (1 if i == 0 else 0)
            given = min(max(wanted, 0), left)
            out[t.name] += given
            left -= given
        out[first] += left
        return out
    turn = [
        t.name
        for t in attack.targets[1:]
        if t.near_first and state.targets[t.name]["status"] != "out_of_action"
    ] + [first]
    for i in range(shots - 1):
        out[turn[i % len(turn)]] += 1
    return out


def blast_result(state: ChainState, first: str) -> str:
    """What the blast aimed at ``first`` did: on target, scattered, a dud, no shot."""
    return state.attack.get(TEMPLATE, NO_SHOT)


def shots_allotted(state: ChainState, name: str) -> int:
    return state.attack.get(ALLOTTED, {}).get(name, 0)


def plan(attack: NecromundaAttack, target: Target, state: ChainState) -> tuple[str, int]:
    """The plan for ``target`` (kind, shots), range aside (see :func:`in_reach`)."""
    name = target.name
    if state.targets[name]["status"] == "out_of_action":
        return OUT_OF_ACTION, 0
    weapon = attack.weapon
    first = target is attack.targets[0] or name == attack.targets[0].name
    template = weapon.template
    if template == "flame":
        coverage = target.under_template or ("wholly" if first else "none")
        return COVERAGE_PLAN[coverage], 0
    if template in BLASTS and not first:
        result = blast_result(state, attack.targets[0].name)
        if result == ON_TARGET:
            return COVERAGE_PLAN[target.under_template or "none"], 0
        if result == SCATTERED:
            return COVERAGE_PLAN[under_scatter(attack, target, state.attack.get(LANDED))], 0
        return NONE, 0
    if target.in_sight_only:
        return NONE, 0
    if weapon.sustained_fire:
        shots = shots_allotted(state, name)
        return (SHOOT, shots) if shots else (NONE, 0)
    return (SHOOT, 1) if first else (NONE, 0)


def in_reach(
    attack: NecromundaAttack, target: Target, grenade_range: Callable[[int], float] = seed_grenade_range
) -> bool:
    reach = weapon_reach(attack, grenade_range)
    return reach is None or target.distance <= reach
