"""The data that flows through gunline: what a ruleset declares, what a scenario holds,
and the chain an attack resolves into.

Every model is a msgspec Struct so that one declaration gives validation (scenario
files, plugin return values), JSON encoding (``resolve --json``) and, in the TUI,
generated forms. Models that leave a hook are frozen: hooks describe what happened,
they never change what they were given.

The annotations are evaluated when the module is imported (no ``from __future__
import annotations``): msgspec reads the types as they are, instead of evaluating
each string the first time a Struct is decoded, at every command's start.
"""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

import msgspec

from .battlefield import Battlefield

#: Version of the hook contract. A plugin states the version it was written for in
#: its :class:`Ruleset` or :class:`Variant`; core refuses plugins written for a newer
#: contract with a message that says so.
HOOKSPEC_VERSION = 2

#: Version of the JSON that ``resolve --json`` and ``act --json`` print (the
#: ``schema_version`` of every chain), described by docs/schemas/chain.schema.json.
#: Bump it when a field changes meaning or goes away; a new field alone keeps it.
CHAIN_SCHEMA_VERSION = 1


class Modifier(msgspec.Struct, frozen=True, kw_only=True):
    """One term that moves a pool or a target number.

    ``value`` is in the game's own sense (Necromunda: a to-hit modifier, where −1
    makes the shot harder; WoD: dice added or removed). ``source`` is the plugin that
    contributed it; the engine fills it in when a hook leaves it empty.
    """

    label: str
    value: int
    source: str = ""


class Roll(msgspec.Struct, frozen=True, kw_only=True):
    """Dice that were rolled, as the chain shows them.

    ``dice`` is the notation (``1d6``, ``2d6``, ``7d10``), ``values`` every face in
    the order rolled (rerolls included), ``need`` what the roll needed in words a GM
    reads (``5+``, ``≤45``, ``8+, 10-again``). ``total`` is the number the rule uses:
    the face of a single die, the sum of a sum, the successes of a pool.
    ``manual`` marks faces typed in by the GM rather than rolled by gunline.
    """

    label: str
    dice: str
    values: list[int]
    total: int
    need: str = ""
    manual: bool = False
    chance: bool = False


class Step(msgspec.Struct, kw_only=True):
    """One link of the chain.

    ``kind`` is ``pool``, ``hit``, ``wound``, ``ammo`` or a ruleset's own kind
    (``save``, ``injury``, ``reaction``, ``scatter`` ...). ``value`` is the step's
    headline number (see the README's chain contract). ``target`` names the target
    the step belongs to, or is ``None`` for attack-level steps (ammo, declarations).

    The ``*_state`` fields are how a hook changes the world without side effects: the
    engine merges them, in step order, into the state that later hooks see and that
    the chain reports at the end (``attack_state`` lasts for this attack only).
    """

    kind: str
    #: A whole number almost always; a measure that may fall between (a 2.5" scatter)
    #: is a float.
    value: int | float | None = None
    text: str = ""
    target: str | None = None
    source: str = ""
    rolls: list[Roll] = []
    modifiers: list[Modifier] = []
    target_state: dict[str, Any] | None = None
    shooter_state: dict[str, Any] | None = None
    weapon_state: dict[str, Any] | None = None
    #: Facts the rest of *this attack* reads (bullets still flying down the line of
    #: fire, sustained-fire shots left to place, ammo rolls due); merged into
    #: ``state.attack``, forgotten when the attack ends. See :class:`ChainState`.
    attack_state: dict[str, Any] | None = None
    #: Free-form facts for programs (e.g. ``{"shots": 3}``); shown in the TUI's detail.
    data: dict[str, Any] | None = None


#: A ruleset's own Structs, as its hooks see them in :class:`Attack`. Core, which knows
#: no game, writes plain ``Attack``: each defaults to ``Any`` for a type checker.
if TYPE_CHECKING:
    from typing_extensions import TypeVar as _TypeVar

    ShooterT = _TypeVar("ShooterT", default=Any)
    WeaponT = _TypeVar("WeaponT", default=Any)
    TargetT = _TypeVar("TargetT", default=Any)
    SettingsT = _TypeVar("SettingsT", default=Any)
