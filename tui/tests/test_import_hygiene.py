"""Core stands without the UI: importing every core module loads neither Textual
nor this package, so a headless install (gunline + rulesets) works."""

import os
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


FIRST_FRAME = """
import os, sys
from textual.app import App
from gunline_tui.app import make_app
from gunline_tui.screens.main import MainScreen

paint = App._display

def display(app, screen, renderable):
    paint(app, screen, renderable)
    if renderable is not None and isinstance(screen, MainScreen):
        print(",".join(sorted(sys.modules)))
        sys.stdout.flush()
        os._exit(0)

App._display = display
make_app().run(headless=True, size=(80, 24))
"""

#: What the first frame does without: the odds, the journal, the map's drawing, the
#: Markdown and text renderings, typed dice, the compare view, and the log's rich
#: pretty-printer (the log is a stand-in until right after the first frame).
NOT_BEFORE_THE_FIRST_FRAME = (
    "gunline.odds", "gunline.journal", "gunline.mapdraw", "gunline.mapcli", "gunline.render",
    "gunline.dice.typed", "gunline_tui.screens.compare_view", "gunline_tui.screens.dice_entry",
    "gunline_tui.widgets.log_view", "rich.pretty",
)


def test_the_first_frame_loads_only_what_it_shows(tmp_path):
    env = {**os.environ, "GUNLINE_HOME": str(tmp_path)}  # a first launch
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME], capture_output=True, text=True, check=True, env=env)
    loaded = set(out.stdout.strip().split(","))
    assert "gunline_tui.screens.main" in loaded  # the frame was painted
    assert sorted(loaded & set(NOT_BEFORE_THE_FIRST_FRAME)) == []
