"""``gunline new-plugin``: the distribution it writes passes its own tests and is
found by ``gunline plugins`` once installed."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import gunline
from gunline import cli
from gunline.scaffold import FILES, generate
from gunline.testing import checks, registry_of

CORE = Path(gunline.__file__).resolve().parents[2]


def _import_generated(root: Path, package: str, monkeypatch):
    monkeypatch.syspath_prepend(str(root / "src"))
    for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        monkeypatch.delitem(sys.modules, name)
    import importlib

    return importlib.import_module(f"{package}.ruleset")


def test_the_command_writes_every_file_and_says_what_next(tmp_path, capsys):
    assert cli.main(["new-plugin", "space-raiders", "--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    root = tmp_path / "gunline-space-raiders"
    assert f"wrote {root} ({len(FILES)} files)" in out
    assert "uv run pytest" in out
    written = {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()}
    assert written == {t.format(package="gunline_space_raiders") for t in FILES}
    pyproject = (root / "pyproject.toml").read_text()
    assert '[project.entry-points.gunline]\nspace-raiders = "gunline_space_raiders.ruleset"' in pyproject
    assert 'ruleset = "space-raiders"' in (root / "tests" / "test_conformance.py").read_text()
    assert "{{" not in "".join(p.read_text() for p in root.rglob("*") if p.is_file())


@pytest.mark.parametrize(
    "args, message",
    [
        (["new-plugin", "Space_Raiders"], "'Space_Raiders' is not a usable ruleset name"),
        (["new-plugin", "9lives"], "starting with a letter"),
    ],
)
def test_bad_names_are_refused_in_one_line(args, message, capsys, tmp_path):
    assert cli.main([*args, "--dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert not any(tmp_path.iterdir())


def test_an_existing_folder_is_never_overwritten(tmp_path, capsys):
    (tmp_path / "gunline-raid").mkdir()
    (tmp_path / "gunline-raid" / "mine.txt").write_text("keep")
    assert cli.main(["new-plugin", "raid", "--dir", str(tmp_path)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert [p.name for p in (tmp_path / "gunline-raid").iterdir()] == ["mine.txt"]


def test_the_generated_ruleset_keeps_every_promise(tmp_path, monkeypatch):
    """In process, without installing: the conformance checks over its examples."""
    root, _ = generate("duel", tmp_path)
    registry = registry_of(_import_generated(root, "gunline_duel", monkeypatch))
    checks.check_declaration(registry, "duel")
    examples = checks.example_files(registry, "duel")
    assert [p.name for p in examples] == ["burst.toml", "single.toml"]
    for path in examples:
        attack = checks.load_example(registry, path)
        checks.resolves(registry, attack, range(10))
        checks.check_replay(registry, attack, range(5))
        checks.check_no_mutation(registry, attack, range(5))
        checks.check_round_trip(registry, attack)
        checks.check_invalid_files(registry, path)


def _uv() -> str | None:
    return os.environ.get("UV") or shutil.which("uv")


def _clean_env() -> dict[str, str]:
    drop = {"VIRTUAL_ENV", "PYTEST_ADDOPTS", "PYTHONPATH", "GUNLINE_LOAD_PLUGINS", "GUNLINE_BLOCK_PLUGINS"}
    return {k: v for k, v in os.environ.items() if k not in drop}


def test_installed_in_a_fresh_environment_it_passes_its_tests_and_is_listed(tmp_path):
    """The whole journey of a new author: generate, install next to gunline, run the
    generated tests, see the ruleset in ``gunline plugins``. Uses uv's cache when it
    can (offline), the package index otherwise."""
    uv = _uv()
    if uv is None or not (CORE / "pyproject.toml").is_file():
        pytest.skip("needs uv and gunline's source tree (run from the repository with uv run pytest)")
    root, _ = generate("duel", tmp_path)
    env = _clean_env()
    venv = tmp_path / "venv"
    python = venv / "bin" / "python"
    subprocess.run([uv, "venv", "-q", str(venv), "--python", sys.executable], check=True, env=env, timeout=60)
    install = [uv, "pip", "install", "-q", "--python", str(python), "-e", str(CORE), "-e", str(root), "pytest"]
    done = subprocess.run([*install, "--offline"], capture_output=True, text=True, env=env, timeout=120)
    if done.returncode != 0:
        done = subprocess.run(install, capture_output=True, text=True, env=env, timeout=180)
    assert done.returncode == 0, done.stderr

    tests = subprocess.run(
        [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=root, capture_output=True, text=True, env=env, timeout=120,
    )
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-2000:]
    assert " passed" in tests.stdout and "failed" not in tests.stdout
    assert "test_conformance.py" in subprocess.run(
        [str(python), "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=root, capture_output=True, text=True, env=env, timeout=60,
    ).stdout

    listed = subprocess.run(
        [str(venv / "bin" / "gunline"), "plugins", "--json"], capture_output=True, text=True, env=env, timeout=60
    )
    assert listed.returncode == 0, listed.stderr
    plugins = {p["name"]: p for p in json.loads(listed.stdout)["plugins"]}
    assert plugins["duel"]["kind"] == "ruleset"
    assert plugins["duel"]["distribution"] == "gunline-duel"

    resolved = subprocess.run(
        [str(venv / "bin" / "gunline"), "resolve", str(root / "src/gunline_duel/examples/single.toml"),
         "--dice", "5", "--json"],
        capture_output=True, text=True, env=env, timeout=60,
    )
    assert resolved.returncode == 0, resolved.stderr
    assert json.loads(resolved.stdout)["targets"]["Raider"] == {"status": "wounded", "wounds_left": 1}


def test_a_dir_that_is_a_file_is_bad_input(tmp_path, capsys):
    (tmp_path / "plain").write_text("")
    assert cli.main(["new-plugin", "raid", "--dir", str(tmp_path / "plain")]) == 2
    assert "cannot write" in capsys.readouterr().err