else:
    ShooterT = TypeVar("ShooterT")
    WeaponT = TypeVar("WeaponT")
    TargetT = TypeVar("TargetT")
    SettingsT = TypeVar("SettingsT")


class Measure(msgspec.Struct, frozen=True, kw_only=True):
    """A value a ruleset read off the scenario's map for one of its fields (see
    :mod:`gunline.battlefield` and the ``measure`` hook): ``targets[0].distance``
    measured at 12.5, ``targets[2].in_area`` true because he stands in the burst's
    band. ``used`` is false where the GM typed the field: what he typed wins, and the
    chain says both. ``path`` ``targets`` with a list of names orders the targets."""

    path: str
    value: Any
    #: Why, in words ("12.5\" on the map", "in the burst's band").
    text: str = ""
    used: bool = True
    #: What the GM typed instead, when ``used`` is false.
    typed: Any = None


class Attack(msgspec.Struct, Generic[ShooterT, WeaponT, TargetT, SettingsT], frozen=True, kw_only=True):
    """A validated scenario: the ruleset's own Structs, ready for the hooks.

    ``weapon`` is already merged with its catalogue entry. ``settings`` holds the
    ruleset's top-level keys other than the common ones (Fallout's ``aim``), as the
    ruleset's ``Settings`` Struct, or ``None`` where it declares none.

    It is generic in the ruleset's Structs, so that a ruleset's hooks see them typed::

        DuelAttack = Attack[Duellist, Pistol, Target, None]

        @hookimpl
        def resolve_hit(attack: DuelAttack, target: Target, pool: Step, dice: Dice) -> Step: ...
    """

    ruleset: str
    variants: tuple[str, ...]
    mode: str
    shooter: ShooterT
    weapon: WeaponT
    targets: tuple[TargetT, ...]
    settings: SettingsT | None = None
    #: Where the models stand, when the scenario has a ``[map]`` (see
    #: :mod:`gunline.battlefield`); hooks may read it (a scatter's new position).
    map: Battlefield | None = None
    #: What the ruleset read off the map for the scenario's fields, used or not.
    measures: tuple[Measure, ...] = ()


class Chain(msgspec.Struct, kw_only=True):
    """A resolved attack: the contract of ``gunline resolve --json``."""

    #: The shape of this JSON (:data:`CHAIN_SCHEMA_VERSION`), first so that a
    #: program reads it before anything else.
    schema_version: int = CHAIN_SCHEMA_VERSION
    ruleset: str
    variants: list[str]
    seed: int | None
    dice: list[int]
    steps: list[Step]
    shooter: dict[str, Any]
    targets: dict[str, dict[str, Any]]
    weapon: dict[str, Any]
    #: One line per target, to be read out to the players.
    outcomes: dict[str, str] = {}
    #: Index into ``dice`` of each face the GM typed in (manual entry).
    manual: list[int] = []
    #: What the ruleset read off the scenario's map, and whether it was used or the
    #: GM's typed value was (empty without a map).
    geometry: list[Measure] = []


class ActionChain(Chain, kw_only=True):
    """A resolved action (a roll or a change between attacks, not an attack): the
    contract of ``gunline act --json``. The chain's fields keep their meaning: ``steps``
    are the action's, ``targets`` holds the one target it was about (empty for an
    action on the shooter or the weapon), ``shooter`` and ``weapon`` the state after it.
    """

    #: The action's name, as the ruleset declares it (``Ruleset.actions``).
    action: str
    #: Whom it was about: a target's name, or the shooter's for an action on the
    #: shooter or the weapon.
    who: str


#: Whose state an action reads and changes (see :class:`Action`).
ActionParty = Literal["target", "shooter", "weapon"]


