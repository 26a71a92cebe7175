"""How fast the terminal app answers.

1. Cold start to first frame: a fresh process that opens the app headless and exits
   at its first frame, beside a bare Textual app (a Static and a Footer) measured the
   same way in the same run. Target: with the form on screen, at most 1.3x the bare app.
   "The form on screen" is the first frame painted with the scenario's chain resolved
   and the form's rows painted down to its bottom edge (or all of them): what a GM
   sees of the form without scrolling, not a frame with the form still being built.
   Each process runs as a user's Python does: bytecode cached, gunline's own
   environment variables dropped (as benchmarks/run.py runs every benchmark), the
   data folder new (first launch: a bundled example). The CPU time of both is printed
   too, steadier than wall time on a shared machine; the target is on wall time.
2. Edit to redrawn chain: in a running app (80x24) with the WoD four-target example,
   the time from a field's new value to the chain redrawn on screen (re-validated,
   re-resolved with the same dice, tree updated in place, next frame painted).
   Target: at most 50 ms.

Run: ``uv run python benchmarks/tui_startup.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from scratch import data_folder

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "wod" / "four-targets-long-burst.toml"

#: Both apps stop the process the moment their first frame of content is handed to
#: the display (App._display, called for every frame, headless or not), so the
#: process's wall time is "start to first frame" for both, measured the same way.
FIRST_FRAME = """
import os
from textual.app import App

_display = App._display

def _first_frame(self, screen, renderable):
    _display(self, screen, renderable)
    if renderable is not None and SHOWS_CONTENT(screen):
        os._exit(0)

App._display = _first_frame
"""

BARE = FIRST_FRAME + """
from textual.widgets import Footer, Static

SHOWS_CONTENT = lambda screen: bool(screen.children)

class Bare(App):
    def compose(self):
        yield Static("hello")
        yield Footer()

Bare().run(headless=True, size=(80, 24))
"""

GUNLINE = FIRST_FRAME + """
from gunline_tui.app import make_app
from gunline_tui.screens.main import MainScreen

SHOWS_CONTENT = lambda screen: isinstance(screen, MainScreen)

make_app().run(headless=True, size=(80, 24))
"""

#: The same start, but stopping at the first frame that shows the scenario: its chain
#: resolved, and the form's rows painted down to the form's bottom edge (all of them, if
#: fewer fit), so that nothing the GM sees of the form without scrolling is missing.
GUNLINE_FORM = FIRST_FRAME + """
from gunline_tui.app import make_app
from gunline_tui.screens.main import MainScreen

def SHOWS_CONTENT(screen):
    if not isinstance(screen, MainScreen) or screen.query_one("#chain").chain is None:
        return False
    form = screen.query_one("#form")
    grids = form.query("#form-grid")
    rows = [w for w in grids.first().children if w.display] if grids else []
    painted = [w for w in rows if w.region]
    if not painted or len(painted) < len(rows):
        return False
    reaches_bottom = max(w.region.bottom for w in painted) >= form.region.bottom
    return reaches_bottom or all(form.is_placed(path) for path in form.editors)

make_app().run(headless=True, size=(80, 24))
"""


def cold(code: str, env: dict[str, str]) -> tuple[float, float]:
    """Wall time and CPU time (user and system) of a fresh process running ``code``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, env=env, capture_output=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def environment() -> dict[str, str]:
    """A user's: bytecode cached (a source file newer than its cached bytecode is
    compiled once, not in every run), none of gunline's variables."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GUNLINE_") and k != "PYTHONDONTWRITEBYTECODE"}
    env["GUNLINE_HOME"] = data_folder()  # first launch: an example
    return env


def startup(runs: int) -> dict[str, tuple[float, float]]:
    """Median wall and CPU seconds of each start, the three run in turn."""
    env = environment()
    codes = {"bare": BARE, "gunline": GUNLINE, "form": GUNLINE_FORM}
    for code in codes.values():  # warm the OS file cache and the bytecode cache
        cold(code, env)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in codes}
    for _ in range(runs):
        for name, code in codes.items():
            times[name].append(cold(code, env))
    return {name: (statistics.median(w for w, _c in runs_), statistics.median(c for _w, c in runs_))
            for name, runs_ in times.items()}


async def edit_to_redraw(runs: int) -> list[float]:
    import tomllib

    from gunline import discover
    from gunline_tui.app import make_app
    from gunline_tui.widgets.form import ScenarioForm

    os.environ["GUNLINE_HOME"] = data_folder()
    app = make_app(discover(), doc=tomllib.loads(EXAMPLE.read_text()))
    times = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.5)
        main = app.main
        field = main.query_one(ScenarioForm).editors["shooter.dexterity"]
        field.focus()
        loop = asyncio.get_running_loop()
        for i in range(runs):
            await pilot.pause(0.5)  # let the odds of the last edit finish
            before = main.redrawn_at
            painted = loop.create_future()
            t0 = time.perf_counter()
            field.value = "4" if i % 2 == 0 else "3"
            while main.redrawn_at == before:
                await asyncio.sleep(0)
            app.call_after_refresh(lambda: painted.done() or painted.set_result(time.perf_counter()))
            t1 = await painted
            times.append(t1 - t0)
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tiny", action="store_true", help="one run, a few edits (for CI)")
    args = parser.parse_args(argv)
    if args.tiny:
        args.runs = 1
    times = startup(args.runs)
    (bare, bare_cpu), (ours, ours_cpu), (form, form_cpu) = times["bare"], times["gunline"], times["form"]
    print(f"cold start to first frame (median of {args.runs}, load average {os.getloadavg()[0]:.1f}):")
    print(f"  bare Textual app   {bare * 1000:7.0f} ms                 cpu {bare_cpu * 1000:5.0f} ms")
    print(f"  gunline            {ours * 1000:7.0f} ms   ratio {ours / bare:.2f}x   cpu {ours_cpu * 1000:5.0f} ms"
          f"   ratio {ours_cpu / bare_cpu:.2f}x")
    verdict = "met" if form / bare <= 1.3 else "NOT met"
    print(f"  gunline, form too  {form * 1000:7.0f} ms   ratio {form / bare:.2f}x   cpu {form_cpu * 1000:5.0f} ms"
          f"   ratio {form_cpu / bare_cpu:.2f}x (target <= 1.3x on wall time: {verdict})")
    times = asyncio.run(edit_to_redraw(3 if args.tiny else max(10, args.runs * 4)))
    print(
        f"edit to redrawn chain (load average {os.getloadavg()[0]:.1f}), 80x24, WoD four targets ({len(times)} edits):"
    )
    print(f"  median {statistics.median(times) * 1000:6.1f} ms   max {max(times) * 1000:6.1f} ms (target <= 50 ms)")


if __name__ == "__main__":
    main()
