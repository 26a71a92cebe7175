"""gunline reads entry points from the distributions' files (a fast start); it must
find exactly what importlib.metadata finds, and hand over to it where it cannot see."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from importlib import metadata

import pytest

from gunline import entry_points
from gunline.plugins import discover


@pytest.mark.parametrize("group", ["gunline", "pytest11", "console_scripts"])
def test_the_installed_entry_points_are_those_importlib_metadata_finds(group):
    ours = sorted((e.name, e.value, e.distribution, e.version) for e in entry_points.group(group))
    found = metadata.entry_points(group=group)
    theirs = sorted((e.name, e.value, e.dist.metadata["Name"], e.dist.version) for e in found)
    assert ours == theirs
    if group == "gunline":
        assert {"necromunda", "wod", "fallout", "samurai"} <= {name for name, *_ in ours}


def _dist(folder, stem, name, version, text, suffix=".dist-info"):
    info = folder / f"{stem}{suffix}"
    info.mkdir(parents=True)
    (info / ("METADATA" if suffix == ".dist-info" else "PKG-INFO")).write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: x\n\nName: not this\n"
    )
    (info / "entry_points.txt").write_text(text)
    return info


def test_a_folder_of_distributions_is_read_as_importlib_metadata_reads_it(tmp_path, monkeypatch):
    first, second = tmp_path / "first", tmp_path / "second"
    _dist(first, "Gunline_Space-1.0", "Gunline_Space", "1.0",
          "# a comment\n[console_scripts]\nspace = space:main\n\n[gunline]\nspace = space.rules:Plugin.rules [fast]\n"
          "space-house = space.house\n")
    # the same distribution again, later on the path: hidden, as importlib.metadata hides it
    _dist(second, "gunline_space-2.0", "gunline-space", "2.0", "[gunline]\nstale = stale\n")
    _dist(second, "old_egg", "old-egg", "0.1", "[gunline]\negg = egg_rules\n", suffix=".egg-info")
    (second / "single.egg-info").write_text("Name: single\n")  # a file: no entry points
    monkeypatch.setattr(sys, "path", [str(first), str(second), str(tmp_path / "missing")])
    ours = sorted((e.name, e.value, e.distribution, e.version) for e in entry_points.group("gunline"))
    theirs = sorted(
        (e.name, e.value, e.dist.metadata["Name"], e.dist.version)
        for e in metadata.entry_points(group="gunline")
    )
    assert ours == theirs == [
        ("egg", "egg_rules", "old-egg", "0.1"),
        ("space", "space.rules:Plugin.rules [fast]", "Gunline_Space", "1.0"),
        ("space-house", "space.house", "Gunline_Space", "1.0"),
    ]


def test_an_entry_point_loads_the_object_its_value_names(tmp_path, monkeypatch):
    (tmp_path / "space_rules.py").write_text("class Plugin:\n    class rules:\n        answer = 42\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    ep = entry_points.EntryPoint("space", "space_rules:Plugin.rules [fast]", "gunline", str(tmp_path / "x.dist-info"))
    assert ep.load().answer == 42
    assert entry_points.EntryPoint("m", "space_rules", "gunline", "").load().__name__ == "space_rules"


def test_a_zip_on_the_path_hands_the_search_to_importlib_metadata(tmp_path, monkeypatch):
    archive = tmp_path / "plugins.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("zipped-1.0.dist-info/METADATA", "Name: zipped\nVersion: 1.0\n")
        z.writestr("zipped-1.0.dist-info/entry_points.txt", "[gunline]\nzipped = zipped_rules\n")
    monkeypatch.setattr(sys, "path", [*sys.path, str(archive)])
    assert entry_points.group("gunline") is None
    registry = discover()  # importlib.metadata finds the zipped plugin, which cannot import
    assert any(b.name == "zipped" for b in registry.broken)
    assert "necromunda" in registry.plugins


def test_an_import_hook_that_publishes_distributions_hands_the_search_over(monkeypatch):
    class Publisher:
        def find_spec(self, *args):
            return None

        def find_distributions(self, context=None):
            return iter(())

    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, Publisher()])
    assert entry_points.group("gunline") is None


def test_finding_the_plugins_does_not_import_importlib_metadata():
    code = (
        "import sys\nfrom gunline.plugins import discover\nregistry = discover()\n"
        "assert 'necromunda' in registry.plugins, registry.plugins\n"
        "print('importlib.metadata' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def _strings(alphabet: str, longest: int) -> list[str]:
    """Every string of ``alphabet`` up to ``longest`` characters."""
    found = [""]
    layer = [""]
    for _ in range(longest):
        layer = [s + c for s in layer for c in alphabet]
        found += layer
    return found


def test_canonical_names_are_packagings_normalisation():
    # the rule as packaging writes it, a regular expression, is the oracle
    import re

    for name in _strings("aB-_.", 6):
        assert entry_points.canonical(name) == re.sub(r"[-_.]+", "-", name).lower(), name


def test_a_value_loses_its_extras_as_the_bracketed_pattern_removes_them():
    import re

    for value in _strings("m:[] ,", 5):
        assert entry_points._without_extras(value) == re.sub(r"\[.*\]", "", value), value
    assert entry_points._without_extras("pkg.mod:hooks [fast, tui]") == "pkg.mod:hooks "
