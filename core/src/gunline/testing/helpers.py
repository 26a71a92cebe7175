"""Small helpers for a ruleset's own rule tests: a scenario in, a chain out."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ..models import Chain
from ..plugins import Registry, discover
from ..runner import run
from ..scenario import build_attack, read_document


def registry_of(*plugins: Any) -> Registry:
    """A registry holding just these plugin objects (modules or instances), named by
    what they declare: a ruleset under test without installing it."""
    registry = Registry()
    for i, plugin in enumerate(plugins):
        registry.add(getattr(plugin, "__name__", f"plugin{i}"), plugin)
    return registry


def chain_for(
    scenario: str | Path | dict[str, Any],
    *,
    dice: Sequence[int | None] | None = None,
    seed: int | None = None,
    variants: Iterable[str] = (),
    registry: Registry | None = None,
) -> Chain:
    """Resolve a scenario (a file or a document as a dict) and return its chain.

    With ``dice`` the faces are forced, in the order the chain asks for them, and
    every one must be used (a face left over means the test expected another
    roll); with ``seed`` they are rolled. ``registry`` defaults to the installed
    plugins. Bad input and refused attacks raise as they do for the CLI
    (:class:`gunline.BadInput`, :class:`gunline.AttackRefused`).
    """
    registry = discover() if registry is None else registry
    if isinstance(scenario, dict):
        attack = build_attack(registry, scenario, "scenario", variants)
    else:
        attack = build_attack(registry, read_document(scenario), str(scenario), variants)
    chain, unused = run(registry, attack, seed=seed, faces=dice)
    if unused:
        raise AssertionError(f"{unused} of the {len(dice or [])} dice given were not needed: {list(dice or [])}")
    return chain
