"""Action points and turns: what an attack costs, and the actions between attacks.

An attack costs action points: the weapon's for its mode (``ap_single``,
``ap_burst``), an aimed shot one more. The points are spent when the shot is
prepared, so a called-off attack spends them too («ему не вернутся ОД, затраченные
на подготовку выстрела» [SEED]). A shooter has ``action_points`` a turn (5 +
Agility ÷ 2 unless the scenario says); an encounter refuses an attack he has too few
left for, until a new turn.

The actions (``gunline act``, F2 in the app), none of which rolls a die:

* ``new-turn`` (the shooter): his action points back to the full, his conditions a
  turn nearer their end (an unconscious shooter may come round), a jam's delay over;
* ``turn-passes`` (a target): a turn passes for it: its conditions count down;
* ``clear-jam`` (the weapon): a jam cleared (a bad round ejected with it), once its
  turn of delay is over; a weapon worn to 0% needs repair, not clearing;
* ``pick-up-weapon`` (the weapon): a dropped weapon back in hand.
"""

from __future__ import annotations

from typing import Any

from gunline import Action, ChainState, Step

from .conditions import Conditions, normalized, ticked
from .fire import aim_of
from .messages import _, _n, condition_word, word
from .schema import FalloutAttack, Shooter

#: Key of the shooter's state: the action points he has left this turn.
AP_LEFT = "ap_left"
#: Keys of the weapon's state: what jammed it (``bad_ammo``, ``jam``, ``worn``) and the
#: turns before it can be cleared.
JAM, JAM_DELAY = "jam", "jam_delay"

NEW_TURN, TURN_PASSES, CLEAR_JAM, PICK_UP = "new-turn", "turn-passes", "clear-jam", "pick-up-weapon"


def actions() -> dict[str, Action]:
    """The actions, described in the language in use."""
    return {
        NEW_TURN: Action(
            description=_("the shooter's new turn: his action points back to the full, his conditions a turn "
                          "nearer their end, a jammed weapon's delay over"),
            applies_to="shooter",
        ),
        TURN_PASSES: Action(
            description=_("a turn passes for a target: its conditions (unconscious, knocked down) count down"),
            applies_to="target",
        ),
        CLEAR_JAM: Action(description=_("clear a jammed weapon (a bad round is ejected)"), applies_to="weapon"),
        PICK_UP: Action(description=_("pick up the dropped weapon"), applies_to="weapon"),
    }



def max_ap(shooter: Shooter) -> int:
    """Action points a turn: the scenario's, else 5 + Agility ÷ 2."""
    return shooter.action_points if shooter.action_points is not None else 5 + shooter.agility // 2


def ap_left(attack: FalloutAttack, state: ChainState) -> int:
    return int(state.shooter.get(AP_LEFT, max_ap(attack.shooter)))


def cost(attack: FalloutAttack) -> tuple[int, str]:
    """What the attack costs, and why, in words."""
    weapon = attack.weapon
    base = weapon.ap_burst if attack.mode == "burst" else weapon.ap_single
    if aim_of(attack) is not None:
        return base + 1, _("an aimed single shot, {cost} + 1", cost=base)
    return base, _("a single shot") if attack.mode == "single" else _("a burst")


def short(attack: FalloutAttack, state: ChainState) -> str | None:
    """Why the shooter cannot pay for the attack, or None."""
    need, why = cost(attack)
    left = ap_left(attack, state)
    if need <= left:
        return None
    name = attack.shooter.name
    if need > max_ap(attack.shooter):
        return _("shooter: {name} has {points} action points a turn, {what} costs {need}: "
                 "give shooter.action_points, or a cheaper shot", name=name, points=max_ap(attack.shooter), what=why,
                 need=need)
    return _("shooter: {name} has {left} action points left, {what} costs {need}: "
             "wait for a new turn (gunline act new-turn)", name=name, left=left, what=why, need=need)


def spend(attack: FalloutAttack, state: ChainState) -> Step:
    """The attack's ``action_points`` step, before any die: the points it costs."""
    need, why = cost(attack)
    left = ap_left(attack, state) - need
    return Step(kind="action_points", value=need, text=_("{need} action points ({what}), {left} left", need=need,
                                                         what=why, left=left),
                shooter_state={AP_LEFT: left})


# -- the actions between attacks -----------------------------------------------------


def _woken(status: str, conditions: Conditions) -> str:
    """The status once conditions have passed: an unconscious creature whose
    unconsciousness has ended comes round, wounded."""
    if status != "unconscious" or "unconscious" in conditions:
        return status
    return "wounded"


