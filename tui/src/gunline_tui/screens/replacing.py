"""Asking before another scenario takes the place of unsaved work (a mixin of the
main screen).

Open, a bundled example, New and a ruleset switch each put another scenario on
show. Ctrl+Z brings the old one back, but only until the app closes, and the draft
holds the new one from the next change on: a scenario whose changes are in no file
(``ScenarioModel.unsaved``) is replaced only after a question, whose Enter keeps
working on it. Replaced without saving, it is first written beside the draft under a
dated name (``draft-20261204-2142.toml``, with the file it came from), so that a
dropped connection loses nothing; every launch lists such drafts. A scenario as it
was opened or saved, or an example's copy never edited, is replaced at once.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from gunline import draftfallback, drafts

from ..draft import blank
from ..messages import RulesetPicked
from ..model import Source
from ..speech import _
from ..widgets.pick import PickField
from .base import ScreenParts
from .dialogs import ChoiceDialog


class Replacing(ScreenParts):
    async def replace_unsaved(self, what: str, go: Callable[[], Awaitable[None]],
                              keep: Callable[[], None] | None = None) -> None:
        """Run ``go``, which puts another scenario on show (``what``, in words), at
        once if no unsaved work is lost by it; else ask: save first, replace anyway,
        or (Enter, Esc) keep working, after which ``keep`` runs."""
        if not self.model.unsaved:
            await go()
            return

        was = self.model.source.name

        async def chosen(answer: str | None) -> None:
            if answer == "save":
                await self.save(then=go)
            elif answer == "replace":
                kept = self.keep_replaced()
                if kept is not None:
                    await go()
                    said = _("{name} kept as {path}: Ctrl+O opens it", name=was, path=kept)
                    self.set_status(said)
                    self.notify(said, title=_("draft"), timeout=20)
                elif keep is not None:
                    keep()
            else:
                if keep is not None:
                    keep()
                self.set_status(_("kept working on {name}", name=self.model.source.name))

        self.app.push_screen(ChoiceDialog(
            _("Unsaved changes to {name}", name=self.model.source.name),
            _("{what} would replace it, and its changes are in no file.", what=what),
            [("s", _("save it first, then go on"), "save"),
             ("r", _("replace it without saving (kept beside the draft under a dated name; "
                     "Ctrl+Z brings it back until the app closes)"), "replace")],
            _("keep working on it")), chosen)

    def keep_replaced(self) -> Path | None:
        """Write the scenario on show beside the draft under a dated name, with the
        file it came from (its sidecar), before it is replaced unsaved; where it went,
        or None, said, when it could not be written (then nothing is replaced)."""
        folder = (self.draft_file or drafts.draft_path()).parent
        path = drafts.fresh_draft_path(folder)
        if path == self.draft_file:  # this app's own draft, not yet written, has that name
            path = path.with_name(path.stem + "-kept.toml")
        source = self.model.source
        try:
            return drafts.save_draft(self.model.draft.clean(), path, source.for_draft())
        except OSError as exc:
            place, _refused = draftfallback.place()  # the data folder refuses it: a folder of the user's own
            if place is not None:
                try:
                    return drafts.save_draft(self.model.draft.clean(), drafts.fresh_draft_path(place),
                                             source.for_draft())
                except OSError:
                    pass
            said = _("{name} could not be kept as {path} ({problem}): nothing replaced; s saves it first",
                     name=source.name, path=path, problem=exc.strerror or exc)
            self.set_status("✗ " + said)
            self.notify(said, title=_("draft not saved"), severity="error", timeout=30)
            return None

    async def on_ruleset_picked(self, event: RulesetPicked) -> None:
        """The form's ruleset picker: a new scenario of that game (Ctrl+Z undoes it)."""
        event.stop()
        name = event.name

        async def go() -> None:
            self.model.replace(blank(self.registry.ruleset(name)), _("switch to ruleset {name}", name=name), Source())
            await self.after_change()

        def keep() -> None:  # the picker shows the ruleset of the scenario kept
            for picker in self.query("#ruleset").results(PickField):
                picker.value = self.model.doc.get("ruleset")
                picker.refresh()

        await self.replace_unsaved(_("Switching to {name}", name=name), go, keep)
