"""Every bundled example: valid, reproducible under a seed, the chain contract kept,
the scripted results the files' comments promise; and the command line on them."""

import json
from pathlib import Path

import pytest

from gunline import cli
from gunline.runner import chain_json, run

EXAMPLE_NAMES = sorted(p.name for p in (Path(__file__).parents[1] / "src/gunline_fallout/examples").glob("*.toml"))


def test_examples_are_declared_and_linked(fo):
    from gunline_fallout import ruleset

    assert Path(ruleset.gunline_ruleset().examples) == fo.EXAMPLES
    link = Path(__file__).parents[3] / "examples" / "fallout"
    assert link.is_symlink() and link.resolve() == fo.EXAMPLES.resolve()
    assert len(EXAMPLE_NAMES) >= 8


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_example_resolves_reproducibly_and_keeps_the_chain_contract(registry, fo, name):
    attack = fo.attack_of(registry, fo.example(name))
    first, _ = run(registry, attack, seed=42)
    again, _ = run(registry, attack, seed=42)
    assert chain_json(first) == chain_json(again)
    replay, unused = run(registry, attack, faces=first.dice)
    replayed = chain_json(replay).replace(b'"seed":null', b'"seed":42')
    assert replayed.split(b'"manual"')[0] == chain_json(first).split(b'"manual"')[0]
    assert unused == 0
    for target in attack.targets:
        kinds = [s.kind for s in first.steps if s.target == target.name]
        assert kinds[:2] == ["pool", "hit"]
        hit = next(s for s in first.steps if s.kind == "hit" and s.target == target.name)
        assert ("wound" in kinds) == bool(hit.value)
        assert first.targets[target.name]["status"] in ("unharmed", "wounded", "unconscious", "dead")
    assert [s.kind for s in first.steps].count("ammo") == 1


def test_three_bullet_example_scores_two_of_three(registry, fo):
    chain, _ = run(registry, fo.attack_of(registry, fo.example("three_bullet_burst.toml")), faces=[12, 60, 61], seed=1)
    assert next(s for s in chain.steps if s.kind == "hit").value == 2


def test_cli_resolve_json_with_dice(capsys, fo):
    path = fo.EXAMPLES / "aimed_torso.toml"
    code = cli.main(["resolve", str(path), "--dice", "40,5,99", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    chain = json.loads(out)
    assert [s["kind"] for s in chain["steps"]] == ["action_points", "pool", "hit", "wound", "ammo"]
    assert chain["steps"][1]["value"] == 40 and chain["steps"][2]["value"] == 1
    assert chain["targets"]["raider"] == {"status": "wounded", "hp": 11, "conditions": {}}  # 5 + 9 = 14 through
    assert chain["weapon"] == {"rounds_left": 9, "status": "ok", "ammo": None, "condition": 100}


def test_cli_names_the_die_it_needs(capsys, fo):
    code = cli.main(["resolve", str(fo.EXAMPLES / "aimed_torso.toml"), "--dice", "40"])
    _, err = capsys.readouterr()
    assert code == 3 and "raider, damage: 1d10" in err


def test_cli_bad_field_is_one_line_exit_2(capsys, tmp_path, fo):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        (fo.EXAMPLES / "aimed_torso.toml").read_text().replace('lighting = "medium_lit_building"', 'lighting = "dusk"')
    )
    code = cli.main(["resolve", str(bad), "--seed", "1"])
    _, err = capsys.readouterr()
    assert code == 2 and "bad.toml" in err and "lighting" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
