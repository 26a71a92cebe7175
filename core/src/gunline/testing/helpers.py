"""Small helpers for a ruleset's own rule tests: a scenario in, a chain out."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..models import Attack, Chain
from ..plugins import Registry, discover
from ..runner import run
from ..scenario import build_attack, read_document

if TYPE_CHECKING:
    from ..odds import Odds


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
    attack = _attack(registry, scenario, variants)
    chain, unused = run(registry, attack, seed=seed, faces=dice)
    if unused:
        raise AssertionError(f"{unused} of the {len(dice or [])} dice given were not needed: {list(dice or [])}")
    return chain


def odds_for(
    scenario: str | Path | dict[str, Any],
    *,
    variants: Iterable[str] = (),
    registry: Registry | None = None,
    work: int | None = None,
) -> Odds:
    """The odds of a scenario (a file or a document as a dict), as ``gunline odds``
    works them out, but exact whatever the time they take, unless the enumeration
    passes ``work`` hook runs and paths (then Monte Carlo, and ``odds.exact`` is
    false): a rule test gets the same answer on any machine. ``odds.targets[name].status`` is the
    distribution of a target's final status, ``.hit`` and ``.wound`` the chance of
    at least one hit and one wound. Raises as :func:`chain_for` does."""
    from ..odds import compute_odds

    registry = discover() if registry is None else registry
    return compute_odds(registry, _attack(registry, scenario, variants), method="exact", work=work)


def _attack(registry: Registry, scenario: str | Path | dict[str, Any], variants: Iterable[str]) -> Attack:
    if isinstance(scenario, dict):
        return build_attack(registry, scenario, "scenario", variants)
    return build_attack(registry, read_document(scenario), str(scenario), variants)
