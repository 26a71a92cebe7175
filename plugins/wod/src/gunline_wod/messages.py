"""This package's words in the GM's language (see gunline.language).

Besides the texts the hooks say, the words core and the app look up by key
(:func:`gunline.language.term`: the key with its underscores read as spaces) are
listed here, so that the catalogue has them.
"""

from gunline.language import C_, N_, messages_of

_ = messages_of("gunline_wod")
_n = _.n

# -- what core and the app word by key --------------------------------------------------
#: The targets' statuses (the Health track) and the weapon's.
STATUSES = (N_("unharmed"), N_("injured"), N_("unconscious"), N_("bleeding out"), N_("dead"))
WEAPON_STATUSES = (N_("ok"), N_("empty"), N_("jammed"))
#: Step kinds: core's own, and this ruleset's (the shot at full cover, the jam cleared).
KINDS = (N_("pool"), N_("hit"), N_("wound"), N_("ammo"), N_("cover"), N_("clear"))
#: State keys the hooks write: the Health track, the weapon, the attack's own facts.
STATE_KEYS = (
    N_("status"), N_("name"), N_("lethal"), N_("bashing"), N_("aggravated"), N_("rounds left"),
    N_("dramatic failures"), N_("stray shot"),
)
#: The fire modes (their keys), and the one action between attacks.
MODES = (N_("single"), N_("short"), N_("medium"), N_("long"))
ACTION_NAMES = (N_("clear-jam"),)
#: The scenario's fields (shooter, weapon, target, settings), by name.
FIELDS = (
    N_("name"), N_("dexterity"), N_("firearms"), N_("aiming"), N_("strength"),
    N_("damage"), N_("clip"), N_("rounds"), N_("autofire"), N_("ranges"), N_("again"), N_("jammed"),
    N_("armor piercing"),
    N_("range"), N_("concealment"), N_("armor"), N_("bulletproof"), N_("prone"), N_("bystander"),
    N_("health"), N_("avoided"), N_("grappling"), N_("cover durability"), N_("specified"),
    N_("point blank"), N_("defense"),
    N_("long burst max targets"),
)
#: The fields' choices: range bands (in English the fire modes' words; in Russian a
#: long range is «дальняя», a long burst «длинная») and body parts.
CHOICES = (
    C_("range", "short"), C_("range", "medium"), C_("range", "long"),
    N_("torso"), N_("arm"), N_("leg"), N_("head"), N_("hand"), N_("eye"),
)
