"""The conformance checks, as plain functions that raise :class:`ConformanceError`.

They are what :class:`gunline.testing.RulesetConformance` runs, kept free of pytest
so that a script or another test runner can call them too. Each check states one
promise a ruleset makes to the engine, the journal and the odds interpreter, and
its message says which promise broke and where.
"""

from __future__ import annotations

import copy
import re
import sys
import tomllib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from ..dice import DiceNeeded, RandomDice
from ..engine import resolve
from ..errors import AttackRefused, BadInput
from ..models import Attack, Chain, Ruleset
from ..plugins import Registry
from ..runner import chain_json, run
from ..scenario import COMMON_KEYS, build_attack, catalogue_entry, read_document
from ..state import ChainState


class ConformanceError(AssertionError):
    """A ruleset broke one of the promises the engine relies on."""


def fail(message: str) -> ConformanceError:
    return ConformanceError(message)


_SNAKE = re.compile(r"[a-z0-9]+(?:_[a-z0-9]+)*")


# -- the ruleset's declaration --------------------------------------------------------


def example_files(registry: Registry, ruleset: str) -> list[Path]:
    """The scenario files of ``Ruleset.examples``, sorted by name.

    A relative folder is taken relative to the plugin's module, so a ruleset may
    write ``examples="examples"`` for a folder beside its code.
    """
    decl = registry.ruleset(ruleset)
    if decl.examples is None:
        return []
    folder = Path(decl.examples)
    if not folder.is_absolute():
        plugin = registry.plugins[ruleset].obj
        module = plugin if hasattr(plugin, "__file__") else sys.modules.get(type(plugin).__module__)
        origin = getattr(module, "__file__", None)
        if origin:
            folder = Path(origin).parent / folder
    return sorted(folder.glob("*.toml"))


def check_distribution_loads(registry: Registry, ruleset: str) -> None:
    """Every entry point of the ruleset's distribution loads: a variant it publishes
    that fails to import, declares nothing usable or claims a name under another's
    entry point is listed as broken by ``gunline plugins`` and missing from every
    game, which its author should hear from the tests rather than from a GM."""
    distribution = registry.plugins[ruleset].distribution
    if not distribution:  # registered by the tests themselves (``plugins = {...}``)
        return
    broken = [info for info in registry.broken if info.distribution == distribution]
    if broken:
        listed = "; ".join(f"{info.name}: {info.error}" for info in broken)
        raise ConformanceError(f"{len(broken)} entry point(s) of {distribution} did not load: {listed}")


def check_declaration(registry: Registry, ruleset: str) -> None:
    """Statuses in snake_case, at least one mode, every Struct strict, every catalogue
    entry a whole weapon by its name alone, at least one example."""
    decl = registry.ruleset(ruleset)
    problems = []
    for field, words in (("statuses", decl.statuses), ("weapon_statuses", decl.weapon_statuses)):
        if not words:
            problems.append(f"Ruleset.{field} is empty; give at least the untouched one first")
        for word in words:
            if not _SNAKE.fullmatch(word):
                problems.append(f"Ruleset.{field}: {word!r} is not snake_case (the chain contract)")
    if not decl.modes:
        problems.append("Ruleset.modes is empty; give at least one fire mode (the first is the default)")
    for role in ("shooter", "weapon", "target", "settings"):
        struct = getattr(decl, role)
        if struct is None:
            continue
        for name in _loose_structs(struct):
            problems.append(
                f"Ruleset.{role}: Struct {name} accepts unknown fields; declare it with "
                "forbid_unknown_fields=True so a typo in a scenario is an error"
            )
    for key, entry in decl.catalogue.items():
        try:
            msgspec.convert({"name": key, **{k: v for k, v in entry.items() if k != "name"}}, decl.weapon)
        except msgspec.ValidationError as exc:
            problems.append(f"Ruleset.catalogue[{key!r}] is not a whole weapon profile: {exc}")
    if decl.examples is None:
        problems.append(
            "Ruleset.examples is None; ship example scenarios (one per worked example) and name their folder"
        )
    elif not example_files(registry, ruleset):
        problems.append(f"Ruleset.examples: no *.toml scenario in {decl.examples!r}")
    if decl.actions and "resolve_action" not in registry.plugins[ruleset].hooks:
        problems.append(
            f"Ruleset.actions declares {', '.join(sorted(decl.actions))} but the ruleset does not implement "
            "resolve_action"
        )
    if problems:
        raise fail(f"ruleset {ruleset!r}: " + "; ".join(problems))


