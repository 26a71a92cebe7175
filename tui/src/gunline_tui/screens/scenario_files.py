"""Opening, saving and starting scenarios (a mixin of the main screen).

What Save may write is :mod:`gunline_tui.files`'s to say: a file opened or saved in
this session, and not changed on disk since, is written at once; any other existing
scenario file only after a yes (Enter says no); a bundled example, the journal or
any file that is no scenario never. Every scenario that replaces the one on show (a
file, an example, a new one) is a change Ctrl+Z takes back, and replaces unsaved
work only after asking (:mod:`.replacing`).
"""

from __future__ import annotations

import os
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from gunline import drafts
from gunline.drafts import shape_problem
from gunline.errors import BadInput
from gunline.scenario import build_attack, read_document

from ..draft import blank
from ..files import not_a_place, read_text, scenario_text, scenarios_dir, suggested_name
from ..model import Source
from ..opening import clean_of, kept_to_open
from ..speech import N_, _
from .base import ScreenParts
from .dialogs import ChoiceDialog, ConfirmDialog, PickDialog, PromptDialog

#: The roster's pick lists: the title and what an empty one says, per kind.
ROSTER = {
    "shooter": (N_("The {ruleset} roster: shooters"), N_("no shooter in the {ruleset} roster yet: F5 keeps one")),
    "weapon": (N_("The {ruleset} roster: weapons"), N_("no weapon in the {ruleset} roster yet: F5 keeps one")),
    "target": (N_("The {ruleset} roster: targets"), N_("no target in the {ruleset} roster yet: F5 keeps one")),
}
#: What keeping one in the roster says, per kind.
KEPT = {
    "shooter": N_("kept shooter {name} in the {ruleset} roster"),
    "weapon": N_("kept weapon {name} in the {ruleset} roster"),
    "target": N_("kept target {name} in the {ruleset} roster"),
}
#: A shooter or weapon taken from the roster (the change, in words).
TAKEN = {
    "shooter": N_("shooter {name} from the roster"),
    "weapon": N_("weapon {name} from the roster"),
    "target": N_("target {name} from the roster"),
}


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

    def kept_draft(self, path: str) -> tuple[Source, dict[str, Any]] | None:
        """Where a kept draft (``draft-<date>.toml`` beside the draft, with the
        sidecar that names its file) came from, and its file's scenario as it is now
        (empty when it cannot be read, or when the draft is untitled: all of it is
        unsaved work); None for any other file. Opened, it is that file's unsaved
        changes, saved to that file; an untitled one is saved with Save as."""
        came = drafts.kept_source(path)
        if came is None:
            return None
        clean = clean_of(came)
        if came.path and clean:
            self.files.opened(came.path, came.text)  # changed on disk since the draft was made: asked
        return Source(path=came.path, example=came.example, text=came.text, restored=True), clean

    async def load_doc(self, doc: dict[str, Any], path: str | None, what: str) -> None:
        """Put ``doc`` (read from ``path``, if any) on show, undoably."""
        kept = self.kept_draft(path) if path else None
        if kept is not None:
            self.model.replace(doc, what, *kept)
        else:
            self.model.replace(doc, what, self.source_for(path) if path else Source())
        await self.after_change()
        self.set_status(_("{what} · Ctrl+Z brings back the scenario before", what=what))

    def _readable(self, text: str) -> tuple[dict[str, Any] | None, str | None]:
        """The scenario in the file ``text`` names, or the problem to show. Its
        ``[roster]`` entries are filled in from the app's journal: the form shows
        every value, and the scenario stands on its own from then on."""
        path = Path(text.strip()).expanduser()
        if not_a_place(path):  # a named pipe would hold the screen until written, a device for ever
            return None, _("{path}: not a regular file: the app opens scenario files (a pipe goes to "
                           "gunline resolve)", path=path)
        try:
            doc = read_document(path)
            problem = shape_problem(doc)
            if problem is not None:  # nothing the form could lay out: refused, the draft untouched
                return None, f"{path}: {problem}"
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
        """Ctrl+O: a file, by its path; where drafts are kept under dated names (work
        a launch set aside), they are listed first, to pick without typing a name."""
        kept = kept_to_open()
        if not kept:
            self._ask_for_file()
            return

        async def picked(choice: str | None) -> None:
            if choice == "":
                self._ask_for_file()
            elif choice is not None:
                doc, problem = self._readable(choice)
                if doc is None:
                    self.set_status(f"✗ {problem}")
                else:
                    await self._open(doc, choice)

        options = [*kept, (_("another file…"), "")]
        self.app.push_screen(PickDialog(_("Open a kept draft, or another file"), options), picked)

    def _ask_for_file(self) -> None:
        """The path of a scenario file, typed; opened once it reads."""
        chosen: dict[str, Any] = {}

        def check(text: str) -> str | None:
            doc, problem = self._readable(text)
            if doc is not None:
                chosen["doc"], chosen["path"] = doc, text
            return problem

        async def done(text: str | None) -> None:
            if text is not None and "doc" in chosen:
                await self._open(chosen["doc"], chosen["path"])

        start = self.model.source.path or str(Path.cwd()) + "/"
        self.app.push_screen(PromptDialog(_("Open scenario file"), start,
                                          _("a TOML scenario, as 'gunline resolve' reads"), check), done)

    async def _open(self, doc: dict[str, Any], text: str) -> None:
        """Put ``doc``, read from the file ``text`` names, on show (asking first if
        that replaces unsaved work)."""
        path = str(Path(text.strip()).expanduser())
        name = os.path.basename(path)

        async def go() -> None:
            await self.load_doc(doc, path, _("opened {file}", file=name))

        await self.replace_unsaved(_("Opening {file}", file=name), go)

    def action_library(self) -> None:
        """F5: the bundled examples and the roster, in one list."""
        ruleset = self.model.doc.get("ruleset")
        options = [(_("open a copy of a bundled example…"), "examples")]
        if isinstance(ruleset, str) and ruleset in self.registry.rulesets:
            options += [
                (_("roster: the shooter from the {ruleset} roster…", ruleset=ruleset), "take:shooter"),
                (_("roster: the weapon from the {ruleset} roster…", ruleset=ruleset), "take:weapon"),
                (_("roster: add a target from the {ruleset} roster…", ruleset=ruleset), "take:target"),
                (_("roster: keep this shooter"), "keep:shooter"),
                (_("roster: keep this weapon"), "keep:weapon"),
                (_("roster: keep a target…"), "keep:target"),
            ]

        def picked(choice: str | None) -> None:
            if choice == "examples":
                self.action_examples()
            elif choice is not None:
                verb, kind = choice.split(":")
                (self.take_from_roster if verb == "take" else self.keep_in_roster)(kind)

        self.app.push_screen(PickDialog(_("Library: examples and the roster"), options), picked)

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

        self.app.push_screen(PickDialog(_("Keep which target in the roster?"), options, _("no named target")), picked)

    def _keep(self, ruleset: Any, kind: str, data: dict[str, Any]) -> None:
        def work() -> Any:
            return self.encounter.journal().roster_put(self.registry, ruleset, kind, data)

        def done(entry: Any) -> None:
            self.set_status(_(KEPT[kind], name=entry.name, ruleset=ruleset))
            self.notify(_("{name} is in the {ruleset} roster: F5 takes it into the next scenario", name=entry.name,
                          ruleset=ruleset), timeout=4)

        self.off_loop.later(work, done, lambda error: self.work_failed(error, _("not kept")),
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

            title, empty = ROSTER[kind]
            self.app.push_screen(PickDialog(_(title, ruleset=ruleset), options, _(empty, ruleset=ruleset)), picked)

        self.off_loop.later(work, ready, lambda error: self.work_failed(error, _("roster not read")),
                            group="roster", description="Reading the roster")

    async def _take(self, kind: str, entry: Any) -> None:
        data = dict(entry.data)
        if kind == "target":
            index = len(self.model.draft.targets)
            self.model.edit(_(TAKEN[kind], name=entry.name),
                            lambda d: d.targets.append(data), structural=True)
            await self.after_change(focus=f"targets[{index}].name")
        else:
            self.model.edit(_(TAKEN[kind], name=entry.name), lambda d: d.doc.__setitem__(kind, data),
                            structural=True)
            await self.after_change(focus=f"{kind}.name")
        self.set_status(_("{what} · Ctrl+Z takes it back", what=_(TAKEN[kind], name=entry.name)))

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
                self.notify(problem or "", title=_("could not open"), severity="error")
                self.set_status(f"✗ {problem}")
                return
            example = Path(path).stem

            async def go() -> None:
                await self.load_doc(doc, path, _("example {name} (a copy: the example stays as it is)",
                                                 name=example))

            await self.replace_unsaved(_("The example {name}", name=example), go)

        self.app.push_screen(PickDialog(_("Bundled examples (opened as untitled copies)"), options,
                                        _("no ruleset ships examples")), done)

    async def action_new(self) -> None:
        """F9: an empty scenario of this ruleset (Ctrl+Z brings the old one back)."""
        name = self.model.doc.get("ruleset")
        if name not in self.registry.rulesets:
            names = sorted(self.registry.rulesets)
            if not names:
                self.set_status(_("no rulesets installed: see Plugins"))
                return
            name = names[0]
        ruleset = self.registry.ruleset(name)

        async def go() -> None:
            self.model.replace(blank(ruleset), _("new {ruleset} scenario", ruleset=name), Source())
            await self.after_change()
            self.set_status(_("new scenario · Ctrl+Z brings back the one before"))

        await self.replace_unsaved(_("A new scenario"), go)

    # -- saving ---------------------------------------------------------------------------
    async def action_save(self) -> None:
        """Ctrl+S: write the file this scenario came from, when this session opened
        or saved it and nobody changed it on disk since; otherwise ask."""
        await self.save()

    async def save(self, then: Callable[[], Awaitable[None]] | None = None) -> None:
        """Save as Ctrl+S does, then (once the scenario is in a file) run ``then``.
        A file changed or deleted on disk since it was read or written here is
        written only after a question whose Enter does not; Save as is offered beside
        it. A file that is a folder now is said to be one, then Save as is offered."""
        path = self.model.source.path
        verdict = self.files.verdict(path) if path is not None else None
        if verdict is None or verdict.action == "refuse":
            if verdict is not None:
                self.notify(verdict.why, title=_("not saved there"), severity="warning")
            self.save_as(then)
            return
        if verdict.action == "write":
            await self._write_then(verdict.path, then)
            return

        async def chosen(answer: str | None) -> None:
            if answer == "overwrite":
                await self._write_then(verdict.path, then)
            elif answer == "save_as":
                self.save_as(then)
            else:
                self.set_status(_("not saved"))

        if self.files.deleted_on_disk(verdict.path):  # nothing to save over: put it back?
            title, write = _("Save {file} again?", file=verdict.path.name), _("write it again with this scenario")
        else:
            title, write = _("Save over {file}?", file=verdict.path.name), _("overwrite it with this scenario")
        self.app.push_screen(ChoiceDialog(
            title, verdict.why, [("o", write, "overwrite"), ("a", _("save as another file…"), "save_as")],
            _("do not save")), chosen)

    def default_save_path(self) -> str:
        source = self.model.source
        if source.path and not not_a_place(source.path):  # a pipe read from: a name, not the pipe
            return source.path
        folder = scenarios_dir(self.model.doc.get("ruleset"))
        return str(folder / suggested_name(self.model.doc, source.example))

    def action_save_as(self) -> None:
        self.save_as()

    def save_as(self, then: Callable[[], Awaitable[None]] | None = None) -> None:
        """Ask where to save (F12), then run ``then`` once saved. An existing file is
        overwritten only after a yes (Enter says no); a file that is no scenario is
        refused in the line itself."""
        def check(text: str) -> str | None:
            verdict = self.files.verdict(text)
            return verdict.why if verdict.action == "refuse" else None

        async def done(text: str | None) -> None:
            if text is None:
                return
            verdict = self.files.verdict(text)
            if verdict.action == "write":
                await self._write_then(verdict.path, then)
                return

            async def confirmed(yes: bool | None) -> None:
                if yes:
                    await self._write_then(verdict.path, then)
                else:
                    self.set_status(_("not saved"))

            self.app.push_screen(ConfirmDialog(_("Overwrite {file}?", file=verdict.path.name), verdict.why,
                                               _("Replace that file with this scenario?"), default=False), confirmed)

        self.app.push_screen(PromptDialog(
            _("Save scenario as"), self.default_save_path(),
            _("TOML, as the CLI reads; untitled scenarios go to {folder}",
              folder=scenarios_dir(self.model.doc.get("ruleset"))),
            check), done)

    async def _write_then(self, path: Path, then: Callable[[], Awaitable[None]] | None) -> None:
        if self._write(path) and then is not None:
            await then()

    def _write(self, path: Path) -> bool:
        """Write the scenario to ``path``; whether it was (a failure is said)."""
        text = scenario_text(self.model.draft.clean(), self.model.source.text)
        try:
            self.files.write(path, text)
        except OSError as exc:
            self.notify(_("{path}: cannot write: {error}", path=path, error=exc.strerror or exc), title=_("not saved"),
                        severity="error")
            self.set_status("✗ " + _("not saved"))
            return False
        self.model.saved(str(path), text)
        self._save_draft()  # the draft's sidecar names the file now, and the text it holds
        self.set_status(_("saved {file}", file=path.name))
        return True

    def action_export(self) -> None:
        def check(text: str) -> str | None:
            verdict = self.files.verdict(text, scenario=False)
            if verdict.action == "refuse":
                return verdict.why
            if verdict.action == "ask":
                return _("{file} exists: give another name", file=verdict.path.name)
            try:
                self.files.write(verdict.path, self.logbook.markdown())
            except OSError as exc:
                return _("{path}: cannot write: {error}", path=verdict.path, error=exc.strerror or exc)
            return None

        def done(text: str | None) -> None:
            if text is not None:
                self.set_status(_("log exported to {file}", file=Path(text.strip()).name))

        default = f"gunline-session-{time.strftime('%Y%m%d-%H%M')}.md"
        self.app.push_screen(PromptDialog(_("Export the session log (Markdown) to"), default, "", check,
                                          holds=False), done)
