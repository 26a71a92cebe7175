"""Units: models that shoot together and are shot at together.

Shooting at a unit, wounds (not hits) go to the models nearest the shooter, each
until it is Stunned (or killed by a Lucky Chance on the wound test), and every
comparative test is made against the characteristics most of the unit's models
have [SEED]. A model's unset characteristic is the unit's own.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import losses
from .schema import Target, UnitModel


def is_unit(target: Target) -> bool:
    return bool(target.models)


def nearest_first(target: Target) -> list[UnitModel]:
    """The unit's models, nearest the shooter first (ties in the order listed)."""
    return [m for _, m in sorted(enumerate(target.models), key=lambda im: (im[1].distance, im[0]))]


def value_of(model: UnitModel, target: Target, field: str) -> Any:
    own = getattr(model, field)
    return getattr(target, field) if own is None else own


def majority(target: Target, field: str) -> Any:
    """The value most of the unit's models have; of equally common values, the one
    held by the model nearest the shooter. A single model's own value otherwise."""
    if not is_unit(target):
        return getattr(target, field)
    values = [value_of(m, target, field) for m in nearest_first(target)]
    counts = Counter(values)
    most = max(counts.values())
    return next(v for v in values if counts[v] == most)


def inches(value: float) -> float:
    """A distance as it is said: whole inches as an int (``15``, not ``15.0``), a
    measured fraction as it is (``12.5``)."""
    return int(value) if float(value).is_integer() else value


def distance(target: Target) -> float | None:
    """How far the target is: a unit's nearest model."""
    d = nearest_first(target)[0].distance if is_unit(target) else target.distance
    return None if d is None else inches(d)


def state_words(target: Target, state: dict[str, Any]) -> str:
    """The target's state in words; a unit's model by model."""
    if "models" in state:
        return losses.unit_words(state, {m.name: value_of(m, target, "wounds") for m in target.models})
    return losses.words(state, target.wounds)
