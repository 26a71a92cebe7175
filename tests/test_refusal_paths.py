"""The rules' refusals of an attack name the field they are about, as scenario
validation does: ``gunline: FILE: PATH: what is wrong and what would work``, each of
several refusals joined on the one line with its own path.

Every bundled ruleset's ``check_attack`` is asked about many deliberately bad
scenarios (the examples with one field changed, with a state an encounter could
have left) and each message it gives must start with the path of a field the
scenario has."""

from __future__ import annotations

import copy
import re
import tomllib
from pathlib import Path
from typing import Any

import msgspec
import pytest

from gunline import ChainState
from gunline.cli import main
from gunline.engine import refusals, start_state
from gunline.errors import GunlineError
from gunline.plugins import discover
from gunline.scenario import build_attack
from gunline.schema import describe

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
RULESETS = ("wod", "fallout", "samurai", "necromunda")


def _validate(tmp_path: Path, capsys, text: str) -> str:
    """What ``gunline validate`` says of the scenario ``text``, after its ``FILE: ``."""
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    capsys.readouterr()
    assert main(["validate", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith(f"gunline: {path}: ")
    return err[len(f"gunline: {path}: "):-1]


def _example(ruleset: str, name: str) -> str:
    return (EXAMPLES / ruleset / name).read_text(encoding="utf-8")


# -- one exact message per ruleset, through the command line ---------------------------


def test_necromunda_names_the_targets_and_the_shooter_field(tmp_path, capsys):
    text = _example("necromunda", "lasgun-long-range.toml").replace("bs = 3", "bs = 3\nran = true")
    text += '\n[[targets]]\nname = "Orlock"\ndistance = 20\n'
    assert _validate(tmp_path, capsys, text) == (
        "shooter.ran: Vex ran this turn and cannot shoot: he may shoot next turn; "
        "targets: the lasgun shoots one target: list only Goliath (only sustained-fire and template weapons "
        "hit several; mark enemies only in sight in_sight_only = true)"
    )


def test_wod_names_the_targets_and_the_mode(tmp_path, capsys):
    text = _example("wod", "four-targets-long-burst.toml").replace('mode = "long"', 'mode = "medium"')
    assert _validate(tmp_path, capsys, text) == (
        "targets: 4 targets: use a long burst (a medium burst takes at most 3), or drop targets"
    )
    text = _example("wod", "four-targets-long-burst.toml").replace(
        'mode = "long"', 'mode = "short"').split("[[targets]]")[0]
    text = re.sub(r"\[weapon\][^\[]*", '[weapon]\nname = "zip gun"\ndamage = 1\nclip = 6\nranges = \"10/20/40\"\n\n',
                  text)
    text += '[[targets]]\nname = "Farrow"\n'
    assert _validate(tmp_path, capsys, text) == "mode: the zip gun cannot autofire: fire a single shot"


def test_fallout_names_the_mode_field_and_the_rounds_field(tmp_path, capsys):
    text = _example("fallout", "three_bullet_burst.toml").replace('mode = "burst"', 'mode = "single"')
    text = text.replace('name = "Sten Gun"', 'name = "Sten Gun"\nrounds = 99')
    text += '\n[[targets]]\nname = "rat"\ndistance = 3\nhp = 4\n'
    assert _validate(tmp_path, capsys, text) == (
        'targets: a single shot takes one target, 2 given: list one, or use mode = "burst"; '
        "weapon.rounds: 99 is more than the magazine holds (30)"
    )


def test_samurai_names_the_target_out_of_sight(tmp_path, capsys):
    text = _example("samurai", "ninja_on_the_map.toml") + "walls = [[[6, -1], [6, 1]]]\n"
    assert _validate(tmp_path, capsys, text) == (
        "targets[0]: General is out of Ninja's sight on the map: a wall stands between them; "
        "move one of them, or the wall"
    )


# -- every message of every bundled ruleset, over bad scenarios ------------------------

_PATH = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])*): \S")
_PART = re.compile(r"\[(\d+)\]|\.?([^.\[]+)")


def _names(struct: Any) -> dict[str, str]:
    """A Struct's fields by the name the file gives them."""
    return {f.encode_name: f.name for f in msgspec.structs.fields(struct)}


def names_a_field(attack: Any, path: str) -> bool:
    """Whether ``path`` names a field the scenario has (``mode``, a setting, a table,
    a key of one, a target by its index, a key of a target's own table or list)."""
    parts = [(int(i), None) if i else (None, key) for i, key in _PART.findall(path)]
    (_, first), rest = parts[0], parts[1:]
    if first == "mode":
        return not rest
    if first in ("shooter", "weapon", "targets"):
        value: Any = getattr(attack, first)
    elif attack.settings is not None and first in _names(attack.settings):
        value = getattr(attack.settings, _names(attack.settings)[first])
    else:
        return False
    for index, key in rest:
        if index is not None:
            if not isinstance(value, (list, tuple)) or index >= len(value):
                return False
            value = value[index]
        else:
            if not isinstance(value, msgspec.Struct) or key not in _names(value):
                return False
            value = getattr(value, _names(value)[key])
    return True


