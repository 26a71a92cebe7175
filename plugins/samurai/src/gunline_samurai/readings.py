"""Which reading of the open rules an attack is resolved under: the defaults, or
the other readings that the ruleset's variants switch on.

Each variant plugin implements the hook whose rule it changes and hands this over
to the base; reading every enabled variant here, as data, is what lets several of
them be on at once although the engine asks only the first plugin that answers a
hook.

* ``lucky_wounds``: a Lucky Chance on a plain hit test is a wound at once
  (``samurai.lucky-hit-wounds``); by default it is a hit like any other.
* ``catastrophe_voids``: «Катастрофический Провал» (Catastrophic Failure) «forbids
  strikes» [notes, SRC 1]: by default a side that rolls one in a hit test (its
  shots, its return fire, its dodge) scores nothing in that test, whatever its other
  dice show; under ``samurai.catastrophe-one-die`` it is one failed die and no more.
* ``dodge``: the seed's dodge section is missing. By default a dodge is a test, as
  the seed calls it: each shot a comparative test of the shooter's Shooting against
  the target's «Ловкость» (Agility), whose wins only save it (``agility_test``);
  ``samurai.plain-dodge`` takes the notes' other reading, that the shots stay plain
  tests (``plain_test``). A scenario's own ``dodge`` setting overrides both.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

import msgspec

from .schema import SamuraiAttack, settings_of

Dodge = Literal["agility_test", "plain_test"]


class Readings(msgspec.Struct, frozen=True, kw_only=True):
    lucky_wounds: bool = False
    catastrophe_voids: bool = True
    dodge: Dodge = "agility_test"


#: What each variant of the ruleset changes, by name.
VARIANT_READINGS: dict[str, dict[str, Any]] = {
    "samurai.lucky-hit-wounds": {"lucky_wounds": True},
    "samurai.catastrophe-one-die": {"catastrophe_voids": False},
    "samurai.plain-dodge": {"dodge": "plain_test"},
}


def readings_of(attack: SamuraiAttack) -> Readings:
    """The readings the attack is resolved under: its variants', then its own
    ``dodge`` setting where the scenario gives one."""
    return _readings(attack.variants, settings_of(attack).dodge)


@lru_cache(maxsize=64)
def _readings(variants: tuple[str, ...], dodge: Dodge | None) -> Readings:
    fields: dict[str, Any] = {}
    for name in variants:
        fields.update(VARIANT_READINGS.get(name, {}))
    if dodge is not None:
        fields["dodge"] = dodge
    return Readings(**fields)