def _loose_structs(struct: type, seen: set[type] | None = None) -> list[str]:
    """Names of the Structs reachable from ``struct`` that ignore unknown fields."""
    seen = set() if seen is None else seen
    out: list[str] = []

    def walk(t: msgspec.inspect.Type) -> None:
        if isinstance(t, msgspec.inspect.StructType):
            if t.cls in seen:
                return
            seen.add(t.cls)
            if not t.forbid_unknown_fields:
                out.append(t.cls.__name__)
            for f in t.fields:
                walk(f.type)
        elif isinstance(t, msgspec.inspect.UnionType):
            for sub in t.types:
                walk(sub)
        elif isinstance(t, (msgspec.inspect.ListType, msgspec.inspect.SetType, msgspec.inspect.FrozenSetType,
                            msgspec.inspect.VarTupleType)):
            walk(t.item_type)
        elif isinstance(t, msgspec.inspect.TupleType):
            for sub in t.item_types:
                walk(sub)
        elif isinstance(t, msgspec.inspect.DictType):
            walk(t.value_type)

    walk(msgspec.inspect.type_info(struct))
    return out


# -- one example ----------------------------------------------------------------------


def load_example(registry: Registry, path: Path, variants: Sequence[str] = ()) -> Attack:
    """The example as an Attack with ``variants`` enabled on top of its own.

    A validation error is reported as the example failing to validate.
    """
    try:
        return build_attack(registry, read_document(path), str(path), variants)
    except BadInput as exc:
        raise fail(f"example does not validate: {exc}") from None


def check_chain_contract(chain: Chain, attack: Attack, ruleset: Ruleset) -> None:
    """The chain promises of the JSON contract: a pool and a hit step per target, a
    wound step per hit target, an ammo step, statuses from the ruleset's vocabulary,
    and JSON that decodes back to the same chain."""
    problems = []
    names = [t.name for t in attack.targets]
    for name in names:
        kinds = [s.kind for s in chain.steps if s.target == name]
        for kind in ("pool", "hit"):
            if kind not in kinds:
                problems.append(f"target {name!r} has no {kind} step")
        hits = sum(s.value or 0 for s in chain.steps if s.kind == "hit" and s.target == name)
        if hits and "wound" not in kinds:
            problems.append(f"target {name!r} was hit but has no wound step (resolve_wound returned None)")
        status = chain.targets.get(name, {}).get("status")
        if status not in ruleset.statuses:
            problems.append(
                f"target {name!r} ends with status {status!r}, not one of Ruleset.statuses {ruleset.statuses}"
            )
    strays = sorted({s.target for s in chain.steps if s.target is not None and s.target not in names})
    if strays:
        problems.append(f"steps name targets that are not in the scenario: {strays}")
    if not any(s.kind == "ammo" for s in chain.steps):
        problems.append(
            "the attack has no ammo step (spend_ammo must return one, value 0 or None where no rounds are counted)"
        )
    weapon_status = chain.weapon.get("status")
    if weapon_status not in ruleset.weapon_statuses:
        problems.append(
            f"weapon ends with status {weapon_status!r}, not one of Ruleset.weapon_statuses {ruleset.weapon_statuses}"
        )
    shooter_status = chain.shooter.get("status")
    if shooter_status is not None and shooter_status not in ruleset.statuses:
        problems.append(f"shooter ends with status {shooter_status!r}, not one of Ruleset.statuses {ruleset.statuses}")
    try:
        encoded = chain_json(chain)
    except (TypeError, msgspec.EncodeError) as exc:
        problems.append(
            f"the chain cannot be written as JSON ({exc}); keep state and data to str/int/float/bool/list/dict"
        )
    else:
        if msgspec.json.decode(encoded, type=Chain) != chain:
            problems.append(
                "the chain's JSON does not read back to the same chain (a tuple, set or object in a "
                "*_state or data dict?); keep them to str/int/float/bool/list/dict"
            )
    if problems:
        raise fail("; ".join(problems))


def resolves(registry: Registry, attack: Attack, seeds: Iterable[int]) -> list[Chain]:
    """Resolve ``attack`` under each seed and check each chain's contract."""
    ruleset = registry.ruleset(attack.ruleset)
    chains = []
    for seed in seeds:
        chain, _ = run(registry, attack, seed=seed)
        try:
            check_chain_contract(chain, attack, ruleset)
        except ConformanceError as exc:
            raise fail(f"seed {seed}: {exc}") from None
        chains.append(chain)
    return chains


