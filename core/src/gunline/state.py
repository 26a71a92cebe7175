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
    ``name`` and ``status``. ``steps`` is the chain so far. A target (or a shooter)
    made of several models, a unit, may hold each model's state under ``models``
    (model name -> a dict with that model's own ``status``): the odds then give each
    model's final status beside the whole's.

    ``attack`` holds what one part of *this* attack leaves for a later part: the
    bullets of a burst still flying when the line of fire reaches the next object,
    the ammo rolls that to-hit sixes have made due. It starts empty for every attack
    and is never saved to an encounter. Reading it there rather than searching
    ``steps`` is what lets exact odds merge every path that left the same facts
    (two bursts that sent 4 bullets on are alike, whatever they did before)."""

    shooter: dict[str, Any] = {}
    weapon: dict[str, Any] = {}
    targets: dict[str, dict[str, Any]] = {}
    steps: list[Any] = []
    attack: dict[str, Any] = {}
    #: In an encounter, the shooter's own state as a target, as earlier attacks on
    #: him left it (his wounds, his flesh wounds, his status), read here because the
    #: journal keeps what a fighter took as a target apart from what he did as a
    #: shooter. Empty outside an encounter, or before anyone has shot at him. The
    #: attack reads it and never changes it.
    shooter_as_target: dict[str, Any] = {}

    def steps_of(self, kind: str, target: str | None = None) -> list[Any]:
        """The steps so far of one kind, for one target or for all."""
        if target is not None:
            return [s for s in self.steps_for(target) if s.kind == kind]
        return [s for s in self.steps if s.kind == kind]

    def steps_for(self, target: str) -> list[Any]:
        """The steps so far of one target, in chain order. An outcome line reads the
        steps of its target, and one made by going over every step of the chain, for
        each target, cost the square of the targets: a burst at 200 made 160,000
        readings for its lines. The steps are sorted by target once for a chain (and
        again only for the steps added since), so a line costs its own steps."""
        steps = self.steps
        if len(steps) < _INDEXED_FROM:
            return [s for s in steps if s.target == target]
        return _by_target(steps).get(target, [])[:]

    def merge(self, steps: list[Any], source: str, target: str | None) -> None:
        """Fill in each step's empty ``source`` (and ``target``, if given and the
        step has none) and :meth:`apply` it (engine only). Does what a loop over
        :meth:`apply` does, inlined: it runs for every hook of every chain."""
        if type(self) is not ChainState:  # a subclass may have its own apply
            for step in steps:
                if not step.source:
                    step.source = source
                if step.target is None and target is not None:
                    step.target = target
                self.apply(step)
            return
        targets, chain = self.targets, self.steps
        for step in steps:
            if not step.source:
                step.source = source
            name = step.target
            if name is None and target is not None:
                name = step.target = target
            change = step.target_state
            if change is not None and name is not None:
                targets.setdefault(name, {}).update(change)
            change = step.shooter_state
            if change is not None:
                self.shooter.update(change)
            change = step.weapon_state
            if change is not None:
                self.weapon.update(change)
            change = step.attack_state
            if change is not None:
                self.attack.update(change)
            chain.append(step)

    def apply(self, step: Any) -> None:
        """Merge a step's state changes (engine only)."""
        if step.target_state is not None and step.target is not None:
            self.targets.setdefault(step.target, {}).update(step.target_state)
        if step.shooter_state is not None:
            self.shooter.update(step.shooter_state)
        if step.weapon_state is not None:
            self.weapon.update(step.weapon_state)
        if step.attack_state is not None:
            self.attack.update(step.attack_state)
        self.steps.append(step)


#: From this many steps on, :meth:`ChainState.steps_for` sorts the chain's steps by
#: target (a short chain is read faster as it is).
_INDEXED_FROM = 24

#: The chain whose steps were sorted by target last: (its list of steps, how many
#: were sorted, the steps by target). The outcome lines of one chain are asked one
#: after another; the list itself is kept so that no other list can pass for it.
_LAST: tuple[list[Any], int, dict[str, list[Any]]] | None = None


def _by_target(steps: list[Any]) -> dict[str, list[Any]]:
    global _LAST
    last = _LAST
    if last is not None and last[0] is steps and last[1] <= len(steps):
        index, start = last[2], last[1]
        if start == len(steps):
            return index
    else:
        index, start = {}, 0
    for step in steps[start:]:
        name = step.target
        if name is not None:
            found = index.get(name)
            if found is None:
                index[name] = [step]
            else:
                found.append(step)
    _LAST = (steps, len(steps), index)
    return index