def _leaves(specs) -> list[Any]:
    out = []
    for spec in specs:
        out += _leaves(spec.children) if spec.kind == "struct" else [spec]
    return out


def _changed(doc: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    new = copy.deepcopy(doc)
    where: Any = new
    keys = [int(i) if i else key for i, key in _PART.findall(path)]
    for key in keys[:-1]:
        where = where.setdefault(key, {}) if isinstance(key, str) else where[key]
    where[keys[-1]] = value
    return new


def _walled(doc: dict[str, Any]) -> dict[str, Any] | None:
    """A scenario on a plane map with a wall across the line from the shooter to each
    target (None for one with no such map)."""
    field = doc.get("map")
    if not isinstance(field, dict) or field.get("kind") == "hex":
        return None
    at = field.get("at", {})
    shooter = at.get(doc["shooter"].get("name"))
    if shooter is None:
        return None
    walls = []
    for target in doc["targets"]:
        for name in [target["name"], *(m["name"] for m in target.get("models", []))]:
            if name in at:
                (x0, y0), (x1, y1) = shooter, at[name]
                mx, my, dx, dy = (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0
                walls.append([[mx - dy, my + dx], [mx + dy, my - dx]])
    return {**doc, "map": {**field, "walls": walls}} if walls else None


def _bad_documents(registry, ruleset: str):
    """The ruleset's examples, each with one field changed (every flag turned, every
    choice made, a number at nought and at a hundred, every fire mode), with more
    targets, and with fewer rounds."""
    rules = registry.rulesets[ruleset].declaration
    for example in sorted((EXAMPLES / ruleset).glob("*.toml")):
        doc = tomllib.loads(example.read_text(encoding="utf-8"))
        yield doc
        walled = _walled(doc)
        if walled is not None:
            yield walled
        for mode in rules.modes:
            yield {**doc, "mode": mode}
            yield {**doc, "mode": mode, "targets": doc["targets"] + [
                {**t, "name": f"{t['name']} {n}"} for n in range(2, 5) for t in doc["targets"][:1]]}
        specs = [*_leaves(describe(rules.shooter, "shooter")), *_leaves(describe(rules.weapon, "weapon"))]
        for i in range(len(doc["targets"])):
            specs += _leaves(describe(rules.target, f"targets[{i}]"))
        if rules.settings is not None:
            specs += _leaves(describe(rules.settings))
        for spec in specs:
            if spec.kind == "bool":
                values: list[Any] = [True, False]
            elif spec.kind == "choice":
                values = list(spec.choices)
            elif spec.kind in ("int", "float"):
                values = [0, 1, 100]
            else:
                continue
            for value in values:
                yield _changed(doc, spec.path, value)


def _states(rules, attack, state: ChainState):
    """The state the scenario starts from, and states an encounter could have left."""
    yield state
    for status in (*rules.weapon_statuses, "jammed", "broken", "dropped"):
        for left in (None, 0, 1):
            yield msgspec.structs.replace(state, weapon={**state.weapon, "status": status, "rounds_left": left})
    for status in rules.statuses:
        yield msgspec.structs.replace(state, shooter={**state.shooter, "status": status},
                                      shooter_as_target={"status": status},
                                      targets={name: {**t, "status": status} for name, t in state.targets.items()})


@pytest.fixture(scope="module")
def registry():
    reg = discover()
    missing = [r for r in RULESETS if r not in reg.rulesets]
    if missing:
        pytest.skip(f"not installed: {', '.join(missing)}")
    return reg


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_refusal_starts_with_the_path_of_a_field_of_the_scenario(registry, ruleset):
    rules = registry.rulesets[ruleset].declaration
    seen: dict[str, str] = {}
    wrong: list[str] = []
    for doc in _bad_documents(registry, ruleset):
        try:
            attack = build_attack(registry, doc, "bad.toml")
        except GunlineError:
            continue  # refused by validation, which names its field already
        stack = registry.stack(attack.ruleset, attack.variants)
        for state in _states(rules, attack, start_state(stack, attack)):
            for message in refusals(stack, attack, state):
                found = _PATH.match(message)
                if found is None or not names_a_field(attack, found.group(1)):
                    wrong.append(message)
                seen.setdefault(re.sub(r"\d+", "N", message.split(": ", 1)[0]), message)
    assert not wrong, "\n".join(sorted(set(wrong))[:20])
    # the bad scenarios reach refusals about many fields, not a lucky few
    assert len(seen) >= 5, seen


@pytest.mark.parametrize(("path", "names"), [
    ("mode", True), ("targets", True), ("targets[0]", True), ("targets[0].shots", True), ("weapon", True),
    ("weapon.long_range", True), ("shooter.ran", True), ("weapon.rounds", False), ("targets[9]", False),
    ("targets[0].bogus", False), ("sustained fire", False), ("mode.x", False), ("Vex", False),
])
def test_a_path_names_a_field_only_when_the_scenario_has_it(registry, path, names):
    doc = tomllib.loads(_example("necromunda", "lasgun-long-range.toml"))
    assert names_a_field(build_attack(registry, doc), path) is names