def check_same_seed_same_chain(registry: Registry, attack: Attack, seeds: Sequence[int]) -> None:
    """Resolving with a seed, then with others, then with the first seed again gives
    the same bytes: nothing but the dice decides the chain."""
    first = [chain_json(run(registry, attack, seed=s)[0]) for s in seeds]
    again = [chain_json(run(registry, attack, seed=s)[0]) for s in reversed(seeds)][::-1]
    for seed, a, b in zip(seeds, first, again, strict=True):
        if a != b:
            raise fail(
                f"seed {seed} gave two different chains:\n  {a.decode()}\n  {b.decode()}\n"
                "every die must come from the dice argument, and no hook may keep state between calls"
            )


def _comparable(chain: Chain) -> Any:
    """A chain without the marks that tell typed faces from rolled ones."""
    data = msgspec.to_builtins(chain)
    data["seed"] = None
    data["manual"] = []
    for step in data["steps"]:
        for roll in step.get("rolls", []):
            roll["manual"] = False
    return data


def check_replay(registry: Registry, attack: Attack, seeds: Sequence[int]) -> None:
    """A chain's ``dice`` given back as scripted dice gives the same chain, uses every
    face, and one face fewer stops with "dice needed" (the journal and ``--dice``
    rely on it)."""
    for seed in seeds:
        chain, _ = run(registry, attack, seed=seed)
        replay, unused = run(registry, attack, faces=chain.dice)
        if _comparable(replay) != _comparable(chain):
            raise fail(
                f"seed {seed}: replaying the dice {chain.dice} gave another chain:\n"
                f"  rolled:   {chain_json(chain).decode()}\n  replayed: {chain_json(replay).decode()}"
            )
        if unused:
            raise fail(f"seed {seed}: replaying {chain.dice} left {unused} dice unused")
        if chain.dice:
            try:
                run(registry, attack, faces=chain.dice[:-1])
            except DiceNeeded:
                pass
            else:
                raise fail(
                    f"seed {seed}: with the last die of {chain.dice} missing the attack still resolved; "
                    "a hook may be catching DiceNeeded (let it through)"
                )


class _Watchful:
    """A rules stack that checks every hook call leaves its arguments as it found them."""

    def __init__(self, stack: Any) -> None:
        self._stack = stack
        self.name = stack.name
        self.variants = stack.variants
        self.ruleset = stack.ruleset

    def _watch(self, call: str, hook: str, kwargs: dict[str, Any]) -> Any:
        before = {k: _snapshot(v) for k, v in kwargs.items() if k != "dice"}
        result = getattr(self._stack, call)(hook, **kwargs)
        changed = [repr(k) for k, value in before.items() if _snapshot(kwargs[k]) != value]
        if changed:
            plugins = ", ".join(p for p, _, _ in self._stack._hooks[hook].impls) or self.name
            raise fail(
                f"{hook} changed its argument {' and '.join(changed)} (implemented by: {plugins}); "
                "hooks read their arguments and return Steps with *_state fields instead"
            )
        return result

    def __getattr__(self, name: str) -> Any:  # anything else the engine asks of a stack
        return getattr(self._stack, name)

    def first(self, hook: str, **kwargs: Any) -> Any:
        return self._watch("first", hook, kwargs)

    def each(self, hook: str, **kwargs: Any) -> Any:
        return self._watch("each", hook, kwargs)


def _snapshot(value: Any) -> Any:
    try:
        return msgspec.to_builtins(value, enc_hook=repr)
    except Exception:  # an object msgspec cannot walk: compare a deep copy
        return copy.deepcopy(value)


def check_no_mutation(registry: Registry, attack: Attack, seeds: Sequence[int]) -> None:
    """No hook changes the attack, a target, the state, the modifiers or a step it is given."""
    stack = registry.stack(attack.ruleset, attack.variants)
    whole = _snapshot(attack)
    for seed in seeds:
        resolve(_Watchful(stack), attack, RandomDice(seed), seed=seed)  # type: ignore[arg-type]
    if _snapshot(attack) != whole:
        raise fail("resolving changed the Attack (its shooter, weapon, targets or settings)")


