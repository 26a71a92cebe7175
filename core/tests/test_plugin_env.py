"""GUNLINE_LOAD_PLUGINS / GUNLINE_BLOCK_PLUGINS, through the command line: choosing
plugins without uninstalling them, and ``gunline plugins`` saying what is in force."""

import json
import os
import subprocess
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from gunline import cli
from gunline.plugins import ENV_BLOCK, ENV_LOAD

TOY_SOURCE = (Path(__file__).parent / "toy_ruleset.py").read_text()
VARIANT_SOURCE = """
from gunline import Variant, hookimpl

@hookimpl
def gunline_variant():
    return Variant(name="toy.sharp", ruleset="toy", description="sharper eyes", api=2)
"""


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """Two entry points, as if a distribution had installed them."""
    (tmp_path / "gl_env_toy.py").write_text(TOY_SOURCE)
    (tmp_path / "gl_env_sharp.py").write_text(VARIANT_SOURCE)
    monkeypatch.syspath_prepend(str(tmp_path))
    eps = [
        EntryPoint(name="toy", value="gl_env_toy", group="gunline"),
        EntryPoint(name="toy.sharp", value="gl_env_sharp", group="gunline"),
    ]
    monkeypatch.setattr("gunline.entry_points.group", lambda group: eps)
    monkeypatch.delenv(ENV_LOAD, raising=False)
    monkeypatch.delenv(ENV_BLOCK, raising=False)


def plugins(capsys, *args):
    code = cli.main(["plugins", *args])
    out = capsys.readouterr().out
    assert code == 0
    return out


def test_without_variables_everything_loads_and_the_variables_are_named(installed, capsys):
    out = plugins(capsys)
    assert "ruleset  toy" in out and "variant  toy.sharp of toy" in out
    assert "every installed plugin loads; choose with GUNLINE_LOAD_PLUGINS or GUNLINE_BLOCK_PLUGINS" in out
    assert "blocked" not in out


def test_block_hides_one_plugin_and_says_so(installed, capsys, monkeypatch):
    monkeypatch.setenv(ENV_BLOCK, "toy.sharp")
    out = plugins(capsys)
    assert out.splitlines()[0] == "GUNLINE_BLOCK_PLUGINS='toy.sharp' in force: these plugins never load"
    assert "ruleset  toy" in out
    assert "variant  toy.sharp" not in out
    assert "blocked  toy.sharp  (by GUNLINE_BLOCK_PLUGINS)" in out
    data = json.loads(plugins(capsys, "--json"))
    assert [p["name"] for p in data["plugins"]] == ["toy"]
    assert data["blocked"] == ["toy.sharp"] and data["env"] == {ENV_BLOCK: "toy.sharp"}


def test_load_keeps_only_the_names_given(installed, capsys, monkeypatch):
    monkeypatch.setenv(ENV_LOAD, "toy, nowhere")
    out = plugins(capsys)
    assert "GUNLINE_LOAD_PLUGINS='toy, nowhere' in force: only these plugins load" in out
    assert "note: GUNLINE_LOAD_PLUGINS names 'nowhere', which no installed plugin has" in out
    assert "blocked  toy.sharp  (by GUNLINE_LOAD_PLUGINS)" in out
    data = json.loads(plugins(capsys, "--json"))
    assert data["unmatched"] == {ENV_LOAD: ["nowhere"]}


def test_empty_load_list_loads_nothing(installed, capsys, monkeypatch):
    monkeypatch.setenv(ENV_LOAD, "")
    out = plugins(capsys)
    assert "GUNLINE_LOAD_PLUGINS='' in force: no plugin loads" in out
    assert "ruleset  toy" not in out
    assert sorted(json.loads(plugins(capsys, "--json"))["blocked"]) == ["toy", "toy.sharp"]


def test_a_blocked_ruleset_is_not_offered_to_resolve(installed, capsys, monkeypatch, tmp_path):
    scenario = tmp_path / "s.toml"
    scenario.write_text('ruleset = "toy"\n[shooter]\nname = "A"\n[weapon]\nname = "pistol"\n[[targets]]\nname = "B"\n')
    assert cli.main(["resolve", str(scenario), "--seed", "1"]) == 0
    capsys.readouterr()
    monkeypatch.setenv(ENV_BLOCK, "toy")
    assert cli.main(["resolve", str(scenario), "--seed", "1"]) == 2
    assert "ruleset: 'toy' is installed but not loaded: GUNLINE_BLOCK_PLUGINS='toy' keeps it out" in (
        capsys.readouterr().err)


def test_a_distribution_name_blocks_all_its_entry_points():
    """Against the real installed metadata: gunline-wod is a distribution, wod and its
    variants are its entry points."""
    env = {**os.environ, ENV_BLOCK: "Gunline_WoD"}
    env.pop(ENV_LOAD, None)
    out = subprocess.run(
        [sys.executable, "-m", "gunline.cli", "plugins", "--json"], capture_output=True, text=True, env=env, timeout=60
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    wod = [name for name in data["blocked"] if name == "wod" or name.startswith("wod.")]
    assert "wod" in wod and len(wod) >= 2
    assert all(data["blocked_by"][name] == ENV_BLOCK for name in wod)
    assert not any(p["name"] == "wod" or p["name"].startswith("wod.") for p in data["plugins"])
    assert data["unmatched"] == {}
