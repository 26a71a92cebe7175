"""examples/plugins/gunline-d20srd, tested as its third-party author would: copied
out of the checkout into a folder of its own, its ``[tool.uv.sources]`` pointed at a
gunline checkout as ``gunline new-plugin`` writes it, then the commands of its
README run as printed (an index offering a decoy gunline put first): its own tests
(rules with forced dice, odds against an independent computation, the conformance
suite) pass, and gunline finds the ruleset and its variant."""

from __future__ import annotations

import re
import shutil
import tomllib
from fnmatch import fnmatchcase
from pathlib import Path

import pytest
from userland import section

from gunline.scaffold.origin import checkout as checkout_at

pytestmark = pytest.mark.user

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "plugins" / "gunline-d20srd"


def pointed_at(pyproject: str, sources: str) -> str:
    """``pyproject`` with its ``[tool.uv.sources]`` table (and the comment above it)
    replaced by ``sources``."""
    head, rest = pyproject.split("[tool.uv.sources]\n", 1)
    head = re.sub(r"(?:#[^\n]*\n)+\Z", "", head)
    tail = rest.split("\n[", 1)[1]
    return f"{head}{sources}\n[{tail}"


def test_the_example_passes_its_own_tests_outside_the_workspace(checkout, fresh_user, decoy_index, tmp_path):
    project = tmp_path / "gunline-d20srd"
    shutil.copytree(EXAMPLE, project, ignore=shutil.ignore_patterns(".venv", "uv.lock", "__pycache__", ".*_cache"))
    origin = checkout_at(checkout)
    assert origin is not None
    pyproject = project / "pyproject.toml"
    pyproject.write_text(pointed_at(pyproject.read_text(), origin.sources()))
    assert tomllib.loads(pyproject.read_text())["tool"]["uv"]["sources"]["gunline"] == {
        "path": str(checkout.resolve() / "core"), "editable": True,
    }

    readme = (project / "README.md").read_text()
    develop = re.findall(r"^    (uv .*?)(?:\s+#.*)?$", section(readme, "Develop"), re.M)
    assert develop[0] == "uv run pytest"
    out = {command: fresh_user.run(command, cwd=project, UV_INDEX=decoy_index) for command in develop}

    tests = out["uv run pytest"]
    for name in ("test_conformance.py", "test_odds.py", "test_rules.py"):
        assert re.search(rf"tests/{name} \.+", tests), tests
    assert re.search(r"\b\d+ passed\b", tests) and "failed" not in tests
    plugins = out["uv run gunline plugins"]
    assert "ruleset  d20srd  (gunline-d20srd 0.1.0)" in plugins
    assert "variant  d20srd.no-confirmation of d20srd  (gunline-d20srd 0.1.0)" in plugins
    assert "hit        60.0%" in out[develop[2]]  # 12 of 20 faces hit the orc
    lock = tomllib.loads((project / "uv.lock").read_text())
    (gunline,) = [p for p in lock["package"] if p["name"] == "gunline"]
    assert gunline["source"] == {"editable": str(checkout.resolve() / "core")}


def test_the_example_is_not_a_member_of_the_workspace():
    root = tomllib.loads((EXAMPLE.parents[2] / "pyproject.toml").read_text())
    where = EXAMPLE.relative_to(EXAMPLE.parents[2]).as_posix()
    assert not any(fnmatchcase(where, member) for member in root["tool"]["uv"]["workspace"]["members"])
    assert "gunline-d20srd" not in (EXAMPLE.parents[2] / "uv.lock").read_text()


def test_it_uses_nothing_of_gunline_but_its_public_api():
    """Every ``gunline`` import is of the names gunline exports for plugin authors."""
    public = {"gunline": None, "gunline.dice": None, "gunline.testing": None}
    for path in EXAMPLE.rglob("*.py"):
        for module, names in re.findall(r"^from (gunline[\w.]*) import ([^\n(]+)", path.read_text(), re.M):
            assert module in public, f"{path.name} imports from {module}"
            exported = set(__import__(module, fromlist=["__all__"]).__all__)
            assert {n.strip() for n in names.split(",")} <= exported, f"{path.name}: {names}"
