"""The engine: an Attack through a rules stack, into a Chain.

The engine knows the order of the hooks and nothing of any game. It checks what
hooks return (a plugin that returns the wrong type is named, not obeyed), fills in
the source of every modifier and step, and merges state changes in step order.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .contract import MAX_MODIFIERS, MAX_STEPS, MAX_WHOLE, check_modifier, check_state, check_step, plain_steps
from .dice import Dice
from .errors import AttackRefused, PluginFailed
from .models import Attack, Chain, Modifier, Step
from .stack import RulesStack, callers_of
from .state import ChainState


def _steps(result: Any, plugin: str, hook: str) -> list[Step]:
    """Normalise a resolver's result to a list of Steps, or blame the plugin."""
    steps = plain_steps(result)
    if steps is not None:
        return steps
    if isinstance(result, Step):
        result = [result]
    elif not (isinstance(result, list) and all(isinstance(s, Step) for s in result)):
        raise PluginFailed(plugin, hook, wrongly_returned(result, Step, "Step or list[Step]"))
    checked: list[Step] = result
    if len(checked) > MAX_STEPS:
        raise PluginFailed(plugin, hook, f"returned {len(checked)} steps; at most {MAX_STEPS} a call")
    for step in checked:
        check_step(step, plugin, hook)
        sourced(step, plugin)
    return checked


def wrongly_returned(result: Any, kind: type, expected: str) -> str:
    """What is wrong with a hook's result, naming the first item of a list that is not
    a ``kind`` ("returned list, expected list[Modifier]" left the author to find which
    of the list's items, and a ``"cover -1"`` among them, was the fault)."""
    if isinstance(result, (list, tuple)):
        for i, item in enumerate(result):
            if not isinstance(item, kind):
                shown = repr(item)
                shown = shown if len(shown) <= 60 else shown[:59] + "…"
                return (f"returned a {type(result).__name__} whose item {i} is {type(item).__name__} {shown}, "
                        f"expected {expected}")
    return f"returned {type(result).__name__}, expected {expected}"


def sourced(step: Step, plugin: str) -> None:
    """Fill in the source of each of ``step``'s modifiers that has none with the
    plugin that returned the step: a resolver that adds a modifier of its own to
    those it was given (``build_pool``'s list) is named beside it, as every
    ``modify_pool`` result is."""
    mods = step.modifiers
    if any(not m.source for m in mods):
        step.modifiers = [m if m.source else Modifier(label=m.label, value=m.value, source=plugin) for m in mods]


def _modifiers(result: Any, plugin: str) -> list[Modifier]:
    """Normalise a ``modify_pool`` result to a new list of Modifiers, each with its
    source filled in, or blame the plugin."""
    plain = _plain_modifiers(result)
    if plain is not None:
        return list(plain)
    if isinstance(result, Modifier):
        result = [result]
    if not isinstance(result, (list, tuple)) or not all(isinstance(m, Modifier) for m in result):
        raise PluginFailed(plugin, "modify_pool", wrongly_returned(result, Modifier, "Modifier or list[Modifier]"))
    if len(result) > MAX_MODIFIERS:
        raise PluginFailed(plugin, "modify_pool", f"returned {len(result)} modifiers; at most {MAX_MODIFIERS} a call")
    checked = [check_modifier(m, plugin, "modify_pool") for m in result]
    return [m if m.source else Modifier(label=m.label, value=m.value, source=plugin) for m in checked]


def _plain_modifiers(result: Any) -> list[Modifier] | None:
    """Fast yes for the usual ``modify_pool`` result (a list of plain Modifiers whose
    source is filled in): the list itself. ``None`` means "let :func:`_modifiers`
    normalise it or name what is wrong"; an empty list, nothing to add."""
    if type(result) is not list or len(result) > MAX_MODIFIERS:
        return None
    for m in result:
        if (type(m) is not Modifier or type(m.label) is not str or type(m.value) is not int
                or not -MAX_WHOLE <= m.value <= MAX_WHOLE or type(m.source) is not str or not m.source):
            return None
    return result


