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


# -- gunline plugins --check: the answer as an exit code ------------------------------


def check(capsys, *args) -> tuple[int, list[str]]:
    """The exit code of ``gunline plugins --check ARGS`` and its problem lines."""
    code = cli.main(["plugins", "--check", *args])
    err = capsys.readouterr().err
    return code, err.splitlines()


def test_check_passes_when_every_plugin_loads_and_names_each_problem_when_not(installed, capsys, monkeypatch):
    assert check(capsys) == (0, [])
    assert check(capsys, "toy", "toy.sharp") == (0, [])
    # kept out by the GM's choice: not a problem, unless asked about by name
    monkeypatch.setenv(ENV_BLOCK, "toy")
    assert check(capsys) == (0, [])
    code, lines = check(capsys, "toy.sharp", "toy")
    assert code == 1 and lines == [
        "gunline: plugins --check: variant 'toy.sharp': its ruleset 'toy' is not loaded, so it cannot be enabled",
        "gunline: plugins --check: 'toy': installed but not loaded: GUNLINE_BLOCK_PLUGINS='toy' keeps it out",
    ]
    monkeypatch.delenv(ENV_BLOCK)
    # a name in the variables that matches nothing is a slip
    monkeypatch.setenv(ENV_LOAD, "toy,toy.sharp,nowhere")
    assert check(capsys) == (1, ["gunline: plugins --check: GUNLINE_LOAD_PLUGINS: names no installed plugin or "
                                 "distribution: 'nowhere'"])
    monkeypatch.delenv(ENV_LOAD)
    code, lines = check(capsys, "tyo")
    assert code == 1 and lines == ["gunline: plugins --check: 'tyo': no installed plugin or distribution has this "
                                   "name; installed: toy, toy.sharp"]


def test_check_names_a_plugin_that_did_not_load_and_lets_the_others_pass(installed, capsys, monkeypatch, tmp_path):
    (tmp_path / "gl_env_broken.py").write_text("import gunline_env_no_such_module\n")
    eps = [
        EntryPoint(name="toy", value="gl_env_toy", group="gunline"),
        EntryPoint(name="shaky", value="gl_env_broken", group="gunline"),
    ]
    monkeypatch.setattr("gunline.entry_points.group", lambda group: eps)
    code, lines = check(capsys)
    assert code == 1 and len(lines) == 1
    assert lines[0].startswith("gunline: plugins --check: 'shaky': did not load: ModuleNotFoundError")
    assert "gunline_env_no_such_module" in lines[0]
    assert check(capsys, "toy") == (0, [])  # an author's check of his own plugin
    assert check(capsys, "shaky")[0] == 1
    assert cli.main(["plugins"]) == 0  # the listing alone still lists and exits 0
    capsys.readouterr()
    assert cli.main(["plugins", "--json", "--check"]) == 1
    captured = capsys.readouterr()
    problems = json.loads(captured.out)["problems"]
    assert len(problems) == 1 and problems[0].startswith("'shaky': did not load")
    assert "problems" not in json.loads(plugins(capsys, "--json"))


def test_a_list_with_a_broken_plugin_does_not_end_by_saying_every_plugin_loads():
    from gunline.models import PluginInfo
    from gunline.render import plugins_text

    broken = PluginInfo(name="raid", kind="broken", distribution="gunline-raid", version="0.1", error="TypeError: x")
    fine = PluginInfo(name="toy", kind="ruleset", distribution="gunline-toy", version="0.1", hooks=["resolve_hit"])
    for infos, conflicts, marks in (([broken, fine], {}, "BROKEN"), ([fine], {"toy": "declared twice"}, "CONFLICT"),
                                    ([broken, fine], {"toy": "declared twice"}, "BROKEN / CONFLICT")):
        text = plugins_text(infos, env={}, conflicts=conflicts)
        assert "every installed plugin loads" not in text
        assert text.endswith(f"(every installed plugin was tried: those marked {marks} are not used; "
                             "choose with GUNLINE_LOAD_PLUGINS or GUNLINE_BLOCK_PLUGINS)")
    assert "(every installed plugin loads; choose" in plugins_text([fine], env={})


def test_check_notes_an_entry_point_named_otherwise_than_its_plugin_and_still_passes(installed, capsys, monkeypatch):
    """It loaded silently, and every command on its scenarios loaded every plugin
    installed first (the entry point's name is what a command loads alone)."""
    eps = [EntryPoint(name="toyish", value="gl_env_toy", group="gunline"),
           EntryPoint(name="toy.sharp", value="gl_env_sharp", group="gunline")]
    monkeypatch.setattr("gunline.entry_points.group", lambda group: eps)
    note = ("gunline: plugins --check: note: 'toy' is published under the entry point 'toyish': named 'toy', "
            "it is loaded alone for a scenario of 'toy'; as it is, every installed plugin is loaded first")
    assert check(capsys) == (0, [note])
    assert check(capsys, "toy") == (0, [note])
    assert check(capsys, "toy.sharp") == (0, [])  # its own entry point is named as it is
    assert cli.main(["plugins", "--json", "--check"]) == 0
    assert json.loads(capsys.readouterr().out)["notes"] == [note.split("note: ", 1)[1]]
