"""To hit: the modifiers and the score needed (the ``pool`` step).

The score needed is 7 − BS minus the modifiers, which are in the to-hit sense (−1
makes the shot harder, so it raises the score). 7, 8 and 9 are made in two steps (a
6, then 4+, 5+ or 6+ on a second D6); 10 or more cannot hit; a natural 1 always
misses (the dice: :mod:`.to_hit_roll`). The pool step's ``value`` is that score, 7+
written as 7.
"""

from __future__ import annotations

from collections.abc import Callable

from gunline import ChainState, Modifier, Step

from .profiles import NecromundaAttack, Target
from .tables import BASE_TO_HIT, IMPOSSIBLE_TO_HIT, SECOND_DICE
from .targeting import (
    AUTO,
    NONE,
    OUT_OF_ACTION,
    OUT_OF_RANGE,
    PARTLY,
    SHOOT,
    in_reach,
    plan,
    range_band,
    seed_grenade_range,
    weapon_reach,
)

SOURCE = "necromunda"


def _mod(label: str, value: int) -> Modifier:
    return Modifier(label=label, value=value, source=SOURCE)


#: The seed's to-hit modifier table, as ready-made modifiers.
COVER = {"none": None, "partial": _mod("partial cover", -1), "full": _mod("cover", -2)}
#: Grenades: cover is only −1, partial cover nothing.
GRENADE_COVER = {"none": None, "partial": None, "full": _mod("cover (grenade)", -1)}
OVERWATCH = _mod("shooting from overwatch", -1)
CHARGING = _mod("charging target", -1)
RAN = _mod("target ran in its last turn", -1)
SIZE = {"normal": None, "small": _mod("small target", -1), "large": _mod("large target", 1)}
_RANGE_MODS: dict[tuple[str, int], Modifier] = {}


def range_modifier(band: str, value: int) -> Modifier | None:
    if not value or band not in ("short", "long"):
        return None
    key = (band, value)
    mod = _RANGE_MODS.get(key)
    if mod is None:
        mod = _RANGE_MODS[key] = _mod(f"{band} range", value)
    return mod


def hit_modifiers(attack: NecromundaAttack, target: Target) -> list[Modifier]:
    """The seed's modifiers for a to-hit roll at ``target`` (range band included)."""
    weapon = attack.weapon
    out: list[Modifier] = []
    cover = (GRENADE_COVER if weapon.grenade else COVER)[target.cover]
    if cover is not None:
        out.append(cover)
    if attack.shooter.overwatch:
        out.append(OVERWATCH)
    if target.charging:
        out.append(CHARGING)
    if target.ran:
        out.append(RAN)
    size = SIZE[target.size]
    if size is not None:
        out.append(size)
    band = range_band(attack, target.distance)
    if band == "short":
        mod = range_modifier(band, weapon.hit_short)
    elif band == "long":
        mod = range_modifier(band, weapon.hit_long)
    else:
        mod = None
    if mod is not None:
        out.append(mod)
    return out


def flesh_wounds(attack: NecromundaAttack, state: ChainState) -> tuple[int, str]:
    """The shooter's flesh wounds and where the count comes from: the encounter's
    (what attacks on him left) when it has one, else the scenario's."""
    saved = state.shooter_as_target.get("flesh_wounds")
    if isinstance(saved, int) and not isinstance(saved, bool):
        return saved, "encounter"
    return attack.shooter.flesh_wounds, "scenario"


_FLESH: dict[tuple[int, int, str], Modifier] = {}


def flesh_wound_modifier(attack: NecromundaAttack, state: ChainState) -> Modifier | None:
    """"Flesh wound: −1 WS and −1 BS for the rest of the game": the BS the to-hit
    score is made from drops by one per flesh wound, to no less than 0."""
    count, where = flesh_wounds(attack, state)
    bs = attack.shooter.bs
    lost = min(count, bs)
    if not lost:
        return None
    key = (count, bs, where)
    mod = _FLESH.get(key)
    if mod is None:
        plural = "s" if count != 1 else ""
        mod = _FLESH[key] = _mod(f"{count} flesh wound{plural} ({where}): BS {bs} to {bs - lost}", -lost)
    return mod


def modify_pool(attack: NecromundaAttack, target: Target, state: ChainState) -> list[Modifier] | None:
    """Modifiers only for targets the attack rolls to hit (not template-caught ones)."""
    if attack.weapon.template == "flame" or plan(attack, target, state)[0] != SHOOT:
        return None
    mods = hit_modifiers(attack, target)
    flesh = flesh_wound_modifier(attack, state)
    return mods if flesh is None else [flesh, *mods]


def score_needed(bs: int, modifiers: list[Modifier]) -> int:
    need = BASE_TO_HIT - bs
    for mod in modifiers:
        need -= mod.value
    return need


def need_text(need: int) -> str:
    """The pool step's words: "needs 5+ to hit", "needs 6 then 5+", "cannot hit (10+)"."""
    if need >= IMPOSSIBLE_TO_HIT:
        return "cannot hit (10+)" if need == IMPOSSIBLE_TO_HIT else f"cannot hit (10+; needs {need})"
    if need in SECOND_DICE:
        return f"needs 6 then {SECOND_DICE[need]}+ to hit"
    if need < 2:
        return f"needs {need}+ to hit (only a natural 1 misses)"
    return f"needs {need}+ to hit"


_NEED_TEXT = {n: need_text(n) for n in range(-20, 30)}

_PLAN_TEXT = {
    AUTO: "wholly under the template: hit automatically",
    PARTLY: "partly under the template: hit on 4+",
    OUT_OF_ACTION: "already out of action",
}


def build_pool(
    attack: NecromundaAttack,
    target: Target,
    modifiers: list[Modifier],
    state: ChainState,
    grenade_range: Callable[[int], float] = seed_grenade_range,
) -> Step:
    """The pool step. ``grenade_range`` is the throwing range by Strength: a variant
    with another range calls this with its own (``necromunda.book-grenade-range``)."""
    kind, shots = plan(attack, target, state)
    if kind == SHOOT and not in_reach(attack, target, grenade_range):
        kind = OUT_OF_RANGE
    if kind == SHOOT:
        need = score_needed(attack.shooter.bs, modifiers)
        text = _NEED_TEXT.get(need) or need_text(need)
        if shots > 1:
            text = f"{text}, {shots} shots"
        return Step(kind="pool", value=need, text=text, modifiers=modifiers,
                    data={"plan": kind, "shots": shots})
    if kind == PARTLY:
        return Step(kind="pool", value=4, text=_PLAN_TEXT[PARTLY], data={"plan": kind, "shots": 0})
    if kind == OUT_OF_RANGE:
        reach = weapon_reach(attack, grenade_range)
        what = "throw" if attack.weapon.grenade else "range"
        text = f"out of range: {target.distance:g}\" is beyond the {reach:g}\" {what}, no shot"
    elif kind == NONE:
        text = _none_text(attack, target)
    else:
        text = _PLAN_TEXT[kind]
    return Step(kind="pool", value=None, text=text, data={"plan": kind, "shots": 0})


def _none_text(attack: NecromundaAttack, target: Target) -> str:
    if target.in_sight_only:
        return "in sight, not shot at"
    if attack.weapon.template != "none":
        return "not under the template"
    if attack.weapon.sustained_fire:
        return "no sustained-fire shot at this target"
    return "not shot at"
