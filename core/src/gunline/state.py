"""The state of shooter, weapon and targets as an attack unfolds.

Hooks read it; only the engine writes it, by merging the ``*_state`` fields of the
steps hooks return. That keeps hooks pure while letting a later step see what an
earlier one did (the second sustained-fire shot sees the target already down).
"""

from __future__ import annotations

from typing import Any

import msgspec


class ChainState(msgspec.Struct, kw_only=True):
    """``targets`` maps each target's name to its state dict (``status`` at least),
    ``weapon`` holds ``rounds_left`` and ``status``, ``shooter`` the shooter's
    ``name`` and ``status``. ``steps`` is the chain so far."""

    shooter: dict[str, Any] = {}
    weapon: dict[str, Any] = {}
    targets: dict[str, dict[str, Any]] = {}
    steps: list[Any] = []

    def steps_of(self, kind: str, target: str | None = None) -> list[Any]:
        """The steps so far of one kind, for one target or for all."""
        return [
            s for s in self.steps if s.kind == kind and (target is None or s.target == target)
        ]

    def apply(self, step: Any) -> None:
        """Merge a step's state changes (engine only)."""
        if step.target_state is not None and step.target is not None:
            self.targets.setdefault(step.target, {}).update(step.target_state)
        if step.shooter_state is not None:
            self.shooter.update(step.shooter_state)
        if step.weapon_state is not None:
            self.weapon.update(step.weapon_state)
        self.steps.append(step)
