"""Resolving with a chosen dice interpreter: the one entry point the CLI, the TUI
and the tests share, so that a seed or a list of faces gives the same chain
wherever it is used."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

import msgspec

from .contract import blame, chain_problem, earlier_fault
from .dice import Dice, RandomDice, ScriptedDice, manual_dice
from .engine import refusals, resolve, start_state
from .errors import AttackRefused, PluginFailed
from .models import ActionChain, Attack, Chain
from .plugins import Registry
from .stack import RulesStack
from .state import ChainState

_encoder = msgspec.json.Encoder()


def new_seed() -> int:
    """A fresh seed for "roll it for me", reported in the chain so it can be replayed."""
    return int.from_bytes(os.urandom(4), "big") & 0x7FFFFFFF


def run(
    registry: Registry,
    attack: Attack,
    *,
    seed: int | None = None,
    faces: Sequence[int | None] | None = None,
    prior: ChainState | None = None,
    manual: bool = True,
) -> tuple[Chain, int]:
    """Resolve ``attack`` with its variants.

    With ``faces`` the dice are scripted (``None`` entries, and any dice past the end
    when ``seed`` is also given, are rolled from ``seed``); otherwise they are random
    from ``seed`` (a new one if ``None``). Returns the chain and the count of faces
    given but never used. ``manual=False`` replays faces without marking them as
    typed by the GM. The chain is checked whole (:func:`checked`).
    """
    stack = registry.stack(attack.ruleset, attack.variants)
    if faces is None:
        seed = new_seed() if seed is None else seed
        fixed = seed

        def rolled() -> Dice:
            return RandomDice(fixed)

        chain = resolved(stack, attack, rolled(), rolled, seed, prior)
        return checked(stack, attack, chain, rolled, prior), 0
    given = list(faces)

    def scripted() -> ScriptedDice:
        return manual_dice(given, seed, manual) if seed is not None else ScriptedDice(given, manual=manual)

    used = scripted()
    chain = resolved(stack, attack, used, scripted, None, prior)
    return checked(stack, attack, chain, scripted, prior), used.unused


def resolved(
    stack: RulesStack, attack: Attack, dice: Dice, again: Callable[[], Dice], seed: int | None,
    prior: ChainState | None,
) -> Chain:
    """The engine's chain with ``dice``; a plugin's fault is named as the earliest one
    (a hook that crashed on an earlier hook's bad result is not the one to blame: the
    attack is resolved again with ``again()``, the same dice, hook by hook checked)."""
    try:
        return resolve(stack, attack, dice, seed=seed, prior=prior)
    except PluginFailed as failed:
        fault = earlier_fault(stack, failed, lambda inspecting: resolve(inspecting, attack, again(), prior=prior))
        if fault is failed:
            raise
        raise fault from failed


def checked(
    stack: RulesStack, attack: Attack, chain: Chain, dice: Callable[[], Dice], prior: ChainState | None
) -> Chain:
    """``chain`` if it keeps the chain contract as a whole (JSON that reads back as a
    chain, statuses the ruleset declares), else :class:`PluginFailed` naming the
    plugin and the hook: the attack is resolved again with ``dice()`` (the same dice)
    through a stack that checks each hook's result (see :mod:`gunline.contract`)."""
    problem = chain_problem(chain, stack.ruleset)
    if problem is None:
        return chain
    raise blame(stack, problem, chain, lambda inspecting: resolve(inspecting, attack, dice(), prior=prior))


def run_action(
    registry: Registry,
    attack: Attack,
    action: str,
    who: str | None = None,
    *,
    seed: int | None = None,
    faces: Sequence[int | None] | None = None,
    prior: ChainState | None = None,
    manual: bool = True,
) -> tuple[ActionChain, int]:
    """Resolve action ``action`` for ``who`` (see :func:`gunline.actions.who_for`)
    with the dice chosen as for :func:`run`: the same seed or faces give the same
    action chain. Returns it (checked whole, as an attack's chain) and the count of
    faces given but never used."""
    from .actions import resolve_action, who_for

    stack = registry.stack(attack.ruleset, attack.variants)
    who = who_for(stack, attack, action, who)

    def resolved(rules: RulesStack, dice: Dice, seed: int | None = None) -> ActionChain:
        return resolve_action(rules, attack, action, who, dice, seed=seed, prior=prior)

    if faces is None:
        seed = new_seed() if seed is None else seed
        fixed = seed
        chain = resolved(stack, RandomDice(fixed), seed)
        unused = 0

        def again() -> Dice:
            return RandomDice(fixed)
    else:
        given = list(faces)

        def again() -> Dice:
            return manual_dice(given, seed, manual) if seed is not None else ScriptedDice(given, manual=manual)

        used = again()
        chain = resolved(stack, used)
        unused = used.unused  # type: ignore[attr-defined]
    problem = chain_problem(chain, stack.ruleset)
    if problem is not None:
        raise blame(stack, problem, chain, lambda inspecting: resolved(inspecting, again()))
    return chain, unused


def check(registry: Registry, attack: Attack, prior: ChainState | None = None) -> None:
    """Raise :class:`AttackRefused` if the rules forbid ``attack``."""
    stack = registry.stack(attack.ruleset, attack.variants)
    problems = refusals(stack, attack, start_state(stack, attack, prior))
    if problems:
        raise AttackRefused("; ".join(problems))


def chain_json(chain: Chain) -> bytes:
    """The chain as the JSON contract of ``resolve --json`` (byte-stable)."""
    return _encoder.encode(chain)
