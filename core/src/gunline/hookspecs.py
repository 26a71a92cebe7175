"""The hooks a gunline plugin implements: the whole public contract for plugin authors.

A plugin is a module (or object) registered under the entry-point group ``gunline``.
It implements some of these hooks, each marked with :data:`gunline.hookimpl`::

    from gunline import hookimpl, Modifier

    @hookimpl
    def modify_pool(attack, target):
        if target.prone:
            return [Modifier(label="prone", value=-2)]

Implementations may take fewer arguments than the spec lists (pluggy passes only the
names they ask for). Hooks must be pure: every die comes from the ``dice`` argument,
nothing outside the return value is changed, the arguments are read, never mutated.
The engine relies on it to replay dice, enumerate odds and swap variants.

The engine calls the hooks for one attack in this order::

    start_state                     state of shooter, weapon and targets before it
                                    (then overlaid with an encounter's saved state)
    check_attack                    refuse an impossible attack before any die
    begin_attack                    attack-level steps (shots, declarations, reactions)
    for each target, in scenario order:
        modify_pool   (all plugins) modifiers to this target's roll
        build_pool                  the pool step: what the hit roll is made against
        resolve_hit                 the hit step(s)
        resolve_wound               the wound step(s), when the hit step scored
    spend_ammo                      the attack's ammo step
    describe_outcome                one line per target for the players

Between attacks, an action the ruleset declares (``Ruleset.actions``: a recovery
roll, a jam cleared, a new turn) is resolved on its own::

    start_state                     as for an attack (then overlaid with the encounter's)
    check_action                    refuse it before any die
    resolve_action                  its steps

Hooks marked *first result* stop at the first implementation that returns something
other than ``None``; a variant is registered after its base ruleset, so its
implementation is asked first and overrides the base by returning a result, or
defers to it by returning ``None``. ``modify_pool``, ``check_attack`` and
``check_action`` collect from every plugin.
"""

from __future__ import annotations

from typing import Any

import pluggy

from .battlefield import Area, Battlefield
from .dice import Dice
from .models import Attack, Chain, Measure, Modifier, Ruleset, Step, Variant
from .state import ChainState

hookspec = pluggy.HookspecMarker("gunline")


