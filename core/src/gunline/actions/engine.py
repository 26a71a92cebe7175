"""The engine of an action: what :mod:`gunline.engine` is to an attack.

An action is something the rules let the GM do between attacks that is not an
attack: a roll that is not an attack roll (a fallen fighter's recovery), or a change
of state (a jammed weapon cleared, a new turn). A ruleset declares its actions
(:attr:`gunline.Ruleset.actions`), and the stack offers them with those its enabled
variants add. Resolving one is the attack's machinery on a smaller scale: the state
it starts from is the attack's (``start_state``, overlaid with an encounter's saved
state), ``check_action`` refuses it before any die, ``resolve_action`` returns its
steps, whose ``*_state`` changes are merged in order. The result is an
:class:`~gunline.models.ActionChain`, a chain that also names the action and whom
it was about, so that everything built for chains (checking, the journal, the odds,
replaying its dice) takes it as it is.

Core knows no action by name: what an action does is the ruleset's.
"""

from __future__ import annotations

from typing import Any

from ..contract import plain_steps
from ..engine import _start_state, _steps
from ..errors import AttackRefused, BadInput, PluginFailed
from ..models import Action, ActionChain, Attack, Step
from ..stack import RulesStack, callers_of
from ..state import ChainState

#: What ``--target`` / ``who`` names for each kind of action, in an error.
_PARTY_WORDS = {"target": "one of the scenario's targets", "shooter": "the shooter", "weapon": "the shooter"}


def declared(stack: RulesStack, name: str) -> Action:
    """The action ``name`` as the stack declares it; :class:`BadInput` naming the
    actions there are if it declares none of that name."""
    action = stack.actions.get(name)
    if action is None:
        known = ", ".join(sorted(stack.actions)) or "none"
        variants = f" with variants {', '.join(stack.variants)}" if stack.variants else ""
        raise BadInput(f"action: {name!r} is not an action of {stack.name}{variants}; its actions: {known}")
    return action


def who_for(stack: RulesStack, attack: Attack, name: str, who: str | None = None) -> str:
    """Whom action ``name`` is about in ``attack``: ``who`` checked, or found.

    An action on a target needs one of the scenario's targets (the only one when
    ``who`` is not given); an action on the shooter or the weapon is about the
    scenario's shooter (``who``, if given, must name him)."""
    action = declared(stack, name)
    if action.applies_to == "target":
        names = [str(t.name) for t in attack.targets]
        if who is None:
            if len(names) == 1:
                return names[0]
            raise BadInput(f"action {name}: it is about one target; name one of {', '.join(names)}")
        if who not in names:
            raise BadInput(f"action {name}: {who!r} is not a target of the scenario; its targets: {', '.join(names)}")
        return who
    shooter = str(getattr(attack.shooter, "name", ""))
    if who is not None and who != shooter:
        raise BadInput(
            f"action {name}: it is about {_PARTY_WORDS[action.applies_to]} ({shooter}'s"
            f"{' weapon' if action.applies_to == 'weapon' else ''}), not {who!r}"
        )
    return shooter


def action_refusals(stack: RulesStack, attack: Attack, name: str, who: str, state: ChainState) -> list[str]:
    """Every reason the rules give for refusing action ``name`` for ``who`` from
    ``state`` (empty if allowed)."""
    out: list[str] = []
    for result, plugin in callers_of(stack)[1]["check_action"](name, who, attack, state):
        if type(result) is list and not result:
            continue
        if isinstance(result, str):
            out.append(result)
        elif isinstance(result, (list, tuple)) and all(isinstance(r, str) for r in result):
            out.extend(result)
        else:
            raise PluginFailed(plugin, "check_action", f"returned {type(result).__name__}, expected str or list[str]")
    return out


def action_start(stack: RulesStack, attack: Attack, prior: ChainState | None = None) -> ChainState:
    """The state an action starts from: the attack's (see :func:`gunline.engine.start_state`)."""
    return _start_state(callers_of(stack)[0]["start_state"], stack, attack, prior)


def resolve_action(
    stack: RulesStack,
    attack: Attack,
    name: str,
    who: str,
    dice: Any,
    *,
    seed: int | None = None,
    prior: ChainState | None = None,
    check: bool = True,
) -> ActionChain:
    """Resolve action ``name`` for ``who`` (see :func:`who_for`) with ``dice``.

    Raises :class:`BadInput` for an action the stack does not declare,
    :class:`AttackRefused` (exit 2) before any die when ``check_action`` refuses it,
    :class:`PluginFailed` when a plugin misbehaves, and lets ``DiceNeeded`` through.
    ``prior`` is an encounter's saved state; ``check=False`` skips ``check_action``
    (for the odds, which have asked it once)."""
    action = declared(stack, name)
    call, _ = callers_of(stack)
    state = _start_state(call["start_state"], stack, attack, prior)
    if check:
        problems = action_refusals(stack, attack, name, who, state)
        if problems:
            raise AttackRefused("; ".join(problems))
    result, plugin = call["resolve_action"](name, who, attack, state, dice)
    if result is None:
        raise PluginFailed(stack.name, "resolve_action", f"no plugin of the stack resolves its action {name!r}")
    steps: list[Step] = plain_steps(result) or _steps(result, plugin, "resolve_action")
    if not steps:
        raise PluginFailed(plugin, "resolve_action", f"returned no step for the action {name!r}")
    on_target = action.applies_to == "target"
    state.merge(steps, plugin, who if on_target else None)
    touched = [who] if on_target else []
    touched += [s.target for s in steps if s.target_state is not None and s.target and s.target not in touched]
    texts = "; ".join(s.text for s in steps if s.text)
    return ActionChain(
        ruleset=stack.name,
        variants=list(stack.variants),
        seed=seed,
        dice=list(dice.consumed),
        steps=state.steps,
        shooter=state.shooter,
        targets={n: state.targets.get(n, {}) for n in touched},
        weapon=state.weapon,
        outcomes={who: f"{who}: {texts}" if texts else f"{who}: {name}"},
        manual=list(dice.manual),
        action=name,
        who=who,
    )
