"""What hooks must return, checked where the engine receives it.

msgspec Structs do not validate their fields when a hook constructs them, so a
``Step(value="1")`` or a ``target_state`` that is a list would otherwise travel on
and break a later hook of another plugin, which would then be blamed. These checks
name the plugin that returned the bad value instead. They are a handful of
``isinstance`` calls per step: cheap enough for the odds interpreter's many runs.
What needs the whole chain (that it encodes as JSON, that every status is declared)
is checked once per chain where a chain leaves for a front end (:func:`chain_problem`,
:func:`blame`), never inside the engine's loop.
"""

from __future__ import annotations

from typing import Any, get_args

import msgspec

from .errors import PluginFailed
from .models import Action, Chain, Modifier, Roll, Ruleset, Step, Variant
from .state import ChainState

_OPTIONAL_INT = (int, type(None))
_OPTIONAL_NUMBER = (int, float, type(None))
_OPTIONAL_STR = (str, type(None))

#: Step fields and the types they may hold (lists and dicts are checked further).
STEP_FIELDS: tuple[tuple[str, tuple[type, ...], str], ...] = (
    ("kind", (str,), "str"),
    ("value", _OPTIONAL_NUMBER, "int, float or None"),
    ("text", (str,), "str"),
    ("target", _OPTIONAL_STR, "str or None"),
    ("source", (str,), "str"),
)
STATE_FIELDS = ("target_state", "shooter_state", "weapon_state", "attack_state", "data")


def _fail(plugin: str, hook: str, detail: str) -> PluginFailed:
    return PluginFailed(plugin, hook, detail)


def _is_state(value: Any) -> bool:
    return isinstance(value, dict)


#: The largest whole number, either way, that a chain may hold: JSON readers (a
#: browser's JavaScript among them) keep whole numbers exactly up to 2**53, and the
#: digits of a much longer one cannot even be written out (Python refuses to write an
#: int of more than 4,300 digits), so the chain could not be shown.
MAX_WHOLE = 2**53


def number_problem(value: Any) -> tuple[str, str] | None:
    """What is wrong with a number a chain is to hold, or None: a float that is not
    finite (JSON has no NaN or infinity, and writes them as null) or a whole number
    past :data:`MAX_WHOLE`. The words are (what it is, what to return instead)."""
    if isinstance(value, float):
        if value - value == 0.0:  # nan and inf give nan
            return None
        return repr(value), "JSON has no nan or inf (it would write null): return a finite number"
    if isinstance(value, int) and not -MAX_WHOLE <= value <= MAX_WHOLE:
        return (f"a whole number of {value.bit_length()} bits",
                "return one from -2**53 to 2**53, the whole numbers JSON readers keep exactly")
    return None


def _plain_str(value: Any) -> Any:
    """A ``str`` subclass's text as a plain ``str`` (a ``StrEnum`` member works as its
    text; a subclass whose ``__eq__`` or ``__hash__`` raises must not fail a later
    comparison, blamed on gunline or on another plugin); anything else as it is."""
    return str.__str__(value) if isinstance(value, str) and type(value) is not str else value


def check_modifier(mod: Modifier, plugin: str, hook: str) -> Modifier:
    """``mod`` if its fields have their types, a copy with plain ``str`` text if they
    are ``str`` subclasses; else :class:`PluginFailed`."""
    label, value = mod.label, mod.value
    if not isinstance(label, str) or not isinstance(value, int):
        got = f"Modifier({label!r}, value={value!r})"
        raise _fail(plugin, hook, f"returned {got}; expected a str label and an int value")
    wrong = number_problem(value)
    if wrong is not None:
        raise _fail(plugin, hook, f"returned a modifier {label[:60]!r} whose value is {wrong[0]}; {wrong[1]}")
    if type(label) is not str or type(mod.source) is not str:
        source = _plain_str(mod.source) if isinstance(mod.source, str) else ""
        return Modifier(label=_plain_str(label), value=value, source=source)
    return mod


def _plain_state(value: Any) -> bool:
    """Fast yes for the usual state field (None or a plain dict); ``False`` means
    "look closer", not "wrong"."""
    return value is None or type(value) is dict


def _plain_step(step: Step) -> bool:
    """Fast yes for a step whose fields all have their plain types (the usual case);
    ``False`` sends it through the full check, which names what is wrong, if anything.
    Runs on every step of every chain, so it avoids generators and getattr."""
    return plain_steps(step) is not None


#: The most steps one hook call may return, and the most modifiers: far beyond any
#: rule (a 60-bullet burst makes a few steps a target), and low enough that a plugin
#: looping by mistake is named at once instead of filling memory and the terminal.
MAX_STEPS = 10_000
MAX_MODIFIERS = 1_000


