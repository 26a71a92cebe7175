"""Fixtures for the Necromunda tests: the ruleset and its variants registered
directly (no entry-point scan), and helpers to build and resolve scenarios."""

from __future__ import annotations

import copy
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from gunline import Registry
from gunline.dice import DiceNeeded, ScriptedDice
from gunline.engine import resolve
from gunline.runner import run
from gunline.scenario import build_attack, read_document
from gunline_necromunda import ruleset
from gunline_necromunda.variants import book_grenade_range, d6_ammo_roll, flesh_wound_on_recovery

EXAMPLES = Path(ruleset.EXAMPLES)
BAD = Path(__file__).parent / "bad"


def make_registry() -> Registry:
    reg = Registry()
    reg.add("necromunda", ruleset)
    reg.add("necromunda.d6-ammo-roll", d6_ammo_roll)
    reg.add("necromunda.book-grenade-range", book_grenade_range)
    reg.add("necromunda.flesh-wound-on-recovery", flesh_wound_on_recovery)
    return reg


REGISTRY = make_registry()


def scenario(weapon: Any = "lasgun", targets: list[dict] | None = None, variants=(), **shooter) -> dict:
    """A scenario document: BS 3 fighter, one T3 W1 target 18" away unless told."""
    weapon = {"name": weapon} if isinstance(weapon, str) else weapon
    return {
        "ruleset": "necromunda",
        "variants": list(variants),
        "shooter": {"name": "Vex", "bs": 3, **shooter},
        "weapon": weapon,
        "targets": targets if targets is not None else [{"name": "Goliath", "distance": 18}],
    }


#: Issue 18: BS 6, a heavy stubber (sustained fire 1) at 30" (long range, no
#: modifier): each shot needs 1+.
STUBBER_AT_1_PLUS = """\
ruleset = "necromunda"

[shooter]
name = "Vex"
bs = 6

[weapon]
name = "heavy stubber"
sustained_fire = 1

[[targets]]
name = "Goliath"
distance = 30
"""


class Necro:
    """Helpers the tests share (conftest cannot be imported under importlib mode)."""

    EXAMPLES = EXAMPLES
    BAD = BAD
    STUBBER_AT_1_PLUS = STUBBER_AT_1_PLUS
    registry = REGISTRY
    scenario = staticmethod(scenario)

    @staticmethod
    def stubber_at_1_plus() -> dict:
        return tomllib.loads(STUBBER_AT_1_PLUS)

    @staticmethod
    def example(name: str) -> dict:
        return copy.deepcopy(read_document(EXAMPLES / name))

    @staticmethod
    def attack(doc: dict):
        return build_attack(REGISTRY, doc, "test.toml")

    @staticmethod
    def resolve(doc: dict, faces: list[int]):
        """Resolve with these faces; fails the test if any face is left over."""
        chain, unused = run(REGISTRY, build_attack(REGISTRY, doc, "test.toml"), faces=faces)
        assert unused == 0, f"{unused} faces not used: {chain.dice}"
        return chain

    @staticmethod
    def steps(chain, kind: str, target: str | None = None) -> list:
        return [s for s in chain.steps if s.kind == kind and (target is None or s.target == target)]

    @staticmethod
    def step(chain, kind: str, target: str | None = None):
        found = [s for s in chain.steps if s.kind == kind and (target is None or s.target == target)]
        assert len(found) == 1, f"expected one {kind} step, got {[s.text for s in found]}"
        return found[0]

    @staticmethod
    def enumerate(doc: dict, limit: int = 200_000) -> list[tuple[Fraction, Any]]:
        """Every chain the attack can give, with its exact probability: scripted dice
        extended one fair face at a time wherever the chain asks for another die.
        Independent of the plugin's arithmetic: only faces and their 1/sides weights."""
        attack = build_attack(REGISTRY, doc, "test.toml")
        stack = REGISTRY.stack(attack.ruleset, attack.variants)
        out = []
        todo: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
        while todo:
            faces, weight = todo.pop()
            try:
                chain = resolve(stack, attack, ScriptedDice(faces))
            except DiceNeeded as need:
                sides = need.request.sides
                todo.extend((faces + [f], weight / sides) for f in range(1, sides + 1))
                assert len(todo) < limit, "tree too large for a test"
                continue
            out.append((weight, chain))
        return out

    @staticmethod
    def probability(leaves, predicate) -> Fraction:
        return sum((w for w, chain in leaves if predicate(chain)), Fraction(0))


@pytest.fixture(scope="session")
def nec() -> type[Necro]:
    return Necro
