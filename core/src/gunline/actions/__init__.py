"""Actions between attacks: rolls that are not attacks, and changes of state.

For programs (the TUI, tests)::

    from gunline.actions import resolve_action, who_for, offered
    stack = registry.stack(attack.ruleset, attack.variants)
    who = who_for(stack, attack, "recovery", "Bo")
    chain = resolve_action(stack, attack, "recovery", who, RandomDice(7), seed=7)

With the chosen dice and the whole-chain check: :func:`gunline.runner.run_action`;
committed to an encounter: :meth:`gunline.journal.Journal.act`; odds:
:func:`gunline.odds.action_odds`; on the command line: ``gunline act``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import exports

if TYPE_CHECKING:
    from .engine import action_refusals, action_start, declared, resolve_action, who_for
    from .offer import Offer, offered

__getattr__, __dir__ = exports(__name__, {
    "action_refusals": ".engine",
    "action_start": ".engine",
    "declared": ".engine",
    "resolve_action": ".engine",
    "who_for": ".engine",
    "Offer": ".offer",
    "offered": ".offer",
})


__all__ = ["Offer", "action_refusals", "action_start", "declared", "offered", "resolve_action", "who_for"]
