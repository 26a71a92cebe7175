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
from .schema import FalloutAttack, Shooter

#: Key of the shooter's state: the action points he has left this turn.
AP_LEFT = "ap_left"
#: Keys of the weapon's state: what jammed it (``bad_ammo``, ``jam``, ``worn``) and the
#: turns before it can be cleared.
JAM, JAM_DELAY = "jam", "jam_delay"

NEW_TURN, TURN_PASSES, CLEAR_JAM, PICK_UP = "new-turn", "turn-passes", "clear-jam", "pick-up-weapon"

ACTIONS = {
    NEW_TURN: Action(
        description="the shooter's new turn: his action points back to the full, his conditions a turn "
        "nearer their end, a jammed weapon's delay over",
        applies_to="shooter",
    ),
    TURN_PASSES: Action(
        description="a turn passes for a target: its conditions (unconscious, knocked down) count down",
        applies_to="target",
    ),
    CLEAR_JAM: Action(description="clear a jammed weapon (a bad round is ejected)", applies_to="weapon"),
    PICK_UP: Action(description="pick up the dropped weapon", applies_to="weapon"),
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
    what = "a single shot" if attack.mode == "single" else f"a {attack.mode}"
    if aim_of(attack) is not None:
        return base + 1, f"an aimed single shot, {base} + 1"
    return base, what


def short(attack: FalloutAttack, state: ChainState) -> str | None:
    """Why the shooter cannot pay for the attack, or None."""
    need, why = cost(attack)
    left = ap_left(attack, state)
    if need <= left:
        return None
    name = attack.shooter.name
    if need > max_ap(attack.shooter):
        return (f"shooter: {name} has {max_ap(attack.shooter)} action points a turn, {why} costs {need}: "
                "give shooter.action_points, or a cheaper shot")
    return (f"shooter: {name} has {left} action points left, {why} costs {need}: "
            "wait for a new turn (gunline act new-turn)")


def spend(attack: FalloutAttack, state: ChainState) -> Step:
    """The attack's ``action_points`` step, before any die: the points it costs."""
    need, why = cost(attack)
    left = ap_left(attack, state) - need
    return Step(kind="action_points", value=need, text=f"{need} action points ({why}), {left} left",
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
        parts.append(f"{', '.join(c.replace('_', ' ') for c in ended)} over")
    timed = [f"{c.replace('_', ' ')} {t} turn{'s' if t != 1 else ''}" for c, t in left.items() if t is not None]
    if timed:
        parts.append(f"still {', '.join(timed)}")
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
    steps = [Step(kind="turn", value=full, text=f"{name}'s new turn: {full} action points"
                  + (f"; {said}" if said else ""), shooter_state=change)]
    earlier = state.shooter_as_target
    if earlier.get("conditions"):
        mine, gone = ticked(normalized(earlier.get("conditions")))
        status = str(earlier.get("status", "unharmed"))
        steps.append(Step(kind="conditions", target=name, value=len(gone),
                          text=f"{name}: {_turn_text(gone, mine) or 'no condition ends'}",
                          target_state={**earlier, "conditions": mine, "status": _woken(status, mine)}))
    delay = int(state.weapon.get(JAM_DELAY, 0) or 0)
    if delay:
        steps.append(Step(kind="weapon", value=delay - 1, weapon_state={JAM_DELAY: delay - 1},
                          text=f"{attack.weapon.name}: the jam can be cleared" if delay == 1
                          else f"{attack.weapon.name}: {delay - 1} turns before the jam can be cleared"))
    return steps


def turn_passes(who: str, state: ChainState) -> list[Step]:
    before = state.targets.get(who, {})
    left, ended = ticked(normalized(before.get("conditions")))
    status = str(before.get("status", "unharmed"))
    woken = _woken(status, left)
    change: dict[str, Any] = {"conditions": left}
    if woken != status:
        change["status"] = woken
    said = _turn_text(ended, left) or "no condition ends"
    return [Step(kind="conditions", value=len(ended), text=f"a turn passes: {said}", target_state=change)]


def clear_jam(attack: FalloutAttack, state: ChainState) -> list[Step]:
    weapon = state.weapon
    change: dict[str, Any] = {"status": "ok", JAM: None, JAM_DELAY: 0}
    text = f"{attack.weapon.name} cleared"
    left = weapon.get("rounds_left")
    if weapon.get(JAM) == "bad_ammo" and isinstance(left, int) and left > 0:
        change["rounds_left"] = left - 1
        text += f": the bad round ejected, {left - 1} left"
        left -= 1
    if left == 0:
        change["status"] = "empty"
    return [Step(kind="clear", value=1, text=text, weapon_state=change)]


def check_action(action: str, who: str, attack: FalloutAttack, state: ChainState) -> list[str]:
    weapon, name = state.weapon, attack.weapon.name
    status = weapon.get("status", "ok")
    if action == CLEAR_JAM:
        if status != "jammed":
            return [f"{name} is {status}, not jammed: nothing to clear"]
        if weapon.get(JAM, "worn") == "worn" and int(weapon.get("condition", 100)) <= 0:
            return [f"{name} is worn to 0% condition: it needs repair, not clearing"]
        if int(weapon.get(JAM_DELAY, 0) or 0) > 0:
            return [f"{name} jammed this turn: it can be cleared after a new turn (gunline act new-turn)"]
    if action == PICK_UP and status != "dropped":
        return [f"{name} is {status}, not dropped: nothing to pick up"]
    return []


def resolve_action(action: str, who: str, attack: FalloutAttack, state: ChainState) -> list[Step] | None:
    if action == NEW_TURN:
        return new_turn(attack, state)
    if action == TURN_PASSES:
        return turn_passes(who, state)
    if action == CLEAR_JAM:
        return clear_jam(attack, state)
    if action == PICK_UP:
        return [Step(kind="pick_up", value=1, text=f"{attack.weapon.name} picked up",
                     weapon_state={"status": "empty" if state.weapon.get("rounds_left") == 0 else "ok"})]
    return None
