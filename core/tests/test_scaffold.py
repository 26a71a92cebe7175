"""``gunline new-plugin``: the distribution it writes keeps the conformance checks,
and its project takes gunline from where the running gunline came from (a checkout,
a folder of wheels, or where ``--gunline-from`` says). The whole journey, installed
and run as printed, is in tests/test_new_plugin_journey.py."""

import json
import sys
import tomllib
from pathlib import Path

import pytest

import gunline
from gunline import cli
from gunline.scaffold import FILES, generate, origin
from gunline.testing import checks, registry_of

CHECKOUT = Path(gunline.__file__).resolve().parents[3]
in_a_checkout = pytest.mark.skipif(
    not (CHECKOUT / "core" / "pyproject.toml").is_file(), reason="gunline is not imported from a checkout"
)


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
        # it wrote gunline-gunline-pirates/
        (["new-plugin", "gunline-pirates"],
         "'gunline-pirates' is the distribution's name; the ruleset's is 'pirates', and its distribution is "
         "named for it: gunline new-plugin pirates"),
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


def test_a_dir_that_is_a_file_is_bad_input(tmp_path, capsys):
    (tmp_path / "plain").write_text("")
    assert cli.main(["new-plugin", "raid", "--dir", str(tmp_path / "plain")]) == 2
    assert "cannot write" in capsys.readouterr().err


# -- where gunline comes from -------------------------------------------------------------


def sources_of(root: Path) -> dict:
    return tomllib.loads((root / "pyproject.toml").read_text()).get("tool", {}).get("uv", {})


@in_a_checkout
def test_run_from_this_checkout_the_project_takes_gunline_and_the_app_from_it(tmp_path):
    root, _ = generate("raid", tmp_path)
    assert sources_of(root)["sources"] == {
        "gunline": {"path": str(CHECKOUT / "core"), "editable": True},
        "gunline-tui": {"path": str(CHECKOUT / "tui"), "editable": True},
    }
    project = tomllib.loads((root / "pyproject.toml").read_text())
    assert project["dependency-groups"]["dev"] == ["pytest>=8", f"gunline-tui>={gunline.__version__}"]
    readme = " ".join((root / "README.md").read_text().split())
    assert f"the plugin author's guide, `{CHECKOUT / 'docs' / 'plugins.md'}`" in readme  # a path, not a name
    assert (CHECKOUT / "docs" / "plugins.md").is_file()


def wheel_folder(tmp_path: Path, *names: str) -> Path:
    folder = tmp_path / "dist"
    folder.mkdir()
    for name in names:
        (folder / name).write_bytes(b"")
    return folder


def test_from_a_folder_of_wheels_the_project_reads_that_folder_alone(tmp_path):
    folder = wheel_folder(tmp_path, "gunline-0.2.0-py3-none-any.whl", "gunline_tui-0.2.0-py3-none-any.whl")
    root, _ = generate("raid", tmp_path, origin.wheels(folder))
    uv = sources_of(root)
    assert uv["sources"] == {"gunline": {"index": "gunline-wheels"}, "gunline-tui": {"index": "gunline-wheels"}}
    assert uv["index"] == [{"name": "gunline-wheels", "url": str(folder), "format": "flat", "explicit": True}]
    readme = " ".join((root / "README.md").read_text().split())
    # a rebuilt wheel of the same version was silently not taken
    assert "`uv sync --reinstall-package gunline --reinstall-package gunline-tui` takes them" in readme
    assert "`docs/plugins.md` in gunline's source" in readme


def test_a_folder_without_the_app_gives_a_project_without_it(tmp_path, capsys):
    folder = wheel_folder(tmp_path, "gunline-0.2.0-py3-none-any.whl")
    assert cli.main(["new-plugin", "raid", "--dir", str(tmp_path), "--gunline-from", str(folder)]) == 0
    root = tmp_path / "gunline-raid"
    assert sources_of(root)["sources"] == {"gunline": {"index": "gunline-wheels"}}
    assert tomllib.loads((root / "pyproject.toml").read_text())["dependency-groups"]["dev"] == ["pytest>=8"]
    out = capsys.readouterr().out
    assert "uv run gunline plugins" in out
    assert not [line for line in out.splitlines() if line.split("#")[0].split() == ["uv", "run", "gunline"]]


