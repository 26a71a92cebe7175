"""The scenario vocabulary of samurai shooting: what a GM writes in a file.

Characteristics are the game's own: «Умение стрелять» (``shooting``), «Атаки»
(``attacks``), «Сила тела» (``body``), wounds, «Скрытность» (``stealth``),
«Начеку» (``alert``), and the armour's «Защита» (``protection``) and «Прочность»
(``durability``). A test is one die against one characteristic, so most of them
live on the die's scale; they may run above it, because Body + Damage can
(the ``above_die`` setting says what that means).

A target may be a single model or a unit (``models``); its declared ``reaction`` is
carried out by the target itself, or by a ``reactor``: another model that sees the
shooter and reacts in its place (the seed's bushido master guarding his general).

The annotations are evaluated when the module is imported (no ``from __future__
import annotations``): msgspec then reads types, where it would evaluate each string
anew the first time a scenario is read, at every command's start.
"""

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from gunline import Attack
from gunline.language import N_

#: The characteristics, with the bounds a scenario file is checked against.
Shooting = Annotated[int, Meta(ge=0, le=20, description=N_("«Умение стрелять» (Shooting): a die at or under it hits"))]
Attacks = Annotated[int, Meta(
    ge=1, le=20, description=N_("«Атаки» (Attacks): shots fired unless the weapon says otherwise")
)]
Body = Annotated[int, Meta(ge=0, le=20, description=N_("«Сила тела» (Body Strength), for wound tests"))]
Wounds = Annotated[int, Meta(ge=1, le=20, description=N_("wounds; losing the last one Stuns the model"))]
Stealth = Annotated[int, Meta(ge=0, le=10, description=N_("«Скрытность» (Stealth): neutralises a target's Alert"))]
Alert = Annotated[int, Meta(ge=0, le=10, description=N_("«Начеку» (Alert): the right to react to shots"))]
Protection = Annotated[int, Meta(
    ge=0, le=20, description=N_("armour's «Защита» (Protection): a test on it puts the hit on the armour")
)]
Durability = Annotated[int, Meta(
    ge=0, le=20, description=N_("armour's «Прочность» (Durability): added to Body when the armour takes the hit")
)]
Damage = Annotated[int, Meta(
    ge=0, le=10, description=N_("«Урон» (Damage): added to the shooter's Body in wound tests")
)]
Shots = Annotated[int, Meta(ge=1, le=20, description=N_("shots per attack, overriding the model's Attacks"))]
Aimed = Annotated[int, Meta(ge=1, le=20, description=N_("shots of the shooter aimed at this target"))]
Agility = Annotated[int, Meta(
    ge=0, le=20, description=N_("«Ловкость» (Agility): a dodge is a test on it (unless the shots stay plain tests)")
)]
Inches = Annotated[int, Meta(ge=0, le=1000, description=N_("inches"))]
#: A distance between two models: whole inches as a GM measures, or a fraction as a
#: map measures (see :mod:`.measuring`).
Distance = Annotated[float, Meta(ge=0, le=1000, description=N_("inches"))]
SeesShooter = Annotated[bool, Meta(description=N_(
    "whether this model sees the shooter (it faces it, in line of sight), as the GM sets it: a target that "
    "sees the shooter may react; one that does not may react only if its Alert overcomes the shooter's Stealth"
))]

#: The reactions of the seed: «Уклонение», «Ответная стрельба», «Нападение».
Reaction = Literal["none", "dodge", "return_fire", "charge"]


TargetNames = Annotated[list[str], Meta(description=N_(
    "the targets this model's shots go to, by name: one name takes all its shots, several take one shot each "
    "(a name twice for two); unset, all its shots go to the only target"
))]


def named(name: str) -> None:
    """Refuse a model's blank name (``name: ...``, as a ``__post_init__`` names its
    field): the chain, the state and the encounter know each model by its name, as
    core knows each target by its own."""
    from .messages import _

    if not name.strip():
        raise ValueError("name: " + _("expected a non-empty name: the chain reports each model by it"))


