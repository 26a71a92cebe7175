"""The resolved chain as a tree: attack → target → step → dice and modifiers.

Nothing is said by colour alone: hit and miss are the step's own words, changed
steps carry ``≠`` (and a ``was:`` line), new ones ``+``, typed dice ``✎``.

The tree is updated in place after every edit: only the labels that changed are
redrawn, and nodes are added or removed only where the chain's shape changed, so an
edit that changes a few numbers repaints a few lines and asks for no new layout of
the screen (a layout pass costs as much as the screen has widgets).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.css.scalar import Unit
from textual.geometry import Size
from textual.message import Message
from textual.widgets import Static, Tree
from textual.widgets.tree import TreeNode

from gunline.models import Chain, Roll, Step
from gunline.replay import Comparison

from ..shown import Text
from ..speech import Packages, _, _n, said
from .in_order import KeysInOrder

MARKS = {"changed": "≠ ", "new": "+ ", "": ""}


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def step_label(step: Step, mark: str = "", odds: float | None = None, packages: Packages = ()) -> Text:
    value = "—" if step.value is None else str(step.value)
    text = Text(MARKS.get(mark, ""), style="bold reverse" if mark else "")
    text.append(f"{said(step.kind, packages)} {value}", style="bold")
    if step.text:
        text.append(f"  {step.text}")
    if odds is not None:
        text.append(f"  p={odds:.0%}", style="italic")
    text.append(f"  [{step.source}]", style="dim")
    return text


def roll_label(roll: Roll) -> Text:
    """``✎ attack pool 4d10: 7 9 10 3 2 → 2 (needs 8+, 10-again)``: the typed mark
    first and the faces early, so that they show even in a narrow pane."""
    faces = " ".join(str(v) for v in roll.values)
    need = " " + _("(needs {need})", need=roll.need) if roll.need else ""
    chance = " " + _("(chance die)") if roll.chance and "chance" not in roll.dice else ""
    text = Text(_("✎ typed") + " " if roll.manual else "", style="bold")
    text.append(f"{roll.label} {roll.dice}{chance}: {faces} → {roll.total}{need}")
    return text


def was_lines(old: Step, new: Step, packages: Packages = ()) -> list[str]:
    """What a changed step was. Its result, where that changed; else what did: the
    dice or the modifiers, the result the same (9-again toggled on and off: the step
    was marked changed and its "was:" line read as the step itself)."""
    if (old.value, old.text) != (new.value, new.text):
        return [_("was: {kind} {value}  {text}", kind=said(old.kind, packages), value=old.value, text=old.text)]
    lines = []
    if [(r.label, r.dice, r.values, r.need) for r in old.rolls] != [(r.label, r.dice, r.values, r.need)
                                                                     for r in new.rolls]:
        lines += [_("was, the same result: {roll}", roll=roll_label(r).plain) for r in old.rolls]
    if [(m.value, m.label, m.source) for m in old.modifiers] != [(m.value, m.label, m.source) for m in new.modifiers]:
        mods = ", ".join(f"{_signed(m.value)} {m.label} ({m.source})" for m in old.modifiers) or _("none")
        lines.append(_("was, the same result: modifiers {modifiers}", modifiers=mods))
    return lines or [_("was: {kind} {value}  {text}", kind=said(old.kind, packages), value=old.value,
                       text=old.text)]


@dataclass
class Node:
    """One line of the tree as it should be: its label, whether it opens by default,
    what is under it (a node with nothing under it cannot be opened), and what it is
    of (``key``: a step's index, a target's name, the weapon), for the detail view
    Enter opens."""

    label: Text
    expand: bool = False
    children: list[Node] = field(default_factory=list)
    key: tuple[Any, ...] = ()


def chain_nodes(chain: Chain, diff: Comparison | None = None, odds: Any = None,
                packages: Packages = ()) -> list[Node]:
    """The tree of a chain: the attack's own steps, each target's steps in the order
    they first appear, removed steps (after an edit), the weapon and the dice;
    ``packages`` (the stack's) word the ruleset's kinds and statuses."""
    marks = diff.steps if diff is not None else [""] * len(chain.steps)
    top: list[Node] = []
    groups: dict[str | None, Node] = {}
    for i, (step, mark) in enumerate(zip(chain.steps, marks)):
        parent = groups.get(step.target)
        if parent is None:
            parent = Node(Text(_("attack") if step.target is None else step.target, style="bold"), expand=True,
                          key=("target", step.target))
            groups[step.target] = parent
            top.append(parent)
        # a pool is what the roll is made against, not an event: no chance beside it
        p = odds.step_probability(step.target, step.kind) if odds is not None and step.kind != "pool" else None
        node = Node(step_label(step, mark, p, packages), expand=bool(mark) or step.kind == "hit", key=("step", i))
        if mark == "changed" and diff is not None and i in diff.was:
            node.children.extend(Node(Text(line, style="italic")) for line in was_lines(diff.was[i], step, packages))
        node.children.extend(Node(roll_label(roll), key=("step", i)) for roll in step.rolls)
        node.children.extend(Node(Text(f"{_signed(m.value)} {m.label}  ({m.source})"), key=("step", i))
                             for m in step.modifiers)
        parent.children.append(node)
    if diff is not None:
        for old in diff.removed:
            gone = _("− removed: {kind} {value}  {text}", kind=said(old.kind, packages), value=old.value,
                     text=old.text)
            removed = Node(Text(gone, style="italic"))
            group = groups.get(old.target) if old.target is not None else None
            (group.children if group is not None else top).append(removed)
    top.append(Node(Text(weapon_words(chain.weapon, packages)), key=("weapon",)))
    top.append(Node(Text(_("dice: {faces}", faces=" ".join(str(d) for d in chain.dice) or _("none"))),
                    key=("dice",)))
    return top


def weapon_words(weapon: dict[str, Any], packages: Packages = ()) -> str:
    """The weapon after the attack: its status, and the rounds left where counted."""
    status = weapon.get("status", "")
    status = said(status, packages) if status else str(status)
    rounds = weapon.get("rounds_left")
    if rounds is None:
        return _("weapon {status}", status=status)
    count = int(rounds) if isinstance(rounds, (int, float)) else 0
    return _n("weapon {status}, {rounds} rounds left", "weapon {status}, {rounds} rounds left", count,
              status=status, rounds=rounds)


class ChainTree(KeysInOrder, Tree[tuple[bool, tuple[Any, ...]]]):
    """The chain's lines, its keys in the order typed (see :mod:`.in_order`)."""

    def action_select_cursor(self) -> None:
        """Enter opens the line's detail as the key is taken, where the screen can show
        it (``show_detail``): through the tree's message and the view's, it opened a
        few turns later, after an Esc typed with the Enter had been taken, and stayed
        open."""
        node = self.cursor_node
        data = node.data if node is not None else None
        show = getattr(self.screen, "show_detail", None)
        if isinstance(data, tuple) and data[1] and callable(show):
            show(data[1])
            return
        super().action_select_cursor()


class ChainView(Vertical):
    """Outcome lines to read out, and the chain tree beneath them."""

    def compose(self) -> ComposeResult:
        yield Static(_("No chain yet: Ctrl+R resolves the scenario."), id="chain-title")
        yield Static("", id="outcomes")
        tree = ChainTree(_("chain"), id="chain-tree")
        tree.show_root = False
        tree.guide_depth = 2
        tree.auto_expand = False  # Enter opens a line's detail; Space opens or closes it
        yield tree

    @dataclass
    class Detail(Message):
        """Enter on a line of the tree: show what it is of, whole (``key``: a
        step's index, a target's name, the weapon, the dice)."""

        key: tuple[Any, ...]

    def on_tree_node_selected(self, event: Tree.NodeSelected) -> None:
        event.stop()
        data = event.node.data
        if isinstance(data, tuple) and data[1]:
            self.post_message(self.Detail(data[1]))

    @property
    def chain(self) -> Chain | None:
        """The chain on show (None while a problem is shown instead)."""
        return None if self._last is None or self.stale else self._last[0]

    _last: tuple[Chain, str, Comparison | None] | None = None

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: What the title and the outcomes show (see :meth:`_fit`).
        self._fitted: dict[Static, Text] = {}
    #: True while a problem is shown: the chain under it is not of this scenario.
    stale = False

    def show(
        self,
        chain: Chain,
        how: str,
        diff: Comparison | None = None,
        odds: Any = None,
    ) -> None:
        self._last = (chain, how, diff)
        self.stale = False
        title = Text(f"{chain.ruleset}", style="bold")
        if chain.variants:
            title.append(f" + {', '.join(chain.variants)}")
        title.append(f" · {how}")
        if chain.manual:
            title.append(" · " + _n("✎ {typed} of {dice} dice typed by hand", "✎ {typed} of {dice} dice typed by hand",
                                    len(chain.dice), typed=len(chain.manual), dice=len(chain.dice)))
        if diff is not None and diff.any:
            title.append("  " + _("≠ marks what changed"), style="bold")
        self._fit(self.query_one("#chain-title", Static), title)

        lines = Text()
        for i, (name, line) in enumerate(chain.outcomes.items()):
            if i:
                lines.append("\n")
            changed = diff is not None and name in diff.outcomes
            lines.append("≠ " if changed else "► ", style="bold")
            lines.append(line)
            if changed and diff is not None:
                lines.append("  " + _("(was: {line})", line=diff.outcomes[name]), style="italic")
        self._fit(self.query_one("#outcomes", Static), lines)
        registry = getattr(self.app, "registry", None)
        # whose words the chain's kinds are in: asked for only in a language other than English
        words: Packages = (lambda: registry.packages(chain.ruleset, chain.variants)) if registry is not None else ()
        self._sync_tree(chain_nodes(chain, diff, odds, words))

    def _sync_tree(self, nodes: list[Node]) -> None:
        tree = self.query_one("#chain-tree", Tree)
        widest = _sync(tree.root, nodes, tree, 1)
        if widest > tree.virtual_size.width and tree.virtual_size.height:
            # Labels set in place do not widen the scrollable area by themselves; it
            # only grows (a few blank columns cost nothing, a new layout does).
            tree.virtual_size = Size(widest, tree.virtual_size.height)

    def _fit(self, widget: Static, text: Text) -> None:
        """Update a Static, asking for a new layout only when its height changes:
        a layout pass costs as much as the whole screen has widgets, and this runs
        after every edit."""
        self._fitted[widget] = text
        width = widget.content_region.width or widget.size.width
        if not width:  # not laid out yet (the first chain, shown in the first frame)
            widget.styles.height = "auto"  # the layout finds it
            widget.update(text)
            return
        height = max(1, len(text.wrap(self.app.console, width)))
        fixed = widget.styles.height
        if fixed is not None and fixed.unit == Unit.CELLS and fixed.value == height and width > 1:
            widget.update(text, layout=False)
        else:
            widget.styles.height = height
            widget.update(text)

    def on_resize(self) -> None:
        """The title's and the outcomes' heights are for the width they were wrapped
        at: fitted again at the new one (another terminal size, the pane beside the
        chain come or gone), a line is not cut short, nor a blank one left."""
        for widget, text in self._fitted.items():
            self._fit(widget, text)

    def set_odds(self, odds: Any) -> None:
        """Show each step's probability beside it (the chain itself is unchanged)."""
        if self._last is not None and not self.stale:
            self.show(*self._last, odds=odds)

    def show_problem(self, message: str) -> None:
        """Say why nothing resolves, and take the last chain's outcome lines and tree
        away: read out under the problem, they would be taken for this scenario's."""
        self.stale = True
        self._fit(self.query_one("#chain-title", Static), Text(_("✗ cannot resolve: {why}", why=message)))
        self._fit(self.query_one("#outcomes", Static),
                  Text(_("(no outcome until the scenario resolves)"), style="italic"))
        self._sync_tree([])


def _same(a: Any, b: Text) -> bool:
    return isinstance(a, Text) and a.plain == b.plain and a.style == b.style and a.spans == b.spans


def _sync(parent: TreeNode, wanted: list[Node], tree: Tree, depth: int) -> int:
    """Make ``parent``'s children show ``wanted``, touching only what differs: a
    changed label is set in place (one line repainted), missing nodes are added and
    surplus ones removed. A node's open/closed state follows the chain's default
    only when that default changes, so a node the GM opened stays open across edits.
    Returns the widest line (in cells) under ``parent``."""
    have = list(parent.children)
    for node in have[len(wanted):]:
        node.remove()
    widest = 0
    for i, want in enumerate(wanted):
        if i < len(have):
            node = have[i]
            if not _same(node.label, want.label):
                node.set_label(want.label)
        else:
            node = parent.add(want.label, data=(want.expand, want.key), expand=want.expand)
        was = node.data[0] if isinstance(node.data, tuple) else None
        if was != want.expand:
            node.expand() if want.expand else node.collapse()
        if node.data != (want.expand, want.key):
            node.data = (want.expand, want.key)
        allow = bool(want.children)
        if node.allow_expand != allow:
            node.allow_expand = allow
        widest = max(widest, want.label.cell_len + 2 + (depth - 1) * tree.guide_depth)
        if want.children or node.children:
            widest = max(widest, _sync(node, want.children, tree, depth + 1))
    return widest