def test_an_unknown_origin_leaves_the_table_commented_and_says_so(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("gunline.scaffold.origin.find", lambda: origin.Origin("unknown"))
    assert cli.main(["new-plugin", "raid", "--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "note: cannot tell where this gunline came from" in out and "--gunline-from DIR" in out
    steps = out.split("next:", 1)[1].splitlines()
    assert "first, unless gunline is on a package index you use" in steps[2]  # before any command that needs it
    assert steps[4].strip().startswith("uv run pytest")
    text = (tmp_path / "gunline-raid" / "pyproject.toml").read_text()
    assert "# [tool.uv.sources]" in text and "sources" not in sources_of(tmp_path / "gunline-raid")


@in_a_checkout
@pytest.mark.parametrize("where", ["root", "core"])
def test_gunline_from_names_a_checkout_by_its_root_or_its_core(where):
    found = origin.given(CHECKOUT if where == "root" else CHECKOUT / "core")
    assert (found.kind, found.core, found.tui) == ("checkout", CHECKOUT / "core", CHECKOUT / "tui")


def test_gunline_from_a_folder_that_is_neither_is_one_line_of_bad_input(tmp_path, capsys):
    assert cli.main(["new-plugin", "raid", "--dir", str(tmp_path), "--gunline-from", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is neither a gunline checkout" in err
    assert not (tmp_path / "gunline-raid").exists()


class Installed:
    """A distribution as importlib.metadata shows it, with a direct_url.json."""

    def __init__(self, direct_url):
        self.direct_url, self.version = direct_url, "0.2.0"

    def read_text(self, name):
        return json.dumps(self.direct_url) if name == "direct_url.json" and self.direct_url else None


def test_an_install_from_a_wheel_file_is_read_as_its_folder(tmp_path):
    folder = wheel_folder(tmp_path, "gunline-0.2.0-py3-none-any.whl")
    found = origin._from_direct_url(Installed({"url": (folder / "gunline-0.2.0-py3-none-any.whl").as_uri(),
                                               "archive_info": {}}))
    assert (found.kind, found.folder) == ("wheels", folder)


@in_a_checkout
def test_an_install_from_a_checkout_folder_is_read_as_the_checkout():
    found = origin._from_direct_url(Installed({"url": (CHECKOUT / "core").as_uri(), "dir_info": {}}))
    assert (found.kind, found.folder) == ("checkout", CHECKOUT)
    assert origin._from_direct_url(Installed({"url": "https://example.org/gunline.whl", "archive_info": {}})) is None


def test_a_uv_tool_is_read_from_the_find_links_of_its_receipt(tmp_path, monkeypatch):
    folder = wheel_folder(tmp_path, "gunline-0.2.0-py3-none-any.whl")
    (tmp_path / "uv-receipt.toml").write_text(
        f'[tool]\nrequirements = [{{ name = "gunline" }}]\n\n[tool.options]\nfind-links = ["{folder.as_uri()}"]\n'
    )
    monkeypatch.setattr(sys, "prefix", str(tmp_path))
    found = origin._from_uv_receipt("0.2.0")
    assert (found.kind, found.folder) == ("wheels", folder)
    assert origin._from_uv_receipt("0.3.0") is None  # that folder holds another release


def test_no_written_file_links_to_a_package_page_that_does_not_exist(tmp_path):
    root, written = generate("raid", tmp_path)
    assert not [p for p in written if "pypi.org/project/gunline" in p.read_text()]


def test_a_folder_name_too_long_is_one_line_of_bad_input(tmp_path, capsys):
    assert cli.main(["new-plugin", "raid", "--dir", str(tmp_path / ("d" * 300))]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "new-plugin: cannot write" in err and "internal error" not in err