class Action(msgspec.Struct, frozen=True, kw_only=True):
    """Something the rules let the GM do between attacks that is not an attack: a
    roll that is not an attack roll (a fallen fighter's recovery), or a change of
    state (a jammed weapon cleared, a new turn). A ruleset declares its actions in
    :attr:`Ruleset.actions` (a variant may add its own in :attr:`Variant.actions`),
    keyed by name; the ``resolve_action`` hook resolves them, ``check_action``
    refuses them where the rules do.

    ``applies_to`` says whose state it is about, which is how front ends offer it
    and how core finds the state it starts from: ``target`` (one of a scenario's
    targets, by name: a recovery roll), ``shooter`` (the scenario's shooter: a new
    turn) or ``weapon`` (the shooter's weapon: a jam cleared).
    """

    #: What it does, in the game's words ("a down fighter's recovery roll: 1
    #: pinned, 2-5 stays down, 6 out of action").
    description: str
    applies_to: ActionParty = "target"


class Ruleset(msgspec.Struct, frozen=True, kw_only=True):
    """What a ruleset plugin declares about itself through ``gunline_ruleset``.

    The Structs are the ruleset's scenario vocabulary: core validates scenario files
    against them and the TUI builds its forms from them, so constraints belong in
    their annotations (``Annotated[int, msgspec.Meta(ge=1, le=10)]``).
    """

    name: str
    title: str
    shooter: type
    weapon: type
    target: type
    #: Top-level keys of a scenario beyond the common ones, or None.
    settings: type | None = None
    #: Fire modes in the game's words; the first is the default.
    modes: tuple[str, ...] = ("single",)
    #: Weapon profiles by name: partial dicts of the weapon Struct's fields.
    catalogue: dict[str, dict[str, Any]] = {}
    #: Status vocabulary of targets, first = untouched.
    statuses: tuple[str, ...] = ("unharmed",)
    #: Status vocabulary of weapons, first = usable.
    weapon_statuses: tuple[str, ...] = ("ok",)
    #: Folder of bundled example scenarios, if the distribution ships any.
    examples: str | None = None
    #: The example (a file name in ``examples``) a front end opens on first launch:
    #: the one that shows the ruleset best. None: the first example by name.
    featured: str | None = None
    #: The kind of map a scenario of this ruleset may carry: ``hex`` (a hex grid),
    #: ``inches``, ``yards`` or ``metres`` (a plane); None when it reads no map.
    map: Literal["hex", "inches", "yards", "metres"] | None = None
    description: str = ""
    #: Actions between attacks, by name (lowercase words joined by hyphens, as
    #: ``recovery`` or ``clear-jam``): see :class:`Action`.
    actions: dict[str, Action] = {}
    #: The hook contract the ruleset was written for (``api=2``), always declared: a
    #: plugin that leaves it out is refused with a line saying what to add.
    api: int


class Variant(msgspec.Struct, frozen=True, kw_only=True):
    """What a variant plugin (house rule, edition, optional rule) declares through
    ``gunline_variant``. ``ruleset`` is None for a rule-agnostic plugin, which may be
    enabled under any ruleset."""

    name: str
    ruleset: str | None
    description: str = ""
    #: Actions the variant adds to its ruleset's (see :class:`Action`); its own
    #: ``resolve_action`` resolves them.
    actions: dict[str, Action] = {}
    #: The hook contract the variant was written for, as for :class:`Ruleset`.
    api: int


class PluginInfo(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One entry point as ``gunline plugins`` reports it, loaded or not."""

    name: str
    kind: str  # "ruleset", "variant" or "broken"
    distribution: str = ""
    version: str = ""
    ruleset: str | None = None
    description: str = ""
    hooks: list[str] = []
    #: Actions between attacks it declares (``Ruleset.actions``, ``Variant.actions``).
    actions: list[str] = []
    error: str | None = None
    #: A variant whose ruleset is not loaded (not installed, broken, blocked or in
    #: conflict): it cannot be enabled. Written in JSON only when true.
    ruleset_missing: bool = False


#: Signature of a weapon-catalogue merge, exposed for the TUI.
CatalogueLookup = Callable[[str], dict[str, Any] | None]
