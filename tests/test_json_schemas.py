"""The JSON gunline prints carries its schema_version and validates against the
schemas published under docs/schemas/, which are what ``gunline schema`` makes."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import msgspec
import pytest

from gunline import discover
from gunline.cli import main
from gunline.jsonschemas import FIXED, scenario_json, schema_of, schema_text
from gunline.models import CHAIN_SCHEMA_VERSION
from gunline.odds import compute_odds, odds_json
from gunline.runner import chain_json, run, run_action
from gunline.scenario import load_attack

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "docs" / "schemas"
BUNDLED = ("necromunda", "wod", "fallout", "samurai")
EXAMPLES = sorted((ROOT / "examples").glob("*/*.toml"))


@pytest.fixture(scope="module")
def registry():
    return discover()


def validator(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_the_published_schemas_are_what_gunline_makes(registry):
    published = {p.name for p in SCHEMAS.glob("*.schema.json")}
    expected = {f"{n}.schema.json" for n in FIXED} | {f"scenario-{r}.schema.json" for r in BUNDLED}
    assert published == expected
    for name in FIXED:
        assert (SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8") == schema_text(schema_of(name)), name
    for ruleset in BUNDLED:
        made = schema_text(schema_of("scenario", registry.ruleset(ruleset)))
        assert (SCHEMAS / f"scenario-{ruleset}.schema.json").read_text(encoding="utf-8") == made, ruleset


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_example_prints_json_its_schema_accepts(registry, path):
    attack = load_attack(registry, path)
    chain, _ = run(registry, attack, seed=7)
    printed = json.loads(chain_json(chain))
    assert printed["schema_version"] == CHAIN_SCHEMA_VERSION
    assert list(printed)[0] == "schema_version"
    validator("chain").validate(printed)

    odds = json.loads(odds_json(compute_odds(registry, attack, method="exact")))
    assert odds["schema_version"] == 1
    validator("odds").validate(odds)

    scenario = json.loads(scenario_json(attack))
    assert scenario["schema_version"] == 1 and scenario["ruleset"] == attack.ruleset
    validator(f"scenario-{attack.ruleset}").validate(scenario)


def test_a_wrong_chain_is_refused_by_the_schema(registry):
    """The schemas say something: a chain with a step missing its kind fails."""
    attack = load_attack(registry, ROOT / "examples" / "necromunda" / "lasgun-long-range.toml")
    printed = json.loads(chain_json(run(registry, attack, seed=7)[0]))
    del printed["steps"][0]["kind"]
    with pytest.raises(jsonschema.ValidationError, match="kind"):
        validator("chain").validate(printed)
    scenario = json.loads(scenario_json(attack))
    scenario["shooter"]["bs"] = "three"
    with pytest.raises(jsonschema.ValidationError):
        validator("scenario-necromunda").validate(scenario)


def test_an_action_prints_json_its_schema_accepts(registry):
    attack = load_attack(registry, ROOT / "examples" / "necromunda" / "recovery-pinned-and-down.toml")
    down = next(t.name for t in attack.targets if getattr(t, "status", None) == "down")
    chain, _ = run_action(registry, attack, "recovery", down, seed=3)
    printed = msgspec.json.decode(chain_json(chain))
    assert printed["schema_version"] == CHAIN_SCHEMA_VERSION and printed["action"] == "recovery"
    validator("action").validate(printed)


def test_validate_json_and_schema_commands(capsys):
    path = ROOT / "examples" / "wod" / "three-successes.toml"
    assert main(["validate", str(path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    validator("scenario-wod").validate(printed)
    assert main(["schema", "chain"]) == 0
    assert capsys.readouterr().out == (SCHEMAS / "chain.schema.json").read_text(encoding="utf-8")
    assert main(["schema", "scenario"]) == 2
    assert "give --ruleset NAME" in capsys.readouterr().err