def refusals(stack: RulesStack, attack: Attack, state: ChainState | None = None) -> list[str]:
    """Every reason the rules give for refusing ``attack`` (empty if allowed)."""
    if state is None:
        state = start_state(stack, attack)
    return _refusals(callers_of(stack)[1]["check_attack"], attack, state)


def _refusals(check_attack: Any, attack: Attack, state: ChainState) -> list[str]:
    out: list[str] = []
    for result, plugin in check_attack(attack, state):
        if type(result) is list and not result:  # nothing to refuse
            continue
        if isinstance(result, str):
            out.append(result)
        elif isinstance(result, (list, tuple)) and all(isinstance(r, str) for r in result):
            out.extend(result)
        else:
            raise PluginFailed(plugin, "check_attack", wrongly_returned(result, str, "str or list[str]"))
    return out


def start_state(stack: RulesStack, attack: Attack, prior: ChainState | None = None) -> ChainState:
    """The state the attack starts from: the ruleset's, overlaid with ``prior`` (an
    encounter's saved state) for the shooter, the weapon and same-named targets."""
    return _start_state(callers_of(stack)[0]["start_state"], stack, attack, prior)


def _start_state(hook: Any, stack: RulesStack, attack: Attack, prior: ChainState | None) -> ChainState:
    state, plugin = hook(attack)
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
    state.attack = dict(state.attack)  # a start state may seed it; never an encounter
    if prior is not None:
        if prior.shooter.get("name") in (None, state.shooter.get("name")):
            overlay(state.shooter, prior.shooter)
        state.weapon.update(prior.weapon)
        for name, saved in prior.targets.items():
            if name in state.targets:
                overlay(state.targets[name], saved)
        state.shooter_as_target = dict(prior.shooter_as_target)
    return state


def overlay(fresh: dict[str, Any], saved: dict[str, Any]) -> None:
    """Put a fighter's state saved by an encounter over the one the rules start him
    from (``fresh``, changed in place). A unit's ``models`` are overlaid model by
    model when the rules start it with its models: the unit is the one the scenario
    has now, each model with what the encounter saved of it. A GM adds a sergeant to
    a unit between two attacks, or takes a model out: the sergeant starts fresh (the
    saved models, without him, replaced the rules' whole and the rules found no
    state for him, a plugin's failure in the middle of the attack), and the model
    taken out is no longer reported with the unit (he was, in its outcome line and
    odds). Rules that start a unit without ``models``, and a unit of the same models
    as it was saved, get the saved ones whole."""
    models, saved_models = fresh.get("models"), saved.get("models")
    fresh.update(saved)
    if isinstance(models, dict) and isinstance(saved_models, dict) and models.keys() != saved_models.keys():
        fresh["models"] = {
            name: {**model, **kept} if isinstance(model, dict) and isinstance(kept := saved_models.get(name), dict)
            else model
            for name, model in models.items()
        }


def begin_stage(callers: tuple[Any, Any], attack: Attack, state: ChainState, dice: Dice) -> None:
    """The attack-level steps before any target (``begin_attack``), merged into ``state``.

    The engine's stages are functions of their own so that the odds interpreter, which
    runs an attack hook by hook, runs exactly the engine's code: each ``*_steps``
    function calls one hook and returns its checked steps and the plugin that gave
    them, without touching ``state``; each ``*_stage`` merges them. ``callers`` is
    ``callers_of(stack)``.
    """
    steps, plugin = begin_steps(callers, attack, state, dice)
    if steps:
        state.merge(steps, plugin, None)


def begin_steps(callers: tuple[Any, Any], attack: Attack, state: ChainState, dice: Dice) -> tuple[list[Step], str]:
    begun, plugin = callers[0]["begin_attack"](attack, state, dice)
    if begun is None:
        return [], plugin
    return plain_steps(begun) or _steps(begun, plugin, "begin_attack"), plugin


