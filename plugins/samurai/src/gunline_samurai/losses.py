"""Wounds and their consequences on a model's or a unit's state.

A model that loses a wound but has some left is ``wounded``; one that loses its
last wound is Stunned («Оглушение»); only a Lucky Chance on a wound test kills
[SEED: the ninja loses his only wound and is Stunned]. On a unit, each wound goes
to the nearest model still standing; a kill to the nearest model not yet dead.
These functions return new dicts: the state a hook reads is never changed in place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .messages import _, kept

#: Least to most severe; the first is untouched. A wounded model still stands:
#: it shoots, reacts and takes the next wound.
STATUSES = ("unharmed", "wounded", "stunned", "killed")
STANDING = frozenset({"unharmed", "wounded"})

State = dict[str, Any]

#: The statuses in words of the language in use (a status of the data is its key).
STATUS_WORDS = _.per_language(lambda: {
    "unharmed": _("unharmed"),
    "wounded": _("wounded"),
    "stunned": _("stunned"),
    "killed": _("killed"),
})


def status_word(status: Any) -> str:
    """A status as the GM reads it: ``stunned`` (``оглушён``)."""
    return STATUS_WORDS().get(status, str(status))


def model_state(wounds: int) -> State:
    return {"status": "unharmed", "wounds_left": wounds}


def standing(state: State) -> bool:
    """Whether a model (any model of a unit) is still on its feet: unharmed or
    wounded, not Stunned or killed. A state saved before ``wounded`` existed reads
    the same."""
    return state.get("status", "unharmed") in STANDING


def unit_state(models: dict[str, State]) -> State:
    """A unit's state: its models' and a summary. The unit is ``unharmed`` while
    every model is, ``wounded`` while some model is hurt and one still stands,
    ``stunned`` when none stands, ``killed`` when all are dead: whatever happens to
    one of its models shows in the unit's status."""
    return {
        "status": _status_of({s["status"] for s in models.values()}),
        "wounds_left": sum(s["wounds_left"] for s in models.values()),
        "models": models,
    }


def _status_of(statuses: set[str]) -> str:
    if statuses == {"killed"}:
        return "killed"
    if statuses == {"unharmed"}:
        return "unharmed"
    return "wounded" if statuses & STANDING else "stunned"


def status(state: State) -> str:
    """A fighter's status; a unit's worked out from its models. An encounter keeps a
    unit's status as the attack before left it, and a model may have joined the unit
    since (or left it): a unit of two dead ashigaru joined by their sergeant stands."""
    models = state.get("models")
    if isinstance(models, dict) and models and all(isinstance(m, dict) and "status" in m for m in models.values()):
        return _status_of({m["status"] for m in models.values()})
    return state.get("status", "unharmed")


def _wound_model(state: State) -> State:
    if state["status"] == "killed":
        return state
    left = max(0, state["wounds_left"] - 1)
    return {**state, "wounds_left": left, "status": "stunned" if left == 0 else "wounded"}


def _kill_model(state: State) -> State:
    return {**state, "status": "killed", "wounds_left": 0}


def _receiver(state: State, order: Sequence[str], *, kill: bool) -> str | None:
    models = state["models"]
    up = [n for n in order if models[n]["status"] in STANDING]
    if up:
        return up[0]
    if kill:
        return next((n for n in order if models[n]["status"] != "killed"), None)
    return None


def _apply(state: State, order: Sequence[str], kill: bool) -> tuple[State, str | None]:
    change = _kill_model if kill else _wound_model
    if "models" not in state:
        return change(state), None
    name = _receiver(state, order, kill=kill)
    if name is None:
        return state, None
    models = {**state["models"], name: change(state["models"][name])}
    return unit_state(models), name


def wound(state: State, order: Sequence[str] = ()) -> tuple[State, str | None]:
    """One wound: the new state and, on a unit, the model that took it."""
    return _apply(state, order, kill=False)


def kill(state: State, order: Sequence[str] = ()) -> tuple[State, str | None]:
    """A Lucky Chance on the wound test: the model (the unit's nearest) is dead."""
    return _apply(state, order, kill=True)


def all_dead(state: State) -> bool:
    """Nothing left to hurt: further hits are not rolled."""
    return status(state) == "killed"


def words(state: State, most: int | None = None) -> str:
    """A model's state in words: ``stunned``, ``1 of 2 wounds left`` (wounded),
    ``unharmed``; ``most`` is the wounds it started the game with, when known."""
    status, left = state.get("status", "unharmed"), state.get("wounds_left")
    if status not in STANDING or left is None or most is None or left >= most:
        return STATUS_WORDS().get(status, str(status))  # status_word's, said of every model of every chain
    return _left(left, most)


@kept
def _left(left: int, most: int) -> str:
    return _("{left} of {most} wounds left", left=left, most=most)


def unit_words(state: State, most: dict[str, int]) -> str:
    """Each model of a unit in words, nearest first: ``Goro stunned, Hachi unharmed``."""
    return ", ".join(f"{name} {words(s, most.get(name))}" for name, s in state["models"].items())
