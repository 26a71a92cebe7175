"""What a front end offers: each action of the stack, for each fighter it can be
about, and whether the rules allow it now (the TUI's encounter pane lists them)."""

from __future__ import annotations

from typing import NamedTuple

from ..models import Attack
from ..stack import RulesStack
from ..state import ChainState
from .engine import action_refusals, action_start


class Offer(NamedTuple):
    """One action for one fighter: ``refused`` holds the rules' reasons, empty when
    it may be taken now."""

    action: str
    who: str
    description: str
    applies_to: str
    refused: str


def offered(stack: RulesStack, attack: Attack, prior: ChainState | None = None) -> list[Offer]:
    """Every action of ``stack`` for everyone it may be about in ``attack``, by
    action name then scenario order, each with ``check_action``'s answer from the
    state the scenario (and ``prior``, an encounter's saved state) gives."""
    state = action_start(stack, attack, prior)
    shooter = str(getattr(attack.shooter, "name", ""))
    out = []
    for name, action in sorted(stack.actions.items()):
        whom = [t.name for t in attack.targets] if action.applies_to == "target" else [shooter]
        for who in whom:
            refused = "; ".join(action_refusals(stack, attack, name, who, state))
            out.append(Offer(name, who, action.description, action.applies_to, refused))
    return out
