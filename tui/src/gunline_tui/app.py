"""The gunline terminal app: ``gunline`` with no arguments opens it.

``make_app`` builds it for tests and benchmarks (a registry of your own, no entry
points needed); ``main`` is what the CLI calls.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from gunline import drafts
from gunline.errors import BadInput
from gunline.plugins import Registry
from gunline.scenario import read_document

from .draft import blank
from .encounter import Encounter
from .screens.main import ACTIONS, MainScreen


def first_example(registry: Registry) -> Path | None:
    """The example to open on first launch: the first ruleset's (by name) featured
    example (``Ruleset.featured``, the one its authors chose to show it best), else
    the first example by name of the first ruleset that ships any."""
    folders = []
    for name, plugin in sorted(registry.rulesets.items()):
        examples = registry.ruleset(name).examples
        if examples and Path(examples).is_dir():
            folders.append((Path(examples), getattr(plugin.declaration, "featured", None)))
    for folder, featured in folders:
        if featured and (folder / featured).is_file():
            return folder / featured
    for folder, _featured in folders:
        files = sorted(folder.glob("*.toml"))
        if files:
            return files[0]
    return None


def initial_doc(registry: Registry, file: str | None) -> tuple[dict[str, Any], str | None, str | None]:
    """What to open: the file asked for, else the saved draft, else a bundled
    example, else an empty scenario. Returns (document, file, notice)."""
    notice = None
    if file:
        try:
            return read_document(file), file, None
        except BadInput as exc:
            notice = f"✗ {exc}"
    draft = drafts.load_draft()
    if draft:
        return draft, None, notice or "draft restored"
    example = first_example(registry)
    if example is not None:
        try:
            return read_document(example), str(example), notice or f"example {example.name}"
        except BadInput:
            pass
    names = sorted(registry.rulesets)
    if names:
        return blank(registry.ruleset(names[0])), None, notice
    return {}, None, notice or "no rulesets installed: see Plugins (Ctrl+L)"


class GunlineApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "gunline"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", id="quit", priority=True)]

    def __init__(self, registry: Registry, doc: dict[str, Any], file: str | None = None,
                 notice: str | None = None, encounter: Encounter | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.registry = registry
        self.encounter = encounter or Encounter()
        self._start = (doc, file, notice)

    def on_mount(self) -> None:
        doc, file, notice = self._start
        self.push_screen(MainScreen(self.registry, doc, file, notice, self.encounter))

    @property
    def main(self) -> MainScreen:
        for screen in self.screen_stack:
            if isinstance(screen, MainScreen):
                return screen
        raise LookupError("main screen not shown yet")

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if isinstance(screen, MainScreen):
            for key, action, label, help in ACTIONS:
                yield SystemCommand(f"{label} ({key})", help, _runner(screen, action))


def _runner(screen: MainScreen, action: str):
    async def run() -> None:
        await screen.run_action(action)

    return run


def make_app(registry: Registry | None = None, file: str | None = None,
             doc: dict[str, Any] | None = None, *, journal: str | None = None,
             encounter: str | None = None) -> GunlineApp:
    """Build the app. Without a registry the installed plugins are discovered;
    ``doc`` opens that scenario document instead of the file / draft / example.
    ``journal`` is the journal file (else ``GUNLINE_JOURNAL``, else the per-user
    default) and ``encounter`` the encounter to resolve in (picked later by key
    when not given)."""
    if registry is None:
        from gunline.plugins import discover

        registry = discover()
    where = Encounter(journal, encounter)
    if doc is not None:
        return GunlineApp(registry, doc, file, encounter=where)
    start_doc, start_file, notice = initial_doc(registry, file)
    return GunlineApp(registry, start_doc, start_file, notice, encounter=where)


def main(file: str | None = None, *, journal: str | None = None, encounter: str | None = None) -> int:
    """Open the app (the CLI's ``gunline [FILE]`` / ``gunline tui [FILE]``, with
    ``--journal PATH`` and ``--encounter NAME`` as ``gunline resolve`` takes them)."""
    if encounter is not None:
        from gunline.journal.store import check_name

        encounter = check_name(encounter)  # a bad name is bad input before the screen opens
    make_app(file=file, journal=journal, encounter=encounter).run()
    return 0
