"""Re-running an attack with dice a person typed or a chain already used.

Three front-end needs, none of them game-specific:

* **dice entry, one die at a time** — :func:`next_die` runs the attack with the
  faces typed so far and says which die the chain needs next (or returns the
  finished chain). ``None`` among the faces means "roll this one for me".
* **the same dice under other rules** — :func:`replay` re-resolves an attack with
  the dice of an earlier chain (toggling a variant, editing a field) and rolls any
  extra dice the new rules ask for from a seed.
* **what changed** — :func:`compare` lines up two chains step by step.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from .dice import BadFace, Dice, DiceNeeded, DieRequest, RandomDice, ScriptedDice
from .engine import resolve
from .models import Attack, Chain, Step
from .plugins import Registry
from .runner import checked, resolved
from .state import ChainState


class EntryDice(ScriptedDice):
    """Typed faces where ``None`` is rolled from ``seed`` and the end of the list
    raises :class:`DiceNeeded` (instead of rolling on, as ``manual_dice`` does)."""

    def __init__(self, faces: Sequence[int | None], seed: int) -> None:
        super().__init__(faces, fallback=RandomDice(seed))

    def face(self, request: DieRequest) -> int:
        if self.position >= len(self.faces):
            raise DiceNeeded(request, self.position)
        return super().face(request)


def next_die(
    registry: Registry,
    attack: Attack,
    faces: Sequence[int | None],
    seed: int,
    *,
    prior: ChainState | None = None,
) -> tuple[Chain | None, DiceNeeded | None, list[int]]:
    """Resolve with the faces typed so far: ``(chain, None, dice)`` when they
    suffice, ``(None, needed, dice)`` naming the next die otherwise; ``dice`` is
    every face used so far (blanks as rolled). A face the die cannot show raises
    :class:`~gunline.dice.BadFace` (its ``position`` says which). ``prior`` is an
    encounter's saved state, as for :func:`gunline.engine.resolve`."""
    stack = registry.stack(attack.ruleset, attack.variants)
    dice = EntryDice(faces, seed)
    try:
        chain = resolve(stack, attack, dice, seed=None, prior=prior)
    except DiceNeeded as needed:
        return None, needed, list(dice.consumed)
    return checked(stack, attack, chain, lambda: EntryDice(faces, seed), prior), None, list(dice.consumed)


class _ReplayDice(ScriptedDice):
    """A chain's faces again, keeping its manual marks; a face the new rules cannot
    use on their die (a 9 where a d6 is now rolled) and every die past the end come
    from the fallback."""

    def __init__(self, faces: Sequence[int], typed: Sequence[int], seed: int) -> None:
        super().__init__(list(faces), fallback=RandomDice(seed))
        self._typed = set(typed)

    def face(self, request: DieRequest) -> int:
        position = self.position
        if position < len(self.faces):
            value = self.faces[position]
            if value is not None and not 1 <= value <= request.sides:
                self.position += 1
                return self.fallback.face(request)  # type: ignore[union-attr]
        before = len(self.manual)
        value = super().face(request)
        if len(self.manual) > before and position not in self._typed:
            self.manual.pop()
        return value


def replay(
    registry: Registry, attack: Attack, chain: Chain, seed: int, *, prior: ChainState | None = None
) -> Chain:
    """Resolve ``attack`` (perhaps with other variants or edited fields) with the
    dice of ``chain``.

    A chain rolled from a seed is re-run from that seed: the same stream of dice,
    so the result is exactly what ``gunline resolve --seed S`` prints for the new
    scenario. A chain with typed or scripted dice replays its ``dice`` list, faces
    typed by the GM stay marked manual, and dice the new rules need beyond the list
    are rolled from ``seed``. ``prior`` is an encounter's saved state, as for
    :func:`gunline.engine.resolve` (the app previews an edit from it).
    """
    stack = registry.stack(attack.ruleset, attack.variants)
    if chain.seed is not None and not chain.manual:
        def dice() -> Dice:
            return RandomDice(chain.seed)  # type: ignore[arg-type]
    else:
        def dice() -> Dice:
            return _ReplayDice(chain.dice, chain.manual, seed)
    new = resolved(stack, attack, dice(), dice, chain.seed if not chain.manual else None, prior)
    return checked(stack, attack, new, dice, prior)


def step_keys(steps: Sequence[Step]) -> list[tuple[str | None, str, int]]:
    """A key per step that survives other steps coming and going:
    ``(target, kind, n)`` for the n-th step of that kind for that target."""
    seen: dict[tuple[str | None, str], int] = {}
    keys = []
    for step in steps:
        k = (step.target, step.kind)
        seen[k] = seen.get(k, 0) + 1
        keys.append((step.target, step.kind, seen[k]))
    return keys


def _same(a: Step, b: Step) -> bool:
    return (
        a.value == b.value
        and a.text == b.text
        and msgspec.to_builtins(a.rolls) == msgspec.to_builtins(b.rolls)
        and msgspec.to_builtins(a.modifiers) == msgspec.to_builtins(b.modifiers)
    )


class Comparison(msgspec.Struct, kw_only=True):
    """How ``new`` differs from ``old``: ``steps[i]`` is ``""`` (same), ``"changed"``
    or ``"new"`` for ``new.steps[i]``; ``was`` holds the old step of each changed
    one by index; ``removed`` the old steps with no counterpart; ``outcomes`` the old
    line of each target whose outcome line changed."""

    steps: list[str]
    was: dict[int, Step] = {}
    removed: list[Step] = []
    outcomes: dict[str, str] = {}

    @property
    def any(self) -> bool:
        return bool(self.removed or self.outcomes or any(self.steps))


def compare(old: Chain, new: Chain) -> Comparison:
    """Line up the steps of two chains of the same attack."""
    old_by_key = dict(zip(step_keys(old.steps), old.steps))
    marks: list[str] = []
    was: dict[int, Step] = {}
    new_keys = step_keys(new.steps)
    for i, (key, step) in enumerate(zip(new_keys, new.steps)):
        before = old_by_key.get(key)
        if before is None:
            marks.append("new")
        elif _same(before, step):
            marks.append("")
        else:
            marks.append("changed")
            was[i] = before
    kept = set(new_keys)
    removed = [s for k, s in old_by_key.items() if k not in kept]
    outcomes = {
        name: line for name, line in old.outcomes.items() if new.outcomes.get(name, line) != line
    }
    return Comparison(steps=marks, was=was, removed=removed, outcomes=outcomes)


__all__ = ["BadFace", "Comparison", "EntryDice", "compare", "next_die", "replay", "step_keys"]