class GunlineSpec:
    """Namespace of the hook specifications (methods take ``self`` as pluggy asks).

    The arguments, as every hook that takes them receives them:

    * ``attack``: the :class:`~gunline.models.Attack`, the scenario validated into
      the ruleset's own Structs (``attack.shooter``, ``attack.weapon``,
      ``attack.targets``, ``attack.settings``); a ruleset types it with them,
      ``Attack[Shooter, Weapon, Target, Settings]``. Read it, never change it.
    * ``target``: one of ``attack.targets`` (the ruleset's target Struct), the one
      the hook is about.
    * ``state``: the :class:`~gunline.state.ChainState` so far: ``shooter``,
      ``weapon``, ``targets[name]``, ``attack`` (this attack's own facts) as plain
      dicts, and ``steps``. Read wounds, rounds and statuses here, never from the
      scenario Structs (in an encounter they come from earlier attacks). In an
      encounter, ``shooter_as_target`` is the shooter's own state as earlier attacks
      on him left it (his wounds), to be read, never changed.
    * ``dice``: the :class:`~gunline.dice.Dice` to roll with: every die comes from
      it, each roll saying what the rule reads of it (see docs/plugins.md, "Dice").
    * ``action``: the name of an action the ruleset (or an enabled variant) declares
      in ``actions``; ``who``: whom it is about, a target's name for an action that
      ``applies_to`` a target, else the shooter's name.
    """

    # -- what a plugin says about itself -------------------------------------------

    @hookspec(firstresult=True)
    def gunline_ruleset(self) -> Ruleset | None:
        """Declare a ruleset: its name, scenario Structs, fire modes, catalogue.

        Implemented by ruleset plugins only. Called once at load time.

        :returns: the :class:`~gunline.models.Ruleset`.

        Stops at the first non-None result.
        """

    @hookspec(firstresult=True)
    def gunline_variant(self) -> Variant | None:
        """Declare a variant: its name (``<ruleset>.<variant>``, or a bare name for a
        rule-agnostic plugin) and the ruleset it changes.

        Implemented by variant plugins only. Called once at load time.

        :returns: the :class:`~gunline.models.Variant`.

        Stops at the first non-None result.
        """

    # -- the map ---------------------------------------------------------------------

    @hookspec(firstresult=True)
    def measure(self, document: dict[str, Any], battlefield: Battlefield) -> list[Measure] | None:
        """Read the scenario's fields off its map, before the scenario is validated.

        Called only for a scenario with a ``[map]`` (of the kind ``Ruleset.map``
        declares). The ruleset says what the geometry means for its rules: a
        target's distance, its range band, whether it stands in a burst's band or
        within a yard of another target, how it lies under a template, whether it
        sees the shooter. Core sets each used measure's field in the document
        (``targets[1].distance``, the targets indexed as the file lists them), then
        orders the targets by a used ``targets`` measure (a list of names), and the
        chain lists them all (``Chain.geometry``, indexed as the chain lists the
        targets).

        :param document: the scenario as written (a dict; read it, never change it).
            It is not yet validated: any value may be missing or of the wrong type
            (a hostile or mistyped file), so check a value's type before using it
            and measure nothing from one you cannot read; validation, after this
            hook, names the field to the GM.
            A field the GM typed wins over the map: return its measure with
            ``used=False`` and ``typed`` set, so the chain says both.
        :param battlefield: the :class:`~gunline.battlefield.Battlefield`: where each
            model stands, facing, walls, and the geometry of the map's kind.
        :returns: a list of :class:`~gunline.models.Measure`.

        Stops at the first non-None result.
        """

    @hookspec(firstresult=True)
    def map_areas(self, attack: Attack, chain: Chain | None) -> list[Area] | None:
        """What to shade on the map the app and ``gunline map`` draw.

        Called only for an attack on a map. Drawing only: the rules never read it.

        :param attack: the attack (``attack.map`` is its
            :class:`~gunline.battlefield.Battlefield`).
        :param chain: the chain resolved on it, or None before any die (the areas
            the attack would cover if it went where it is aimed: a template on the
            first target, a burst's band).
        :returns: a list of :class:`~gunline.battlefield.Area`: a template's
            circle, the band along a hex line of fire, where a scattered blast came
            down (``mark=True``), each with a label for the legend.

        Stops at the first non-None result.
        """

    # -- before any die ------------------------------------------------------------

    @hookspec
    def check_attack(self, attack: Attack, state: ChainState) -> list[str] | str | None:
        """Say why this attack cannot be made, before any die is rolled.

        :param attack: the attack.
        :param state: the state the attack starts from (rounds left in the weapon,
            whether it is broken), which may come from an encounter's earlier attacks
            rather than from the scenario file.
        :returns: one message or a list of messages, each saying what is wrong and
            what would work; any message refuses the attack (exit code 2). ``None``
            (or ``[]``) allows it. Each message starts with the path of the field it
            is about and ": ", as scenario validation names a field
            (``"targets: 4 targets: use a long burst"``, ``"mode: ..."``,
            ``"targets[2].shots: ..."``): the file's keys, the targets indexed as
            ``attack.targets`` lists them; a whole table or target (``weapon``,
            ``shooter``, ``targets[2]``) for what is about it as a whole (its state
            in an encounter). The app shows the message under that field. A message
            with no path is still accepted (shown over the form). See
            docs/plugins.md, "check_attack".

        Collected from every plugin.
        """

    @hookspec(firstresult=True)
    def start_state(self, attack: Attack) -> ChainState | None:
        """The state before the attack.

        Only the ruleset usually implements it. Without it the engine starts every
        target at the ruleset's first status and the weapon at its first weapon
        status. When the attack is part of an encounter, the engine overlays the
        saved state on this one (same target names).

        :param attack: the attack.
        :returns: a :class:`~gunline.state.ChainState` with ``shooter``, ``weapon`` and
            one dict per target (each with at least ``status``).

        Stops at the first non-None result.
        """

    @hookspec(firstresult=True)
    def begin_attack(self, attack: Attack, state: ChainState, dice: Dice) -> list[Step] | None:
        """The attack-level steps that come before any target's roll: a
        sustained-fire shot count, a declaration, a reaction.

        :param attack: the attack.
        :param state: the state the attack starts from.
        :param dice: the dice.
        :returns: steps; what later hooks need of them goes in a step's
            ``attack_state`` (merged into ``state.attack``).

        Stops at the first non-None result.
        """

    # -- per target ------------------------------------------------------------------

    @hookspec
    def modify_pool(self, attack: Attack, target: Any, state: ChainState) -> list[Modifier] | Modifier | None:
        """The modifiers this plugin applies to ``target``'s roll.

        This is where a house rule adds a +1. The ruleset's own modifiers (range,
        cover, armour ...) come through here too, so the chain can show each one with
        the plugin that gave it.

        :param attack: the attack.
        :param target: the target being shot at.
        :param state: the state so far.
        :returns: a :class:`~gunline.models.Modifier` or a list of them (``source``
            is filled in with the plugin's name when left empty), or ``None``.

        Collected from **every** plugin in the stack.
        """

    @hookspec(firstresult=True)
    def build_pool(
        self, attack: Attack, target: Any, modifiers: list[Modifier], state: ChainState
    ) -> Step | list[Step] | None:
        """Turn the collected modifiers into the target's ``pool`` step.

        :param attack: the attack.
        :param target: the target being shot at.
        :param modifiers: every plugin's ``modify_pool`` results, in stack order.
        :param state: the state so far.
        :returns: the ``pool`` step (last, after any steps of the ruleset's own
            kinds): its ``value`` is what the hit roll is made against in the game's
            terms (dice in a pool, the D6 score needed, a percent chance), its
            ``text`` says so in words ("needs 5+ to hit"), and its ``modifiers`` are
            shown with the chain.

        Stops at the first non-None result.
        """

    @hookspec(firstresult=True)
    def resolve_hit(
        self, attack: Attack, target: Any, pool: Step, state: ChainState, dice: Dice
    ) -> Step | list[Step] | None:
        """Roll to hit ``target`` against its ``pool`` step.

        :param attack: the attack.
        :param target: the target being shot at.
        :param pool: the target's ``pool`` step, from :meth:`build_pool`.
        :param state: the state so far.
        :param dice: the dice.
        :returns: the ``hit`` step, whose ``value`` is the number of hits scored (0
            for a miss), optionally with further steps of the ruleset's own kinds
            before or after it (``scatter``). A step may set ``target_state``
            (pinning on a hit).

        Stops at the first non-None result.
        """

    @hookspec(firstresult=True)
    def resolve_wound(
        self, attack: Attack, target: Any, hit: Step, state: ChainState, dice: Dice
    ) -> Step | list[Step] | None:
        """Resolve what the hits on ``target`` do. Called only when the ``hit`` step
        scored.

        :param attack: the attack.
        :param target: the target that was hit.
        :param hit: the target's ``hit`` step, from :meth:`resolve_hit`.
        :param state: the state so far.
        :param dice: the dice.
        :returns: the ``wound`` step, whose ``value`` is the wounds or damage points
            that got through, and any further steps (``save``, ``injury``); its
            ``target_state`` holds the target's new status and wounds.

        Stops at the first non-None result.
        """

    @hookspec(firstresult=True)
    def spend_ammo(self, attack: Attack, state: ChainState, dice: Dice) -> Step | list[Step] | None:
        """The attack's ``ammo`` step, once per attack, after every target.

        :param attack: the attack.
        :param state: the state after every target: ``state.attack`` holds what the
            targets' steps left for it (Necromunda: the ammo rolls its to-hit 6s made
            due), ``state.steps`` everything rolled so far.
        :param dice: the dice.
        :returns: the ``ammo`` step: rounds spent (``value``; 0 or ``None`` where the
            game counts none) and ``weapon_state`` (``rounds_left``, ``status``).

        Stops at the first non-None result.
        """

    @hookspec(firstresult=True)
    def describe_outcome(self, attack: Attack, target: Any, state: ChainState) -> str | None:
        """The one line to read out to the players about ``target`` after the attack
        ("Farrow takes 3 lethal"). Optional: without it the engine writes hits,
        damage through and status.

        :param attack: the attack.
        :param target: the target.
        :param state: the state after the attack.
        :returns: the line.

        Stops at the first non-None result.
        """

    # -- between attacks -------------------------------------------------------------

    @hookspec(firstresult=True)
    def reload_weapon(self, attack: Attack, state: ChainState) -> dict[str, Any] | None:
        """The weapon's state after the shooter spends an action reloading it, used by
        encounters between attacks.

        :param attack: the attack whose weapon is reloaded.
        :param state: the encounter's state.
        :returns: the weapon's new state (``rounds_left`` back to a full clip or
            magazine), or ``None`` where the game has no reloading (the weapon's state
            stays as it is).

        Stops at the first non-None result.
        """

    @hookspec
    def check_action(self, action: str, who: str, attack: Attack, state: ChainState) -> list[str] | str | None:
        """Say why ``action`` cannot be taken for ``who`` now, before any die.

        :param action: the action's name (one the stack declares; core has checked it).
        :param who: whom it is about: one of ``attack.targets`` by name for an action
            that applies to a target, else the shooter's name.
        :param attack: the scenario the action's fighters and weapon come from (their
            stats: an Initiative, a weapon's clip).
        :param state: the state it starts from, as for an attack: the scenario's,
            overlaid with the encounter's saved state.
        :returns: one message or a list of messages, each saying what is wrong and what
            would work ("Bo is pinned, not down: the recovery roll is for down
            fighters"); any refuses the action (exit code 2). ``None`` allows it.

        Collected from every plugin.
        """

    @hookspec(firstresult=True)
    def resolve_action(
        self, action: str, who: str, attack: Attack, state: ChainState, dice: Dice
    ) -> Step | list[Step] | None:
        """Resolve ``action`` for ``who``: roll what it rolls, change what it changes.

        Pure, as every hook: its dice come from ``dice``, its changes go in its steps'
        ``target_state`` (an action on a target: a step with no ``target`` is about
        ``who``), ``shooter_state`` and ``weapon_state``, which core merges and an
        encounter commits (undo reverts them). Its odds are computed as an attack's:
        over every outcome of every die it asks for.

        :param action: the action's name (declared in ``Ruleset.actions`` or an
            enabled variant's ``Variant.actions``).
        :param who: whom it is about (see :meth:`check_action`).
        :param attack: the scenario the fighters and the weapon come from.
        :param state: the state it starts from; ``state.targets[who]`` for an action
            on a target, ``state.shooter`` and ``state.weapon`` otherwise.
        :param dice: the dice.
        :returns: the action's steps, of the ruleset's own kinds (``recovery``,
            ``clear``), each with its ``text`` and ``rolls``; ``None`` for an action
            this plugin does not resolve (a variant defers to its ruleset).

        Stops at the first non-None result.
        """


#: Hooks a ruleset must implement so that an attack can be resolved at all.
REQUIRED_RULESET_HOOKS = ("gunline_ruleset", "build_pool", "resolve_hit", "spend_ammo")
