"""The README's "Installing" section, command by command as printed, in a copy of the
checkout outside the workspace, for a GM and a player with homes of their own: the
build puts every distribution into dist/, and the tools installed from there are
gunline as built, never a release fetched from a package index."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import re
import zipfile
from pathlib import Path

import pytest
from userland import installing

pytestmark = pytest.mark.user

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
DISTRIBUTIONS = ("gunline", "gunline-tui", "gunline-necromunda", "gunline-wod", "gunline-fallout", "gunline-samurai")
RULESETS = ("necromunda", "wod", "fallout", "samurai")


COMMANDS = installing(README)
BUILD, GM, ANOTHER, PLAYER = COMMANDS["build"], COMMANDS["gm"], COMMANDS["another ruleset"], COMMANDS["player"]


def test_the_section_has_the_blocks_it_speaks_of():
    assert BUILD.strip() == "uv build --all-packages -o dist/"
    assert GM.startswith("uv tool install dist/gunline-*.whl ") and "--with dist/gunline_tui-*.whl" in GM
    assert "--find-links" not in README  # the wheels are named: no index can offer a gunline instead
    install_again = ANOTHER.splitlines()[1]
    assert install_again == GM.splitlines()[0] + " --with dist/gunline_d20srd-*.whl"  # "one more --with"
    assert PLAYER.startswith("uv tool install dist/gunline-*.whl ") and "gunline_tui" not in PLAYER
    assert COMMANDS["author"].startswith("uv run gunline new-plugin ")


def test_the_build_puts_a_wheel_and_an_sdist_of_every_distribution_in_one_folder(built):
    names = sorted(p.name for p in built.iterdir())
    for distribution in DISTRIBUTIONS:
        stem = distribution.replace("-", "_")
        assert sum(n.startswith(f"{stem}-") and n.endswith("-py3-none-any.whl") for n in names) == 1, names
        assert sum(n.startswith(f"{stem}-") and n.endswith(".tar.gz") for n in names) == 1, names


def record(lines: str, package: str) -> dict[str, str]:
    """RECORD's hash of every file of the package (not of the dist-info, or of the
    scripts, which installers write)."""
    return {row[0]: row[1] for row in csv.reader(io.StringIO(lines)) if row and row[0].startswith(f"{package}/")}


def assert_installed_as_built(environment: Path, wheels: Path, distributions) -> None:
    """Every file of each distribution in the tool's environment is the one in its
    wheel in ``wheels``: so it came from there, not from an index."""
    site = next(environment.glob("lib/python*/site-packages"))
    for distribution in distributions:
        stem = distribution.replace("-", "_")
        (wheel,) = wheels.glob(f"{stem}-*-py3-none-any.whl")
        version = wheel.name.split("-")[1]
        with zipfile.ZipFile(wheel) as whl:
            built = record(whl.read(f"{stem}-{version}.dist-info/RECORD").decode(), stem)
        installed = record((site / f"{stem}-{version}.dist-info" / "RECORD").read_text(), stem)
        assert built and installed == built, f"{distribution} in {environment} is not the one built in {wheels}"
        some_file = next(iter(built))
        digest = hashlib.sha256((site / some_file).read_bytes()).digest()
        assert built[some_file] == "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def test_a_gm_installs_the_app_and_every_ruleset_from_the_folder(built, checkout, fresh_user, decoy_index):
    out = fresh_user.run(GM, cwd=checkout, UV_INDEX=decoy_index)  # an index offering a gunline 99.0 is passed over
    listed = {line.split()[1] for line in out.splitlines() if line.startswith("ruleset ")}
    assert listed == set(RULESETS)
    assert "BROKEN" not in out
    assert_installed_as_built(Path(fresh_user.env["UV_TOOL_DIR"]) / "gunline", built, DISTRIBUTIONS)
    # the app is there too: `gunline` opens it, the first time on a bundled example
    shown = fresh_user.app("gunline", cwd=fresh_user.home, want="valid scenario")
    assert any(f"ruleset ‹ {name}" in shown for name in RULESETS), shown


def test_another_ruleset_is_one_more_with_after_its_wheel_is_built_into_the_folder(built, checkout, fresh_user):
    fresh_user.run(GM, cwd=checkout)
    fresh_user.run(ANOTHER, cwd=checkout)
    out = fresh_user.run("gunline plugins", cwd=fresh_user.home)
    listed = {line.split()[1] for line in out.splitlines() if line.startswith("ruleset ")}
    assert listed == {*RULESETS, "d20srd"}
    assert "variant  d20srd.no-confirmation of d20srd  (gunline-d20srd 0.1.0)" in out
    tool = Path(fresh_user.env["UV_TOOL_DIR"]) / "gunline"
    assert_installed_as_built(tool, built, (*DISTRIBUTIONS, "gunline-d20srd"))


def test_a_player_installs_gunline_and_one_ruleset_without_the_app(built, checkout, fresh_user, decoy_index):
    out = fresh_user.run(PLAYER, cwd=checkout, UV_INDEX=decoy_index)
    # BS 3 at long range needs 4+ to hit, S3 against T3 4+ to wound (the file's own comment)
    assert "hit        50.0%" in out and "wound      25.0%" in out
    # the wheels carry their catalogues: the same odds in Russian
    russian = fresh_user.run("gunline --lang ru odds examples/necromunda/lasgun-long-range.toml", cwd=checkout)
    assert re.search(r"попадание +50.0%", russian) and "состояние:" in russian, russian
    tool = Path(fresh_user.env["UV_TOOL_DIR"]) / "gunline"
    assert_installed_as_built(tool, built, ("gunline", "gunline-necromunda"))
    assert not list(tool.glob("lib/python*/site-packages/gunline_tui"))
    assert not list(tool.glob("lib/python*/site-packages/textual"))
