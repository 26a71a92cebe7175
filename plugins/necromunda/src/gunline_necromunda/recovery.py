"""The recovery rolls of the fighters shooting leaves pinned or down: actions between
attacks (``gunline act``, F2 in the app), with their odds like any other roll.

* ``recovery``: "Down fighters ... in the recovery phase roll a D6: 1 = pinned,
  2-5 = stays down, 6 = out of action." (N-17; the seed's reading. The Java
  implementation also adds a flesh wound on the 1: variant
  ``necromunda.flesh-wound-on-recovery``.)
* ``early-recovery``: "At the start of his turn, a pinned fighter with a friend
  within 2" may take an Initiative test: D6 ≤ I; on a pass he stands up. The friend
  must not be a juve, or a fighter who is down or broken." (N-16.) The GM takes it
  only when such a friend is there; the fighter's ``initiative`` must be given.
* ``stand-up``: "A fighter pinned at the start of his turn recovers automatically at
  the end of that turn": no roll.

Each step's ``value`` is 1 when the fighter got better (stood up, or recovered from
down to pinned) and 0 otherwise; its ``target_state`` is his new status.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from gunline import Action, ChainState, Dice, Step
from gunline.dice import FaceTable, faces
from gunline.language import N_, language

from .messages import _, word
from .profiles import NecromundaAttack, Target
from .tables import SEVERITY

#: A down fighter's D6 in the recovery phase: 1 pinned (he recovers), 2-5 stays
#: down, 6 out of action.
DOWN_RECOVERY: dict[int, str] = {1: "pinned", 2: "down", 3: "down", 4: "down", 5: "down", 6: "out_of_action"}
#: The same, as the read its roll is made with.
RECOVERY_DICE = faces({1: "pinned", range(2, 6): "down", 6: "out_of_action"})

#: Fighters who cannot help a pinned friend stand up early.
NO_HELP = frozenset({"juve", "down", "broken"})

#: The early recovery test's results (the step says them in the GM's language).
STANDS, STAYS = N_("stands up"), N_("stays pinned")

RECOVERY, EARLY_RECOVERY, STAND_UP = "recovery", "early-recovery", "stand-up"

#: The actions; their descriptions are worded from this package's catalogue.
ACTIONS = {
    RECOVERY: Action(
        description=N_("a down fighter's recovery roll, in the recovery phase: D6 1 pinned, 2-5 stays down, "
                       "6 out of action")
    ),
    EARLY_RECOVERY: Action(
        description=N_("a pinned fighter with a friend within 2\" (not a juve, down or broken) tests Initiative "
                       "at the start of his turn: D6 at or under I stands him up")
    ),
    STAND_UP: Action(description=N_("a fighter pinned at the start of his turn recovers at its end: no roll")),
}

#: The status each action is for.
NEEDS = {RECOVERY: "down", EARLY_RECOVERY: "pinned", STAND_UP: "pinned"}
#: The actions for a fighter in each state, by the names the GM asks for them.
_OTHER = {"down": (RECOVERY,), "pinned": (EARLY_RECOVERY, STAND_UP)}


def _others(status: str) -> str:
    """The actions for a fighter who is ``status``: "recovery", "early-recovery or stand-up"."""
    names = _OTHER[status]
    if len(names) == 1:
        return names[0]
    return _("{action} or {other}", action=names[0], other=names[1])


def initiative_test(initiative: int) -> FaceTable:
    """The early recovery D6: at or under the fighter's Initiative stands him up."""
    return _initiative_test(initiative, language())


@cache
def _initiative_test(initiative: int, lang: str) -> FaceTable:
    passes = min(initiative, 6)
    table: dict[Any, str] = {range(1, passes + 1): STANDS}
    if passes < 6:
        table[range(passes + 1, 7)] = STAYS
    return faces(table, need=_("{score} or under", score=passes))


def early_recovery(initiative: int, roll: int, friend_within_2: bool, friend: str = "ganger") -> str:
    """The early recovery test as data, for tools built on the ruleset: ``"standing"``
    or ``"pinned"`` for a D6 showing ``roll``."""
    if not 1 <= roll <= 6:
        raise ValueError(f"a D6 shows 1 to 6, not {roll}")
    if not friend_within_2 or friend in NO_HELP:
        return "pinned"
    return "standing" if initiative_test(initiative)(roll) == STANDS else "pinned"