def plain_steps(result: Any) -> list[Step] | None:
    """A hook's Step or list of Steps as a list, if every step and field has its
    plain type (the usual case): the engine's fast path, one loop of ``type`` checks
    per chain step. ``None`` means "look closer" (the engine then runs the full
    checks, which name what is wrong, if anything), never "wrong" by itself."""
    if type(result) is Step:
        steps = [result]
    elif type(result) is list and len(result) <= MAX_STEPS:
        steps = result
    else:
        return None
    for step in steps:
        if type(step) is not Step:
            return None
        value, target = step.value, step.target
        if (
            type(step.kind) is not str or type(step.text) is not str or type(step.source) is not str
            or (target is not None and type(target) is not str)
        ):
            return None
        if value is not None:
            if type(value) is int:
                if not -MAX_WHOLE <= value <= MAX_WHOLE:
                    return None
            elif type(value) is not float or value - value != 0.0:  # nan and inf: not 0.0
                return None
        state = step.target_state
        if state is not None and type(state) is not dict:
            return None
        state = step.shooter_state
        if state is not None and type(state) is not dict:
            return None
        state = step.weapon_state
        if state is not None and type(state) is not dict:
            return None
        state = step.attack_state
        if state is not None and type(state) is not dict:
            return None
        state = step.data
        if state is not None and type(state) is not dict:
            return None
        rolls, mods = step.rolls, step.modifiers
        if type(rolls) is not list or type(mods) is not list:
            return None
        for roll in rolls:
            if type(roll) is not Roll:
                return None
        for mod in mods:
            if (type(mod) is not Modifier or type(mod.label) is not str or type(mod.value) is not int
                    or not -MAX_WHOLE <= mod.value <= MAX_WHOLE or type(mod.source) is not str or not mod.source):
                return None
    return steps


def check_step(step: Step, plugin: str, hook: str) -> None:
    """Raise :class:`PluginFailed` if a field of ``step`` has the wrong type."""
    if _plain_step(step):
        return
    for name, types, expected in STEP_FIELDS:
        value = getattr(step, name)
        if not isinstance(value, types):
            raise _fail(plugin, hook, f"returned a step whose {name} is {type(value).__name__}, expected {expected}")
        if isinstance(value, str) and type(value) is not str:
            setattr(step, name, _plain_str(value))
    wrong = number_problem(step.value)
    if wrong is not None:
        raise _fail(plugin, hook, f"returned a {step.kind} step whose value is {wrong[0]}; {wrong[1]}")
    for name in STATE_FIELDS:
        value = getattr(step, name)
        if value is not None and not _is_state(value):
            raise _fail(
                plugin, hook, f"returned a {step.kind} step whose {name} is {type(value).__name__}, expected a dict"
            )
    if not isinstance(step.rolls, list) or not all(isinstance(r, Roll) for r in step.rolls):
        raise _fail(plugin, hook, f"returned a {step.kind} step whose rolls are not a list of gunline.Roll")
    if not isinstance(step.modifiers, list) or not all(isinstance(m, Modifier) for m in step.modifiers):
        raise _fail(plugin, hook, f"returned a {step.kind} step whose modifiers are not a list of gunline.Modifier")
    step.modifiers = [check_modifier(mod, plugin, hook) for mod in step.modifiers]


def check_state(state: ChainState, plugin: str, hook: str) -> None:
    """A start state whose parts are dicts (targets: a dict of dicts)."""
    targets = state.targets
    if type(state.shooter) is dict and type(state.weapon) is dict and type(targets) is dict:
        for value in targets.values():
            if type(value) is not dict:
                break
        else:
            return
    for name in ("shooter", "weapon"):
        value = getattr(state, name)
        if not _is_state(value):
            raise _fail(plugin, hook, f"returned a state whose {name} is {type(value).__name__}, expected a dict")
    if not isinstance(state.targets, dict):
        raise _fail(plugin, hook, f"returned a state whose targets are {type(state.targets).__name__}, expected a dict")
    for name, value in state.targets.items():
        if not _is_state(value):
            raise _fail(
                plugin, hook, f"returned a state whose target {name!r} is {type(value).__name__}, expected a dict"
            )


def _is_struct_type(value: Any) -> bool:
    return isinstance(value, type) and issubclass(value, msgspec.Struct)


#: The letters and digits of a ruleset's, a variant's or an action's name.
NAME_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


