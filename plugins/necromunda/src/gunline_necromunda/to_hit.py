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

from .messages import _, _n
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


class Modifiers:
    """The seed's to-hit modifier table, as ready-made modifiers, in one language."""

    def __init__(self) -> None:
        self.cover = {"none": None, "partial": _mod(_("partial cover"), -1), "full": _mod(_("cover"), -2)}
        #: Grenades: cover is only −1, partial cover nothing.
        self.grenade_cover = {"none": None, "partial": None, "full": _mod(_("cover (grenade)"), -1)}
        self.overwatch = _mod(_("shooting from overwatch"), -1)
        self.charging = _mod(_("charging target"), -1)
        self.ran = _mod(_("target ran in its last turn"), -1)
        self.size = {"normal": None, "small": _mod(_("small target"), -1), "large": _mod(_("large target"), 1)}
        self.bands = {"short": _("short range"), "long": _("long range")}
        #: (band, value) -> the range modifier, made when first needed.
        self.range: dict[tuple[str, int], Modifier] = {}
        #: (flesh wounds, BS, where the count comes from) -> the flesh-wound modifier.
        self.flesh: dict[tuple[int, int, str], Modifier] = {}


#: The modifiers in the language in use (made once per language).
MODIFIERS = _.per_language(Modifiers)


def range_modifier(band: str, value: int, made: Modifiers | None = None) -> Modifier | None:
    """The modifier of ``value`` at ``band`` range (``made``: the modifiers of the
    language in use, when the caller has them already)."""
    if not value or band not in ("short", "long"):
        return None
    key = (band, value)
    if made is None:
        made = MODIFIERS()
    mod = made.range.get(key)
    if mod is None:
        mod = made.range[key] = _mod(made.bands[band], value)
    return mod


def hit_modifiers(attack: NecromundaAttack, target: Target) -> list[Modifier]:
    """The seed's modifiers for a to-hit roll at ``target`` (range band included)."""
    weapon = attack.weapon
    out: list[Modifier] = []
    made = MODIFIERS()
    cover = (made.grenade_cover if weapon.grenade else made.cover)[target.cover]
    if cover is not None:
        out.append(cover)
    if attack.shooter.overwatch:
        out.append(made.overwatch)
    if target.charging:
        out.append(made.charging)
    if target.ran:
        out.append(made.ran)
    size = made.size[target.size]
    if size is not None:
        out.append(size)
    band = range_band(attack, target.distance)
    value = weapon.hit_short if band == "short" else weapon.hit_long if band == "long" else 0
    if value:
        mod = range_modifier(band, value, made)
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


def flesh_wound_modifier(attack: NecromundaAttack, state: ChainState) -> Modifier | None:
    """"Flesh wound: −1 WS and −1 BS for the rest of the game": the BS the to-hit
    score is made from drops by one per flesh wound, to no less than 0."""
    count, where = flesh_wounds(attack, state)
    if count == 0:  # most shooters: no modifier to make
        return None
    bs = attack.shooter.bs
    lost = min(count, bs)
    if not lost:
        return None
    key = (count, bs, where)
    made = MODIFIERS().flesh
    mod = made.get(key)
    if mod is None:
        if where == "encounter":
            label = _n("{count} flesh wound (encounter): BS {bs} to {lowered}",
                       "{count} flesh wounds (encounter): BS {bs} to {lowered}", count,
                       count=count, bs=bs, lowered=bs - lost)
        else:
            label = _n("{count} flesh wound (scenario): BS {bs} to {lowered}",
                       "{count} flesh wounds (scenario): BS {bs} to {lowered}", count,
                       count=count, bs=bs, lowered=bs - lost)
        mod = made[key] = _mod(label, -lost)
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
        if need == IMPOSSIBLE_TO_HIT:
            return _("cannot hit (10+)")
        return _("cannot hit (10+; needs {need})", need=need)
    if need in SECOND_DICE:
        return _("needs 6 then {second}+ to hit", second=SECOND_DICE[need])
    if need < 2:
        return _("needs {need}+ to hit (only a natural 1 misses)", need=need)
    return _("needs {need}+ to hit", need=need)


#: The pool step's words for the usual scores, made once per language.
_NEED_TEXT = _.per_language(lambda: {n: need_text(n) for n in range(-20, 30)})

_PLAN_TEXT = _.per_language(lambda: {
    AUTO: _("wholly under the template: hit automatically"),
    PARTLY: _("partly under the template: hit on 4+"),
    OUT_OF_ACTION: _("already out of action"),
})


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
        text = _NEED_TEXT().get(need) or need_text(need)
        if shots > 1:
            text = _n("{need}, {shots} shot", "{need}, {shots} shots", shots, need=text, shots=shots)
        return Step(kind="pool", value=need, text=text, modifiers=modifiers,
                    data={"plan": kind, "shots": shots})
    if kind == PARTLY:
        return Step(kind="pool", value=4, text=_PLAN_TEXT()[PARTLY], data={"plan": kind, "shots": 0})
    if kind == OUT_OF_RANGE:
        reach = weapon_reach(attack, grenade_range)
        if attack.weapon.grenade:
            text = _("out of range: {distance}\" is beyond the {reach}\" throw, no shot",
                     distance=format(target.distance, "g"), reach=format(reach, "g"))
        else:
            text = _("out of range: {distance}\" is beyond the {reach}\" range, no shot",
                     distance=format(target.distance, "g"), reach=format(reach, "g"))
    elif kind == NONE:
        text = _none_text(attack, target)
    else:
        text = _PLAN_TEXT()[kind]
    return Step(kind="pool", value=None, text=text, data={"plan": kind, "shots": 0})


def _none_text(attack: NecromundaAttack, target: Target) -> str:
    if target.in_sight_only:
        return _("in sight, not shot at")
    if attack.weapon.template != "none":
        return _("not under the template")
    if attack.weapon.sustained_fire:
        return _("no sustained-fire shot at this target")
    return _("not shot at")