def check_next_attack_starts_where_the_last_ended(registry: Registry, attack: Attack, seeds: Sequence[int]) -> None:
    """In an encounter the second attack starts from the state the first left (the
    engine overlays it on ``start_state``): rounds spent are taken from the rounds
    left then, not from the scenario file; hooks that read rounds from the weapon
    Struct instead of ``state`` fail here."""
    ruleset = registry.ruleset(attack.ruleset)
    for seed in seeds:
        first, _ = run(registry, attack, seed=seed)
        prior = ChainState(
            shooter=dict(first.shooter),
            weapon=dict(first.weapon),
            targets={name: dict(s) for name, s in first.targets.items()},
        )
        try:
            second, _ = run(registry, attack, seed=seed + 1000, prior=prior)
        except AttackRefused:
            continue  # out of rounds, say: refusing is what the rules should do
        try:
            check_chain_contract(second, attack, ruleset)
        except ConformanceError as exc:
            raise fail(f"seed {seed}, second attack of an encounter: {exc}") from None
        before = first.weapon.get("rounds_left")
        spent = [s.value for s in second.steps if s.kind == "ammo"]
        after = second.weapon.get("rounds_left")
        counted = [v for v in spent if isinstance(v, int)]
        if isinstance(before, int) and isinstance(after, int) and len(counted) == len(spent):
            if after != before - sum(counted):
                raise fail(
                    f"seed {seed}: the second attack of an encounter began with {before} rounds left, spent "
                    f"{sum(counted)} and ended with {after}; read rounds from state.weapon, not from the scenario"
                )


# -- the scenario file format ---------------------------------------------------------


def scenario_document(attack: Attack) -> dict[str, Any]:
    """The attack written back as a scenario document (what a TOML file holds).

    ``None`` values are left out: TOML has no null, so a saved file cannot hold one.
    """

    def plain(value: Any) -> Any:
        data = msgspec.to_builtins(value)
        return _drop_none(data)

    doc: dict[str, Any] = {
        "ruleset": attack.ruleset,
        "variants": list(attack.variants),
        "mode": attack.mode,
        "shooter": plain(attack.shooter),
        "weapon": plain(attack.weapon),
        "targets": [plain(t) for t in attack.targets],
    }
    if attack.settings is not None:
        doc.update(plain(attack.settings))
    if attack.map is not None:
        # what was read off the map goes back as the map, not as typed values (which
        # would then override the map): the file holds what the GM wrote
        doc["map"] = plain(attack.map)
        for m in attack.measures:
            if m.used and m.path != "targets":
                _unset(doc, m.path)
    return doc


def _unset(doc: dict[str, Any], path: str) -> None:
    """Remove the field at ``path`` (``targets[1].distance``) from a document."""
    node: Any = doc
    parts = [int(i) if i else k for k, i in re.findall(r"([^.\[\]]+)|\[(\d+)\]", path)]
    for part in parts[:-1]:
        node = node[part]
    node.pop(parts[-1], None)


def _drop_none(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _drop_none(v) for k, v in data.items() if v is not None}
    if isinstance(data, list):
        return [_drop_none(v) for v in data]
    return data


def check_round_trip(registry: Registry, attack: Attack) -> None:
    """decode → encode → decode gives the same Attack: what the TUI saves is what it loads."""
    doc = scenario_document(attack)
    try:
        again = build_attack(registry, doc, "re-encoded scenario")
    except BadInput as exc:
        raise fail(f"the scenario written back from its Structs does not validate: {exc}\n  document: {doc}") from None
    if again != attack:
        raise fail(
            "the scenario written back from its Structs reads as another attack:\n"
            f"  first:  {msgspec.to_builtins(attack)}\n  second: {msgspec.to_builtins(again)}"
        )
    try:
        from ..tomlwrite import dumps
    except ImportError:  # a core without the TOML writer: the Struct round trip stands
        return
    text = dumps(doc)
    try:
        from_file = build_attack(registry, tomllib.loads(text), "re-written scenario file")
    except (BadInput, tomllib.TOMLDecodeError) as exc:
        raise fail(f"the scenario written as TOML does not read back: {exc}\n{text}") from None
    if from_file != attack:
        raise fail(f"the scenario written as TOML reads as another attack:\n{text}")


#: A key no ruleset has: the probe for unknown fields.
UNKNOWN = "no_such_field_zz"


def _wrong_value(current: Any) -> Any:
    """A value of the wrong type for a field that holds ``current``."""
    return 7 if isinstance(current, dict) else {"wrong": "type"}


