"""The scenario being edited, where it came from, and every change to it, undoable.

No Textual here: the screen owns one :class:`ScenarioModel`, makes every change to
the scenario through it (a field typed, a target added, removed or moved, a variant
switched, the ruleset switched, a new scenario, a file opened), and is told of each
change by the ``listener`` it gives; widgets render what the model holds. Undo and
redo step through whole documents: a scenario is a few hundred bytes, and a snapshot
cannot get out of step with the change it undoes, as an inverse operation can.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from gunline.drafts import DraftSource

from .draft import Draft
from .speech import _

#: Most changes kept for undo; the oldest are forgotten first.
HISTORY = 200


@dataclass(frozen=True)
class Source:
    """Where the scenario came from, which decides what Save may do without asking.

    ``path``: the file Ctrl+S writes to (None: untitled, so Save asks where).
    ``example``: the bundled example this is a copy of; examples are package data,
    read and never written, so a copy of one is untitled. ``text``: the file's text
    as read or last saved, so that saving keeps its comments and layout.
    ``restored``: a draft from an earlier session (its file was not opened now)."""

    path: str | None = None
    example: str | None = None
    text: str | None = None
    restored: bool = False

    @property
    def name(self) -> str:
        """How the status line names it."""
        import os

        if self.path:
            return os.path.basename(self.path)
        if self.example:
            return _("copy of {file} (unsaved)", file=os.path.basename(self.example))
        return _("restored draft (unsaved)") if self.restored else _("untitled")

    def for_draft(self) -> DraftSource:
        """What the draft's sidecar keeps of this source (``gunline.drafts.DraftSource``):
        the file as an absolute path, since the next launch may be in another folder
        (a GM back from a dropped session starts in their home), where ``pit.toml``
        would name another campaign's file; a pipe (``gunline <(...)``, ``/dev/fd/63``)
        is no file to come back to, so a draft of one is untitled."""
        import os

        from .files import not_a_place

        path = self.path
        if path and not_a_place(path):
            path = None
        return DraftSource(path=os.path.abspath(os.path.expanduser(path)) if path else None,
                           example=self.example, text=self.text)


@dataclass(frozen=True)
class Change:
    """What changed: ``what`` in words (the undo list and the status line say it),
    ``path`` the field edited, if one was (focus returns there on undo), and
    ``structural`` when the form must be rebuilt (a target added, the ruleset
    switched, an undo: anything beyond one field's value)."""

    what: str
    path: str | None = None
    structural: bool = False
    #: Undone or redone, rather than made: the focus goes back to ``path``.
    replayed: bool = False
    #: A whole other scenario (opened, new, the ruleset switched), or the undoing of
    #: one: the chain on show is not this scenario's with an edit.
    replaced: bool = False


@dataclass
class _Snapshot:
    doc: dict[str, Any]
    source: Source
    clean: dict[str, Any]
    what: str
    path: str | None = None
    replaced: bool = False


@dataclass
class ScenarioModel:
    """The draft (:class:`~gunline_tui.draft.Draft`), its :class:`Source`, and the
    undo and redo lists. ``listener`` is called with each :class:`Change`."""

    draft: Draft
    source: Source = field(default_factory=Source)
    listener: Callable[[Change], None] | None = None

    def __post_init__(self) -> None:
        self._undo: list[_Snapshot] = []
        self._redo: list[_Snapshot] = []
        #: The document as it was last saved or opened (what "unsaved changes" means).
        self._clean = copy.deepcopy(self.draft.doc)
        #: The path of the last field edit, while edits to that field run on: they
        #: make one undo step, not one per keystroke.
        self._typing: str | None = None

    @classmethod
    def of(cls, doc: dict[str, Any], source: Source | None = None,
           listener: Callable[[Change], None] | None = None, clean: dict[str, Any] | None = None) -> ScenarioModel:
        """``clean``: the scenario as its file holds it, when ``doc`` is not that (a
        draft restored with unsaved changes to the file): what ``dirty`` compares."""
        model = cls(Draft(doc), source or Source(), listener)
        if clean is not None:
            model._clean = Draft(clean).clean()
        return model

    # -- reading ------------------------------------------------------------------------
    @property
    def doc(self) -> dict[str, Any]:
        return self.draft.doc

    @property
    def dirty(self) -> bool:
        """Whether the scenario differs from the file it was opened from or saved to
        (for an untitled one: from how it started)."""
        return self.draft.doc != self._clean

    @property
    def unsaved(self) -> bool:
        """Whether putting another scenario in its place would leave work that no file
        holds: changes since it was opened or saved (for a draft restored with the
        file it came from: changes to that file), or a draft restored from an earlier
        session with no file of its own. An example's copy or a new scenario not yet
        edited holds none."""
        return self.dirty or (self.source.restored and not self.source.path)

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo_label(self) -> str | None:
        return self._undo[-1].what if self._undo else None

    def redo_label(self) -> str | None:
        return self._redo[-1].what if self._redo else None

    # -- changing -----------------------------------------------------------------------
    def edit(self, what: str, change: Callable[[Draft], Any], *, path: str | None = None,
             structural: bool = False, typing: bool = False) -> Any:
        """Make one change through ``change(draft)``; undoable unless it changed
        nothing. ``typing``: text typed into the field at ``path``; keystrokes into
        one field in a row are one undo step, not one each, named by the last
        (``what`` of the value typed so far). Returns what ``change`` returned."""
        before = copy.deepcopy(self.draft.doc)
        result = change(self.draft)
        if self.draft.doc == before:
            return result
        if typing and path is not None and path == self._typing and self._undo:
            self._undo[-1].what = what  # one step for the typing: named for the value it came to
        else:
            self._push(self._undo, _Snapshot(before, self.source, self._clean, what, path))
        self._redo.clear()
        self._typing = path if typing else None
        self._tell(Change(what, path, structural))
        return result

    def replace(self, doc: dict[str, Any], what: str, source: Source | None = None,
                clean: dict[str, Any] | None = None) -> None:
        """A whole new scenario (a file opened, an example, a new one, the ruleset
        switched): undoable like any change, the source restored with it. ``clean``:
        the scenario as its file holds it, when ``doc`` is not that (a kept draft
        opened: changes to its file), as for :meth:`of`."""
        self._push(self._undo, _Snapshot(copy.deepcopy(self.draft.doc), self.source, self._clean, what,
                                         replaced=True))
        self._redo.clear()
        self._typing = None
        self.draft = Draft(doc)
        if source is not None:
            self.source = source
            self._clean = copy.deepcopy(self.draft.doc) if clean is None else Draft(clean).clean()
        self._tell(Change(what, None, structural=True, replaced=True))

    def undo(self) -> Change | None:
        """Step back one change; the change made (None: nothing to undo)."""
        return self._step(self._undo, self._redo, undoing=True)

    def redo(self) -> Change | None:
        return self._step(self._redo, self._undo, undoing=False)

    def _step(self, source: list[_Snapshot], target: list[_Snapshot], *, undoing: bool) -> Change | None:
        if not source:
            return None
        snap = source.pop()
        self._push(target, _Snapshot(copy.deepcopy(self.draft.doc), self.source, self._clean, snap.what, snap.path,
                                     snap.replaced))
        self.draft = Draft(snap.doc)
        self.source = snap.source
        self._clean = snap.clean
        self._typing = None
        what = _("undone: {change}", change=snap.what) if undoing else _("redone: {change}", change=snap.what)
        change = Change(what, snap.path, structural=True, replayed=True, replaced=snap.replaced)
        self._tell(change)
        return change

    def saved(self, path: str, text: str) -> None:
        """The scenario was written to ``path`` as ``text``: it is that file's now."""
        self.source = replace(self.source, path=path, text=text, example=None, restored=False)
        self._clean = copy.deepcopy(self.draft.doc)
        self._typing = None

    def _push(self, stack: list[_Snapshot], snap: _Snapshot) -> None:
        stack.append(snap)
        del stack[:-HISTORY]

    def _tell(self, change: Change) -> None:
        if self.listener is not None:
            self.listener(change)