def pool_steps(callers: tuple[Any, Any], attack: Attack, target: Any, state: ChainState) -> tuple[list[Step], str]:
    """``modify_pool`` from every plugin, then ``build_pool``: the target's pool step
    (last of the steps returned). No dice: a pool is built, not rolled."""
    call, collect = callers
    modifiers: list[Modifier] = []
    for result, plugin in collect["modify_pool"](attack, target, state):
        if type(result) is list and not result:  # nothing to add (a shot with no modifier)
            continue
        plain = _plain_modifiers(result)
        modifiers.extend(_modifiers(result, plugin) if plain is None else plain)
    result, plugin = call["build_pool"](attack, target, modifiers, state)
    steps = plain_steps(result) or _steps(result, plugin or attack.ruleset, "build_pool")
    if not steps:
        raise PluginFailed(plugin or attack.ruleset, "build_pool", "returned no step (the pool step comes last)")
    return steps, plugin


def hit_steps(
    callers: tuple[Any, Any], attack: Attack, target: Any, pool: Step, state: ChainState, dice: Dice
) -> tuple[list[Step], str]:
    """``resolve_hit``: steps that hold the target's ``hit`` step (see :func:`hit_of`)."""
    result, plugin = callers[0]["resolve_hit"](attack, target, pool, state, dice)
    steps = plain_steps(result) or _steps(result, plugin or attack.ruleset, "resolve_hit")
    if hit_of(steps) is None:
        raise PluginFailed(plugin, "resolve_hit", "returned no step of kind 'hit'")
    return steps, plugin


def hit_of(steps: list[Step]) -> Step | None:
    """The (last) step of kind ``hit`` among a resolver's steps."""
    if steps and steps[-1].kind == "hit":  # the usual case: it comes last
        return steps[-1]
    hit = None
    for step in steps:
        if step.kind == "hit":
            hit = step
    return hit


def wound_steps(
    callers: tuple[Any, Any], attack: Attack, target: Any, hit: Step, state: ChainState, dice: Dice
) -> tuple[list[Step], str]:
    """``resolve_wound`` for a hit that scored."""
    result, plugin = callers[0]["resolve_wound"](attack, target, hit, state, dice)
    if result is None:
        return [], plugin
    return plain_steps(result) or _steps(result, plugin, "resolve_wound"), plugin


def target_stage(
    callers: tuple[Any, Any], attack: Attack, target: Any, state: ChainState, dice: Dice
) -> None:
    """One target's pool, hit and (when the hit scored) wound steps, merged into ``state``."""
    name = target.name
    steps, plugin = pool_steps(callers, attack, target, state)
    state.merge(steps, plugin, name)
    steps, plugin = hit_steps(callers, attack, target, steps[-1], state, dice)
    state.merge(steps, plugin, name)
    hit = hit_of(steps)
    assert hit is not None, "hit_steps refuses steps without a hit"
    if hit.value:
        steps, plugin = wound_steps(callers, attack, target, hit, state, dice)
        if steps:
            state.merge(steps, plugin, name)


def ammo_stage(callers: tuple[Any, Any], attack: Attack, state: ChainState, dice: Dice) -> None:
    """The attack's ammo step (``spend_ammo``), merged into ``state``."""
    steps, plugin = ammo_steps(callers, attack, state, dice)
    state.merge(steps, plugin, None)


def ammo_steps(callers: tuple[Any, Any], attack: Attack, state: ChainState, dice: Dice) -> tuple[list[Step], str]:
    result, plugin = callers[0]["spend_ammo"](attack, state, dice)
    return plain_steps(result) or _steps(result, plugin or attack.ruleset, "spend_ammo"), plugin


