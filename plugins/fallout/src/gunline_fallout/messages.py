"""This package's words in the GM's language (see gunline.language).

Besides ``_`` and ``_n``, the keys of the data this ruleset declares, written with
spaces, so that the catalogue words them (core and the app read them through
:func:`gunline.language.term`, the chain's texts through :func:`word`)."""

from __future__ import annotations

from gunline.language import N_, messages_of

_ = messages_of("gunline_fallout")
_n = _.n


def word(key: str) -> str:
    """A key of the data in this package's words (``knocked_down``, ``left_arm``,
    ``medium_lit_building``); one it has no word for (an area a scenario names itself)
    with spaces for underscores, as typed."""
    return _.word(key) or key.replace("_", " ")


def condition_word(condition: str) -> str:
    """A condition as the chain shows it: ``crippled_left_arm`` → "crippled left arm",
    the area in this package's words where it has them."""
    said = _.word(condition)
    if said is not None:
        return said
    if condition.startswith("crippled_"):  # an area the scenario names itself
        return _("crippled {area}", area=word(condition[len("crippled_"):]))
    return condition.replace("_", " ")


# Target statuses, least to most severe.
STATUSES = (N_("unharmed"), N_("wounded"), N_("unconscious"), N_("dead"))
# Weapon statuses.
WEAPON_STATUSES = (N_("ok"), N_("empty"), N_("jammed"), N_("dropped"), N_("broken"))
# Fire modes.
MODES = (N_("single"), N_("burst"))
# Step kinds: core's, and this ruleset's own.
KINDS = (
    N_("pool"), N_("hit"), N_("wound"), N_("ammo"),
    N_("action points"), N_("critical failure"), N_("blast"), N_("turn"), N_("conditions"), N_("weapon"),
    N_("clear"), N_("pick up"),
)
# State keys the hooks write (shooter, weapon, targets).
STATE_KEYS = (
    N_("name"), N_("status"), N_("ap left"), N_("hp"), N_("conditions"),
    N_("rounds left"), N_("ammo"), N_("condition"), N_("jam"), N_("jam delay"),
)
# What jammed a weapon (the weapon's ``jam``).
JAMS = (N_("bad ammo"), N_("jam"), N_("worn"))
# Conditions a critical or a critical failure leaves (``crippled_<area>`` is worded
# by :func:`condition_word`).
CONDITIONS = (
    N_("blinded"), N_("knocked down"), N_("unconscious"), N_("death check"), N_("crippled arm"), N_("crippled leg"),
    N_("crippled left arm"), N_("crippled right arm"), N_("crippled left leg"), N_("crippled right leg"),
)
# Areas an aimed shot names, the rows of the aimed tables, and the general table's limbs.
AREAS = (
    N_("head"), N_("eyes"), N_("torso"), N_("groin"), N_("left arm"), N_("right arm"), N_("left leg"),
    N_("right leg"), N_("arms"), N_("legs"), N_("arm"), N_("leg"),
)
# Lighting levels (the choices of ``lighting``).
LIGHTING = (
    N_("sunny"), N_("well lit"), N_("light clouds"), N_("medium clouds"), N_("heavy clouds"), N_("full moon"),
    N_("crescent moon"), N_("medium lit building"), N_("light rain"), N_("light dust"), N_("new moon"),
    N_("medium rain"), N_("medium dust"), N_("bad light indoors"), N_("heavy rain"), N_("heavy dust"),
    N_("downpour"), N_("duststorm"), N_("blizzard"), N_("hurricane"), N_("total darkness"),
)
# The formula's terms (a modifier of another plugin whose label starts with one of
# them, in English or in the language in use, replaces the ruleset's own).
TERMS = (
    N_("range"), N_("armor class"), N_("lighting"), N_("cover"), N_("weapon condition"), N_("worn"),
    N_("strength"), N_("aimed"),
)
# The shooter's fields.
SHOOTER_FIELDS = (
    N_("name"), N_("skill"), N_("perception"), N_("strength"), N_("luck"), N_("agility"), N_("action points"),
    N_("hp"),
)
# The weapon's fields.
WEAPON_FIELDS = (
    N_("name"), N_("damage"), N_("range"), N_("burst"), N_("bursts only"), N_("min strength"), N_("condition"),
    N_("rounds up"), N_("magazine"), N_("rounds"), N_("calibre"), N_("ammo"), N_("ac mod"), N_("dr mod"),
    N_("ignores dt"), N_("damage multiplier"), N_("damage divisor"), N_("wear"), N_("melee"), N_("thrown"),
    N_("ap single"), N_("ap burst"),
)
# A target's fields.
TARGET_FIELDS = (
    N_("name"), N_("distance"), N_("ac"), N_("dt"), N_("dr"), N_("cover"), N_("hp"), N_("in area"), N_("areas"),
)
# The scenario's own settings.
SETTINGS_FIELDS = (
    N_("aim"), N_("lighting"), N_("line of fire"), N_("fire anyway"), N_("strength penalty"),
    N_("crippled arm penalty"), N_("critical failure chance"),
)
# The actions between attacks.
ACTIONS = (N_("new-turn"), N_("turn-passes"), N_("clear-jam"), N_("pick-up-weapon"))
