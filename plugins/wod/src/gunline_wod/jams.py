"""The ammo step and the jam: "A dramatic failure may mean a jam. Clearing it takes
an action" (p. 165).

Rounds are spent once per attack: 1, 3, 10 or 20. A dramatic failure on a roll at a
target (a chance die's 1) with no avoided combatant to stray to jams the weapon: the
ammo step leaves it ``jammed``, which refuses the next attack until the action
``clear-jam`` (``gunline act clear-jam``, F2 in the app) makes it usable again.
Reloading does not clear a jam. The variant ``wod.storytellers-call`` leaves the
dramatic failure to the Storyteller instead (:func:`spend_ammo` with ``jam=False``).
"""

from __future__ import annotations

from gunline import Action, ChainState, Step

from .attack import DRAMATIC
from .fire_modes import FIRE_MODES
from .schema import WodAttack

#: Weapon statuses, the first usable.
WEAPON_STATUSES = ("ok", "empty", "jammed")
JAMMED = "jammed"
CLEAR_JAM = "clear-jam"

ACTIONS = {
    CLEAR_JAM: Action(description="clear a jammed gun: it takes an action (no roll)", applies_to="weapon"),
}


def is_jammed(state: ChainState) -> bool:
    return state.weapon.get("status") == JAMMED


def loaded(left: int) -> str:
    return "ok" if left else "empty"


def spend_ammo(attack: WodAttack, state: ChainState, *, jam: bool = True) -> Step:
    """The attack's ``ammo`` step: the rounds its fire mode spends, and the jam of a
    dramatic failure (``jam=False``: said, and left to the Storyteller)."""
    spent = FIRE_MODES[attack.mode].rounds
    left = max(0, state.weapon["rounds_left"] - spent)
    text = f"{spent} round{'s' if spent != 1 else ''} fired, {left} left"
    status = loaded(left)
    if state.attack.get(DRAMATIC):
        if jam:
            status = JAMMED
            text += f"; a dramatic failure: the {attack.weapon.name} jams (clear it: action clear-jam)"
        else:
            text += "; a dramatic failure: the Storyteller decides (a jam, or a stray hit)"
    return Step(kind="ammo", value=spent, text=text, weapon_state={"rounds_left": left, "status": status})


def check_action(action: str, state: ChainState) -> str | None:
    if action == CLEAR_JAM and not is_jammed(state):
        return f"the weapon is {state.weapon.get('status', 'ok')}, not jammed: there is nothing to clear"
    return None


def resolve_action(action: str, attack: WodAttack, state: ChainState) -> Step | None:
    """Clearing the jam: the weapon is usable again, with the rounds it had."""
    if action != CLEAR_JAM:
        return None
    left = state.weapon.get("rounds_left") or 0
    return Step(kind="clear", value=1, text=f"the {attack.weapon.name} is cleared: {left} rounds left",
                weapon_state={"status": loaded(left)})
