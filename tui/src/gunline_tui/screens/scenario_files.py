"""Opening, saving and starting scenarios (a mixin of the main screen).

What Save may write is :mod:`gunline_tui.files`'s to say: a file opened or saved in
this session is written at once; any other existing file only after a yes; a bundled
example never (it opens as an untitled copy). Every scenario that replaces the one
on show (a file, an example, a new one) is a change Ctrl+Z takes back.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from gunline.errors import BadInput
from gunline.scenario import build_attack, read_document

from ..draft import blank
from ..files import read_text, scenario_text, scenarios_dir, suggested_name
from ..model import Source
from .base import ScreenParts
from .dialogs import ConfirmDialog, PickDialog, PromptDialog


class ScenarioFiles(ScreenParts):
    """Open, Examples, Save, Save as, New, Export (a mixin of the main screen)."""

    def source_for(self, path: str) -> Source:
        """The source of a scenario read from ``path``: a bundled example is an
        untitled copy of it; any other file is this session's to save."""
        text = read_text(path)
        if self.files.is_example(path):
            return Source(example=path, text=text)
        self.files.opened(path)
        return Source(path=path, text=text)

    async def load_doc(self, doc: dict[str, Any], path: str | None, what: str) -> None:
        """Put ``doc`` (read from ``path``, if any) on show, undoably."""
        source = self.source_for(path) if path else Source()
        self.model.replace(doc, what, source)
        await self.after_change()
        self.set_status(f"{what} · Ctrl+Z brings back the scenario before")

    def _readable(self, text: str) -> tuple[dict[str, Any] | None, str | None]:
        """The scenario in the file ``text`` names, or the problem to show. Its
        ``[roster]`` entries are filled in from the app's journal: the form shows
        every value, and the scenario stands on its own from then on."""
        path = Path(text.strip()).expanduser()
        try:
            doc = read_document(path)
            name = doc.get("ruleset")
            if "roster" in doc and isinstance(name, str):
                from gunline.roster import JournalRoster, expand

                doc = expand(doc, JournalRoster(self.encounter.path), name, str(path))
        except BadInput as exc:
            return None, str(exc)
        if not isinstance(name, str) or name not in self.registry.rulesets:
            try:
                build_attack(self.registry, doc, str(path))
            except BadInput as exc:
                return None, str(exc)
        return doc, None

    def action_open(self) -> None:
        chosen: dict[str, Any] = {}

        def check(text: str) -> str | None:
            doc, problem = self._readable(text)
            if doc is not None:
                chosen["doc"], chosen["path"] = doc, str(Path(text.strip()).expanduser())
            return problem

        async def done(text: str | None) -> None:
            if text is not None and "doc" in chosen:
                await self.load_doc(chosen["doc"], chosen["path"], f"opened {os.path.basename(chosen['path'])}")

        start = self.model.source.path or str(Path.cwd()) + "/"
        self.app.push_screen(PromptDialog("Open scenario file", start, "a TOML scenario, as 'gunline resolve' reads",
                                          check), done)

    def action_library(self) -> None:
        """F5: the bundled examples and the roster, in one list."""
        ruleset = self.model.doc.get("ruleset")
        options = [("open a copy of a bundled example…", "examples")]
        if isinstance(ruleset, str) and ruleset in self.registry.rulesets:
            options += [
                (f"roster: the shooter from the {ruleset} roster…", "take:shooter"),
                (f"roster: the weapon from the {ruleset} roster…", "take:weapon"),
                (f"roster: add a target from the {ruleset} roster…", "take:target"),
                ("roster: keep this shooter", "keep:shooter"),
                ("roster: keep this weapon", "keep:weapon"),
                ("roster: keep a target…", "keep:target"),
            ]

        def picked(choice: str | None) -> None:
            if choice == "examples":
                self.action_examples()
            elif choice is not None:
                verb, kind = choice.split(":")
                (self.take_from_roster if verb == "take" else self.keep_in_roster)(kind)

        self.app.push_screen(PickDialog("Library: examples and the roster", options), picked)

    # -- the roster -------------------------------------------------------------------------
    def keep_in_roster(self, kind: str) -> None:
        """Keep the scenario's shooter, weapon or a target (picked) in the roster, by
        name, with the app's journal."""
        doc = self.model.draft.clean()
        ruleset = doc.get("ruleset")
        if kind != "target":
            self._keep(ruleset, kind, doc.get(kind) or {})
            return
        targets = [t for t in doc.get("targets") or [] if isinstance(t, dict) and t.get("name")]
        options = [(t["name"], str(i)) for i, t in enumerate(targets)]

        def picked(choice: str | None) -> None:
            if choice is not None:
                self._keep(ruleset, "target", targets[int(choice)])

        self.app.push_screen(PickDialog("Keep which target in the roster?", options, "no named target"), picked)

    def _keep(self, ruleset: Any, kind: str, data: dict[str, Any]) -> None:
        def work() -> Any:
            return self.encounter.journal().roster_put(self.registry, ruleset, kind, data)

        def done(entry: Any) -> None:
            self.set_status(f"kept {kind} {entry.name} in the {ruleset} roster")
            self.notify(f"{entry.name} is in the {ruleset} roster: F5 takes it into the next scenario", timeout=4)

        self.off_loop.later(work, done, lambda error: self.work_failed(error, "not kept"),
                            group="roster", description="Keeping it in the roster")

    def take_from_roster(self, kind: str) -> None:
        """Fill the shooter or the weapon from a roster entry, or add a target from
        one (a change Ctrl+Z takes back)."""
        ruleset = self.model.doc.get("ruleset")

        def work() -> Any:
            return self.encounter.journal().roster(ruleset)

        def ready(entries: Any) -> None:
            mine = [e for e in entries if e.kind == kind]
            options = [(e.name, str(i)) for i, e in enumerate(mine)]

            async def picked(choice: str | None) -> None:
                if choice is not None:
                    await self._take(kind, mine[int(choice)])

            self.app.push_screen(PickDialog(f"The {ruleset} roster: {kind}s", options,
                                            f"no {kind} in the {ruleset} roster yet: F5 keeps one"), picked)

        self.off_loop.later(work, ready, lambda error: self.work_failed(error, "roster not read"),
                            group="roster", description="Reading the roster")

    async def _take(self, kind: str, entry: Any) -> None:
        data = dict(entry.data)
        if kind == "target":
            index = len(self.model.draft.targets)
            self.model.edit(f"target {entry.name} from the roster",
                            lambda d: d.targets.append(data), structural=True)
            await self.after_change(focus=f"targets[{index}].name")
        else:
            self.model.edit(f"{kind} {entry.name} from the roster", lambda d: d.doc.__setitem__(kind, data),
                            structural=True)
            await self.after_change(focus=f"{kind}.name")
        self.set_status(f"{kind} {entry.name} from the roster · Ctrl+Z takes it back")

    def action_examples(self) -> None:
        options = []
        for name in sorted(self.registry.rulesets):
            folder = self.registry.ruleset(name).examples
            if folder and Path(folder).is_dir():
                for f in sorted(Path(folder).glob("*.toml")):
                    options.append((f"{name}: {f.stem}", str(f)))

        async def done(path: str | None) -> None:
            if path is None:
                return
            doc, problem = self._readable(path)
            if doc is None:
                self.notify(problem or "", title="could not open", severity="error")
                self.set_status(f"✗ {problem}")
                return
            await self.load_doc(doc, path, f"example {Path(path).stem} (a copy: the example stays as it is)")

        self.app.push_screen(PickDialog("Bundled examples (opened as untitled copies)", options,
                                        "no ruleset ships examples"), done)

    async def action_new(self) -> None:
        """F9: an empty scenario of this ruleset (Ctrl+Z brings the old one back)."""
        name = self.model.doc.get("ruleset")
        if name not in self.registry.rulesets:
            names = sorted(self.registry.rulesets)
            if not names:
                self.set_status("no rulesets installed: see Plugins")
                return
            name = names[0]
        self.model.replace(blank(self.registry.ruleset(name)), f"new {name} scenario", Source())
        await self.after_change()
        self.set_status("new scenario · Ctrl+Z brings back the one before")

    # -- saving ---------------------------------------------------------------------------
    def action_save(self) -> None:
        """Ctrl+S: write the file this scenario came from, when this session opened
        or saved it; otherwise ask where, as Save as does."""
        path = self.model.source.path
        if path is not None and self.files.verdict(path).action == "write":
            self._write(Path(path))
        else:
            self.action_save_as()

    def default_save_path(self) -> str:
        source = self.model.source
        if source.path:
            return source.path
        folder = scenarios_dir(self.model.doc.get("ruleset"))
        return str(folder / suggested_name(self.model.doc, source.example))

    def action_save_as(self) -> None:
        def check(text: str) -> str | None:
            verdict = self.files.verdict(text)
            return verdict.why if verdict.action == "refuse" else None

        def done(text: str | None) -> None:
            if text is None:
                return
            verdict = self.files.verdict(text)
            if verdict.action == "write":
                self._write(verdict.path)
                return

            def confirmed(yes: bool | None) -> None:
                if yes:
                    self._write(verdict.path)
                else:
                    self.set_status("not saved")

            self.app.push_screen(ConfirmDialog(f"Overwrite {verdict.path.name}?", verdict.why,
                                               "Replace that file with this scenario?"), confirmed)

        self.app.push_screen(PromptDialog(
            "Save scenario as", self.default_save_path(),
            f"TOML, as the CLI reads; untitled scenarios go to {scenarios_dir(self.model.doc.get('ruleset'))}",
            check), done)

    def _write(self, path: Path) -> None:
        text = scenario_text(self.model.draft.clean(), self.model.source.text)
        try:
            self.files.write(path, text)
        except OSError as exc:
            self.notify(f"{path}: cannot write: {exc.strerror or exc}", title="not saved", severity="error")
            self.set_status("✗ not saved")
            return
        self.model.saved(str(path), text)
        self.set_status(f"saved {path.name}")

    def action_export(self) -> None:
        def check(text: str) -> str | None:
            verdict = self.files.verdict(text)
            if verdict.action == "refuse":
                return verdict.why
            if verdict.action == "ask":
                return f"{verdict.path.name} exists: give another name"
            try:
                self.files.write(verdict.path, self.logbook.markdown())
            except OSError as exc:
                return f"{verdict.path}: cannot write: {exc.strerror or exc}"
            return None

        def done(text: str | None) -> None:
            if text is not None:
                self.set_status(f"log exported to {Path(text.strip()).name}")

        default = f"gunline-session-{time.strftime('%Y%m%d-%H%M')}.md"
        self.app.push_screen(PromptDialog("Export the session log (Markdown) to", default, "", check), done)
