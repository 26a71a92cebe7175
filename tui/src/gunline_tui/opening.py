"""What the app opens, and where its draft goes: decided once, before the screen is
built, so that no scenario a GM worked on is replaced unseen.

The draft (``draft.toml`` in the data directory) holds the last scenario edited,
and beside it (:func:`gunline.drafts.load_source`) the file it came from. At launch:

- ``gunline`` restores the draft, saved to its file again by Ctrl+S;
- ``gunline FILE`` restores the draft if it holds unsaved changes *to FILE* (the
  GM reconnecting after a dropped session runs the command they ran before); if it
  holds other unsaved work, FILE opens and that draft is kept under a dated name
  (``draft-20261204-2142.toml``), said in a notice; a draft equal to FILE is
  simply FILE;
- a draft that cannot be read (not TOML, not UTF-8) or laid out is moved aside
  (``draft.toml.unusable``, never over an earlier one) and said so;
- when another app holds the draft (:mod:`gunline.draftlock`), nothing of it is
  moved: this app keeps its own draft under a dated name and says so;
- a draft kept in a fallback folder while the data folder could not be written
  (:mod:`gunline.draftfallback`) is moved back into it once it can be, else
  restored from where it is; of it and the data folder's, the newer is the draft
  and the older is kept under a dated name, both said;
- drafts kept under dated names are listed in a notice at every launch, so that
  none is forgotten; ``gunline draft-<date>.toml`` (the name listed) opens one as
  Ctrl+O does: its file's unsaved changes, saved to that file (an untitled one
  with Save as), and the draft again.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gunline import draftfallback, drafts
from gunline.draftlock import Claim, claim_draft
from gunline.errors import BadInput
from gunline.plugins import Registry
from gunline.scenario import read_document

from .draft import Draft, blank
from .speech import _, _n


@dataclass
class Opening:
    """The scenario to open and what to say about it.

    ``file``: read from that file (None: the draft, an example's copy, or new).
    ``restored``: the draft an earlier session left; ``source`` where that draft came
    from and ``clean`` that file's scenario, if any (what "unsaved" is measured from).
    ``notice``: for the status line; ``notes``: what is worth a notification (work
    kept under another name, and where). ``draft``: where this app writes its draft;
    ``claim``: its hold on ``draft.toml`` (None: another app has it).
    ``fallback_claims``: its hold on the fallback folders found."""

    doc: dict[str, Any]
    file: str | None = None
    notice: str | None = None
    restored: bool = False
    source: drafts.DraftSource | None = None
    clean: dict[str, Any] | None = None
    draft: Path | None = None
    claim: Claim | None = None
    notes: list[str] = field(default_factory=list)
    #: This app's hold on the fallback folders it found (see :mod:`gunline.draftfallback`).
    fallback_claims: dict[Path, Claim] = field(default_factory=dict)


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


def opening(registry: Registry, file: str | None) -> Opening:
    """What to open: the file asked for, else the saved draft, else a bundled
    example, else an empty scenario; and where this app's draft goes."""
    claim = claim_draft()
    shared = drafts.draft_path()
    mine = shared if claim is not None else drafts.fresh_draft_path()
    notes: list[str] = []
    if claim is None:
        notes.append(_("another gunline is using the draft {path}; this one keeps its draft as {mine}",
                       path=shared, mine=mine))
    home = drafts.home_problem()
    holds: dict[Path, Claim] = {}
    at: Path | None = shared if home is None else None  # the draft to restore
    notice: str | None = None
    back: list[str] = []  # said after the data folder's own trouble
    if claim is not None:
        at, holds = _fallen_back(home is None, back)
    if home is not None:
        place, refused = draftfallback.place()
        if place is not None:  # said once, as it is, and where the drafts go meanwhile
            notice = _("⚠ drafts cannot be kept in the data folder: {problem} (GUNLINE_HOME or XDG_DATA_HOME "
                       "names it); they are kept in {place} until it can be written", problem=home, place=place)
        else:
            notice = _("✗ drafts cannot be kept: {problem} (GUNLINE_HOME or XDG_DATA_HOME names it), nor in a "
                       "folder of their own: {refused}; Ctrl+S saves to a file", problem=home,
                       refused="; ".join(refused))
    draft, source, trouble = _the_draft(claim is not None, at) if at is not None else (None, None, None)
    notice = notice or trouble
    for said in (notice, trouble if trouble != notice else None):
        if said is not None:
            notes.append(said)
    notes.extend(back)
    if notice is None and claim is None:
        notice = _("another gunline has the draft: this one's is {name}", name=mine.name)

    def done(doc: dict[str, Any], file: str | None = None, note: str | None = None, restored: bool = False,
             clean: dict[str, Any] | None = None, came: drafts.DraftSource | None = None) -> Opening:
        origin = (came or source) if restored else None
        listed = notes + (_kept_drafts() if claim is not None else [])  # as they are now, this one's in place
        return Opening(doc, file, notice or note, restored, origin, clean, mine, claim, listed, holds)

    if file:
        asked: dict[str, Any] | None = None
        try:
            asked = read_document(file)
            problem = drafts.shape_problem(asked)
            if problem is not None:
                raise BadInput(f"{file}: {problem}")
        except BadInput as exc:
            if not (draft is not None and source is not None and source.path and _same_file(source.path, file)):
                # not a scenario the form can show: said as `gunline resolve` says it,
                # never an example or another draft opened in its place (the reason
                # was cut off at the end of the status line, and a GM took the example
                # for the file)
                for hold in (claim, *holds.values()):
                    if hold is not None:
                        hold.release()
                raise
            notice = f"✗ {exc}"  # the draft of its unsaved changes is restored below
            notes.append(notice)
        if asked is not None:
            if draft is None or _same(draft, asked):
                draft = None  # nothing of it to keep: FILE is what it holds
            elif source is not None and source.path and _same_file(source.path, file):
                changed = source.text is not None and _text(file) != source.text
                said = _("unsaved changes to {file} restored from the draft", file=os.path.basename(file))
                if changed:
                    said += " · " + _("{file} changed on disk since", file=os.path.basename(file))
                notes.append(said)  # whole, where the status line may cut it at 80 columns
                return done(draft, None, said, restored=True, clean=asked)
            moved = True  # draft.toml free for another draft to take its place
            if draft is None or claim is None:
                moved = draft is None and claim is not None
            elif _held_by_its_file(draft, source):
                pass  # saved, or never edited: the file holds it, nothing to keep
            else:
                kept = drafts.keep_aside(at)
                if kept is not None:
                    was = source.path if source is not None and source.path else _("untitled")
                    notes.append(_("the draft before ({was}, unsaved) is kept as {path}: Ctrl+O opens it",
                                   was=was, path=kept))
                else:
                    # it could not be moved: this app writes elsewhere, the draft stays whole
                    moved = False
                    mine = drafts.fresh_draft_path()
                    notes.append(_("the draft {path} holds other unsaved work; this one keeps its draft as {mine}",
                                   path=shared, mine=mine))
            came = drafts.kept_source(file)
            if came is not None:  # a kept draft, named: its file's unsaved changes, as Ctrl+O opens it
                found: tuple[Path, dict[str, Any], drafts.DraftSource] | None = (Path(file), asked, came)
                since = clean_of(came)
            else:  # a second app's draft, or one kept aside, of FILE: FILE's unsaved changes
                found, since = _kept_for(file, asked), asked
            if found is not None:
                held, doc, came = found
                if moved:
                    held = _into_place(held, shared)
                else:
                    mine = held
                whose = came.path or came.example
                said = _("unsaved changes to {file} restored from the draft {path}",
                         file=os.path.basename(whose), path=held) if whose else \
                    _("unsaved work restored from the draft {path}", path=held)
                if came.path and came.text is not None and _text(came.path) != came.text:
                    said += " · " + _("{file} changed on disk since", file=os.path.basename(came.path))
                notes.append(said)
                return done(doc, None, said, restored=True, clean=since, came=came)
            return done(asked, file)
    if draft is not None:
        clean = None
        said = _("draft restored")
        sidecar = drafts.source_path(at or shared)
        if source is None and sidecar.exists():
            # damaged, or another draft's (a crash as the app went to another file):
            # untitled, said so, rather than taken for a scenario that never had a file
            said = _("draft restored · which file it holds changes to is not known ({sidecar} is damaged or "
                     "another draft's): F12 saves it", sidecar=sidecar)
            notes.append(said)
        if source is not None and source.path:
            try:
                clean = read_document(source.path)
            except BadInput:
                # moved, deleted, unreadable: nothing holds this work but the draft,
                # so it is unsaved work (Open and New ask), never "as its file is"
                clean = {}
                if os.path.isfile(source.path):  # there, and no scenario: Save will not write over it
                    said = _("draft restored · {file} is there but could not be read as a scenario: F12 saves "
                             "the draft elsewhere", file=os.path.basename(source.path))
                else:
                    said = _("draft restored · {file} could not be read: Ctrl+S writes it again, F12 elsewhere",
                             file=os.path.basename(source.path))
                notes.append(said)
        return done(draft, None, said, restored=True, clean=clean)
    example = first_example(registry)
    if example is not None:
        try:
            return done(read_document(example), str(example), _("example {file}", file=example.name))
        except BadInput:
            pass
    names = sorted(registry.rulesets)
    if names:
        return done(blank(registry.ruleset(names[0])))
    return done({}, None, _("no rulesets installed: see Plugins (Ctrl+L)"))


def _the_draft(ours: bool, at: Path) -> tuple[dict[str, Any] | None, drafts.DraftSource | None, str | None]:
    """The draft to restore (the one at ``at``), where it came from, and what is
    wrong with it: one that cannot be read or laid out is moved aside if it is
    ``ours`` (another app's is left where it is) and said, never restored."""
    doc, problem = drafts.read_draft(at)
    if problem is None and doc is not None:
        problem = drafts.shape_problem(doc)
    if problem is not None:  # kept, never laid out
        aside = drafts.set_aside(at) if ours else None
        return None, None, _("✗ draft: {problem}; kept as {path}", problem=problem, path=aside or at)
    if not doc:
        return None, None, None
    return doc, drafts.load_source(at), None


def _fallen_back(writable: bool, notes: list[str]) -> tuple[Path | None, dict[Path, Claim]]:
    """The drafts kept in a fallback folder (:mod:`gunline.draftfallback`) while the
    data folder could not be written: brought back into it if it can be written now,
    else the newest ``draft.toml`` of both is the one to restore, the older kept
    under a dated name where it is (the next draft written does not replace it);
    each said in ``notes``. Returns where the draft to restore is, and this app's
    hold on each fallback folder (one another running app holds is left alone)."""
    held: dict[Path, Claim] = {}
    busy: set[Path] = set()
    for folder in draftfallback.found():
        claim = claim_draft(folder)
        if claim is None:
            busy.add(folder / drafts.DRAFT_FILE)
        else:
            held[folder] = claim
    skip = frozenset(busy)
    shared = drafts.draft_path()
    if writable:
        for back in draftfallback.bring_back(skip=skip):
            if back.taken and back.other is not None:
                notes.append(_("the draft kept in {came} while the data folder could not be written is newer: "
                               "it is the draft again; the older one is kept as {other} (Ctrl+O opens it)",
                               came=back.came, other=back.other))
            elif back.taken:
                notes.append(_("the draft kept in {came} while the data folder could not be written is back "
                               "in {path}", came=back.came, path=back.now))
            elif back.other is not None:
                notes.append(_("the draft in {other} is newer than the one kept in {came} while the data "
                               "folder could not be written: that one is kept as {path} (Ctrl+O opens it)",
                               other=back.other, came=back.came, path=back.now))
            else:
                notes.append(_("a draft kept in {came} while the data folder could not be written is back "
                               "as {path} (Ctrl+O opens it)", came=back.came, path=back.now))
    at, older = draftfallback.newest(skip=skip)
    if at is None:
        return (shared if writable else None), held
    for other in older:
        kept = drafts.keep_aside(other)  # the next draft written there must not replace it
        notes.append(_("the draft {path} is newer and is restored; the older one is kept as {other}",
                       path=at, other=kept or other))
    if at != shared:
        notes.append(_("draft restored from {path}, where it was kept while the data folder could not be written",
                       path=at))
    return at, held


#: A draft kept under a dated name, read once: where it is, its scenario (None: it
#: cannot be read or laid out) and the file it holds changes to (None: untitled).
Kept = tuple[Path, "dict[str, Any] | None", "drafts.DraftSource | None"]


def _kept() -> list[Kept]:
    """Every draft kept under a dated name (a second app's, one kept aside), oldest
    first, each read once."""
    found: list[Kept] = []
    for path in drafts.other_drafts():
        doc, problem = drafts.read_draft(path)
        if doc is not None and (problem is not None or drafts.shape_problem(doc) is not None):
            doc = None
        found.append((path, doc, drafts.load_source(path)))
    return found


def _kept_drafts() -> list[str]:
    """A note naming the drafts kept under dated names that hold work in no file,
    each with the file it holds changes to; the others go (see :func:`_gone_if_held`)."""
    kept = [k for k in _kept() if not _gone_if_held(k)]
    if not kept:
        return []
    names = ", ".join(_whose(k) for k in kept[-3:]) + (", …" if len(kept) > 3 else "")
    return [_n("{n} other draft kept in {folder}: {names} (Ctrl+O opens it)",
               "{n} other drafts kept in {folder}: {names} (Ctrl+O opens one)", len(kept), n=len(kept),
               folder=", ".join(dict.fromkeys(str(k[0].parent) for k in kept)), names=names)]


def kept_to_open() -> list[tuple[str, str]]:
    """The drafts kept under dated names that hold unsaved work and can be opened,
    newest first, each as (what the Open dialog lists, its path): the GM picks one
    instead of typing the dated name a launch notice gave."""
    found = [k for k in _kept() if k[1] is not None and not _held_by_its_file(k[1], k[2])]
    return [(_("{draft}, unsaved", draft=_whose(k)), str(k[0])) for k in reversed(found)]


def _gone_if_held(kept: Kept) -> bool:
    """Remove a kept draft (and its sidecar) that its own file holds as it is: saved
    since, or never edited, it is no unsaved work, and listing it at every launch
    would bury the ones that are. A draft with no file, or whose file cannot be
    read, holds work nothing else does: it stays. Whether it was removed."""
    path, doc, came = kept
    if doc is None or not _held_by_its_file(doc, came):
        return False
    try:
        path.unlink()
    except OSError:
        return False
    try:
        drafts.source_path(path).unlink()
    except OSError:
        pass
    return True


def _whose(kept: Kept) -> str:
    """A kept draft's name and the file it holds changes to: ``draft-….toml (pit.toml)``."""
    path, _doc, came = kept
    where = came and (came.path or came.example)
    return f"{path.name} ({os.path.basename(where) if where else _('untitled')})"


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two scenarios are one, as the draft would be written."""
    return Draft(a).clean() == Draft(b).clean()


def clean_of(came: drafts.DraftSource) -> dict[str, Any]:
    """The scenario a kept draft's unsaved changes are measured from: its file's as it
    is now; empty (all of it unsaved) when it is untitled or its file cannot be read."""
    if not came.path:
        return {}
    try:
        return read_document(came.path)
    except BadInput:
        return {}


def _kept_for(file: str, asked: dict[str, Any]) -> tuple[Path, dict[str, Any], drafts.DraftSource] | None:
    """The newest draft kept under a dated name (a second app's, one kept aside) that
    holds unsaved changes to ``file`` (whose scenario is ``asked``): where it is,
    what it holds and where it came from; or None."""
    for path, doc, came in reversed(_kept()):
        if doc is None or came is None or not came.path or not _same_file(came.path, file) or _same(doc, asked):
            continue
        return path, doc, came
    return None


def _into_place(kept: Path, shared: Path) -> Path:
    """Move a kept draft, with its sidecar, to ``shared`` (``draft.toml``, free now):
    it is the draft again, and no longer listed as kept; where it is."""
    try:
        os.replace(kept, shared)
    except OSError:
        try:  # from a fallback folder, on another file system
            draftfallback.copy_to(kept, shared)
        except OSError:
            return kept
        return shared
    try:
        os.replace(drafts.source_path(kept), drafts.source_path(shared))
    except OSError:
        pass
    return shared


def _held_by_its_file(draft: dict[str, Any], source: drafts.DraftSource | None) -> bool:
    """Whether the file the draft came from (or the example it is a copy of) holds
    the draft as it is: then it is no unsaved work, and needs no keeping."""
    where = source and (source.path or source.example)
    if not where:
        return False
    try:
        return _same(draft, read_document(where))
    except BadInput:
        return False


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return os.path.realpath(a) == os.path.realpath(b)


def _text(path: str) -> str | None:
    from .files import read_text

    return read_text(path)