def hyphen_words(name: str) -> bool:
    """Whether ``name`` is words of lower-case ASCII letters and digits joined by single
    hyphens (``necromunda``, ``steady-aim``, ``clear-jam``): no look-alike (a Cyrillic
    а, a capital, a trailing space or newline) passes for another plugin's name.
    Checked with str methods rather than a regular expression, which every command
    would compile at start for the few names its plugins declare."""
    return all(word and NAME_CHARACTERS.issuperset(word) for word in name.split("-"))


def action_name(name: object) -> bool:
    """An action's name: :func:`hyphen_words`, the first a letter (it is typed on a
    command line: ``gunline act clear-jam``)."""
    return isinstance(name, str) and hyphen_words(name) and not name[0].isdigit()

ACTION_PARTIES = ("target", "shooter", "weapon")


def check_actions(decl: Ruleset | Variant) -> None:
    """Refuse actions core could not offer (``TypeError`` with what is wrong)."""
    what = f"{'ruleset' if isinstance(decl, Ruleset) else 'variant'} {decl.name!r}"
    if not isinstance(decl.actions, dict):
        raise TypeError(f"{what}: actions is {type(decl.actions).__name__}, expected a dict of name -> gunline.Action")
    for name, action in decl.actions.items():
        if not action_name(name):
            raise TypeError(
                f"{what}: action name {name!r}; expected lowercase words joined by hyphens, e.g. 'clear-jam'"
            )
        if not isinstance(action, Action):
            raise TypeError(f"{what}: action {name!r} is {type(action).__name__}, expected gunline.Action")
        if action.applies_to not in ACTION_PARTIES:
            raise TypeError(
                f"{what}: action {name!r} applies to {action.applies_to!r}; expected one of {', '.join(ACTION_PARTIES)}"
            )


def check_declaration(decl: Ruleset | Variant) -> None:
    """Refuse a declaration core could not use (``TypeError`` with what is wrong)."""
    if not isinstance(decl.name, str) or not decl.name.strip():
        raise TypeError(f"declares the name {decl.name!r}; expected a non-empty str")
    parts = decl.name.split(".")
    if len(parts) > (2 if isinstance(decl, Variant) else 1) or not all(map(hyphen_words, parts)):
        shape = "'ruleset.variant' or a bare name" if isinstance(decl, Variant) else "one word"
        raise TypeError(
            f"declares the name {decl.name!r}; a name is {shape} of lower-case ASCII letters, digits and "
            "hyphens (as 'necromunda' or 'necromunda.d6-ammo-roll'), so that no name can pass for another"
        )
    check_actions(decl)
    if not isinstance(decl, Ruleset):
        return
    for part in ("shooter", "weapon", "target"):
        struct = getattr(decl, part)
        if not _is_struct_type(struct):
            raise TypeError(f"ruleset {decl.name!r}: {part} is {struct!r}, expected a msgspec.Struct class")
    # the encoded names, not msgspec.structs.fields(), which resolves every field's
    # type: a tenth of a command's start, at every start, for one name
    if "name" not in getattr(decl.target, "__struct_encode_fields__", ()):
        raise TypeError(f"ruleset {decl.name!r}: its target Struct needs a 'name' field")
    if decl.settings is not None and not _is_struct_type(decl.settings):
        raise TypeError(
            f"ruleset {decl.name!r}: settings is {decl.settings!r}, expected a msgspec.Struct class or None"
        )
    for part in ("modes", "statuses", "weapon_statuses"):
        value = getattr(decl, part)
        if not isinstance(value, (tuple, list)) or not value or not all(isinstance(v, str) for v in value):
            raise TypeError(f"ruleset {decl.name!r}: {part} is {value!r}, expected a non-empty tuple of str")
    if not isinstance(decl.catalogue, dict) or not all(
        isinstance(k, str) and isinstance(v, dict) for k, v in decl.catalogue.items()
    ):
        raise TypeError(f"ruleset {decl.name!r}: catalogue must map weapon names to dicts of fields")


# -- a whole chain, once, where it leaves the engine --------------------------------
#
# What the per-step checks above leave out, because it would cost every step of every
# chain the odds replay: that the chain can be written as JSON and read back as the
# chain models say (a ``data`` dict holding an object, a Roll whose values are not
# ints), and that every status is one the ruleset declares. The front ends' single
# chains are checked once, whole (:func:`chain_problem`); only when that finds
# something is the attack resolved again hook by hook (:func:`blame`), which names
# the plugin and the hook that returned it: hooks are pure, so the same dice give the
# same results again.