def down_recovery(roll: int, flesh_wound_on_pinned: bool = False) -> tuple[str, int]:
    """A down fighter's recovery roll as data: the new status and the flesh wounds it
    adds (``flesh_wound_on_pinned``: the other published reading)."""
    if roll not in DOWN_RECOVERY:
        raise ValueError(f"a D6 shows 1 to 6, not {roll}")
    status = DOWN_RECOVERY[roll]
    return status, int(flesh_wound_on_pinned and status == "pinned")


def _target(attack: NecromundaAttack, who: str) -> tuple[int, Target]:
    return next((i, t) for i, t in enumerate(attack.targets) if t.name == who)


def check_action(action: str, who: str, attack: NecromundaAttack, state: ChainState) -> list[str] | None:
    """Each action is for a fighter in one state: the recovery roll for the down, the
    others for the pinned; the early test needs his Initiative."""
    needs = NEEDS.get(action)
    if needs is None:
        return None
    out = []
    status = state.targets[who]["status"]
    if status != needs:
        said = {"who": who, "status": word(status), "needs": word(needs), "action": action}
        if status in _OTHER:
            out.append(_("{who} is {status}, not {needs}: the {action} is for {needs} fighters ({status}: {other})",
                         other=_others(status), **said))
        else:
            out.append(_("{who} is {status}, not {needs}: the {action} is for {needs} fighters", **said))
    i, target = _target(attack, who)
    if action == EARLY_RECOVERY and target.initiative is None:
        out.append(_("targets[{i}].initiative: give {who}'s Initiative for the early recovery test (D6 at or under I)",
                     i=i, who=who))
    if action == EARLY_RECOVERY and not target.friend_near:
        out.append(_(
            "targets[{i}].friend_near: {who} needs a friend within 2\" (not a juve, down or broken) to test "
            "early; the GM marks friend_near = true when one is there", i=i, who=who,
        ))
    return out or None


def resolve_action(
    action: str, who: str, attack: NecromundaAttack, state: ChainState, dice: Dice, flesh_wound_on_pinned: bool = False
) -> list[Step] | None:
    """The step of ``action`` for ``who``. ``flesh_wound_on_pinned``: the recovery
    roll's 1 also costs a flesh wound (the variant's reading)."""
    if action == STAND_UP:
        return [Step(kind="recovery", value=1, text=_("pinned at the start of his turn: stands up at its end"),
                     target_state={"status": "unharmed"})]
    if action == EARLY_RECOVERY:
        target = _target(attack, who)[1]
        assert target.initiative is not None  # check_action asks for it
        roll = dice.roll(6, _("early recovery (Initiative test)"), read=initiative_test(target.initiative), target=who)
        stands = roll.value == STANDS
        text = _("Initiative {initiative}, rolled {rolled}: {result}", initiative=target.initiative,
                 rolled=roll.roll.total, result=_(roll.value))
        return [Step(kind="recovery", value=int(stands), text=text, rolls=[roll.roll],
                     target_state={"status": "unharmed"} if stands else None)]
    if action != RECOVERY:
        return None
    roll = dice.roll(6, _("recovery roll (1 pinned, 2-5 down, 6 out of action)"), read=RECOVERY_DICE, need="",
                     target=who)
    status: str = roll.value
    change: dict[str, Any] = {"status": status}
    if status == "pinned":
        text = _("recovers: pinned")
    elif status == "down":
        text = _("stays down")
    else:
        text = _("out of action")
    if flesh_wound_on_pinned and status == "pinned":
        target = _target(attack, who)[1]
        flesh = state.targets[who].get("flesh_wounds", 0) + 1
        change["flesh_wounds"] = flesh
        if target.ws is not None and target.bs is not None and flesh >= target.ws and flesh >= target.bs:
            change["status"] = "out_of_action"
            text = _("recovers: pinned, and a flesh wound: flesh wounds bring WS and BS to 0, out of action")
        else:
            text = _("recovers: pinned, and a flesh wound")
    better = SEVERITY[change["status"]] < SEVERITY["down"]
    return [Step(kind="recovery", value=int(better), text=text, rolls=[roll.roll], target_state=change)]
