"""This package's words in the GM's language (see gunline.language).

Besides ``_`` and ``_n``, the words core and the app look up in this catalogue by
key (``out_of_action`` -> "out of action", :func:`gunline.language.term`): the
statuses, step kinds, state keys, scenario fields and their choices, the fire mode
and the actions. They are listed here so that the catalogue has them.
"""

from typing import Any

from gunline.language import N_, language, messages_of

_ = messages_of("gunline_necromunda")  # the package's top-level name = the gettext domain
_n = _.n

__all__ = ["N_", "Kept", "_", "_n", "language", "word"]


class Kept(dict[tuple[Any, ...], Any]):
    """Texts made from values, kept by their key (the language first, then the
    values): a chain says the same few things again and again, and finding a text
    again costs less than formatting its message. At most ``LIMIT`` are kept."""

    LIMIT = 4096

    def keep(self, key: tuple[Any, ...], value: Any) -> Any:
        if len(self) >= self.LIMIT:
            self.clear()
        self[key] = value
        return value


def word(key: str) -> str:
    """A key of the data (``out_of_action``, ``small_blast``) in words of the language
    in use: its message is the key with spaces (listed below)."""
    return _(key.replace("_", " "))


# Target statuses (the chain's), and the scenario's word for a fighter on his feet.
STATUSES = (N_("unharmed"), N_("pinned"), N_("down"), N_("out of action"), N_("standing"))
# Weapon statuses.
WEAPON_STATUSES = (N_("ok"), N_("broken"))
# Step kinds: core's own (pool, hit, wound, ammo) and the ruleset's.
KINDS = (
    N_("pool"), N_("hit"), N_("wound"), N_("save"), N_("damage"), N_("injury"), N_("ammo"),
    N_("shots"), N_("scatter"), N_("recovery"),
)
# State keys the hooks write (target_state, shooter_state, weapon_state).
STATE_KEYS = (N_("status"), N_("wounds left"), N_("flesh wounds"), N_("rounds left"), N_("overwatch"))
# Fire modes.
MODES = (N_("single"),)
# Actions between attacks.
ACTIONS = (N_("recovery"), N_("early-recovery"), N_("stand-up"))
# Scenario fields of the shooter, the weapon and the targets (the app's form labels).
FIELDS = (
    N_("name"), N_("bs"), N_("strength"), N_("overwatch"), N_("ran"), N_("in combat"), N_("flesh wounds"),
    N_("ignore nearest"),
    N_("ammo roll"), N_("short range"), N_("long range"), N_("hit short"), N_("hit long"), N_("damage"),
    N_("save mod"), N_("sustained fire"), N_("template"), N_("grenade"), N_("broken"),
    N_("distance"), N_("toughness"), N_("wounds"), N_("save"), N_("armour"), N_("invulnerable"), N_("cover"),
    N_("charging"), N_("size"), N_("status"), N_("ws"), N_("near first"), N_("shots"), N_("in sight only"),
    N_("initiative"), N_("friend near"), N_("under template"), N_("under scatter"),
)
# Choice values of those fields: ammo roll, damage, template, cover, size, status,
# how a fighter lies under a template.
CHOICES = (
    N_("auto"), N_("D3"), N_("D6"),
    N_("none"), N_("small blast"), N_("large blast"), N_("flame"),
    N_("partial"), N_("full"),
    N_("normal"), N_("small"), N_("large"),
    N_("wholly"), N_("partly"),
)
# Armour by name (the seed's list and the 1995 core's), the choices of a target's armour.
ARMOURS = (
    N_("hide"), N_("leather"), N_("scout"), N_("black-shell"), N_("carapace"), N_("front-line"), N_("flak"),
    N_("power"), N_("dreadnought"), N_("mesh"),
)