_chain_encoder = msgspec.json.Encoder()
_chain_decoder = msgspec.json.Decoder(Chain)
_steps_decoder = msgspec.json.Decoder(list[Step])
_STATUS_FIELDS = (("target_state", "statuses"), ("shooter_state", "statuses"), ("weapon_state", "weapon_statuses"))


def _undeclared(state: Any, vocabulary: tuple[str, ...]) -> Any:
    """The status in ``state`` that ``vocabulary`` lacks, or ``_FINE``."""
    if type(state) is dict and "status" in state:
        status = state["status"]
        if status not in vocabulary:
            return status
    return _FINE


_FINE = object()


def status_problem(steps: list[Step], ruleset: Ruleset) -> str | None:
    """A status some step sets that the ruleset does not declare."""
    for step in steps:
        for field, part in _STATUS_FIELDS:
            bad = _undeclared(getattr(step, field), getattr(ruleset, part))
            if bad is not _FINE:
                return (
                    f"returned a {step.kind} step whose {field} has status {bad!r}, which the ruleset "
                    f"{ruleset.name!r} does not declare (Ruleset.{part}: {', '.join(getattr(ruleset, part))})"
                )
    return None


#: Values with nothing inside them to look at (:func:`_unwritable`); a number is
#: looked at for what JSON cannot carry.
_LEAVES = frozenset({str, bool, type(None)})


#: For each Struct class, its fields that may hold a set (:func:`_open_fields`).
_OPEN: dict[type, tuple[str, ...]] = {}


def _open_fields(cls: type) -> tuple[str, ...]:
    """The fields of the Struct ``cls`` whose type lets them hold anything (``Any``
    somewhere in it, or a Struct with such a field): only there can a set reach the
    encoder unrefused, since a typed field holding one does not read back. Found once
    per class, from its annotations: a Roll's faces or a Modifier are not walked."""
    found = _OPEN.get(cls)
    if found is None:
        found = _OPEN[cls] = ()  # a Struct holding its own kind: not open on its own account
        found = _OPEN[cls] = tuple(f.name for f in msgspec.structs.fields(cls) if _holds_any(f.type))
    return found


def _holds_any(annotation: Any) -> bool:
    if annotation is Any:
        return True
    if isinstance(annotation, type) and issubclass(annotation, msgspec.Struct):
        return bool(_open_fields(annotation))
    return any(_holds_any(arg) for arg in get_args(annotation))


def _unwritable(value: Any, path: str = "", depth: int = 0) -> str | None:
    """What in ``value`` JSON cannot carry as it is, in words naming where
    (``[2].data['seen']``), or None: a set, which JSON writes as a list in the order
    of the set (for strings that order changes with every interpreter's hash seed, so
    a seeded chain would not read the same twice), or a number
    :func:`number_problem` refuses (a nan that JSON writes as null, so the chain read
    back is not the chain). (Past a depth no chain has, the encoder says what is
    wrong: a dict holding itself.) Every front end's chain goes through here: a leaf
    is passed over by its type alone, and a place is written out only on the way down
    to a container or to a number."""
    kind = type(value)
    if kind in _LEAVES or depth > 64:
        return None
    if kind is int or kind is float:
        wrong = number_problem(value)
        return None if wrong is None else f"returned {wrong[0]} in {path or 'it'}; {wrong[1]}"
    if kind is set or kind is frozenset or isinstance(value, (set, frozenset)):
        return (f"returned a set ({path or 'it'}), which JSON writes as a list in no fixed order; "
                "use a sorted list")
    if kind is dict:
        items: Any = value.items()
    elif kind is list or kind is tuple:
        items = enumerate(value)
    elif isinstance(value, msgspec.Struct):
        for key in _open_fields(kind):
            item = getattr(value, key)
            held = type(item)
            # a number JSON carries is passed over here, as a leaf is: no call, no path
            if held not in _LEAVES and not (held is int and -MAX_WHOLE <= item <= MAX_WHOLE
                                            or held is float and item - item == 0.0):
                found = _unwritable(item, f"{path}.{key}" if path else key, depth + 1)
                if found is not None:
                    return found
        return None
    elif isinstance(value, (int, float)):
        wrong = number_problem(value)
        return None if wrong is None else f"returned {wrong[0]} in {path or 'it'}; {wrong[1]}"
    else:
        return None
    for key, item in items:
        held = type(item)
        if held not in _LEAVES and not (held is int and -MAX_WHOLE <= item <= MAX_WHOLE
                                        or held is float and item - item == 0.0):
            found = _unwritable(item, f"{path}[{key!r}]", depth + 1)
            if found is not None:
                return found
    return None