def _sections(registry: Registry, doc: dict[str, Any]) -> list[tuple[str, type, dict[str, Any]]]:
    """(path, Struct, table) of each table in ``doc`` that a ruleset Struct validates."""
    decl = registry.ruleset(doc["ruleset"])
    out = [("shooter", decl.shooter, doc["shooter"]), ("weapon", decl.weapon, doc["weapon"])]
    out += [(f"targets[{i}]", decl.target, t) for i, t in enumerate(doc["targets"])][:1]
    return out


def invalid_documents(registry: Registry, doc: dict[str, Any]) -> Iterable[tuple[str, str, dict[str, Any]]]:
    """Mutations of a valid document, each with the field path its error must name and
    what was done: an unknown field in each table, a value of the wrong type in each
    field, each required field left out."""
    decl = registry.ruleset(doc["ruleset"])
    # a field read off the map is not required of the GM
    measured = {m.path for m in build_attack(registry, doc, "example").measures if m.used} if "map" in doc else set()

    def mutated(path: Sequence[Any], value: Any = None, delete: bool = False) -> dict[str, Any]:
        new = copy.deepcopy(doc)
        table = new
        for part in path[:-1]:
            table = table[part]
        if delete:
            table.pop(path[-1], None)
        else:
            table[path[-1]] = value
        return new

    def keys(section: str) -> list[Any]:
        if section.startswith("targets["):
            return ["targets", int(section[8:-1])]
        return [section]

    yield UNKNOWN, "unknown top-level key", mutated([UNKNOWN], 1)
    for section, struct, table in _sections(registry, doc):
        base = keys(section)
        yield f"{section}.{UNKNOWN}", "unknown field", mutated([*base, UNKNOWN], 1)
        for field in msgspec.structs.fields(struct):
            if isinstance(msgspec.inspect.type_info(field.type), msgspec.inspect.AnyType):
                continue
            name = field.encode_name
            current = table.get(name, None if field.required else field.default)
            yield f"{section}.{name}", f"wrong type for {name}", mutated([*base, name], _wrong_value(current))
            if field.required and section != "weapon" and f"{section}.{name}" not in measured:
                yield f"{section}.{name}", f"{name} left out", mutated([*base, name], delete=True)
    if decl.settings is not None:
        for field in msgspec.structs.fields(decl.settings):
            if isinstance(msgspec.inspect.type_info(field.type), msgspec.inspect.AnyType):
                continue
            name = field.encode_name
            current = doc.get(name, None if field.required else field.default)
            yield name, f"wrong type for {name}", mutated([name], _wrong_value(current))


def check_invalid_files(registry: Registry, path: Path) -> None:
    """Every mutation of the example is refused with one line naming the file and the
    field path (never accepted, never a traceback)."""
    doc = read_document(path)
    source = str(path)
    problems = []
    for field_path, what, bad in invalid_documents(registry, doc):
        try:
            build_attack(registry, bad, source)
        except BadInput as exc:
            message = str(exc)
            if not message.startswith(f"{source}: {field_path}"):
                problems.append(f"{what}: the error does not start with '{source}: {field_path}': {message}")
            elif "\n" in message:
                problems.append(f"{what}: the error is more than one line: {message!r}")
        except Exception as exc:  # what a user would see as a traceback
            problems.append(f"{what}: raised {type(exc).__name__}: {exc} instead of a BadInput naming {field_path}")
        else:
            if field_path.split(".")[-1] == UNKNOWN or "wrong type" in what:
                problems.append(
                    f"{what}: the file was accepted; give {field_path} a type msgspec can check "
                    "(and forbid_unknown_fields=True on its Struct)"
                )
            else:
                problems.append(f"{what}: the file was accepted though {field_path} is required")
    if problems:
        raise fail(
            f"{len(problems)} invalid variations of {path.name} were not refused well:\n  " + "\n  ".join(problems)
        )


__all__ = [
    "COMMON_KEYS",
    "ConformanceError",
    "UNKNOWN",
    "catalogue_entry",
    "check_chain_contract",
    "check_declaration",
    "check_invalid_files",
    "check_next_attack_starts_where_the_last_ended",
    "check_no_mutation",
    "check_replay",
    "check_round_trip",
    "check_same_seed_same_chain",
    "example_files",
    "invalid_documents",
    "load_example",
    "resolves",
    "scenario_document",
]
