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
from .messages import _, _n
from .schema import WodAttack

#: Weapon statuses, the first usable.
WEAPON_STATUSES = ("ok", "empty", "jammed")
JAMMED = "jammed"
CLEAR_JAM = "clear-jam"

#: The actions between attacks, worded in the language in use: ``ACTIONS()``.
ACTIONS = _.per_language(lambda: {
    CLEAR_JAM: Action(description=_("clear a jammed gun: it takes an action (no roll)"), applies_to="weapon"),
})
#: A weapon status in words, in the language in use.
weapon_words = _.per_language(lambda: {"ok": _("ok"), "empty": _("empty"), "jammed": _("jammed")})


def is_jammed(state: ChainState) -> bool:
    return state.weapon.get("status") == JAMMED


def loaded(left: int) -> str:
    return "ok" if left else "empty"


def spend_ammo(attack: WodAttack, state: ChainState, *, jam: bool = True) -> Step:
    """The attack's ``ammo`` step: the rounds its fire mode spends, and the jam of a
    dramatic failure (``jam=False``: said, and left to the Storyteller)."""
    spent = FIRE_MODES[attack.mode].rounds
    left = max(0, state.weapon["rounds_left"] - spent)
    text = _n("{n} round fired, {left} left", "{n} rounds fired, {left} left", spent, n=spent, left=left)
    status = loaded(left)
    if state.attack.get(DRAMATIC):
        if jam:
            status = JAMMED
            text += "; " + _("a dramatic failure: the {weapon} jams (clear it: action clear-jam)",
                             weapon=attack.weapon.name)
        else:
            text += "; " + _("a dramatic failure: the Storyteller decides (a jam, or a stray hit)")
    return Step(kind="ammo", value=spent, text=text, weapon_state={"rounds_left": left, "status": status})


def check_action(action: str, state: ChainState) -> str | None:
    if action == CLEAR_JAM and not is_jammed(state):
        status = str(state.weapon.get("status", "ok"))
        return _("the weapon is {status}, not jammed: there is nothing to clear",
                 status=weapon_words().get(status, status))
    return None


def resolve_action(action: str, attack: WodAttack, state: ChainState) -> Step | None:
    """Clearing the jam: the weapon is usable again, with the rounds it had."""
    if action != CLEAR_JAM:
        return None
    left = state.weapon.get("rounds_left") or 0
    text = _n("the {weapon} is cleared: {left} rounds left", "the {weapon} is cleared: {left} rounds left", left,
              weapon=attack.weapon.name, left=left)
    return Step(kind="clear", value=1, text=text,
                weapon_state={"status": loaded(left)})