def resolve(
    stack: RulesStack,
    attack: Attack,
    dice: Dice,
    seed: int | None = None,
    prior: ChainState | None = None,
    *,
    describe: bool = True,
    check: bool = True,
) -> Chain:
    """Resolve one attack. Raises :class:`AttackRefused` before any die if the rules
    forbid it, :class:`PluginFailed` if a plugin misbehaves, and lets the dice
    interpreter's :class:`~gunline.dice.DiceNeeded` through. ``prior`` is the saved
    state of an encounter the attack belongs to. ``describe=False`` leaves the
    chain's ``outcomes`` empty (no ``describe_outcome`` calls): for the odds, which
    replay a chain thousands of times and read only its steps and states.
    ``check=False`` skips ``check_attack``: for a caller that has already asked
    :func:`refusals` about this attack and state (the rules are pure, so the answer
    is the same on every replay)."""
    # The hooks, each called with the hookspec's arguments in order (see RulesStack);
    # their steps checked (the full checks only when the quick one is unsure) and
    # merged into the state in order.
    callers = callers_of(stack)
    call, collect = callers
    state = _start_state(call["start_state"], stack, attack, prior)
    if check:
        problems = _refusals(collect["check_attack"], attack, state)
        if problems:
            raise AttackRefused("; ".join(problems))

    known = len(state.targets)
    begin_stage(callers, attack, state, dice)
    for target in attack.targets:
        target_stage(callers, attack, target, state, dice)
    ammo_stage(callers, attack, state, dice)
    if len(state.targets) != known:  # a step may have given a state to a target the attack lacks
        _no_stranger(attack, state)

    return Chain(
        ruleset=stack.name,
        variants=list(stack.variants),
        seed=seed,
        dice=list(dice.consumed),
        steps=state.steps,
        shooter=state.shooter,
        targets=state.targets,
        weapon=state.weapon,
        outcomes=_outcome_lines(call["describe_outcome"], attack, state) if describe else {},
        manual=list(dice.manual),
        geometry=list(attack.measures),
    )


def _no_stranger(attack: Attack, state: ChainState) -> None:
    """Raise if a step gave a state to a target the attack does not have: the chain
    would report a fighter nobody shot at (and the odds would count him). (A target
    of the attack that the start state left out is no stranger.)"""
    names = [target.name for target in attack.targets]
    for step in state.steps:
        if step.target is not None and step.target_state is not None and step.target not in names:
            raise stranger(step, names, attack.ruleset)


def stranger(step: Step, names: Iterable[str], ruleset: str) -> PluginFailed:
    """The error :func:`_no_stranger` raises for ``step``, ``names`` being the attack's targets
    (the odds interpreter, which merges steps its own way, says the same)."""
    return PluginFailed(step.source or ruleset, f"its {step.kind} step",
                        f"gave a state to target {step.target!r}, which is not one of the attack's targets "
                        f"({', '.join(map(repr, sorted(names)))})")


def outcome_lines(stack: RulesStack, attack: Attack, state: ChainState) -> dict[str, str]:
    """One line per target that a GM can read out ("Goliath: hit, 1 wound, down")."""
    return _outcome_lines(callers_of(stack)[0]["describe_outcome"], attack, state)


def _outcome_lines(describe: Any, attack: Attack, state: ChainState) -> dict[str, str]:
    lines = {}
    for target in attack.targets:
        name = target.name
        line, plugin = describe(attack, target, state)
        if line is not None and not isinstance(line, str):
            raise PluginFailed(plugin, "describe_outcome", f"returned {type(line).__name__}, expected str")
        if line is None:
            mine = state.steps_for(name)
            hits = sum(s.value or 0 for s in mine if s.kind == "hit")
            wounds = sum(s.value or 0 for s in mine if s.kind == "wound")
            status = str(state.targets.get(name, {}).get("status", "")).replace("_", " ")
            if not hits:
                line = f"{name}: missed, {status}"
            else:
                line = f"{name}: {hits} hit{'s' if hits != 1 else ''}, {wounds} through, {status}"
        lines[name] = line
    return lines