class ShootingModel(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One model of a shooting unit. Unset characteristics are the unit's (the
    ``shooter``'s own). ``targets`` names where its shots go: each model picks its
    own target [SEED]. List the unit's models nearest the targets first: return fire
    that beats the unit wounds the models that shot at the reacting target first,
    nearest first, then the rest."""

    name: Annotated[str, msgspec.Meta(title=N_("Model"), description=N_("a model of the shooting unit, by name"))]
    shooting: Annotated[Shooting | None, msgspec.Meta(
        title=N_("Shooting"),
        description=N_("its own «Умение стрелять» (unset: the unit's)"),
    )] = None
    attacks: Annotated[Attacks | None, msgspec.Meta(
        title=N_("Attacks"),
        description=N_("its own «Атаки» (unset: the unit's)"),
    )] = None
    body: Annotated[Body | None, msgspec.Meta(
        title=N_("Body"),
        description=N_("its own «Сила тела» (unset: the unit's)"),
    )] = None
    wounds: Annotated[Wounds | None, msgspec.Meta(
        title=N_("Wounds"),
        description=N_("its own wounds (unset: the unit's)"),
    )] = None
    protection: Annotated[Protection | None, msgspec.Meta(
        title=N_("Protection"),
        description=N_("its armour's «Защита» (unset: the unit's)"),
    )] = None
    durability: Annotated[Durability | None, msgspec.Meta(
        title=N_("Durability"),
        description=N_("its armour's «Прочность» (unset: the unit's)"),
    )] = None
    targets: Annotated[TargetNames, msgspec.Meta(title=N_("Its targets"))] = []

    def __post_init__(self) -> None:
        named(self.name)


class Shooter(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The model that shoots, or a unit (``models``): all the models of a unit shoot
    at once, each at targets of its own, in one attack [SEED]. It may be hurt by
    return fire, so it carries the characteristics a wound test reads (``body``,
    ``wounds``, its armour), and ``partly_hidden`` when models returning fire see
    only part of it."""

    name: Annotated[str, msgspec.Meta(title=N_("Shooter"), description=N_("the model (or unit) that shoots, by name"))]
    shooting: Annotated[Shooting, msgspec.Meta(title=N_("Shooting"))]
    attacks: Annotated[Attacks, msgspec.Meta(title=N_("Attacks"))] = 1
    body: Annotated[Body, msgspec.Meta(title=N_("Body"))] = 3
    wounds: Annotated[Wounds, msgspec.Meta(title=N_("Wounds"))] = 1
    stealth: Annotated[Stealth, msgspec.Meta(title=N_("Stealth"))] = 0
    protection: Annotated[Protection, msgspec.Meta(title=N_("Protection"))] = 0
    durability: Annotated[Durability, msgspec.Meta(title=N_("Durability"))] = 0
    partly_hidden: Annotated[bool, msgspec.Meta(
        title=N_("Partly hidden"),
        description=N_("models returning fire see only part of it: −2 to their tests"),
    )] = False
    models: Annotated[list[ShootingModel], msgspec.Meta(
        title=N_("Unit's models"),
        description=N_(
            "a shooting unit's models, nearest the targets first; each shoots the unit's weapon at targets of its own"
        ),
    )] = []


class Weapon(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The shooter's missile weapon. ``shots`` overrides the shooter's Attacks where
    the weapon says so (the yumi fires only one); ``range`` in inches, when the
    book gives one, refuses targets beyond it."""

    name: Annotated[str, msgspec.Meta(
        title=N_("Weapon"),
        description=N_("a weapon of the catalogue (yumi, teppo ...), or a custom one with its damage"),
    )]
    damage: Annotated[Damage, msgspec.Meta(title=N_("Damage"))]
    shots: Annotated[Shots | None, msgspec.Meta(title=N_("Shots"))] = None
    range: Annotated[Inches | None, msgspec.Meta(
        title=N_("Range"),
        description=N_("inches: targets beyond it are refused"),
    )] = None


class WeaponRef(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A weapon carried by a model that may return fire: a catalogue name, with any
    field given inline overriding it (a custom weapon gives ``damage``). Checked
    when the file is read, so the error names the field."""

    name: Annotated[str, msgspec.Meta(
        title=N_("Weapon"),
        description=N_("the weapon it returns fire with: a catalogue name"),
    )] = ""
    damage: Annotated[Damage | None, msgspec.Meta(title=N_("Damage"))] = None
    shots: Annotated[Shots | None, msgspec.Meta(title=N_("Shots"))] = None
    range: Annotated[Inches | None, msgspec.Meta(
        title=N_("Range"),
        description=N_("inches: the shooter must be within it to return fire"),
    )] = None

    def __post_init__(self) -> None:
        from .catalogue import CATALOGUE, profile
        from .messages import _

        if profile(self) is None:
            raise ValueError(_("expected a catalogue weapon ({weapons}) or its damage",
                               weapons=", ".join(sorted(CATALOGUE))))


class Reactor(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A model other than the target that reacts in its place. It needs to see the
    shooter (``sees_shooter``); to return fire it needs a ``weapon`` and the shooter
    within that weapon's range (``distance``, when both are known)."""

    name: Annotated[str, msgspec.Meta(
        title=N_("Reacting model"),
        description=N_("the model that reacts in the target's place (the bushido master guarding his general)"),
    )]
    shooting: Annotated[Shooting, msgspec.Meta(title=N_("Shooting"))] = 0
    attacks: Annotated[Attacks, msgspec.Meta(title=N_("Attacks"))] = 1
    body: Annotated[Body, msgspec.Meta(title=N_("Body"))] = 3
    weapon: Annotated[WeaponRef | None, msgspec.Meta(
        title=N_("Its weapon"),
        description=N_("the weapon it returns fire with"),
    )] = None
    distance: Annotated[Distance | None, msgspec.Meta(
        title=N_("Distance"),
        description=N_("inches from the shooter: within its weapon's range to return fire"),
    )] = None
    sees_shooter: Annotated[bool, msgspec.Meta(
        title=N_("Sees the shooter"),
        description=N_("it must see the shooter to react in the target's place"),
    )] = True
    can_reach: Annotated[bool, msgspec.Meta(
        title=N_("Can reach the shooter"),
        description=N_("a charge reaches the shooter (the GM measures)"),
    )] = True

    def __post_init__(self) -> None:
        named(self.name)


class UnitModel(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One model of a unit. Unset characteristics are the unit's own; ``distance``
    from the shooter orders who takes wounds first."""

    name: Annotated[str, msgspec.Meta(title=N_("Model"), description=N_("a model of the unit shot at, by name"))]
    distance: Annotated[Distance, msgspec.Meta(
        title=N_("Distance"),
        description=N_("inches from the shooter: the nearest take the wounds first"),
    )]
    body: Annotated[Body | None, msgspec.Meta(
        title=N_("Body"),
        description=N_("its own «Сила тела» (unset: the unit's)"),
    )] = None
    wounds: Annotated[Wounds | None, msgspec.Meta(
        title=N_("Wounds"),
        description=N_("its own wounds (unset: the unit's)"),
    )] = None
    protection: Annotated[Protection | None, msgspec.Meta(
        title=N_("Protection"),
        description=N_("its armour's «Защита» (unset: the unit's)"),
    )] = None
    durability: Annotated[Durability | None, msgspec.Meta(
        title=N_("Durability"),
        description=N_("its armour's «Прочность» (unset: the unit's)"),
    )] = None
    shooting: Annotated[Shooting | None, msgspec.Meta(
        title=N_("Shooting"),
        description=N_("its own «Умение стрелять», for returning fire (unset: the unit's)"),
    )] = None
    attacks: Annotated[Attacks | None, msgspec.Meta(
        title=N_("Attacks"),
        description=N_("its own «Атаки» (unset: the unit's)"),
    )] = None
    sees_shooter: Annotated[bool, msgspec.Meta(
        title=N_("Sees the shooter"),
        description=N_("this model sees the shooter, so it can return fire"),
    )] = True

    def __post_init__(self) -> None:
        named(self.name)


class Target(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A model, or a unit (``models``), shot at.

    ``shots`` is how many of the shooter's shots go at it (all of them when it is the
    only target, else one). ``reaction`` is the reaction declared against those shots;
    ``reactor`` the model that carries it out instead of the target. ``sees_shooter``
    (the GM's call: facing, line of sight) lets the target react whatever its Alert;
    unset, it does not see the shooter (the seed's general, back turned) and its Alert
    against the shooter's Stealth decides. For a unit it is the unit's: units act
    together, and each model's own ``sees_shooter`` says whether it can fire. ``shooting``,
    ``attacks`` and ``weapon`` are for returning fire; ``agility`` for a dodge (a test
    on it, unless the shots stay plain tests); ``can_reach`` says whether a charge reaches the
    shooter (movement is outside the shooting rules: the GM measures).
    """

    name: Annotated[str, msgspec.Meta(title=N_("Target"), description=N_("the model or unit shot at, by name"))]
    body: Annotated[Body, msgspec.Meta(title=N_("Body"))] = 3
    wounds: Annotated[Wounds, msgspec.Meta(title=N_("Wounds"))] = 1
    protection: Annotated[Protection, msgspec.Meta(title=N_("Protection"))] = 0
    durability: Annotated[Durability, msgspec.Meta(title=N_("Durability"))] = 0
    alert: Annotated[Alert, msgspec.Meta(title=N_("Alert"))] = 0
    sees_shooter: Annotated[SeesShooter, msgspec.Meta(title=N_("Sees the shooter"))] = False
    partly_hidden: Annotated[bool, msgspec.Meta(
        title=N_("Partly hidden"),
        description=N_("the shooter sees only part of it: −2 to hit"),
    )] = False
    distance: Annotated[Distance | None, msgspec.Meta(
        title=N_("Distance"),
        description=N_("inches from the shooter: within the weapon's range, and who reacts"),
    )] = None
    shots: Annotated[Aimed | None, msgspec.Meta(title=N_("Shots at it"))] = None
    reaction: Annotated[Reaction, msgspec.Meta(
        title=N_("Reaction"),
        description=N_(
            "declared against the shots: «Уклонение» dodge, «Ответная стрельба» return fire, «Нападение» charge"
        ),
    )] = "none"
    reactor: Annotated[Reactor | None, msgspec.Meta(
        title=N_("Reacting in its place"),
        description=N_("another model that sees the shooter and reacts instead of the target"),
    )] = None
    shooting: Annotated[Shooting, msgspec.Meta(
        title=N_("Shooting"),
        description=N_("«Умение стрелять», for returning fire"),
    )] = 0
    attacks: Annotated[Attacks, msgspec.Meta(title=N_("Attacks"), description=N_("«Атаки», for returning fire"))] = 1
    weapon: Annotated[WeaponRef | None, msgspec.Meta(
        title=N_("Its weapon"),
        description=N_("the weapon it returns fire with"),
    )] = None
    agility: Annotated[Agility | None, msgspec.Meta(title=N_("Agility"))] = None
    can_reach: Annotated[bool, msgspec.Meta(
        title=N_("Can reach the shooter"),
        description=N_("a charge reaches the shooter (the GM measures)"),
    )] = True
    models: Annotated[list[UnitModel], msgspec.Meta(
        title=N_("Unit's models"),
        description=N_("a unit's models, each with its distance: wounds go to the nearest first"),
    )] = []


# cache_hash: the rules keep what they build under a Settings (every roll looks it up)
class Settings(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, frozen=True, cache_hash=True):
    """The parts of the dice rule that the seed does not state and that were
    inferred from its worked example; a GM who owns the book sets them as top-level
    keys of a scenario. Frozen: a value, from which the rules build what they read
    of each die.

    * ``die``: sides of the test die (a d10).
    * ``catastrophic_failure``: «Катастрофический Провал» on the top face of the die
      when the characteristic is below it (``top_face``), or ``never``.
    * ``above_die``: a characteristic above the die always succeeds and cannot roll a
      Lucky Chance (``always_succeeds``), or succeeds with the top face a Lucky
      Chance (``top_face_lucky``).
    * ``comparative_ties``: two successes showing the same face ``cancel``, or go to
      the ``attacker`` (the shooter; the wounding side) or the ``defender``.
    * ``dodge``: the dodge section is missing from the seed; by default a dodge is a
      test (``agility_test``): each shot a comparative test of the shooter's skill
      against the target's ``agility``, whose wins only save it; ``plain_test``
      leaves the shots plain tests. Unset, the rules in play decide (the
      ``samurai.plain-dodge`` variant takes ``plain_test``).
    """

    die: Annotated[int, msgspec.Meta(
        ge=4, le=20, title=N_("Test die"),
        description=N_("sides of the die a test rolls (the game's d10)"),
    )] = 10
    catastrophic_failure: Annotated[Literal["top_face", "never"], msgspec.Meta(
        title=N_("Catastrophic Failure"),
        description=N_("«Катастрофический Провал» on the top face when the characteristic is below it, or never"),
    )] = "top_face"
    above_die: Annotated[Literal["always_succeeds", "top_face_lucky"], msgspec.Meta(
        title=N_("Above the die"),
        description=N_("a characteristic above the die always succeeds, or succeeds with the top face a Lucky Chance"),
    )] = "always_succeeds"
    comparative_ties: Annotated[Literal["cancel", "attacker", "defender"], msgspec.Meta(
        title=N_("Comparative ties"),
        description=N_("two successes on the same face cancel, or go to the attacker or the defender"),
    )] = "cancel"
    dodge: Annotated[Literal["agility_test", "plain_test"] | None, msgspec.Meta(
        title=N_("Dodge"),
        description=N_(
            "how a dodge is resolved: a test on the target's agility, or plain hit tests; unset, as the variants in "
            "play say (a test on agility by default)"
        ),
    )] = None


DEFAULT_SETTINGS = Settings()

#: An attack as the samurai hooks receive it.
SamuraiAttack = Attack[Shooter, Weapon, Target, Settings]


def settings_of(attack: SamuraiAttack) -> Settings:
    """The attack's settings (the defaults when it was built without any)."""
    return attack.settings if isinstance(attack.settings, Settings) else DEFAULT_SETTINGS
