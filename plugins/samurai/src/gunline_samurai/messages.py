"""This package's words in the GM's language (see gunline.language)."""

from collections import defaultdict
from collections.abc import Callable
from typing import Any, TypeVar

from gunline.language import N_, language, messages_of

_ = messages_of("gunline_samurai")
_n = _.n

T = TypeVar("T")


#: How many of a function's words :func:`kept` keeps before it starts afresh.
KEPT = 4096


def kept(build: Callable[..., T]) -> Callable[..., T]:
    """``build(*values)``, words made of hashable values, made once per language and
    values and kept (a few thousand at most). Every chain of a scenario says the same
    few sentences again, with the same names and numbers; translating and formatting
    them afresh each time was a large part of a chain's time. The values are told
    apart as a dict's keys are: ``build`` must say ``1`` and ``1.0`` alike (a
    distance is passed as :func:`.units.inches` says it, never ``12.0``)."""
    by_language: defaultdict[str, dict[tuple[Any, ...], T]] = defaultdict(dict)

    def said(*values: Any) -> T:
        made = by_language[language()]
        try:
            return made[values]
        except KeyError:
            if len(made) >= KEPT:
                made.clear()
            words = made[values] = build(*values)
            return words

    said.__doc__ = build.__doc__
    return said


# The statuses of a model (and of a unit), least to most severe, and of the weapon.
STATUSES = (N_("unharmed"), N_("wounded"), N_("stunned"), N_("killed"))
WEAPON_STATUSES = (N_("ok"),)

# The step kinds of the shooting sequence (core words pool, hit and wound itself;
# they are said here too: the pool step is the score a die must not pass, and the
# texts use hit and wound).
STEP_KINDS = (
    N_("pool"),
    N_("declaration"),
    N_("weapon"),
    N_("target"),
    N_("range"),
    N_("reaction check"),
    N_("reaction"),
    N_("hit"),
    N_("wound"),
    N_("return fire"),
    N_("casualties"),
    N_("ammo"),
)

# The state keys the hooks write (shooter, targets, weapon).
STATE_KEYS = (N_("name"), N_("status"), N_("wounds left"), N_("models"), N_("rounds left"))

# The scenario's fields: shooter (and its models), weapon, targets (their models,
# reactors and weapons), settings.
FIELDS = (
    N_("name"),
    N_("shooting"),
    N_("attacks"),
    N_("body"),
    N_("wounds"),
    N_("stealth"),
    N_("protection"),
    N_("durability"),
    N_("partly hidden"),
    N_("models"),
    N_("targets"),
    N_("damage"),
    N_("shots"),
    N_("range"),
    N_("weapon"),
    N_("distance"),
    N_("sees shooter"),
    N_("can reach"),
    N_("alert"),
    N_("reaction"),
    N_("reactor"),
    N_("agility"),
    N_("die"),
    N_("catastrophic failure"),
    N_("above die"),
    N_("comparative ties"),
    N_("dodge"),
)

# The choices of those fields: the reactions, and the settings' readings.
CHOICES = (
    N_("none"),
    N_("dodge"),
    N_("return fire"),
    N_("charge"),
    N_("top face"),
    N_("never"),
    N_("always succeeds"),
    N_("top face lucky"),
    N_("cancel"),
    N_("attacker"),
    N_("defender"),
    N_("agility test"),
    N_("plain test"),
)

# The fire modes.
MODES = (N_("single"),)
