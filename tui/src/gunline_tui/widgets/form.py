"""The scenario builder, generated from the ruleset's own Structs.

There is no code per ruleset here: ``gunline.schema.describe`` says what fields the
ruleset's shooter, weapon, target and settings Structs have (type, bounds, choices,
default, and the field's title and description in the game's words), and each
becomes an Input, a choice or a switch, labelled with its title. Every editor
carries its field path (``targets[1].concealment``) as its ``name``, the same path
scenario error messages start with, so an error is shown under the field it is
about.

The form renders the :class:`~gunline_tui.model.ScenarioModel` it is given and
makes every change through it (so each is undoable); the screen hears of changes
from the model, not from the form.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterator
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, VerticalScroll
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, Static

from gunline.errors import quoted
from gunline.language import SOURCE, language
from gunline.models import Ruleset
from gunline.plugins import Registry
from gunline.schema import FieldSpec, describe, format_value, is_structured, parse_value

from ..messages import RulesetPicked, TargetAction
from ..model import ScenarioModel
from ..shown import Text, shown
from ..speech import N_, _, field_words, said, spoken
from .choice import Choice
from .in_order import KeysInOrder, LineInput, hold_keys
from .pick import PickField

#: The catalogue picker's value for a weapon of the GM's own (shown in words).
CUSTOM = "(custom)"


class Unstyled:
    """A widget that is not restyled while it is not yet in the app's DOM.

    Textual restyles a widget whenever one of its classes changes, mounted or not,
    and Input and Checkbox change theirs as they are made (compact, valid, on): a
    few restylings each, most of the time it takes to make one. Once mounted, a
    widget is styled whole, classes and all, so restyling it before is wasted; the
    form makes dozens of them on every build."""

    def update_node_styles(self, animate: bool = True) -> None:
        if self.is_attached:  # type: ignore[attr-defined]
            super().update_node_styles(animate)  # type: ignore[misc]


class Switch(Unstyled, KeysInOrder, Checkbox):
    """A checkbox whose state shows as X or blank, not only as a colour."""

    @property
    def _button(self):
        self.BUTTON_INNER = "X" if self.value else " "
        return super()._button


class TextField(Unstyled, LineInput):
    """A text field of the form. What is typed goes into the scenario as the key is
    taken: through the line's message, a few turns later, it came after keys typed
    behind it that changed the form (``9 Shift+Tab a`` in a new target's name, many
    targets: the a's new target made the name's field again, and the 9 was lost)."""

    def watch_value(self, value: str) -> None:
        form = next((node for node in self.ancestors if isinstance(node, ScenarioForm)), None) \
            if self.is_attached else None
        if form is not None:
            form.text_typed(self, value)


#: More targets than this and the form shows one target's fields at a time, the
#: others by their title row alone (Enter opens one). Each target is a dozen or so
#: widgets, and Textual styles and lays out every widget of the screen whenever the
#: focus moves: at 100 targets the form took 10 s to build and a second a keystroke,
#: at 300 the app stopped answering keys (Ctrl+Q too) for minutes.
FOLD_OVER = 12


class TargetHeader(KeysInOrder, Static, can_focus=True):
    """The title row of one target; the keys to add, remove and move targets work
    when it has the focus, and the footer shows them then (removing is undone with
    Ctrl+Z like any change). Enter opens a folded target (:data:`FOLD_OVER`)."""

    BINDINGS = [
        Binding("a", "act('add')", N_("Add target"), id="target-add"),
        Binding("x,delete", "act('remove')", N_("Remove target"), id="target-remove"),
        Binding("k", "act('up')", N_("Move up"), id="target-up"),
        Binding("j", "act('down')", N_("Move down"), id="target-down"),
        Binding("enter", "act('open')", N_("Open"), id="target-open"),
    ]

    def __init__(self, index: int, title: str, folded: bool = False) -> None:
        super().__init__(Text(title), classes="target-header")
        self.index = index
        self.folded = folded
        self.title = title
        #: Bumped whenever the row comes to show another target, or the same one
        #: otherwise (see :meth:`show`): a key typed on it before then is stale.
        self.shown = 0

    def retitle(self, title: str) -> None:
        """The same target, renamed (its name typed)."""
        if title != self.title:
            self.title = title
            self.update(Text(title))

    def show(self, index: int, title: str, folded: bool) -> bool:
        """Show the target at ``index`` this way (the form changed in place, not
        rebuilt: :meth:`ScenarioForm.retarget`); whether anything changed."""
        if (index, title, folded) == (self.index, self.title, self.folded):
            return False
        self.index, self.title, self.folded = index, title, folded
        self.shown += 1
        self.update(Text(title))
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "act" and parameters == ("open",):
            return self.folded  # an open target's fields are under it already
        return True

    def action_act(self, what: str) -> None:
        """Ask the screen to act on this row's target. The keys typed behind this one
        wait until it has (and the form is rebuilt): they are for the row or the field
        that has the focus then, not for this row, which is being replaced. The
        message goes to the screen itself: one bubbling up through a form being
        rebuilt could be lost, and the keys held with it."""
        self.screen.post_message(TargetAction(self.index, what, row=self, shown=self.shown,
                                              done=hold_keys(self.app)))


def target_title(index: int, target: dict[str, Any], folded: bool = False) -> str:
    name = target.get("name") or _("unnamed")
    if folded:
        return _("▹ Target {number}: {name} (Enter: open)", number=index + 1, name=name)
    return _("▸ Target {number}: {name}", number=index + 1, name=name)


class ScenarioForm(KeysInOrder, VerticalScroll):
    """The whole scenario: attack settings, shooter, weapon, targets."""

    BINDINGS = [
        Binding("down", "app.focus_next", N_("Next field"), show=False),
        Binding("up", "app.focus_previous", N_("Previous field"), show=False),
    ]

    def __init__(self, registry: Registry, model: ScenarioModel, *, first_rows: int | None = None,
                 **kwargs: Any) -> None:
        """``first_rows``: as many rows of the form as can be in view before it is
        scrolled; when given, only those are mounted before the first frame (the
        rest right after it, :meth:`mount_rest`). The form is most of the screen's
        widgets, and a widget costs as much to style and lay out out of view as in."""
        super().__init__(**kwargs)
        self.first_rows = first_rows
        self.registry = registry
        self.model = model
        self.specs: dict[str, FieldSpec] = {}
        self.editors: dict[str, Widget] = {}
        self.labels: dict[str, str] = {}
        #: What the map gave each field the rules read off it, used or overridden.
        self.measured: dict[str, Any] = {}
        #: The rows still to be made and mounted after the first frame (see ``first_rows``).
        self._later: Iterator[Widget] = iter(())
        #: The target whose fields are shown when the targets are folded (:data:`FOLD_OVER`).
        self.open_target = 0
        #: The targets' title rows, in order, and the rows of the open target's
        #: fields (folded targets: see :meth:`retarget`).
        self._headers: list[TargetHeader] = []
        self._open_rows: list[Widget] = []
        self._targets_title: Static | None = None
        #: What the rows above the targets were made from (see :meth:`_head`).
        self._head_shown: Any = None
        #: Whether every row is made: the first build leaves some to :meth:`mount_rest`.
        self._whole = True

    @property
    def draft(self):
        return self.model.draft

    # -- building ------------------------------------------------------------------
    @property
    def ruleset(self) -> Ruleset | None:
        name = self.draft.doc.get("ruleset")
        rulesets = self.registry.rulesets
        return rulesets[name].declaration if name in rulesets else None  # type: ignore[return-value]

    @property
    def packages(self) -> tuple[str, ...]:
        """Whose catalogues word the ruleset's fields, choices and modes: the
        stack's (the ruleset's and its enabled variants'), else the ruleset's."""
        name = self.draft.doc.get("ruleset")
        if not isinstance(name, str) or name not in self.registry.rulesets:
            return ()
        variants = self.draft.doc.get("variants")
        enabled = tuple(v for v in variants if isinstance(v, str)) if isinstance(variants, list) else ()
        return (enabled and self.registry.packages(name, enabled)) or self.registry.packages(name)

    def _variant_packages(self, name: str):
        """Whose catalogues word the variant ``name``'s texts (asked for only when
        the language is not English)."""
        rules = self.ruleset
        return lambda: self.registry.packages(rules.name, [name]) if rules is not None else ()

    def said(self, value: Any, spec: FieldSpec | None = None) -> str:
        """A fire mode or a choice's value as the form shows it: a choice of the
        field ``spec`` as a value of that field (``C_("range", "long")``)."""
        return said(value, lambda: self.packages, spec.name if spec is not None else None)

    def compose(self) -> ComposeResult:
        self.specs, self.editors, self.labels = {}, {}, {}
        self._focused_label = None
        self._marked = self._status_text = None
        self._error_rows = []
        self._headers, self._open_rows, self._targets_title = [], [], None
        self._head_shown = self._head()
        yield Static("", id="form-status")
        widgets: Iterator[Widget] = self._grid()
        self._later = iter(())
        if self.first_rows is not None:  # the first build only: a rebuild is whole
            if language() != SOURCE:
                widgets = iter(list(widgets))  # every label made now: the column fits the longest (_long_words)
            widgets, self._later = self._split(widgets, max(1, self.first_rows))
            self.first_rows = None
            self._whole = False  # until mount_rest
        # Labels and editors sit directly in a two-column grid: one container per
        # field would double the widgets, and every redraw lays them all out.
        with Container(id="form-grid") as grid:
            yield from widgets
        if self._long_words():
            grid.add_class("-long-words")  # a wider column for the labels (app.tcss)

    def _split(self, widgets: Iterator[Widget], rows: int) -> tuple[Iterator[Widget], Iterator[Widget]]:
        """The widgets of the first ``rows`` rows of the grid, and the rest, still to
        be made: a row is a label and its editor, or one widget across both columns."""
        first: list[Widget] = []
        count = 0
        for widget in widgets:
            if widget not in self.editors.values():
                count += 1
                if count > rows:
                    return iter(first), itertools.chain([widget], widgets)
            first.append(widget)
        return iter(first), iter(())

    async def mount_rest(self) -> None:
        """Make and mount the rows the first build left out (none after a rebuild),
        and mark them as the rows mounted before were: the fields the map measures,
        a wider column for longer words."""
        later = list(self._later)
        self._later = iter(())
        self._whole = True  # every row made (mounted next, unless the form is closing)
        grids = self.query("#form-grid")
        if not later or not grids or not grids.first().is_attached:  # nothing left, or closing
            return
        grid = grids.first()
        await grid.mount_all(later)
        grid.set_class(self._long_words(), "-long-words")
        if self.measured:
            self.show_measured(self.measured.values())

    def is_placed(self, path: str) -> bool:
        """Whether the editor of ``path`` is in the form on screen (not one of the
        rows still to be mounted after the first frame)."""
        editor = self.editors.get(path)
        return editor is not None and editor.parent is not None

    def _long_words(self) -> bool:
        """Whether a label would be cut in the 14 cells English needs: another
        language's longer words get 17 (app.tcss; 22 in a wide terminal, as English)."""
        if language() == SOURCE or not self.labels:
            return False
        return max(len(label) for label in self.labels.values()) + 3 > 14  # padding, and "◎ " or "✗ "

    def _grid(self):
        yield Static(_("Attack"), classes="section")
        names = sorted(self.registry.rulesets)
        ruleset_name = self.draft.doc.get("ruleset")
        options = [(self._ruleset_label(n), n) for n in names]
        yield from self._row(
            _("ruleset"), "ruleset",
            PickField(_("Ruleset (a new scenario of it; Ctrl+Z brings this one back)"), options,
                      ruleset_name if ruleset_name in names else None, name="ruleset", id="ruleset"),
        )
        rules = self.ruleset
        if rules is None:
            return
        mode = self.draft.doc.get("mode", rules.modes[0])
        yield from self._row(_("fire mode"), "mode",
                             Choice(rules.modes, mode, name="mode", id="mode", words=self.said))
        enabled = set(self.draft.doc.get("variants", []))
        variants = self.registry.variants_for(rules.name)
        for i, name in enumerate(sorted(variants)):
            short = name.split(".", 1)[1] if name.startswith(rules.name + ".") else name
            box = Switch(Text(short), name in enabled, compact=True, name=f"variant:{name}",
                         classes="variant", id="first-variant" if i == 0 else None)
            box.tooltip = Text(spoken(variants[name].declaration.description, self._variant_packages(name)))
            yield from self._row(_("variant") if i == 0 else "", f"variant:{name}", box)
        if rules.settings is not None:
            yield from self._fields(describe(rules.settings), top=True)
        yield Static(_("Shooter"), classes="section")
        yield from self._fields(describe(rules.shooter, "shooter"))
        yield Static(_("Weapon"), classes="section")
        yield from self._catalogue_row(rules)
        yield from self._fields(describe(rules.weapon, "weapon"), weapon=True)
        targets = self.draft.targets
        self._targets_title = Static(_("Targets ({count})", count=len(targets)), classes="section")
        yield self._targets_title
        folding = self.folding
        self.open_target = min(self.open_target, max(0, len(targets) - 1))
        for i, target in enumerate(targets):
            folded = folding and i != self.open_target
            header = TargetHeader(i, target_title(i, target, folded), folded)
            self._headers.append(header)
            yield header
            if not folded:
                rows = list(self._fields(describe(rules.target, f"targets[{i}]")))
                if folding:
                    self._open_rows = rows
                yield from rows

    @property
    def folding(self) -> bool:
        """Whether the targets are too many to show all their fields (:data:`FOLD_OVER`)."""
        return len(self.draft.targets) > FOLD_OVER

    def _head(self) -> Any:
        """What the rows above the targets are made from: the scenario but its targets,
        the rulesets and variants there are, the language."""
        doc = {k: copy.deepcopy(v) for k, v in self.draft.doc.items() if k != "targets"}
        rules = self.ruleset
        variants = sorted(self.registry.variants_for(rules.name)) if rules is not None else []
        return doc, sorted(self.registry.rulesets), variants, language()

    def shows_head(self) -> None:
        """The rows above the targets show the scenario as it is now: a value was
        typed or picked in one of them (no rebuild), or on the map."""
        if self.folding and self._headers:
            self._head_shown = self._head()

    async def retarget(self) -> bool:
        """Show the draft's targets by changing only the rows that differ from what is
        shown: a title row retitled, added or removed, the open target's fields made
        again under its row; rows above them untouched. Whether it could: only with
        the targets folded (:data:`FOLD_OVER`) before and now, and what is above them
        as it was (else the form is rebuilt whole: :meth:`recompose`).

        Rebuilt whole, the form made every title row again on every change to the
        targets: at 1,000 targets, seconds for an undo, a move or a new target."""
        targets = self.draft.targets
        rules = self.ruleset
        grid = self._headers[-1].parent if self._headers else None
        if (not self._whole or not self.folding or not self._open_rows or not isinstance(grid, Widget)
                or self._targets_title is None
                or self._targets_title.parent is not grid or not grid.is_attached or rules is None
                or self._head_shown != self._head()):
            return False  # not folded before or now, being built, or more than the targets changed
        self.open_target = min(self.open_target, len(targets) - 1)
        self._unmark()
        self._status_text = None  # the screen shows the problem again, as after a rebuild
        for path in [p for p in self.editors if p.startswith("targets[")]:
            del self.editors[path]
            self.labels.pop(path, None)
            self.specs.pop(path, None)
        if self._focused_label in self._open_rows:
            self._focused_label = None
        headers = self._headers
        gone = self._open_rows + headers[len(targets):]
        del headers[len(targets):]
        for i, header in enumerate(headers):
            folded = i != self.open_target
            header.show(i, target_title(i, targets[i], folded), folded)
        new = [TargetHeader(i, target_title(i, targets[i], i != self.open_target), i != self.open_target)
               for i in range(len(headers), len(targets))]
        self._open_rows = list(self._fields(describe(rules.target, f"targets[{self.open_target}]")))
        with self.app.batch_update():
            await grid.remove_children(gone)
            if new:
                await grid.mount_all(new, after=headers[-1])
                headers.extend(new)
            await grid.mount_all(self._open_rows, after=headers[self.open_target])
            self._targets_title.update(_("Targets ({count})", count=len(targets)))
        self.screen.refresh_bindings()  # a row focused may be open now, or folded
        return True

    def open_for(self, path: str | None) -> None:
        """Open the target ``path`` is a field of (``targets[3].distance``), so that a
        rebuild shows it: where a change was, where an error is."""
        index = target_index(path)
        if index is not None:
            self.open_target = index

    def _ruleset_label(self, name: str) -> str:
        title = getattr(self.registry.rulesets[name].declaration, "title", "") or name
        title = spoken(title, lambda: self.registry.packages(name))
        return f"{name} · {title}" if title != name else name

    def _catalogue_row(self, rules: Ruleset):
        name = self.draft.doc.get("weapon", {}).get("name")
        current = None
        if isinstance(name, str):
            for key in rules.catalogue:
                if key.casefold() == name.strip().casefold():
                    current = key
        options = [(k, k) for k in rules.catalogue] + [(_("(custom)"), CUSTOM)]
        return self._row(
            _("from catalogue"), "weapon:catalogue",
            PickField(_("Weapon from the catalogue"), options, current or CUSTOM,
                      name="weapon:catalogue", id="catalogue"),
        )

    def _row(self, label: str, path: str, editor: Widget):
        self.editors[path] = editor
        self.labels[path] = label
        shown_label = f"◎ {label}" if path in self.measured else label
        yield Label(Text(shown_label), classes="field-label", id=None)
        yield editor

    def label(self, spec: FieldSpec) -> str:
        """What the form calls a field: its title, in the game's words."""
        return field_words(spec.name, spec.label, spec.title, lambda: self.packages)

    def _fields(self, specs: tuple[FieldSpec, ...], weapon: bool = False, top: bool = False):
        rules = self.ruleset
        for spec in specs:
            if spec.kind == "struct":
                yield Static(Text(self.label(spec)), classes="subsection")
                yield from self._fields(spec.children, weapon=False)
                continue
            self.specs[spec.path] = spec
            if weapon:
                assert rules is not None, "weapon fields are built only under a known ruleset"
                value = self.draft.weapon_value(rules, spec.name)
            else:
                value = self.draft.get(spec.path)
            yield from self._row(self.label(spec), spec.path, self._editor(spec, value))

    def _editor(self, spec: FieldSpec, value: Any) -> Widget:
        if spec.kind == "bool":
            current = value if isinstance(value, bool) else bool(spec.default)
            # a value that is no flag (a file's "yes") is shown as it is until toggled
            words = (_("yes") if current else _("no")) if value is None or isinstance(value, bool) \
                else f"{quoted(value)} ✗"
            return Switch(words, current, compact=True, name=spec.path)
        if spec.kind == "choice":
            blank_ok = spec.optional or not spec.has_default
            chosen = value if value is not None else (spec.default if spec.has_default else None)
            return Choice(spec.choices, chosen, allow_blank=blank_ok, name=spec.path,
                          words=lambda v: self.said(v, spec))
        text = field_text(value)
        m = self.measured.get(spec.path)
        placeholder = _map_says(m) if m is not None else self._placeholder(spec)
        return TextField(text, placeholder=shown(placeholder), compact=True, name=spec.path)

    def _hint(self, spec: FieldSpec) -> str:
        """What a field takes (core's words: ``int 1–10``), a choice's values in the
        ruleset's words."""
        hint = spec.hint()
        if spec.kind != "choice":
            return hint
        values = "|".join(str(c) for c in spec.choices)
        if not hint.startswith(values):
            return hint
        return "|".join(self.said(c, spec) for c in spec.choices) + hint[len(values):]

    def _default(self, spec: FieldSpec) -> str:
        """A field's default as the form says it (a choice's in the ruleset's words)."""
        if spec.kind == "choice" and isinstance(spec.default, str):
            return self.said(spec.default, spec)
        return _value(spec.default)

    def _placeholder(self, spec: FieldSpec) -> str:
        placeholder = self._hint(spec)
        if spec.has_default and spec.default not in (None, [], {}):
            return f"{self._default(spec)} · {placeholder}"
        if spec.required:
            return _("required · {hint}", hint=placeholder)
        return placeholder

    def describe_field(self, path: str) -> Text:
        """The focused field in the game's words, for the line under the form: its
        title, what it means, and what it takes."""
        spec = self.specs.get(path)
        if spec is None:
            words = {
                "ruleset": N_("Ruleset · the game whose rules resolve the attack (Enter: pick)"),
                "mode": N_("Fire mode · ←/→ step through the ruleset's modes"),
                "weapon:catalogue": N_("Weapon from the catalogue · its profile fills the fields below (Enter: pick)"),
            }
            if path.startswith("variant:"):
                name = path.split(":", 1)[1]
                plugin = self.registry.plugins.get(name)
                description = getattr(getattr(plugin, "declaration", None), "description", "") if plugin else ""
                description = spoken(description, self._variant_packages(name))
                return Text(_("Variant {name} · {description} (Space: on/off, same dice)", name=name,
                              description=description))
            return Text(_(words[path]) if path in words else "")
        text = Text(self.label(spec), style="bold")
        m = self.measured.get(path)
        if m is not None:
            value = _value(m.value)
            if m.used:
                text.append(" · " + _("◎ on the map: {value} ({why}); what you type wins", value=value, why=m.text))
            else:
                text.append(" · " + _("◎ on the map: {value} ({why}); you typed {typed}, which wins", value=value,
                                      why=m.text, typed=_value(m.typed)))
        if spec.description:
            text.append(f" · {spoken(spec.description, lambda: self.packages)}")
        text.append(f" · {self._hint(spec)}", style="dim")
        if spec.has_default and spec.default not in (None, [], {}):
            text.append(", " + _("default {value}", value=self._default(spec)), style="dim")
        return text

    def show_measured(self, measures: Any) -> None:
        """Mark the fields the rules read off the map: ◎ before the label, the
        measured value as an empty field's placeholder, and in the line under the
        form what the map says and whether the GM's value overrides it."""
        self.measured = {m.path: m for m in measures}
        for path, label in self.labels.items():
            widget = self.label_of(path) if path in self.editors else None
            if widget is None:
                continue
            m = self.measured.get(path)
            widget.update(Text(f"◎ {label}" if m is not None else label))
            editor = self.editors[path]
            spec = self.specs.get(path)
            if isinstance(editor, Input) and spec is not None:
                editor.placeholder = shown(_map_says(m) if m is not None else self._placeholder(spec))

    _focused_label: Label | None = None

    def mark_focused(self, path: str | None) -> None:
        """Show which field has the focus on its label too (reverse video), not only
        by the editor's colour: a plain terminal may show colours faintly or not."""
        label = self.label_of(path) if path is not None and path in self.editors else None
        if label is self._focused_label:
            return
        if self._focused_label is not None:
            self._focused_label.remove_class("-focused")
        if label is not None:
            label.add_class("-focused")
        self._focused_label = label

    def field_words(self, path: str) -> str:
        """Where a field is, in words: ``Target 2 · Armor Class (AC)`` for
        ``targets[1].ac`` (error lines name the field as the form labels it)."""
        spec = self.specs.get(path)
        label = self.label(spec) if spec is not None else self.labels.get(path) or path
        index = target_index(path)
        if index is not None:
            return _("Target {number} · {field}", number=index + 1, field=label)
        if path.startswith("shooter."):
            return _("Shooter · {field}", field=label)
        if path.startswith("weapon."):
            return _("Weapon · {field}", field=label)
        return label

    # -- editing -------------------------------------------------------------------
    def _store(self, path: str, value: Any, *, typing: bool = False) -> None:
        """Write a field into the draft, through the model (so it can be undone)."""
        rules = self.ruleset
        spec = self.specs.get(path)
        shown_value = self.said(value, spec) if spec is not None and spec.kind == "choice" and isinstance(value, str) \
            else format_value(value)
        what = (self.label(spec) if spec else path) + " = " + (shown_value or _("default"))
        if path.startswith("weapon.") and path.count(".") == 1:
            assert rules is not None, "weapon fields are built only under a known ruleset"
            field = path.split(".", 1)[1]
            self.model.edit(what, lambda d: d.set_weapon_field(rules, field, value), path=path, typing=typing)
            return
        current = self.draft.get(path)
        if current == value:
            return
        if current is None and spec is not None and spec.has_default and value == spec.default:
            return  # a choice settling on its default is not an edit
        self.model.edit(what, lambda d: d.set(path, value), path=path, typing=typing)

    def is_live(self, editor: Widget) -> bool:
        """Whether ``editor`` is the form's editor of its field now, not one the form
        has replaced: a replaced editor's message (a field is made with its value,
        and says so as it is mounted) may come after a change that gave its path to
        another target, whose value it must not overwrite."""
        return self.editors.get(editor.name or "") is editor

    @on(Input.Changed)
    def _input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.text_typed(event.input, event.value)

    def text_typed(self, field: Input, text: str) -> None:
        """The text of ``field`` is ``text`` now: the scenario follows."""
        path = field.name or ""
        spec = self.specs.get(path)
        if spec is None or not self.is_live(field):
            return
        if text == field_text(self.draft.get(path)):
            return  # the text the value already shows (as the field is filled): no edit,
            # so a file's wrong-typed value ("18" for a number) stays what the file says
        if spec.kind == "list" and text.strip()[:1] not in ("[", "{"):
            items = [p.strip() for p in text.split(",") if p.strip()]
            value: Any = [int(p) if p.lstrip("-").isdigit() else p for p in items] or None
        else:
            value = parse_value(spec, text)
        if path == "weapon.name" and self.draft.doc.get("weapon", {}).get("name") == value:
            return
        self._store(path, value, typing=True)
        if path.endswith(".name") and path.startswith("targets["):
            self._retitle_target(path)

    @on(Checkbox.Changed)
    def _checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.stop()
        path = event.checkbox.name or ""
        if not self.is_live(event.checkbox):
            return
        if path.startswith("variant:"):
            name = path.split(":", 1)[1]
            if (name in self.draft.doc.get("variants", [])) != event.value:
                what = _("variant on: {name}", name=name) if event.value else _("variant off: {name}", name=name)
                self.model.edit(what, lambda d: d.toggle_variant(name, event.value), path=path)
            return
        if path in self.specs:
            event.checkbox.label = _("yes") if event.value else _("no")
            self._store(path, event.value)

    @on(Choice.Changed)
    def _choice_changed(self, event: Choice.Changed) -> None:
        event.stop()
        path = event.choice.name or ""
        if not self.is_live(event.choice):
            return
        if path == "mode":
            if self.draft.doc.get("mode") != event.value:
                self.model.edit(_("fire mode = {mode}", mode=self.said(event.value)),
                                lambda d: d.set("mode", event.value), path=path)
        elif path in self.specs:
            self._store(path, event.value)

    @on(PickField.Picked)
    def _picked(self, event: PickField.Picked) -> None:
        event.stop()
        path = event.field.name or ""
        value = event.value
        if not self.is_live(event.field):
            return
        if path == "ruleset":
            if value != self.draft.doc.get("ruleset"):
                self.post_message(RulesetPicked(value))
            return
        if path == "weapon:catalogue":
            rules = self.ruleset
            assert rules is not None, "the catalogue is shown only under a known ruleset"
            shown_value = _("(custom)") if value == CUSTOM else value
            self.model.edit(_("weapon = {name}", name=shown_value),
                            lambda d: d.choose_weapon(rules, None if value == CUSTOM else value),
                            path=path, structural=True)

    def _retitle_target(self, path: str) -> None:
        index = target_index(path)
        header = self.header_of(index) if index is not None else None
        if header is not None and index is not None:
            header.retitle(target_title(index, self.draft.targets[index], header.folded))

    # -- errors --------------------------------------------------------------------
    _marked: tuple[str, str] | None = None
    #: The rows under the field marked that say its error.
    _error_rows: list[Widget] = []
    _status_text: str | None = None

    def show_problem(self, path: str | None, message: str) -> None:
        """Mark one field with its error (clearing the one marked before); a problem
        with no field of its own goes to the status line at the top. Only what
        changes is touched: this runs on every keystroke."""
        if not self.is_mounted or not self.query("#form-status"):
            return  # being rebuilt: the screen shows the problem again once it is
        wanted = (path, message) if path is not None and self.is_placed(path) else None
        if wanted != self._marked:
            self._unmark()
            if wanted is not None and path is not None:
                editor = self.editors[path]
                label = self._label_of(path)
                label.add_class("-invalid")
                label.update(Text("✗ " + self.labels[path]))
                grid = self.query_one("#form-grid")
                if editor.parent is not grid:
                    return
                self._error_rows = [Label("", classes="field-error"),
                                    Static(Text("✗ " + message), classes="field-error")]
                grid.mount(*self._error_rows, after=editor)
            self._marked = wanted
        status_text = f"{path}:{message}" if path is not None or message else ""
        if status_text == self._status_text:
            return
        self._status_text = status_text
        status = self.query_one("#form-status", Static)
        if path is None and message:
            status.update(Text("✗ " + message))
            status.set_class(True, "-problem")
        elif path is not None:
            status.update(Text(f"✗ {self.field_words(path)}: {message}"))
            status.set_class(True, "-problem")
        else:
            status.update(Text(_("✓ valid scenario")))
            status.set_class(False, "-problem")

    def _unmark(self) -> None:
        """The field marked with an error (if one is) no longer marked."""
        for old in self._error_rows:
            old.remove()
        self._error_rows = []
        if self._marked is not None and self._marked[0] in self.editors:
            label = self.label_of(self._marked[0])
            if label is not None:
                label.remove_class("-invalid")
                label.update(Text(self.labels[self._marked[0]]))
        self._marked = None

    def _label_of(self, path: str) -> Label:
        siblings = list(self.query_one("#form-grid").children)
        return siblings[siblings.index(self.editors[path]) - 1]  # type: ignore[return-value]

    def label_of(self, path: str) -> Label | None:
        """The label beside ``path``'s editor, if it is in the form now."""
        try:
            return self._label_of(path)
        except (ValueError, LookupError):
            return None

    def error_of(self, path: str) -> str | None:
        """The error shown under ``path``'s editor, if any."""
        if self._marked is None or self._marked[0] != path:
            return None
        siblings = list(self.query_one("#form-grid").children)
        return str(siblings[siblings.index(self.editors[path]) + 2].render())

    def has_field(self, path: str) -> bool:
        return path in self.editors

    def focus_path(self, path: str) -> bool:
        """Focus the editor of ``path`` now, not after the messages already queued
        (``Widget.focus`` waits for them): keys typed right after a change that
        rebuilt the form must land in the field it offers."""
        editor = self.editors.get(path)
        if editor is not None and self.is_placed(path) and editor.focusable:
            self.app.set_focus(editor)
            editor.scroll_visible()
            return True
        return False

    def header_of(self, index: int) -> TargetHeader | None:
        """The title row of the target at ``index`` in the form now."""
        if 0 <= index < len(self._headers):
            header = self._headers[index]
            if header.index == index and header.parent is not None:
                return header
        return next((h for h in self.query(TargetHeader) if h.index == index), None)

    def focus_target(self, index: int) -> None:
        header = self.header_of(index)
        if header is not None:
            self.app.set_focus(header)
            header.scroll_visible()


def target_index(path: str | None) -> int | None:
    """The index of the target a field path is in (``targets[3].distance``: 3)."""
    if not path or not path.startswith("targets["):
        return None
    number = path[len("targets["):path.find("]")]
    return int(number) if number.isdigit() else None


def field_text(value: Any) -> str:
    """The text a field shows for a document value: a plain list as ``1,2,3``, any
    other value as :func:`gunline.schema.format_value` writes it."""
    if isinstance(value, list) and not is_structured(value):
        return ",".join(map(str, value))
    return format_value(value)


def _map_says(measure: Any) -> str:
    """An empty field's placeholder where the map gives its value."""
    return _("◎ map: {value}", value=_value(measure.value))


def _value(value: Any) -> str:
    """A value as a field shows it (:func:`gunline.schema.format_value`), a flag in words."""
    if isinstance(value, bool):
        return _("true") if value else _("false")
    return format_value(value)
