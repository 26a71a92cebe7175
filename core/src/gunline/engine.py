"""The engine: an Attack through a rules stack, into a Chain.

The engine knows the order of the hooks and nothing of any game. It checks what
hooks return (a plugin that returns the wrong type is named, not obeyed), fills in
the source of every modifier and step, and merges state changes in step order.
"""

from __future__ import annotations

from typing import Any

from .contract import check_modifier, check_state, check_step
from .dice import Dice
from .errors import AttackRefused, PluginFailed
from .models import Attack, Chain, Modifier, Step
from .stack import RulesStack
from .state import ChainState


def _steps(result: Any, plugin: str, hook: str) -> list[Step]:
    """Normalise a resolver's result to a list of Steps, or blame the plugin."""
    if isinstance(result, Step):
        result = [result]
    elif not (isinstance(result, list) and all(isinstance(s, Step) for s in result)):
        raise PluginFailed(plugin, hook, f"returned {type(result).__name__}, expected Step or list[Step]")
    for step in result:
        check_step(step, plugin, hook)
    return result


def _modifiers(result: Any, plugin: str) -> list[Modifier]:
    if isinstance(result, Modifier):
        result = [result]
    if not isinstance(result, (list, tuple)) or not all(isinstance(m, Modifier) for m in result):
        raise PluginFailed(
            plugin, "modify_pool", f"returned {type(result).__name__}, expected list[Modifier]"
        )
    for m in result:
        check_modifier(m, plugin, "modify_pool")
    return [m if m.source else Modifier(label=m.label, value=m.value, source=plugin) for m in result]


def refusals(stack: RulesStack, attack: Attack, state: ChainState | None = None) -> list[str]:
    """Every reason the rules give for refusing ``attack`` (empty if allowed)."""
    if state is None:
        state = start_state(stack, attack)
    out: list[str] = []
    for result, plugin in stack.each("check_attack", attack=attack, state=state):
        if isinstance(result, str):
            out.append(result)
        elif isinstance(result, (list, tuple)) and all(isinstance(r, str) for r in result):
            out.extend(result)
        else:
            raise PluginFailed(
                plugin, "check_attack", f"returned {type(result).__name__}, expected str or list[str]"
            )
    return out


def start_state(stack: RulesStack, attack: Attack, prior: ChainState | None = None) -> ChainState:
    """The state the attack starts from: the ruleset's, overlaid with ``prior`` (an
    encounter's saved state) for the shooter, the weapon and same-named targets."""
    state, plugin = stack.first("start_state", attack=attack)
    if state is None:
        rules = stack.ruleset
        state = ChainState(
            shooter={"name": getattr(attack.shooter, "name", ""), "status": rules.statuses[0]},
            weapon={"rounds_left": None, "status": rules.weapon_statuses[0]},
            targets={t.name: {"status": rules.statuses[0]} for t in attack.targets},
        )
    elif not isinstance(state, ChainState):
        raise PluginFailed(plugin, "start_state", f"returned {type(state).__name__}, expected ChainState")
    else:
        check_state(state, plugin, "start_state")
    state.steps = []
    if prior is not None:
        if prior.shooter.get("name") in (None, state.shooter.get("name")):
            state.shooter.update(prior.shooter)
        state.weapon.update(prior.weapon)
        for name, saved in prior.targets.items():
            if name in state.targets:
                state.targets[name].update(saved)
    return state


def _record(state: ChainState, steps: list[Step], plugin: str, target: str | None) -> None:
    for step in steps:
        if not step.source:
            step.source = plugin
        if step.target is None and target is not None:
            step.target = target
        state.apply(step)


def resolve(
    stack: RulesStack,
    attack: Attack,
    dice: Dice,
    seed: int | None = None,
    prior: ChainState | None = None,
) -> Chain:
    """Resolve one attack. Raises :class:`AttackRefused` before any die if the rules
    forbid it, :class:`PluginFailed` if a plugin misbehaves, and lets the dice
    interpreter's :class:`~gunline.dice.DiceNeeded` through. ``prior`` is the saved
    state of an encounter the attack belongs to."""
    state = start_state(stack, attack, prior)
    problems = refusals(stack, attack, state)
    if problems:
        raise AttackRefused("; ".join(problems))

    begun, plugin = stack.first("begin_attack", attack=attack, state=state, dice=dice)
    if begun is not None:
        _record(state, _steps(begun, plugin, "begin_attack"), plugin, None)

    for target in attack.targets:
        name = target.name
        modifiers: list[Modifier] = []
        for result, plugin in stack.each("modify_pool", attack=attack, target=target, state=state):
            modifiers.extend(_modifiers(result, plugin))
        pool, plugin = stack.first(
            "build_pool", attack=attack, target=target, modifiers=modifiers, state=state
        )
        pool_steps = _steps(pool, plugin or stack.name, "build_pool")
        _record(state, pool_steps, plugin, name)
        pool = pool_steps[-1]

        result, plugin = stack.first(
            "resolve_hit", attack=attack, target=target, pool=pool, state=state, dice=dice
        )
        hit_steps = _steps(result, plugin or stack.name, "resolve_hit")
        _record(state, hit_steps, plugin, name)
        hit = None
        for step in reversed(hit_steps):
            if step.kind == "hit":
                hit = step
                break
        if hit is None:
            raise PluginFailed(plugin, "resolve_hit", "returned no step of kind 'hit'")

        if hit.value:
            result, plugin = stack.first(
                "resolve_wound", attack=attack, target=target, hit=hit, state=state, dice=dice
            )
            if result is not None:
                _record(state, _steps(result, plugin, "resolve_wound"), plugin, name)

    result, plugin = stack.first("spend_ammo", attack=attack, state=state, dice=dice)
    _record(state, _steps(result, plugin or stack.name, "spend_ammo"), plugin, None)

    return Chain(
        ruleset=stack.name,
        variants=list(stack.variants),
        seed=seed,
        dice=list(dice.consumed),
        steps=state.steps,
        shooter=state.shooter,
        targets=state.targets,
        weapon=state.weapon,
        outcomes=outcome_lines(stack, attack, state),
        manual=list(dice.manual),
    )


def outcome_lines(stack: RulesStack, attack: Attack, state: ChainState) -> dict[str, str]:
    """One line per target that a GM can read out ("Goliath: hit, 1 wound, down")."""
    lines = {}
    for target in attack.targets:
        name = target.name
        line, plugin = stack.first("describe_outcome", attack=attack, target=target, state=state)
        if line is not None and not isinstance(line, str):
            raise PluginFailed(plugin, "describe_outcome", f"returned {type(line).__name__}, expected str")
        if line is None:
            hits = sum(s.value or 0 for s in state.steps if s.kind == "hit" and s.target == name)
            wounds = sum(s.value or 0 for s in state.steps if s.kind == "wound" and s.target == name)
            status = str(state.targets.get(name, {}).get("status", "")).replace("_", " ")
            if not hits:
                line = f"{name}: missed, {status}"
            else:
                line = f"{name}: {hits} hit{'s' if hits != 1 else ''}, {wounds} through, {status}"
        lines[name] = line
    return lines
