"""A plugin written for a hook contract this gunline does not run is refused with one
line naming it, its distribution and version, the contract it declares and the ones
gunline runs; everything else runs on: ``gunline plugins``, ``gunline resolve`` of
another ruleset, and the app (a notice, its plugins page, the chain of the others).

The plugins here are installed as a third party's would be: a module and its
``.dist-info`` (METADATA, entry_points.txt) in a folder on the path, found by
gunline's own discovery."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gunline import HOOKSPEC_VERSION
from gunline.plugins import OLDEST_SUPPORTED_API

TOY = (Path(__file__).resolve().parents[1] / "core" / "tests" / "toy_ruleset.py").read_text()
TOY_SCENARIO = 'ruleset = "{name}"\n[shooter]\nname = "Ann"\n[weapon]\nname = "pistol"\n[[targets]]\nname = "Bo"\n'
NEWER, RETIRED = HOOKSPEC_VERSION + 1, OLDEST_SUPPORTED_API - 1
RUNS = (
    f"runs hook contract {HOOKSPEC_VERSION}"
    if OLDEST_SUPPORTED_API == HOOKSPEC_VERSION
    else f"runs hook contracts {OLDEST_SUPPORTED_API} to {HOOKSPEC_VERSION}"
)


def ruleset_source(name: str, api: int | None) -> str:
    """The toy ruleset under another name, declaring ``api`` (or nothing)."""
    source = TOY.replace('name="toy"', f'name="{name}"')
    declared = "" if api is None else f"api={api},"
    assert "api=2," in source
    return source.replace("api=2,", declared)


def install(folder: Path, distribution: str, version: str, rulesets: dict[str, int | None]) -> None:
    """Write ``distribution`` as an installer would: one module per ruleset and a
    dist-info naming them as entry points of the group ``gunline``."""
    module = distribution.replace("-", "_")
    entry_points = ["[gunline]"]
    for name, api in rulesets.items():
        (folder / f"{module}_{name}.py").write_text(ruleset_source(name, api))
        entry_points.append(f"{name} = {module}_{name}")
    info = folder / f"{module}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {distribution}\nVersion: {version}\n")
    (info / "entry_points.txt").write_text("\n".join(entry_points) + "\n")


@pytest.fixture
def site(tmp_path):
    """A folder on the path holding a good ruleset and three that gunline refuses."""
    folder = tmp_path / "site"
    folder.mkdir()
    install(folder, "gunline-good", "1.0.0", {"good": HOOKSPEC_VERSION})
    install(folder, "gunline-future", "4.1.0", {"future": NEWER})
    install(folder, "gunline-old", "0.3.1", {"old": RETIRED})
    install(folder, "gunline-bare", "0.1.0", {"bare": None})
    return folder


def gunline(site: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GUNLINE_BLOCK_PLUGINS", "PYTHONPATH")}
    env.update(PYTHONPATH=str(site), GUNLINE_LOAD_PLUGINS="good,future,old,bare")
    return subprocess.run(
        [sys.executable, "-m", "gunline.cli", *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=60
    )


def expected_newer() -> str:
    return (
        f"plugin 'future' (gunline-future 4.1.0) is written for hook contract {NEWER} (api={NEWER}); "
        f"this gunline {RUNS}: upgrade gunline, or install a release of the plugin written for "
        f"contract {HOOKSPEC_VERSION}"
    )


def expected_retired() -> str:
    return (
        f"plugin 'old' (gunline-old 0.3.1) is written for hook contract {RETIRED} (api={RETIRED}), which "
        f"this gunline no longer runs; it {RUNS}: update the plugin (gunline's docs/plugins.md, "
        f'"Compatibility", says what changed), or keep a gunline that runs contract {RETIRED}'
    )


def test_gunline_plugins_lists_each_refusal_in_one_line_and_loads_the_others(site, tmp_path):
    done = gunline(site, "plugins", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "ruleset  good  (gunline-good 1.0.0)" in lines
    assert "BROKEN   future  (gunline-future 4.1.0)" in lines
    assert f"         error: {expected_newer()}" in lines
    assert "BROKEN   old  (gunline-old 0.3.1)" in lines
    assert f"         error: {expected_retired()}" in lines


def test_plugins_check_fails_on_each_refusal_and_passes_for_the_plugin_that_loads(site, tmp_path):
    """An author's CI: ``gunline plugins --check NAME`` by the plugin's name or its
    distribution's exits 0 when it loads; ``--check`` alone fails on any that did not,
    each in a line of its own."""
    done = gunline(site, "plugins", "--check", cwd=tmp_path)
    assert done.returncode == 1 and "ruleset  good" in done.stdout
    bare, *others = done.stderr.splitlines()
    assert bare.startswith("gunline: plugins --check: 'bare' (gunline-bare 0.1.0): did not load: plugin 'bare' "
                           "(gunline-bare 0.1.0) does not declare the hook contract it is written for")
    assert others == [
        f"gunline: plugins --check: 'future' (gunline-future 4.1.0): did not load: {expected_newer()}",
        f"gunline: plugins --check: 'old' (gunline-old 0.3.1): did not load: {expected_retired()}",
    ]
    for name in ("good", "gunline-good", "Gunline_Good"):
        done = gunline(site, "plugins", "--check", name, cwd=tmp_path)
        assert (done.returncode, done.stderr) == (0, ""), name
    done = gunline(site, "plugins", "--check", "gunline-old", cwd=tmp_path)
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and expected_retired() in done.stderr


def test_resolve_of_another_ruleset_still_works(site, tmp_path):
    (tmp_path / "good.toml").write_text(TOY_SCENARIO.format(name="good"))
    done = gunline(site, "resolve", "good.toml", "--dice", "6", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert '"ruleset":"good"' in done.stdout and done.stderr == ""


@pytest.mark.parametrize("name, line", [("future", expected_newer), ("old", expected_retired)])
def test_resolve_of_a_refused_ruleset_says_why_in_one_line(site, tmp_path, name, line):
    (tmp_path / f"{name}.toml").write_text(TOY_SCENARIO.format(name=name))
    done = gunline(site, "resolve", f"{name}.toml", "--seed", "1", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"gunline: {name}.toml: ruleset: {name!r} did not load: {line()}\n"


def test_a_plugin_that_declares_no_contract_is_told_what_to_add(site, tmp_path):
    done = gunline(site, "plugins", cwd=tmp_path)
    assert "BROKEN   bare  (gunline-bare 0.1.0)" in done.stdout.splitlines()
    assert (
        f"         error: plugin 'bare' (gunline-bare 0.1.0) does not declare the hook contract it is written for; "
        f"this gunline {RUNS}: once it keeps contract {HOOKSPEC_VERSION}, add api={HOOKSPEC_VERSION} to its "
        f'Ruleset or Variant (gunline\'s docs/plugins.md, "Compatibility", says what changed)'
    ) in done.stdout.splitlines()


# -- the app ------------------------------------------------------------------------------


def test_the_app_says_which_plugins_did_not_load_and_resolves_with_the_others(site, monkeypatch, tmp_path):
    pytest.importorskip("gunline_tui")
    from gunline_tui.app import make_app
    from gunline_tui.screens.dialogs import TextScreen
    from gunline_tui.testing import run_async, screen_text, settle

    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("GUNLINE_LOAD_PLUGINS", "good,future")
    monkeypatch.delenv("GUNLINE_BLOCK_PLUGINS", raising=False)
    monkeypatch.syspath_prepend(str(site))
    doc = {"ruleset": "good", "shooter": {"name": "Ann"}, "weapon": {"name": "pistol"}, "targets": [{"name": "Bo"}]}

    @run_async
    async def drive():
        app = make_app(doc=doc)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            notices = [(n.title, str(n.message)) for n in app._notifications]
            assert ("plugin future not loaded", f"{expected_newer()} (Ctrl+L lists the plugins)") in notices
            assert app.main.chain is not None and app.main.chain.ruleset == "good"
            await pilot.press("ctrl+l")
            await settle(pilot)
            assert isinstance(app.screen, TextScreen)
            page = " ".join(screen_text(app).split())
            assert "BROKEN future (gunline-future 4.1.0)" in page
            assert " ".join(expected_newer().split()) in page

    drive()
