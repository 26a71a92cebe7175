"""Core stands without the UI: importing every core module loads neither Textual
nor this package, so a headless install (gunline + rulesets) works."""

import subprocess
import sys

CHECK = """
import importlib, pkgutil, sys
import gunline
for mod in pkgutil.walk_packages(gunline.__path__, "gunline."):
    if mod.name.startswith("gunline.testing"):
        continue  # the pytest plugin imports pytest, not the UI
    importlib.import_module(mod.name)
from gunline.cli import main
bad = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "gunline_tui"))
print(",".join(bad))
"""


def test_core_imports_without_textual():
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_app_never_imports_a_plugin():
    code = (
        "import sys; import gunline_tui.app, gunline_tui.screens.main;"
        "print(','.join(m for m in sys.modules if m.startswith('gunline_') and not m.startswith('gunline_tui')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