def _turn_text(ended: list[str], left: Conditions) -> str:
    parts = []
    if ended:
        parts.append(_("{conditions} over", conditions=", ".join(condition_word(c) for c in ended)))
    timed = [_n("{condition} {n} turn", "{condition} {n} turns", t, condition=condition_word(c), n=t)
             for c, t in left.items() if t is not None]
    if timed:
        parts.append(_("still {conditions}", conditions=", ".join(timed)))
    return "; ".join(parts)


def new_turn(attack: FalloutAttack, state: ChainState) -> list[Step]:
    name = attack.shooter.name
    full = max_ap(attack.shooter)
    own, ended = ticked(normalized(state.shooter.get("conditions")))
    change: dict[str, Any] = {AP_LEFT: full}
    if "conditions" in state.shooter or ended:
        change["conditions"] = own
    status = str(state.shooter.get("status", "unharmed"))
    woken = _woken(status, own)
    if woken != status:
        change["status"] = woken
    said = _turn_text(ended, own)
    steps = [Step(kind="turn", value=full, text=_("{name}'s new turn: {points} action points", name=name, points=full)
                  + (f"; {said}" if said else ""), shooter_state=change)]
    earlier = state.shooter_as_target
    if earlier.get("conditions"):
        mine, gone = ticked(normalized(earlier.get("conditions")))
        status = str(earlier.get("status", "unharmed"))
        said = _turn_text(gone, mine) or _("no condition ends")
        steps.append(Step(kind="conditions", target=name, value=len(gone), text=f"{name}: {said}",
                          target_state={**earlier, "conditions": mine, "status": _woken(status, mine)}))
    delay = int(state.weapon.get(JAM_DELAY, 0) or 0)
    if delay:
        weapon = attack.weapon.name
        # Translators: English says "turns" whatever the count.
        text = (_("{weapon}: the jam can be cleared", weapon=weapon) if delay == 1
                else _n("{weapon}: {n} turns before the jam can be cleared",
                        "{weapon}: {n} turns before the jam can be cleared", delay - 1, weapon=weapon, n=delay - 1))
        steps.append(Step(kind="weapon", value=delay - 1, weapon_state={JAM_DELAY: delay - 1}, text=text))
    return steps


def turn_passes(who: str, state: ChainState) -> list[Step]:
    before = state.targets.get(who, {})
    left, ended = ticked(normalized(before.get("conditions")))
    status = str(before.get("status", "unharmed"))
    woken = _woken(status, left)
    change: dict[str, Any] = {"conditions": left}
    if woken != status:
        change["status"] = woken
    said = _turn_text(ended, left) or _("no condition ends")
    return [Step(kind="conditions", value=len(ended), text=_("a turn passes: {what}", what=said),
                 target_state=change)]


def clear_jam(attack: FalloutAttack, state: ChainState) -> list[Step]:
    weapon = state.weapon
    change: dict[str, Any] = {"status": "ok", JAM: None, JAM_DELAY: 0}
    text = _("{weapon} cleared", weapon=attack.weapon.name)
    left = weapon.get("rounds_left")
    if weapon.get(JAM) == "bad_ammo" and isinstance(left, int) and left > 0:
        change["rounds_left"] = left - 1
        text = _("{weapon} cleared: the bad round ejected, {left} left", weapon=attack.weapon.name, left=left - 1)
        left -= 1
    if left == 0:
        change["status"] = "empty"
    return [Step(kind="clear", value=1, text=text, weapon_state=change)]


def check_action(action: str, who: str, attack: FalloutAttack, state: ChainState) -> list[str]:
    weapon, name = state.weapon, attack.weapon.name
    status = weapon.get("status", "ok")
    if action == CLEAR_JAM:
        if status != "jammed":
            return [_("{weapon} is {status}, not jammed: nothing to clear", weapon=name, status=word(str(status)))]
        if weapon.get(JAM, "worn") == "worn" and int(weapon.get("condition", 100)) <= 0:
            return [_("{weapon} is worn to 0% condition: it needs repair, not clearing", weapon=name)]
        if int(weapon.get(JAM_DELAY, 0) or 0) > 0:
            return [_("{weapon} jammed this turn: it can be cleared after a new turn (gunline act new-turn)",
                      weapon=name)]
    if action == PICK_UP and status != "dropped":
        return [_("{weapon} is {status}, not dropped: nothing to pick up", weapon=name, status=word(str(status)))]
    return []


def resolve_action(action: str, who: str, attack: FalloutAttack, state: ChainState) -> list[Step] | None:
    if action == NEW_TURN:
        return new_turn(attack, state)
    if action == TURN_PASSES:
        return turn_passes(who, state)
    if action == CLEAR_JAM:
        return clear_jam(attack, state)
    if action == PICK_UP:
        return [Step(kind="pick_up", value=1, text=_("{weapon} picked up", weapon=attack.weapon.name),
                     weapon_state={"status": "empty" if state.weapon.get("rounds_left") == 0 else "ok"})]
    return None
