"""``gunline new-plugin``, run by a gunline from a checkout and by one installed from
a folder of wheels: the next steps it prints all work as printed, outside the
workspace, with an index offering a decoy gunline put first (so a gunline fetched
from an index could not pass): the project's tests pass, conformance suite included,
``gunline plugins`` lists the ruleset, and the app opens on it. Then the generated
README's release commands, and its way to switch to an index release later."""

from __future__ import annotations

import re
import shlex
import subprocess
import tomllib
from pathlib import Path

import pytest
from userland import installing, section

pytestmark = pytest.mark.user

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
GM, AUTHOR = installing(README)["gm"], installing(README)["author"]


def next_steps(printed: str) -> tuple[Path, list[str]]:
    """The folder of the printed ``cd`` and the commands after it."""
    lines = printed.split("next:\n", 1)[1].splitlines()
    steps = [line[2:] for line in lines if line.startswith("  ")]
    cd = shlex.split(steps[0])
    assert cd[0] == "cd" and len(cd) == 2, steps
    return Path(cd[1]), steps[1:]


def follow(user, printed: str, decoy_index: str) -> dict[str, str]:
    """Run every printed step, each as printed, in the folder of the ``cd``; the app
    (``uv run gunline`` alone) in a terminal. Returns what each printed."""
    folder, commands = next_steps(printed)
    assert folder.is_absolute() or folder.exists()
    out = {}
    for command in commands:
        if is_the_app(command):
            out[command] = user.app(command, cwd=folder, want="valid scenario", UV_INDEX=decoy_index)
        else:
            out[command] = user.run(command, cwd=folder, UV_INDEX=decoy_index)
    return out


def is_the_app(command: str) -> bool:
    return command.split("#")[0].split() == ["uv", "run", "gunline"]


def step(out: dict[str, str], start: str) -> str:
    (found,) = [text for command, text in out.items() if command.startswith(start) and not is_the_app(command)]
    return found


def locked_source(project: Path, name: str) -> dict:
    lock = tomllib.loads((project / "uv.lock").read_text())
    (package,) = [p for p in lock["package"] if p["name"] == name]
    return package["source"]


def check_the_ruleset_works(out: dict[str, str]) -> None:
    tests = step(out, "uv run pytest")
    assert re.search(r"tests/test_conformance\.py \.+", tests), tests
    assert re.search(r"\b\d+ passed\b", tests) and "failed" not in tests and "error" not in tests
    assert "ruleset  space-raiders  (gunline-space-raiders 0.1.0)" in step(out, "uv run gunline plugins")
    assert "Raider:" in step(out, "uv run gunline resolve")
    (shown,) = [text for command, text in out.items() if is_the_app(command)]
    assert "space-raiders" in shown and "Raider" in shown


def test_from_a_checkout_every_printed_step_works(checkout, fresh_user, decoy_index):
    printed = fresh_user.run(AUTHOR, cwd=checkout)
    assert f"gunline comes from the gunline checkout at {checkout.resolve()}" in printed
    project = fresh_user.home / "src" / "gunline-space-raiders"
    assert next_steps(printed)[0] == project
    out = follow(fresh_user, printed, decoy_index)
    check_the_ruleset_works(out)
    assert locked_source(project, "gunline") == {"editable": str(checkout.resolve() / "core")}
    assert locked_source(project, "gunline-tui") == {"editable": str(checkout.resolve() / "tui")}


def test_from_a_folder_of_wheels_every_printed_step_works(built, checkout, fresh_user, decoy_index, upload_index):
    fresh_user.run(GM, cwd=checkout)  # gunline as a tool, from the folder of wheels
    printed = fresh_user.run("gunline new-plugin space-raiders --dir ~/src", cwd=fresh_user.home)
    assert f"gunline comes from the folder of gunline wheels {built.resolve()}" in printed
    project = fresh_user.home / "src" / "gunline-space-raiders"
    out = follow(fresh_user, printed, decoy_index)
    check_the_ruleset_works(out)
    assert locked_source(project, "gunline") == {"registry": str(built.resolve())}
    assert locked_source(project, "gunline-tui") == {"registry": str(built.resolve())}

    # its README's release commands, as printed (the index here takes uploads)
    readme = (project / "README.md").read_text()
    release = re.findall(r"^    (uv .*?)(?:\s+#.*)?$", section(readme, "Release"), re.M)
    assert release == ["uv build", "uv publish"]
    fresh_user.run(release, cwd=project, UV_PUBLISH_URL=upload_index.url, UV_PUBLISH_TOKEN="a-token")
    assert sorted((name, filetype) for name, _, filetype, *_ in upload_index.uploads) == [
        ("gunline-space-raiders", "bdist_wheel"), ("gunline-space-raiders", "sdist"),
    ]


def test_the_readme_says_how_to_switch_to_an_index_release(checkout, fresh_user, decoy_index):
    """Done as the generated README says, against an index that has a gunline (the
    decoy, standing in for a release): the lock then takes gunline from the index."""
    fresh_user.run(AUTHOR, cwd=checkout)
    project = fresh_user.home / "src" / "gunline-space-raiders"
    readme = " ".join((project / "README.md").read_text().split())
    assert "To use a release from a package index instead, once there is one, delete that table" in readme
    (command,) = re.findall(r"then run `(uv lock [^`]*)`", readme)
    pyproject = project / "pyproject.toml"
    pyproject.write_text(without_table(pyproject.read_text(), "[tool.uv.sources]"))
    fresh_user.run(command, cwd=project, UV_INDEX=decoy_index)
    assert locked_source(project, "gunline") == {"registry": decoy_index}
    assert locked_source(project, "gunline-tui") == {"registry": decoy_index}


def without_table(toml: str, header: str) -> str:
    """``toml`` with the table under ``header`` deleted, as an author would."""
    lines, out, skipping = toml.splitlines(keepends=True), [], False
    for line in lines:
        if line.startswith("["):
            skipping = line.strip() == header
        if not skipping:
            out.append(line)
    assert tomllib.loads("".join(out)).get("tool", {}).get("uv", {}).get("sources") is None
    return "".join(out)


def test_the_decoy_has_teeth(fresh_user, decoy_index, tmp_path):
    """Without sources, uv takes gunline from the decoy index, and importing it fails:
    the tests above would notice a project that fetched gunline from an index."""
    project = tmp_path / "careless"
    project.mkdir()
    (project / "pyproject.toml").write_text(
        '[project]\nname = "careless"\nversion = "0"\nrequires-python = ">=3.11"\ndependencies = ["gunline"]\n'
    )
    done = subprocess.run(
        ["uv", "run", "--no-project", "--with", "gunline", "python", "-c", "import gunline"],
        cwd=project, env={**fresh_user.env, "UV_INDEX": decoy_index}, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode != 0 and "this gunline was fetched from a package index" in done.stderr
    fresh_user.run("uv lock", cwd=project, UV_INDEX=decoy_index)
    assert locked_source(project, "gunline") == {"registry": decoy_index}
