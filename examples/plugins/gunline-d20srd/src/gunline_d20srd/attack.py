"""The ranged attack roll: d20 + base attack bonus + Dexterity modifier + range
penalty (and any other modifier) against the target's Armor Class.

- A natural 1 always misses; a natural 20 always hits.
- A natural roll in the weapon's threat range that hits is a *threat*; a natural 20
  always is. A threat is a critical hit when a second attack roll with the same
  modifiers, the confirmation roll, also hits the target's AC (a natural 20 on it
  confirms, a natural 1 does not).
- A full attack makes one attack per 5 points of base attack bonus (up to four),
  each 5 lower than the one before: +11/+6/+1.

What the rule reads of an attack roll is one of three words, ``miss``, ``hit`` or
``threat`` (:func:`attack_roll`); of a confirmation roll, whether it hits.
"""

from __future__ import annotations

import msgspec

from gunline import Dice, Modifier, Roll
from gunline.dice import FaceTable, at_least, faces

#: The most range increments a weapon reaches: projectile weapons 10, thrown 5.
MAX_INCREMENTS = {False: 10, True: 5}


def ability_modifier(score: int) -> int:
    """An ability's modifier: (score - 10) / 2, rounded down (Dexterity 15 is +2)."""
    return (score - 10) // 2


def range_increments(distance: int, increment: int) -> int:
    """Full range increments between shooter and target: none within the first."""
    return max(0, (distance - 1) // increment)


def attack_modifiers(base_attack: int, dexterity: int, distance: int, increment: int,
                     cover: bool, in_melee: bool) -> list[Modifier]:
    """Every term of the attack bonus, each with its name as the SRD gives it."""
    terms = [
        Modifier(label="base attack bonus", value=base_attack),
        Modifier(label="Dexterity", value=ability_modifier(dexterity)),
    ]
    steps = range_increments(distance, increment)
    if steps:
        terms.append(Modifier(label=f"range: {steps} increment{'s' if steps > 1 else ''}", value=-2 * steps))
    if cover:
        terms.append(Modifier(label="cover (+4 AC)", value=-4))
    if in_melee:
        terms.append(Modifier(label="shooting into melee", value=-4))
    return [t for t in terms if t.value]


def attacks(base_attack: int, full: bool) -> list[int]:
    """How much lower than the first each attack of the action is: [0] for a single
    attack; a full attack at +11 makes three, [0, 5, 10]."""
    count = min(4, 1 + max(0, base_attack - 1) // 5) if full else 1
    return [5 * k for k in range(count)]


def shares(offsets: list[int], targets: int) -> list[list[int]]:
    """The attacks each target takes, in order: one each, the last target the rest."""
    return [offsets[i : i + 1] if i < targets - 1 else offsets[i:] for i in range(targets)]


def need(ac: int, bonus: int) -> int:
    """The natural roll that hits ``ac`` with ``bonus``: never under 2 (a 1 always
    misses) nor over 20 (a 20 always hits)."""
    return min(max(ac - bonus, 2), 20)


def attack_roll(ac: int, bonus: int, threat: int) -> FaceTable:
    """What the d20 of an attack means: a miss under the need; from the need, a hit,
    or a threat from the threat range on (and always on a 20)."""
    hits = need(ac, bonus)
    threatens = max(hits, threat)
    return faces({range(1, hits): "miss", range(hits, threatens): "hit", range(threatens, 21): "threat"},
                 need=f"{hits}+")


class OneAttack(msgspec.Struct, frozen=True):
    """One attack of the action, read as ``miss``, ``hit`` or ``critical``; with
    ``confirm`` false every threat is a critical (a house rule's)."""

    label: str
    ac: int
    bonus: int
    threat: int
    target: str
    confirm: bool = True

    def __call__(self, dice: Dice) -> tuple[str, list[Roll]]:
        rolled = dice.roll(20, self.label, read=attack_roll(self.ac, self.bonus, self.threat), target=self.target)
        if rolled.value != "threat":
            return rolled.value, [rolled.roll]
        if not self.confirm:
            return "critical", [rolled.roll]
        check = dice.roll(20, "confirm the critical", read=at_least(need(self.ac, self.bonus)), target=self.target)
        return ("critical" if check.value else "hit"), [rolled.roll, check.roll]