def json_problem(value: Any, decoder: msgspec.json.Decoder[Any]) -> str | None:
    """Why ``value`` cannot be written as JSON and read back as its model, or None."""
    unwritable = _unwritable(value)
    if unwritable is not None:
        return unwritable
    try:
        data = _chain_encoder.encode(value)
    except (TypeError, ValueError, OverflowError, RecursionError, msgspec.EncodeError) as exc:
        return f"returned what cannot be written as JSON ({exc}); keep steps to str, int, float, bool, list and dict"
    try:
        decoder.decode(data)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        return f"returned a value of the wrong type ({exc})"
    return None


def chain_problem(chain: Chain, ruleset: Ruleset) -> str | None:
    """What is wrong with a whole chain (one pass; ``None``, the usual answer)."""
    found = status_problem(chain.steps, ruleset)
    if found is not None:
        return found
    for name, state in chain.targets.items():
        bad = _undeclared(state, ruleset.statuses)
        if bad is not _FINE:
            return f"left target {name!r} with status {bad!r}, which the ruleset {ruleset.name!r} does not declare"
    for what, state, part in (("shooter", chain.shooter, "statuses"), ("weapon", chain.weapon, "weapon_statuses")):
        bad = _undeclared(state, getattr(ruleset, part))
        if bad is not _FINE:
            return (
                f"left the {what} with status {bad!r}, which the ruleset {ruleset.name!r} "
                f"does not declare (Ruleset.{part})"
            )
    return json_problem(chain, _chain_decoder)


def earlier_fault(stack: Any, failed: PluginFailed, again: Any) -> PluginFailed:
    """The fault to report when resolving raised ``failed``: a hook that crashed may
    only have tripped over what an earlier hook returned (a status the ruleset does
    not declare, a value of the wrong kind), and then the earlier hook is the one to
    name. The attack is resolved again by ``again(stack)`` (same dice) through a stack
    that checks each hook's result as it comes; the first fault it finds is the one
    reported, ``failed`` when it finds no other."""
    try:
        again(_Inspecting(stack))
    except PluginFailed as exc:
        # the same plugin and hook: the first report said it in its own words
        return failed if (exc.plugin, exc.hook) == (failed.plugin, failed.hook) else exc
    except Exception:  # anything else on the way: the first report stands
        pass
    return failed


class _Inspecting:
    """A rules stack that checks each hook's result as it comes (the slow path of
    :func:`blame`); everything else is the stack's own."""

    def __init__(self, stack: Any) -> None:
        self._stack = stack
        self.name = stack.name
        self.variants = stack.variants
        self.ruleset = stack.ruleset

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stack, name)

    def _check(self, hook: str, result: Any, plugin: str) -> None:
        if result is None:
            return
        steps = [result] if isinstance(result, Step) else result if isinstance(result, list) else None
        if steps is not None and all(isinstance(s, Step) for s in steps):
            problem = status_problem(steps, self.ruleset) or json_problem(steps, _steps_decoder)
        elif isinstance(result, ChainState):
            fake = Step(kind="start", shooter_state=result.shooter, weapon_state=result.weapon)
            targets = [Step(kind="start", target_state=s) for s in result.targets.values()]
            problem = status_problem([fake, *targets], self.ruleset) or json_problem(
                [fake, *targets], _steps_decoder
            )
        else:
            return  # the engine's own checks name results of the wrong shape
        if problem is not None:
            raise PluginFailed(plugin or self.ruleset.name, hook, problem)

    def first(self, hook: str, **kwargs: Any) -> tuple[Any, str]:
        result, plugin = self._stack.first(hook, **kwargs)
        self._check(hook, result, plugin)
        return result, plugin

    def each(self, hook: str, **kwargs: Any) -> list[tuple[Any, str]]:
        results: list[tuple[Any, str]] = self._stack.each(hook, **kwargs)
        for result, plugin in results:
            self._check(hook, result, plugin)
        return results


def blame(stack: Any, problem: str, chain: Chain, again: Any) -> PluginFailed:
    """The :class:`PluginFailed` for a chain :func:`chain_problem` found wrong: the
    attack is resolved again by ``again(stack)`` (same attack, same dice) through a
    stack that checks every hook's result, which raises naming the plugin and the
    hook. If the second run finds nothing (a plugin that is not pure), the step's
    source is named."""
    try:
        again(_Inspecting(stack))
    except PluginFailed as exc:
        return exc
    except Exception:  # anything else on the way: fall back to the step's source
        pass
    culprit = next((s.source for s in reversed(chain.steps) if s.source), stack.ruleset.name)
    return PluginFailed(culprit, "a hook", f"{problem} (resolving it again gave no such result: is the plugin pure?)")
